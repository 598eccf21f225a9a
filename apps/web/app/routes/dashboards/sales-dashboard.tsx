// The sales dashboard /dashboard/sales (docs/decisions/016-organisations-and-dashboards.md "Sales
// agents"). Sales agents only; anyone else is sent to the sales sign-in.
import {
  listOrganisations,
  ORGANISATION_PAGE_SIZE,
} from "@studyatlas/core/dashboards/organisations.ts";
import { listSalesInvitations } from "@studyatlas/core/dashboards/sales-agents.ts";
import { OrganisationListQuerySchema } from "@studyatlas/schemas/dashboards.ts";

import { getServices } from "../../context.ts";
import {
  dashboardUserName,
  requireRole,
} from "../../features/dashboards/dashboard-guard.server.ts";
import { DashboardShell, SALES_NAV } from "../../features/dashboards/dashboard-shell.tsx";
import { SalesHome } from "../../features/dashboards/sales-home.tsx";
import type { Route } from "./+types/sales-dashboard";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Sales dashboard — StudyAtlas" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireRole(context, "sales");
  const parsed = OrganisationListQuerySchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  const query = parsed.success ? parsed.data : { page: 1 };
  const { db } = getServices(context);
  const [organisations, invitations] = await Promise.all([
    listOrganisations(db, query),
    listSalesInvitations(db),
  ]);
  return {
    organisations,
    invitations,
    status: query.status ?? null,
    q: query.q ?? "",
    page: query.page,
    pageSize: ORGANISATION_PAGE_SIZE,
    userName: dashboardUserName(user),
  };
}

export default function SalesDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Sales dashboard" userName={loaderData.userName} nav={SALES_NAV}>
      <SalesHome data={loaderData} />
    </DashboardShell>
  );
}
