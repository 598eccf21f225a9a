// /dashboard/partner/leads/{id} (docs/decisions/016-organisations-and-dashboards.md "Leads";
// docs/decisions/056-organisation-membership.md "Lead management"): one lead, its owner, status,
// notes and timeline. Another organisation's lead is the not-found page, like one that does not
// exist.
import { data } from "react-router";

import { NotFoundError } from "@studyatlas/core/errors.ts";
import { leadTimeline } from "@studyatlas/core/dashboards/lead-management.ts";
import { getLead } from "@studyatlas/core/dashboards/leads.ts";
import { listTeam, roleAllows } from "@studyatlas/core/dashboards/members.ts";

import { getServices } from "../../context.ts";
import {
  dashboardUserName,
  requireApprovedScope,
  requireRole,
} from "../../features/dashboards/dashboard-guard.server.ts";
import { DashboardShell, PARTNER_NAV } from "../../features/dashboards/dashboard-shell.tsx";
import { LeadPage } from "../../features/dashboards/lead-page.tsx";
import type { Route } from "./+types/partner-lead";

export function meta({ loaderData: loaded }: Route.MetaArgs): Route.MetaDescriptors {
  const name = loaded
    ? `${loaded.lead.applicant.first_name} ${loaded.lead.applicant.last_name}`
    : "Lead";
  return [
    { title: `${name} — StudyAtlas partner dashboard` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireRole(context, "partner");
  if (!/^\d{1,9}$/.test(params.id)) throw data(null, { status: 404 });
  const scope = await requireApprovedScope(context, user);
  const { db } = getServices(context);
  const id = Number(params.id);
  try {
    const lead = await getLead(db, scope, id);
    const team = await listTeam(db, scope);
    return {
      lead,
      events: await leadTimeline(db, scope, id),
      members: team.members.map((member) => ({
        id: member.id,
        name: `${member.first_name} ${member.last_name}`,
      })),
      canEdit: roleAllows(scope.role, "editor"),
      userName: dashboardUserName(user),
    };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export default function PartnerLeadPage({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Partner dashboard" userName={loaderData.userName} nav={PARTNER_NAV}>
      <LeadPage data={loaderData} />
    </DashboardShell>
  );
}
