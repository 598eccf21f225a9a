// /dashboard/partner/programmes (issue 13 "Programmes"): the organisation's programmes with a
// search and a status filter.
import { redirect } from "react-router";

import { ForbiddenError } from "@studyatlas/core/errors.ts";
import { partnerScope } from "@studyatlas/core/dashboards/organisations.ts";
import { listProgrammes } from "@studyatlas/core/dashboards/programmes.ts";
import { ProgrammeListQuerySchema } from "@studyatlas/schemas/programmes.ts";

import { getServices, getSessionUser } from "../../context.ts";
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
  const user = getSessionUser(context);
  if (!user || user.role !== "partner") throw redirect("/dashboard/partner/login");
  const { db } = getServices(context);
  const url = new URL(request.url);
  // Blank fields of the filter form mean "any".
  const given = Object.fromEntries(
    [...url.searchParams].filter(([, value]) => value.trim() !== ""),
  );
  const parsed = ProgrammeListQuerySchema.safeParse(given);
  const query = parsed.success ? parsed.data : { page: 1 };
  try {
    const scope = await partnerScope(db, user.id);
    return {
      programmes: await listProgrammes(db, scope, query),
      filters: { q: query.q ?? "", status: query.status ?? "" },
      query: new URLSearchParams(given).toString(),
      userName: `${user.firstName} ${user.lastName}`,
    };
  } catch (error) {
    // A pending or suspended organisation: its home page says why.
    if (error instanceof ForbiddenError) throw redirect("/dashboard/partner");
    throw error;
  }
}

export default function PartnerProgrammesPage({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Partner dashboard" userName={loaderData.userName} nav={PARTNER_NAV}>
      <PartnerProgrammes data={loaderData} />
    </DashboardShell>
  );
}
