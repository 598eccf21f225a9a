// /dashboard/partner/settings (docs/decisions/016-organisations-and-dashboards.md "Lead
// delivery"): where the organisation's new leads go.
import { getPartnerSettings, listWebhookDeliveries } from "@studyatlas/core/dashboards/webhooks.ts";

import { getServices } from "../../context.ts";
import {
  dashboardUserName,
  requireApprovedScope,
  requireRole,
} from "../../features/dashboards/dashboard-guard.server.ts";
import { DashboardShell, PARTNER_NAV } from "../../features/dashboards/dashboard-shell.tsx";
import { PartnerSettingsPage } from "../../features/dashboards/partner-settings.tsx";
import type { Route } from "./+types/partner-settings";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Lead delivery — StudyAtlas partner dashboard" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireRole(context, "partner");
  const { db } = getServices(context);
  // Lead delivery holds the webhook secret: owners only (ADR 056).
  const scope = await requireApprovedScope(context, user, "owner");
  const [settings, deliveries] = await Promise.all([
    getPartnerSettings(db, scope),
    listWebhookDeliveries(db, scope),
  ]);
  return { settings, deliveries, userName: dashboardUserName(user) };
}

export default function PartnerSettingsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Partner dashboard" userName={loaderData.userName} nav={PARTNER_NAV}>
      <PartnerSettingsPage settings={loaderData.settings} deliveries={loaderData.deliveries} />
    </DashboardShell>
  );
}
