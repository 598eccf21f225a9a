// /dashboard/partner/team (docs/decisions/056-organisation-membership.md): the organisation's
// members and roles; owners invite, change roles and remove.
import { listTeam } from "@studyatlas/core/dashboards/members.ts";

import { getServices } from "../../context.ts";
import {
  dashboardUserName,
  requireApprovedScope,
  requireRole,
} from "../../features/dashboards/dashboard-guard.server.ts";
import { DashboardShell, PARTNER_NAV } from "../../features/dashboards/dashboard-shell.tsx";
import { TeamPage } from "../../features/dashboards/team-page.tsx";
import type { Route } from "./+types/partner-team";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Team — StudyAtlas partner dashboard" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireRole(context, "partner");
  const scope = await requireApprovedScope(context, user);
  return {
    team: await listTeam(getServices(context).db, scope),
    selfId: user.id,
    userName: dashboardUserName(user),
  };
}

export default function PartnerTeamRoute({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Partner dashboard" userName={loaderData.userName} nav={PARTNER_NAV}>
      <TeamPage team={loaderData.team} selfId={loaderData.selfId} />
    </DashboardShell>
  );
}
