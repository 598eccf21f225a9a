// /dashboard/partner/programmes/import (docs/decisions/056-organisation-membership.md "Catalogue
// import"): the catalogue from a CSV or Excel file, previewed before it is written. Editors and
// owners; a viewer, whom the API would refuse, is sent to the dashboard's home.
import {
  dashboardUserName,
  requireApprovedScope,
  requireRole,
} from "../../features/dashboards/dashboard-guard.server.ts";
import { DashboardShell, PARTNER_NAV } from "../../features/dashboards/dashboard-shell.tsx";
import { ProgrammeImport } from "../../features/dashboards/programme-import.tsx";
import type { Route } from "./+types/partner-programme-import";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Import programmes — StudyAtlas partner dashboard" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireRole(context, "partner");
  await requireApprovedScope(context, user, "editor");
  return { userName: dashboardUserName(user) };
}

export default function PartnerProgrammeImportPage({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Partner dashboard" userName={loaderData.userName} nav={PARTNER_NAV}>
      <ProgrammeImport />
    </DashboardShell>
  );
}
