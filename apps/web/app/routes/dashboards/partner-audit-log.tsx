// /dashboard/partner/audit-log (docs/decisions/016-organisations-and-dashboards.md "The audit
// log"): every change to the organisation's programmes, newest first: who, when, and each changed
// field before and after.
import { listAuditLog } from "@studyatlas/core/dashboards/audit-log.ts";
import { AuditLogQuerySchema } from "@studyatlas/schemas/programmes.ts";

import { getServices } from "../../context.ts";
import { AuditLogList } from "../../features/dashboards/audit-log.tsx";
import {
  dashboardUserName,
  requireApprovedScope,
  requireRole,
} from "../../features/dashboards/dashboard-guard.server.ts";
import { DashboardShell, PARTNER_NAV } from "../../features/dashboards/dashboard-shell.tsx";
import type { Route } from "./+types/partner-audit-log";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Change history — StudyAtlas partner dashboard" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireRole(context, "partner");
  const { db } = getServices(context);
  const parsed = AuditLogQuerySchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  const page = parsed.success ? parsed.data.page : 1;
  const scope = await requireApprovedScope(context, user);
  return {
    log: await listAuditLog(db, { organisationId: scope.organisation.id, page }),
    userName: dashboardUserName(user),
  };
}

export default function PartnerAuditLogPage({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Partner dashboard" userName={loaderData.userName} nav={PARTNER_NAV}>
      <h1 tabIndex={-1}>Change history</h1>
      <p>Every change to your organisation's programmes, newest first.</p>
      <section aria-label="Changes">
        <AuditLogList
          log={loaderData.log}
          query=""
          programmeHref={(id) => `/dashboard/partner/programmes/${id}`}
        />
      </section>
    </DashboardShell>
  );
}
