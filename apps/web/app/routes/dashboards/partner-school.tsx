// /dashboard/partner/school and /dashboard/partner/schools/:id (the school profile: about, video,
// city, logo and banner; docs/decisions/037-school-profile-and-uploaded-images.md). With one linked
// school, /school is its form; with several, /school lists them and each has its own page. Another
// organisation's school is a 404.
import { data } from "react-router";

import { NotFoundError } from "@studyatlas/core/errors.ts";
import {
  getSchoolProfile,
  listPartnerSchools,
} from "@studyatlas/core/dashboards/school-profile.ts";
import { DEFAULT_SCHOOL_IMAGE_MAX_BYTES } from "@studyatlas/schemas/school-profile.ts";

import { getServices } from "../../context.ts";
import {
  dashboardUserName,
  requireApprovedScope,
  requireRole,
} from "../../features/dashboards/dashboard-guard.server.ts";
import { DashboardShell, PARTNER_NAV } from "../../features/dashboards/dashboard-shell.tsx";
import {
  PartnerSchoolList,
  SchoolProfileEditor,
} from "../../features/dashboards/school-profile-editor.tsx";
import type { Route } from "./+types/partner-school";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const name = loaderData?.school?.name;
  return [
    { title: `${name ? `${name} profile` : "School profile"} — StudyAtlas partner dashboard` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireRole(context, "partner");
  const { db, schoolImageMaxBytes } = getServices(context);
  const common = {
    userName: dashboardUserName(user),
    maxBytes: schoolImageMaxBytes ?? DEFAULT_SCHOOL_IMAGE_MAX_BYTES,
  };
  const scope = await requireApprovedScope(context, user);
  try {
    const id = params.id === undefined ? undefined : Number(params.id);
    if (id !== undefined) {
      if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
      return { ...common, school: await getSchoolProfile(db, scope, id), schools: [] };
    }
    const schools = await listPartnerSchools(db, scope);
    return { ...common, school: schools.length === 1 ? schools[0] : undefined, schools };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export default function PartnerSchoolRoute({ loaderData }: Route.ComponentProps) {
  const { school, schools, maxBytes } = loaderData;
  return (
    <DashboardShell title="Partner dashboard" userName={loaderData.userName} nav={PARTNER_NAV}>
      {school ? (
        <SchoolProfileEditor key={school.id} school={school} maxBytes={maxBytes} />
      ) : (
        <PartnerSchoolList schools={schools} />
      )}
    </DashboardShell>
  );
}
