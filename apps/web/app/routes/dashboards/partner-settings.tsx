// /dashboard/partner/settings (issue 13 item 3): where the organisation's new leads go.
import { redirect } from "react-router";

import { ForbiddenError } from "@studyatlas/core/errors.ts";
import { partnerScope } from "@studyatlas/core/dashboards/organisations.ts";
import { getPartnerSettings, listWebhookDeliveries } from "@studyatlas/core/dashboards/webhooks.ts";

import { getServices, getSessionUser } from "../../context.ts";
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
  const user = getSessionUser(context);
  if (!user || user.role !== "partner") throw redirect("/dashboard/partner/login");
  const { db } = getServices(context);
  try {
    const scope = await partnerScope(db, user.id);
    const [settings, deliveries] = await Promise.all([
      getPartnerSettings(db, scope),
      listWebhookDeliveries(db, scope),
    ]);
    return { settings, deliveries, userName: `${user.firstName} ${user.lastName}` };
  } catch (error) {
    if (error instanceof ForbiddenError) throw redirect("/dashboard/partner");
    throw error;
  }
}

export default function PartnerSettingsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Partner dashboard" userName={loaderData.userName} nav={PARTNER_NAV}>
      <PartnerSettingsPage settings={loaderData.settings} deliveries={loaderData.deliveries} />
    </DashboardShell>
  );
}
