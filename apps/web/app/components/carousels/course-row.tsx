// A titled row of course cards in a carousel: the home page's featured rows and the detail
// pages' related-courses strip (docs/spec/discovery.md §2 "Carousels", "Related-courses strip").
import type { ReactNode } from "react";

import { CourseCard, type CourseCardFields } from "../course-card/course-card.tsx";
import { Carousel } from "./carousel.tsx";
import { CAROUSEL_STEP_PX } from "./carousel-logic.ts";
import styles from "./course-row.module.css";

interface CourseRowProps {
  title: string;
  headingId: string;
  courses: readonly CourseCardFields[];
  /** Shown at the right of the title, e.g. a 'View all' link. */
  action?: ReactNode;
  /** The section's own class (its background and spacing on the page). */
  className?: string;
}

export function CourseRow({ title, headingId, courses, action, className }: CourseRowProps) {
  return (
    <section
      className={[styles.section, className].filter(Boolean).join(" ")}
      aria-labelledby={headingId}
    >
      <div className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {action}
      </div>
      <Carousel
        label={title}
        items={courses}
        getKey={(course) => course.id}
        renderItem={(course) => <CourseCard course={course} />}
        step={CAROUSEL_STEP_PX}
        itemClassName={styles.item}
      />
    </section>
  );
}
