// /dashboard/partner/programmes/{id}/preview (docs/spec-notes.md "Preview of a programme"): the
// programme's public page as visitors will see it, published or not, inside the partner
// dashboard. It counts no view and offers no application; another organisation's programme is
// the not-found page.
import { data, Link } from "react-router";

import { NotFoundError } from "@studyatlas/core/errors.ts";
import { loadProgrammePreview } from "@studyatlas/core/dashboards/programme-preview.ts";

import { getServices } from "../../context.ts";
import {
  COURSE_TABS,
  CourseAcademics,
  CourseAdmission,
  CourseKeyFacts,
  CourseOverview,
  CourseTuition,
} from "../../features/catalogue/course-sections.tsx";
import styles from "../../features/catalogue/course-page.module.css";
import { DetailHero } from "../../features/catalogue/detail-hero.tsx";
import { SectionTabs } from "../../features/catalogue/section-tabs.tsx";
import dashboardStyles from "../../features/dashboards/dashboard.module.css";
import {
  dashboardUserName,
  requireApprovedScope,
  requireRole,
} from "../../features/dashboards/dashboard-guard.server.ts";
import { DashboardShell, PARTNER_NAV } from "../../features/dashboards/dashboard-shell.tsx";
import type { Route } from "./+types/partner-programme-preview";

export function meta({ loaderData: loaded }: Route.MetaArgs): Route.MetaDescriptors {
  return [
    { title: `Preview: ${loaded?.course.name ?? "Programme"} — StudyAtlas partner dashboard` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireRole(context, "partner");
  if (!/^\d{1,9}$/.test(params.id)) throw data(null, { status: 404 });
  const scope = await requireApprovedScope(context, user);
  try {
    const preview = await loadProgrammePreview(getServices(context).db, scope, Number(params.id));
    return { ...preview, id: Number(params.id), userName: dashboardUserName(user) };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export default function PartnerProgrammePreview({ loaderData }: Route.ComponentProps) {
  const { course, published, overviewPreview, whyChosePreview, id } = loaderData;
  const { school } = course;
  return (
    <DashboardShell title="Partner dashboard" userName={loaderData.userName} nav={PARTNER_NAV}>
      <p>
        <Link to={`/dashboard/partner/programmes/${id}`}>← Back to the editor</Link>
      </p>
      <p className={dashboardStyles.notice} role="status">
        {published
          ? "Preview: this is the programme's public page."
          : "Preview: this is how the programme's page will look. It is not published, so visitors do not see it."}
      </p>
      <article className={styles.page} aria-label={`Preview of ${course.name}`}>
        <DetailHero
          trail={[
            { label: "Programmes", to: "/dashboard/partner/programmes" },
            { label: course.name },
          ]}
          school={school}
          logoSize={88}
          title={course.name}
          subtitle={school.name}
          location={[school.city, school.country.name].filter(Boolean).join(", ")}
        />
        <div className={styles.layout}>
          <CourseKeyFacts
            course={course}
            action={<p className={dashboardStyles.muted}>Students apply from the public page.</p>}
          />
          <div className={styles.main}>
            {course.about && <p className={styles.about}>{course.about}</p>}
            <SectionTabs tabs={COURSE_TABS} label="Programme sections" />
            <CourseOverview
              course={course}
              overviewPreview={overviewPreview}
              whyChosePreview={whyChosePreview}
            />
            <CourseAdmission course={course} />
            <CourseAcademics course={course} />
            <CourseTuition course={course} />
          </div>
        </div>
      </article>
    </DashboardShell>
  );
}
