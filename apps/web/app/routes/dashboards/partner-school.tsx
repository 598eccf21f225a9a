// /dashboard/partner/school and /dashboard/partner/schools/:id (issue 13: "School profile: about,
// video, city, logo and banner upload"). With one linked school, /school is its form; with
// several, /school lists them and each has its own page. Another organisation's school is a 404.
import { data, redirect } from "react-router";

import { ForbiddenError, NotFoundError } from "@studyatlas/core/errors.ts";
import { partnerScope } from "@studyatlas/core/dashboards/organisations.ts";
import {
  getSchoolProfile,
  listPartnerSchools,
} from "@studyatlas/core/dashboards/school-profile.ts";
import { DEFAULT_SCHOOL_IMAGE_MAX_BYTES } from "@studyatlas/schemas/school-profile.ts";

import { getServices, getSessionUser } from "../../context.ts";
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
  const user = getSessionUser(context);
  if (!user || user.role !== "partner") throw redirect("/dashboard/partner/login");
  const { db, schoolImageMaxBytes } = getServices(context);
  const common = {
    userName: `${user.firstName} ${user.lastName}`,
    maxBytes: schoolImageMaxBytes ?? DEFAULT_SCHOOL_IMAGE_MAX_BYTES,
  };
  try {
    const scope = await partnerScope(db, user.id);
    const id = params.id === undefined ? undefined : Number(params.id);
    if (id !== undefined) {
      if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
      return { ...common, school: await getSchoolProfile(db, scope, id), schools: [] };
    }
    const schools = await listPartnerSchools(db, scope);
    return { ...common, school: schools.length === 1 ? schools[0] : undefined, schools };
  } catch (error) {
    if (error instanceof ForbiddenError) throw redirect("/dashboard/partner");
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
