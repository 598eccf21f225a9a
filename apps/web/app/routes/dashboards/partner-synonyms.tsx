// /dashboard/partner/synonyms (docs/decisions/044-synonyms-as-data.md): the finder's synonyms, read
// only, so a partner sees which words find its programmes; `?q=` filters the list.
import { listSynonyms } from "@studyatlas/core/dashboards/search-synonyms.ts";
import { SynonymListQuerySchema } from "@studyatlas/schemas/search-synonyms.ts";

import { getServices } from "../../context.ts";
import {
  dashboardUserName,
  requireApprovedScope,
  requireRole,
} from "../../features/dashboards/dashboard-guard.server.ts";
import { DashboardShell, PARTNER_NAV } from "../../features/dashboards/dashboard-shell.tsx";
import { filledSearchParams } from "../../features/dashboards/filter-query.ts";
import { SynonymsPage } from "../../features/dashboards/search-synonyms.tsx";
import type { Route } from "./+types/partner-synonyms";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Search synonyms — StudyAtlas partner dashboard" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireRole(context, "partner");
  await requireApprovedScope(context, user);
  const parsed = SynonymListQuerySchema.safeParse(filledSearchParams(request));
  const q = parsed.success ? (parsed.data.q ?? "") : "";
  const list = await listSynonyms(getServices(context).db, { q });
  return { list, q: q.trim(), userName: dashboardUserName(user) };
}

export default function PartnerSynonymsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Partner dashboard" userName={loaderData.userName} nav={PARTNER_NAV}>
      <SynonymsPage data={loaderData} editable={false} />
    </DashboardShell>
  );
}
