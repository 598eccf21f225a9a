// A programme at a glance: school logo and name, programme name, tuition and duration, the whole
// card linking to /course/{slug} (discovery.md §2 Course card; the full card, with format,
// attendance, start date and the wishlist heart, comes with the course finder).
import { Link } from "react-router";

import { formatDuration, formatTuition } from "../../utils/course-display.ts";
import type { CourseCardData } from "./course-card-data.ts";
import styles from "./course-card.module.css";

export function CourseCard({ course }: { course: CourseCardData }) {
  return (
    <article className={styles.card}>
      <div className={styles.school}>
        {course.school.logo ? (
          <img
            className={styles.logo}
            src={course.school.logo}
            alt=""
            width={44}
            height={44}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className={styles.logo} aria-hidden="true">
            {course.school.name.charAt(0)}
          </span>
        )}
        <span className={styles.schoolName}>{course.school.name}</span>
      </div>
      <h3 className={styles.name}>
        <Link to={`/course/${course.slug}`} className={styles.link}>
          {course.name}
        </Link>
      </h3>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>Tuition</dt>
          <dd>{formatTuition(course)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>Duration</dt>
          <dd>{formatDuration(course)}</dd>
        </div>
      </dl>
    </article>
  );
}
