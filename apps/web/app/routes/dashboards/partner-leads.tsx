// /dashboard/partner/leads (docs/decisions/016-organisations-and-dashboards.md "Leads"): the
// organisation's leads with filters, the team's saved views and, for editors and owners, the bulk
// status change (docs/decisions/056-organisation-membership.md "Lead management").
import { listLeadViews } from "@studyatlas/core/dashboards/lead-management.ts";
import { LEAD_PAGE_SIZE, listLeads } from "@studyatlas/core/dashboards/leads.ts";
import { roleAllows } from "@studyatlas/core/dashboards/members.ts";
import { LeadListQuerySchema } from "@studyatlas/schemas/dashboards.ts";

import { getServices } from "../../context.ts";
import { filledSearchParams } from "../../features/dashboards/filter-query.ts";
import {
  dashboardUserName,
  requireApprovedScope,
  requireRole,
} from "../../features/dashboards/dashboard-guard.server.ts";
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
  const user = requireRole(context, "partner");
  const { db } = getServices(context);
  const given = filledSearchParams(request);
  const parsed = LeadListQuerySchema.safeParse(given);
  const query = parsed.success ? parsed.data : { page: 1 };
  const scope = await requireApprovedScope(context, user);
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
    views: await listLeadViews(db, scope),
    canEdit: roleAllows(scope.role, "editor"),
    userName: dashboardUserName(user),
  };
}

export default function PartnerLeadsPage({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Partner dashboard" userName={loaderData.userName} nav={PARTNER_NAV}>
      <PartnerLeads data={loaderData} />
    </DashboardShell>
  );
}
