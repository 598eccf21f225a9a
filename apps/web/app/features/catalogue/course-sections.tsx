// The parts of the programme page (docs/spec/accounts-and-details.md §2 Programme detail, §4
// Programme page): the key facts card and the four sections the tabs lead to, Overview,
// Admission, Academics and Tuition and Finance.
import type { ReactNode } from "react";
import { Link } from "react-router";

import type { HtmlPreview } from "@studyatlas/core/content/html-preview.ts";
import type { CourseDetail } from "@studyatlas/schemas/catalogue.ts";

import { formatCourseFormat, formatDuration, formatTuition } from "../../utils/course-display.ts";
import { CollapsibleBlock } from "./collapsible-block.tsx";
import { formatDetailAttendance, formatMonthYear, whyChooseTitle } from "./detail-display.ts";
import { HtmlContent } from "./html-content.tsx";
import type { SectionTab } from "./section-tabs.tsx";
import { VideoEmbed } from "./video-embed.tsx";
import styles from "./course-page.module.css";
import { EntryRequirementsSummary } from "../../eligibility/entry-requirements-summary.tsx";
import { FeeFacts, RatesNote } from "../../currency/fee-facts.tsx";

/** The four tabs of §2, in order, with the ids of their sections. */
export const COURSE_TABS: readonly SectionTab[] = [
  { id: "overview", label: "Overview" },
  { id: "admission", label: "Admission" },
  { id: "academics", label: "Academics" },
  { id: "tuition", label: "Tuition and Finance" },
];

/** §2: "if neither exists the text is 'No Scholarship and Aids available for now.'" */
export const NO_AID_TEXT = "No Scholarship and Aids available for now.";

/** The programme's start and deadline as the page shows them ('September 2027'). */
function datesOf(course: CourseDetail) {
  return {
    deadline: formatMonthYear(
      course.course_dates.deadline_month,
      course.course_dates.deadline_year,
    ),
    start: formatMonthYear(course.course_dates.start_month, course.course_dates.start_year),
  };
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The key facts card, with the page's main action (Apply Now) and the programme's website. */
export function CourseKeyFacts({ course, action }: { course: CourseDetail; action: ReactNode }) {
  const { deadline, start } = datesOf(course);
  return (
    <aside className={styles.aside} aria-labelledby="key-facts-title">
      <div className={styles.factsCard}>
        <h2 id="key-facts-title" className={styles.factsTitle}>
          Key facts
        </h2>
        <dl className={styles.facts}>
          {/* With the estimate in the student's currency and the total cost (ADR 052). */}
          <FeeFacts course={course} tuitionClassName={styles.fact} />
          <Fact label="Duration" value={formatDuration(course)} />
          <Fact label="Format" value={formatCourseFormat(course.course_format)} />
          <Fact label="Attendance" value={formatDetailAttendance(course.attendance)} />
          <Fact label="Application deadline" value={deadline ?? "Not announced"} />
          {/* The same "September 2027" as Intakes and Deadlines, not the month alone. */}
          <Fact label="Start month" value={start ?? "Not announced"} />
        </dl>
        {/* The day of the rates the estimates above were converted at, said visibly (ADR 051). */}
        <RatesNote course={course} />
        {action}
        {course.official_programme_website && (
          <a
            className={styles.website}
            href={course.official_programme_website}
            target="_blank"
            rel="noopener noreferrer"
          >
            Official programme website
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </div>
    </aside>
  );
}

export function CourseOverview({
  course,
  overviewPreview,
  whyChosePreview,
}: {
  course: CourseDetail;
  overviewPreview: HtmlPreview;
  whyChosePreview: HtmlPreview;
}) {
  const { school } = course;
  const whyTitle = whyChooseTitle(course.name, school.name);
  const video = course.video || school.video;
  return (
    <section
      id="overview"
      className={styles.section}
      tabIndex={-1}
      aria-labelledby="overview-title"
    >
      <h2 id="overview-title" className={styles.sectionTitle}>
        Overview
      </h2>
      {video && (
        <div className={styles.video}>
          <VideoEmbed url={video} title={course.name} poster={school.banner} />
        </div>
      )}
      <CollapsibleBlock title="Background" defaultOpen>
        {course.overview ? (
          <HtmlContent html={course.overview} preview={overviewPreview} label="Overview" />
        ) : (
          <p className={styles.muted}>No overview has been published for this programme yet.</p>
        )}
      </CollapsibleBlock>
      {course.why_chose && (
        <CollapsibleBlock title={whyTitle}>
          <HtmlContent html={course.why_chose} preview={whyChosePreview} label={whyTitle} />
        </CollapsibleBlock>
      )}
      <CollapsibleBlock title="Basic Information">
        <dl className={styles.basics}>
          <div>
            <dt>Disciplines</dt>
            <dd>
              {course.disciplines.length > 0
                ? course.disciplines.map((discipline, index) => (
                    <span key={discipline.id}>
                      {index > 0 && ", "}
                      <Link
                        to={`/coursefinder?country=Where%3F&name=&discipline=${discipline.slug}`}
                      >
                        {discipline.name}
                      </Link>
                    </span>
                  ))
                : "—"}
            </dd>
          </div>
          <div>
            <dt>Language</dt>
            <dd>{course.language?.name ?? "—"}</dd>
          </div>
          <div>
            <dt>Programme type</dt>
            <dd>{course.programme_type.label || course.programme_type.name}</dd>
          </div>
          {course.degree_type && (
            <div>
              <dt>Degree</dt>
              <dd>{course.degree_type.name}</dd>
            </div>
          )}
        </dl>
      </CollapsibleBlock>
      {course.who_for && (
        <CollapsibleBlock title="Who is this degree for">
          <HtmlContent html={course.who_for} />
        </CollapsibleBlock>
      )}
    </section>
  );
}

export function CourseAdmission({ course }: { course: CourseDetail }) {
  const { deadline, start } = datesOf(course);
  return (
    <section
      id="admission"
      className={styles.section}
      tabIndex={-1}
      aria-labelledby="admission-title"
    >
      <h2 id="admission-title" className={styles.sectionTitle}>
        Admission
      </h2>
      <CollapsibleBlock title="Intakes and Deadlines" defaultOpen>
        <dl className={styles.basics}>
          <div>
            <dt>Application deadline</dt>
            <dd>{deadline ?? "Not announced"}</dd>
          </div>
          <div>
            <dt>Session starts</dt>
            <dd>{start ?? "Not announced"}</dd>
          </div>
        </dl>
      </CollapsibleBlock>
      <CollapsibleBlock title="Admission Requirements">
        <h4 className={styles.subTitle}>Requirements For Admission</h4>
        <EntryRequirementsSummary requirements={course.entry_requirements} />
        {course.admission_requirements ? (
          <HtmlContent html={course.admission_requirements} />
        ) : (
          <p className={styles.muted}>Ask the school for its admission requirements.</p>
        )}
        {course.other_requirements && (
          <>
            <h4 className={styles.subTitle}>Other Requirements</h4>
            <HtmlContent html={course.other_requirements} />
          </>
        )}
      </CollapsibleBlock>
    </section>
  );
}

export function CourseAcademics({ course }: { course: CourseDetail }) {
  return (
    <section
      id="academics"
      className={styles.section}
      tabIndex={-1}
      aria-labelledby="academics-title"
    >
      <h2 id="academics-title" className={styles.sectionTitle}>
        Academics
      </h2>
      <CollapsibleBlock title="Programme Structure">
        {course.programme_structure ? (
          <HtmlContent html={course.programme_structure} />
        ) : (
          <p className={styles.muted}>The school has not published the structure yet.</p>
        )}
      </CollapsibleBlock>
      {course.syllabus && (
        <CollapsibleBlock title="Syllabus and Curriculum">
          <HtmlContent html={course.syllabus} />
        </CollapsibleBlock>
      )}
    </section>
  );
}

export function CourseTuition({ course }: { course: CourseDetail }) {
  const hasAid = course.tuition_and_aid !== "" || course.scholarship !== "";
  return (
    <section id="tuition" className={styles.section} tabIndex={-1} aria-labelledby="tuition-title">
      <h2 id="tuition-title" className={styles.sectionTitle}>
        Tuition and Finance
      </h2>
      <CollapsibleBlock title="Tuition and Aids" defaultOpen>
        <p className={styles.fee}>
          <span>Tuition fee</span> <strong>{formatTuition(course)}</strong>
        </p>
        {hasAid ? (
          <>
            {course.tuition_and_aid && <HtmlContent html={course.tuition_and_aid} />}
            {course.scholarship && (
              <>
                <h4 className={styles.subTitle}>Scholarships</h4>
                <HtmlContent html={course.scholarship} />
              </>
            )}
          </>
        ) : (
          <p>{NO_AID_TEXT}</p>
        )}
      </CollapsibleBlock>
    </section>
  );
}
