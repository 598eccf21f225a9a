// /dashboard/partner/leads/{id} (issue 13 item 3 "Leads"): one lead, its status and notes. Another
// organisation's lead is the not-found page, like one that does not exist.
import { data, redirect } from "react-router";

import { ForbiddenError, NotFoundError } from "@studyatlas/core/errors.ts";
import { getLead } from "@studyatlas/core/dashboards/leads.ts";
import { partnerScope } from "@studyatlas/core/dashboards/organisations.ts";

import { getServices, getSessionUser } from "../../context.ts";
import { DashboardShell, PARTNER_NAV } from "../../features/dashboards/dashboard-shell.tsx";
import { LeadPage } from "../../features/dashboards/partner-leads.tsx";
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
  const user = getSessionUser(context);
  if (!user || user.role !== "partner") throw redirect("/dashboard/partner/login");
  if (!/^\d{1,9}$/.test(params.id)) throw data(null, { status: 404 });
  const { db } = getServices(context);
  try {
    const scope = await partnerScope(db, user.id);
    return {
      lead: await getLead(db, scope, Number(params.id)),
      userName: `${user.firstName} ${user.lastName}`,
    };
  } catch (error) {
    if (error instanceof ForbiddenError) throw redirect("/dashboard/partner");
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export default function PartnerLeadPage({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Partner dashboard" userName={loaderData.userName} nav={PARTNER_NAV}>
      <LeadPage lead={loaderData.lead} />
    </DashboardShell>
  );
}
