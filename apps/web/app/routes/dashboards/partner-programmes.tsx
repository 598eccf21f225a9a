// /dashboard/partner/programmes (docs/decisions/016-organisations-and-dashboards.md "Programme
// authoring"): the organisation's programmes with a search and a status filter.
import { roleAllows } from "@studyatlas/core/dashboards/members.ts";
import { listProgrammes } from "@studyatlas/core/dashboards/programme-list.ts";
import { ProgrammeListQuerySchema } from "@studyatlas/schemas/programmes.ts";

import { getServices } from "../../context.ts";
import { filledSearchParams } from "../../features/dashboards/filter-query.ts";
import {
  dashboardUserName,
  requireApprovedScope,
  requireRole,
} from "../../features/dashboards/dashboard-guard.server.ts";
import { DashboardShell, PARTNER_NAV } from "../../features/dashboards/dashboard-shell.tsx";
import { PartnerProgrammes } from "../../features/dashboards/partner-programmes.tsx";
import type { Route } from "./+types/partner-programmes";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Programmes — StudyAtlas partner dashboard" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireRole(context, "partner");
  const { db } = getServices(context);
  const given = filledSearchParams(request);
  const parsed = ProgrammeListQuerySchema.safeParse(given);
  const query = parsed.success ? parsed.data : { page: 1 };
  const scope = await requireApprovedScope(context, user);
  return {
    programmes: await listProgrammes(db, scope, query),
    filters: { q: query.q ?? "", status: query.status ?? "" },
    query: new URLSearchParams(given).toString(),
    canEdit: roleAllows(scope.role, "editor"),
    userName: dashboardUserName(user),
  };
}

export default function PartnerProgrammesPage({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Partner dashboard" userName={loaderData.userName} nav={PARTNER_NAV}>
      <PartnerProgrammes data={loaderData} />
    </DashboardShell>
  );
}
