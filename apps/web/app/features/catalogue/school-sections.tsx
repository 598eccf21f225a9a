// The parts of the school page (docs/spec/accounts-and-details.md §2 School detail, §3 School): the
// about text with the programme counts, the side card and the school's programmes.
import { Link } from "react-router";

import type { CourseCard as CourseCardData, School } from "@studyatlas/schemas/catalogue.ts";

import { CourseCard } from "../../components/course-card/course-card.tsx";
import { schoolCoursesPath } from "./detail-display.ts";
import { VideoEmbed } from "./video-embed.tsx";
import styles from "./school-page.module.css";

const COUNT = new Intl.NumberFormat("en-US");

/** The about text and the numbers of programmes by level. */
export function SchoolAbout({ school }: { school: School }) {
  const counts = [
    { label: "Undergraduate", value: school.courses_undergraduates, key: "undergraduate" },
    { label: "Postgraduate", value: school.courses_postgraduates, key: "postgraduate" },
    { label: "Short courses", value: school.courses_shortcourses, key: "short" },
    // Not in the spec's list, but without them the total would not add up (docs/spec-notes.md).
    { label: "Executive education", value: school.courses_executive, key: "executive" },
    { label: "Certificate courses", value: school.courses_certificates, key: "certificate" },
    { label: "Total programmes", value: school.courses_total, key: "total" },
  ];
  return (
    <div className={styles.main}>
      <section aria-labelledby="about-school-title">
        <h2 id="about-school-title" className={styles.sectionTitle}>
          About {school.name}
        </h2>
        <p className={styles.about}>
          {school.about || "The school has not published a description yet."}
        </p>
      </section>
      <dl className={styles.counts} data-testid="school-counts">
        {counts.map((count) => (
          <div key={count.key} className={styles.count} data-count={count.key}>
            <dt>{count.label}</dt>
            <dd>{COUNT.format(count.value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The side card: the school's facts, its programmes in the finder, its website and video. */
export function SchoolDetailsCard({ school }: { school: School }) {
  return (
    <aside className={styles.aside} aria-labelledby="school-facts-title">
      <div className={styles.card}>
        <h2 id="school-facts-title" className={styles.cardTitle}>
          School details
        </h2>
        <dl className={styles.facts}>
          <div>
            <dt>Institution type</dt>
            <dd>{school.institution_type || "—"}</dd>
          </div>
          <div>
            <dt>Year established</dt>
            <dd>{school.year_established ?? "—"}</dd>
          </div>
          <div>
            <dt>City</dt>
            <dd>{school.city || "—"}</dd>
          </div>
          <div>
            <dt>Country</dt>
            <dd>{school.country.name}</dd>
          </div>
        </dl>
        <Link className={styles.primary} to={schoolCoursesPath(school.slug)}>
          View School Courses
        </Link>
        {school.website && (
          <a
            className={styles.website}
            href={school.website}
            target="_blank"
            rel="noopener noreferrer"
          >
            School website<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </div>
      {school.video && (
        <div className={styles.video}>
          <VideoEmbed url={school.video} title={school.name} poster={school.banner} />
        </div>
      )}
    </aside>
  );
}

/** The school's first page of programmes, and a link to all of them in the finder. */
export function SchoolProgrammes({
  school,
  courses,
}: {
  school: School;
  courses: readonly CourseCardData[];
}) {
  return (
    <section className={styles.programmes} aria-labelledby="school-programmes-title">
      <div className={styles.programmesHeader}>
        <h2 id="school-programmes-title" className={styles.sectionTitle}>
          Programmes at {school.name}
        </h2>
        {school.courses_total > courses.length && (
          <Link to={schoolCoursesPath(school.slug)}>
            View all {COUNT.format(school.courses_total)} programmes
          </Link>
        )}
      </div>
      {courses.length > 0 ? (
        <ul className={styles.grid}>
          {courses.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} />
            </li>
          ))}
        </ul>
      ) : (
        <p>This school has no published programmes at the moment.</p>
      )}
    </section>
  );
}
