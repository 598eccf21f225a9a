// The related-courses strip of the course and country pages (docs/spec/discovery.md §2 "Related-courses
// strip", §7 "for the related strip", §9): at most six course cards in a carousel that scrolls
// 300 px per step. The page's loader chooses the courses (discipline, school or country, with the
// featured fallback); this strip shows them, and nothing at all when there are none.
import type { CourseCard as CourseCardData } from "@studyatlas/schemas/catalogue.ts";

import { CourseRow } from "./course-row.tsx";

/** docs/spec/discovery.md §9: "Related strip: 6 courses". */
export const RELATED_COURSES_LIMIT = 6;

interface RelatedCoursesStripProps {
  title: string;
  courses: readonly CourseCardData[];
  /** Unique on the page; the heading's id. */
  headingId?: string;
  className?: string;
}

export function RelatedCoursesStrip({
  title,
  courses,
  headingId = "related-courses-title",
  className,
}: RelatedCoursesStripProps) {
  if (courses.length === 0) return null;
  return (
    <CourseRow
      title={title}
      headingId={headingId}
      courses={courses.slice(0, RELATED_COURSES_LIMIT)}
      {...(className ? { className } : {})}
    />
  );
}
