// A programme at a glance (docs/spec/discovery.md §2 "Course card", §9 card text rules): the school's
// picture (thumbnail, else banner), logo and name, the programme name, tuition, duration, study
// format, attendance and start date. The whole card links to /course/{slug} and hands the course
// over as navigation state (§2 Finder "Cards ... pass the course along as navigation state"): the
// card's own fields, which is all a page of cards carries (ADR 035; docs/spec-notes.md).

import type { CourseCard as CourseCardData } from "@studyatlas/schemas/catalogue.ts";

import {
  cardImageOf,
  formatAttendance,
  formatCourseFormat,
  formatDuration,
  formatStartDate,
  isStartPast,
  truncateCourseName,
} from "../../utils/course-display.ts";
import { WishlistHeart } from "../wishlist/wishlist-heart.tsx";
import { CompareToggle } from "../../compare/compare-toggle.tsx";
import { FeeFacts } from "../../currency/fee-facts.tsx";
import { EligibilityNote } from "../../eligibility/eligibility-note.tsx";
import styles from "./course-card.module.css";
import { SiteLink } from "../site-link/site-link.tsx";

/**
 * What a card reads of a programme: its card fields; the total cost it works out from the fee, so
 * a page may leave that out (the finder does, ADR 061).
 */
export type CourseCardFields = Omit<CourseCardData, "total_cost">;

/** The navigation state the card passes to /course/{slug}. */
export interface CourseLinkState {
  course: CourseCardFields;
}

export function CourseCard({ course }: { course: CourseCardFields }) {
  const image = cardImageOf(course.school);
  const startDate = formatStartDate(course.course_dates);
  const started = isStartPast(course.course_dates);
  const name = truncateCourseName(course.name);
  const state: CourseLinkState = { course };

  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {image && (
          // No `decoding` hint: a lazy image arrives after the first paint, which it cannot hold up.
          <img src={image} alt="" width={300} height={120} loading="lazy" />
        )}
        {/* The wishlist heart (docs/spec/discovery.md §4 "Wishlist heart"). */}
        <WishlistHeart courseId={course.id} courseName={course.name} />
        {/* Compare up to four (docs/decisions/052-my-currency-and-compare.md). */}
        <CompareToggle courseId={course.id} courseName={course.name} />
      </div>
      <div className={styles.body}>
        <div className={styles.school}>
          {course.school.logo ? (
            // The school's name follows it: the logo says nothing more (WCAG's redundant image text).
            <img src={course.school.logo} alt="" width={44} height={44} loading="lazy" />
          ) : (
            <span aria-hidden="true">{course.school.name.charAt(0)}</span>
          )}
          <span>{course.school.name}</span>
        </div>
        <h3 className={styles.name}>
          <SiteLink
            to={`/course/${course.slug}`}
            state={state}
            // A cut name is read as it is seen (a label that cuts a word in the middle no longer
            // contains what is seen, WCAG 2.5.3); the whole name is the tooltip and the link's
            // description.
            title={name === course.name ? undefined : course.name}
          >
            {name}
          </SiteLink>
        </h3>
        <dl className={styles.facts}>
          {/* The fee with an estimate in the student's currency, and the total cost (ADR 052). */}
          <FeeFacts course={course} tuitionClassName={styles.tuition} />
          <div>
            <dt>Duration</dt>
            <dd>{formatDuration(course)}</dd>
          </div>
          <div>
            <dt>Format</dt>
            <dd>{formatCourseFormat(course.course_format)}</dd>
          </div>
          <div>
            <dt>Attendance</dt>
            <dd>{formatAttendance(course.attendance)}</dd>
          </div>
          {startDate && (
            <div>
              <dt>{started ? "Started" : "Starts"}</dt>
              <dd>{startDate}</dd>
            </div>
          )}
        </dl>
        {/* Whether the signed-in student meets the entry requirements (ADR 054), after hydration. */}
        <EligibilityNote courseId={course.id} slot={false} />
      </div>
    </article>
  );
}
