// /dashboard/sales/synonyms (docs/decisions/044-synonyms-as-data.md): the finder's synonyms, which
// sales agents add, edit and delete; `?q=` filters the list.
import { listSynonyms } from "@studyatlas/core/dashboards/search-synonyms.ts";
import { SynonymListQuerySchema } from "@studyatlas/schemas/search-synonyms.ts";

import { getServices } from "../../context.ts";
import {
  dashboardUserName,
  requireRole,
} from "../../features/dashboards/dashboard-guard.server.ts";
import { DashboardShell, SALES_NAV } from "../../features/dashboards/dashboard-shell.tsx";
import { filledSearchParams } from "../../features/dashboards/filter-query.ts";
import { SynonymsPage } from "../../features/dashboards/search-synonyms.tsx";
import type { Route } from "./+types/sales-synonyms";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Search synonyms — StudyAtlas sales dashboard" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireRole(context, "sales");
  const parsed = SynonymListQuerySchema.safeParse(filledSearchParams(request));
  const q = parsed.success ? (parsed.data.q ?? "") : "";
  const list = await listSynonyms(getServices(context).db, { q });
  return { list, q: q.trim(), userName: dashboardUserName(user) };
}

export default function SalesSynonymsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Sales dashboard" userName={loaderData.userName} nav={SALES_NAV}>
      <SynonymsPage data={loaderData} editable />
    </DashboardShell>
  );
}
