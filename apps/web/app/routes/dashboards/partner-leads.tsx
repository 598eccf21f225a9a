// /dashboard/partner/leads (issue 13 item 3 "Leads"): the organisation's leads with filters.
import { redirect } from "react-router";

import { ForbiddenError } from "@studyatlas/core/errors.ts";
import { LEAD_PAGE_SIZE, listLeads } from "@studyatlas/core/dashboards/leads.ts";
import { partnerScope } from "@studyatlas/core/dashboards/organisations.ts";
import { LeadListQuerySchema } from "@studyatlas/schemas/dashboards.ts";

import { getServices, getSessionUser } from "../../context.ts";
import { DashboardShell, PARTNER_NAV } from "../../features/dashboards/dashboard-shell.tsx";
import { PartnerLeads } from "../../features/dashboards/partner-leads.tsx";
import type { Route } from "./+types/partner-leads";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Leads — StudyAtlas partner dashboard" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = getSessionUser(context);
  if (!user || user.role !== "partner") throw redirect("/dashboard/partner/login");
  const { db } = getServices(context);
  const url = new URL(request.url);
  // Blank fields of the filter form mean "any".
  const given = Object.fromEntries(
    [...url.searchParams].filter(([, value]) => value.trim() !== ""),
  );
  const parsed = LeadListQuerySchema.safeParse(given);
  const query = parsed.success ? parsed.data : { page: 1 };
  try {
    const scope = await partnerScope(db, user.id);
    return {
      leads: await listLeads(db, scope, query),
      filters: {
        status: query.status ?? "",
        q: query.q ?? "",
        from: query.from ?? "",
        to: query.to ?? "",
      },
      page: query.page,
      pageSize: LEAD_PAGE_SIZE,
      query: new URLSearchParams(given).toString(),
      userName: `${user.firstName} ${user.lastName}`,
    };
  } catch (error) {
    // A pending or suspended organisation: its home page says why.
    if (error instanceof ForbiddenError) throw redirect("/dashboard/partner");
    throw error;
  }
}

export default function PartnerLeadsPage({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Partner dashboard" userName={loaderData.userName} nav={PARTNER_NAV}>
      <PartnerLeads data={loaderData} />
    </DashboardShell>
  );
}
