// /dashboard/sales/audit-log (docs/decisions/016-organisations-and-dashboards.md "The audit
// log"): every organisation's changes, newest first, optionally of one organisation.
import { listAuditLog } from "@studyatlas/core/dashboards/audit-log.ts";
import { listOrganisations } from "@studyatlas/core/dashboards/organisations.ts";
import { SalesAuditLogQuerySchema } from "@studyatlas/schemas/programmes.ts";

import { getServices } from "../../context.ts";
import { filledSearchParams } from "../../features/dashboards/filter-query.ts";
import { AuditLogList, AuditOrganisationFilter } from "../../features/dashboards/audit-log.tsx";
import {
  dashboardUserName,
  requireRole,
} from "../../features/dashboards/dashboard-guard.server.ts";
import { DashboardShell, SALES_NAV } from "../../features/dashboards/dashboard-shell.tsx";
import type { Route } from "./+types/sales-audit-log";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Change history — StudyAtlas sales dashboard" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireRole(context, "sales");
  const { db } = getServices(context);
  const given = filledSearchParams(request);
  const parsed = SalesAuditLogQuerySchema.safeParse(given);
  const query = parsed.success ? parsed.data : { page: 1, organisation: undefined };
  const [log, organisations] = await Promise.all([
    listAuditLog(db, { organisationId: query.organisation, page: query.page }),
    listOrganisations(db, { page: 1 }),
  ]);
  const { page: _page, ...rest } = given;
  return {
    log,
    organisation: query.organisation ?? null,
    organisations: organisations.results.map((row) => ({ id: row.id, name: row.name })),
    query: new URLSearchParams(rest).toString(),
    userName: dashboardUserName(user),
  };
}

export default function SalesAuditLogPage({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Sales dashboard" userName={loaderData.userName} nav={SALES_NAV}>
      <h1 tabIndex={-1}>Change history</h1>
      <p>
        Every change, newest first: the organisations' programmes, schools and leads, and the sales
        team's approvals, suspensions, school links and invitations.
      </p>
      <AuditOrganisationFilter
        organisation={loaderData.organisation}
        organisations={loaderData.organisations}
      />
      <section aria-label="Changes">
        <AuditLogList log={loaderData.log} query={loaderData.query} showOrganisation />
      </section>
    </DashboardShell>
  );
}
