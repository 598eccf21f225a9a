// /dashboard/partner/programmes/new and /dashboard/partner/programmes/{id}
// (docs/decisions/016-organisations-and-dashboards.md "Programme authoring"): the programme form
// with its history. Another organisation's programme is the not-found page, like one that does
// not exist.
import { data } from "react-router";

import { NotFoundError } from "@studyatlas/core/errors.ts";
import { loadProgrammeEditor } from "@studyatlas/core/dashboards/programme-reads.ts";

import { getServices } from "../../context.ts";
import {
  dashboardUserName,
  requireApprovedScope,
  requireRole,
} from "../../features/dashboards/dashboard-guard.server.ts";
import { DashboardShell, PARTNER_NAV } from "../../features/dashboards/dashboard-shell.tsx";
import { ProgrammeForm } from "../../features/dashboards/programme-form.tsx";
import type { Route } from "./+types/partner-programme";

export function meta({ loaderData: loaded }: Route.MetaArgs): Route.MetaDescriptors {
  const name = loaded?.programme ? loaded.programme.values.name : "New programme";
  return [
    { title: `${name} — StudyAtlas partner dashboard` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const user = requireRole(context, "partner");
  const id = params.id;
  if (id !== undefined && !/^\d{1,9}$/.test(id)) throw data(null, { status: 404 });
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const scope = await requireApprovedScope(context, user);
  try {
    const editor = await loadProgrammeEditor(
      getServices(context).db,
      scope,
      id === undefined ? undefined : Number(id),
      Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    );
    return { ...editor, userName: dashboardUserName(user) };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export default function PartnerProgrammePage({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Partner dashboard" userName={loaderData.userName} nav={PARTNER_NAV}>
      <ProgrammeForm
        key={loaderData.programme?.id ?? "new"}
        options={loaderData.options}
        programme={loaderData.programme}
        history={loaderData.history}
      />
    </DashboardShell>
  );
}
