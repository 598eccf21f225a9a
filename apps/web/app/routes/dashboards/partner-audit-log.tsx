// /dashboard/partner/audit-log (issue 13 "Programmes"): every change to the organisation's
// programmes, newest first: who, when, and each changed field before and after.
import { redirect } from "react-router";

import { ForbiddenError } from "@studyatlas/core/errors.ts";
import { listAuditLog } from "@studyatlas/core/dashboards/audit-log.ts";
import { partnerScope } from "@studyatlas/core/dashboards/organisations.ts";
import { AuditLogQuerySchema } from "@studyatlas/schemas/programmes.ts";

import { getServices, getSessionUser } from "../../context.ts";
import { AuditLogList } from "../../features/dashboards/audit-log.tsx";
import { DashboardShell, PARTNER_NAV } from "../../features/dashboards/dashboard-shell.tsx";
import type { Route } from "./+types/partner-audit-log";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Change history — StudyAtlas partner dashboard" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = getSessionUser(context);
  if (!user || user.role !== "partner") throw redirect("/dashboard/partner/login");
  const { db } = getServices(context);
  const parsed = AuditLogQuerySchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  const page = parsed.success ? parsed.data.page : 1;
  try {
    const scope = await partnerScope(db, user.id);
    return {
      log: await listAuditLog(db, { organisationId: scope.organisation.id, page }),
      userName: `${user.firstName} ${user.lastName}`,
    };
  } catch (error) {
    if (error instanceof ForbiddenError) throw redirect("/dashboard/partner");
    throw error;
  }
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
