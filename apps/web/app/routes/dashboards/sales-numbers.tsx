// /dashboard/sales/numbers (docs/decisions/015-programme-analytics.md): the numbers a partner
// sees, across every organisation's schools, for 7, 30 or 90 days. Every school's overview is slow
// on a large catalogue (bench/RESULTS.md), so answers are kept a minute per process (ADR 015).
import { createAnalyticsOverviewCache } from "@studyatlas/core/dashboards/analytics/overview-cache.ts";
import { AnalyticsOverviewQuerySchema } from "@studyatlas/schemas/analytics.ts";

import { getServices } from "../../context.ts";
import { AnalyticsOverviewPanel } from "../../features/dashboards/analytics-overview.tsx";
import {
  dashboardUserName,
  requireRole,
} from "../../features/dashboards/dashboard-guard.server.ts";
import { DashboardShell, SALES_NAV } from "../../features/dashboards/dashboard-shell.tsx";
import type { Route } from "./+types/sales-numbers";

const cache = createAnalyticsOverviewCache();

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Numbers — StudyAtlas sales dashboard" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireRole(context, "sales");
  const parsed = AnalyticsOverviewQuerySchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  const days = parsed.success ? parsed.data.days : 30;
  const overview = await cache.get(getServices(context).db, { schoolIds: null, days });
  return { overview, userName: dashboardUserName(user) };
}

export default function SalesNumbers({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Sales dashboard" userName={loaderData.userName} nav={SALES_NAV}>
      <h1 tabIndex={-1}>Numbers across every organisation</h1>
      <AnalyticsOverviewPanel overview={loaderData.overview} basePath="/dashboard/sales/numbers" />
    </DashboardShell>
  );
}
