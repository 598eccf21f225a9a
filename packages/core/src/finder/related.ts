// The related-courses strip of the programme and country pages (docs/spec/discovery.md §2, §7 "for
// the related strip"): programmes of one discipline, school or country in random order; when there
// are none, featured programmes in random order. At most six, never the page's own programme.
import type { Database } from "@studyatlas/db/client.ts";
import type { CourseListItem } from "@studyatlas/schemas/catalogue.ts";

import { listCourses } from "./course-list.ts";
import { ALL_PUBLISHED_COURSES, type CourseFilters, type RelatedScope } from "./course-request.ts";
import type { CourseIndex } from "./index/course-index.ts";

/** docs/spec/discovery.md §9: "Related strip: 6 courses". */
export const RELATED_COURSES_LIMIT = 6;

async function randomCourses(
  db: Database,
  filters: CourseFilters,
  seed: number,
  excludeCourseId: number | undefined,
  index: CourseIndex | undefined,
): Promise<CourseListItem[]> {
  const { results } = await listCourses(
    db,
    { filters, ordering: "random", seed, page: 1, pageSize: RELATED_COURSES_LIMIT + 1 },
    index,
  );
  return results.filter((course) => course.id !== excludeCourseId).slice(0, RELATED_COURSES_LIMIT);
}

/** The strip's programmes in the seed's random order, from the index when there is one. */
export async function listRelatedCourses(
  db: Database,
  scope: RelatedScope,
  seed: number,
  index?: CourseIndex,
): Promise<CourseListItem[]> {
  const related = await randomCourses(
    db,
    {
      ...ALL_PUBLISHED_COURSES,
      ...(scope.disciplineId !== undefined ? { disciplineIds: [scope.disciplineId] } : {}),
      ...(scope.countryId !== undefined ? { countryIds: [scope.countryId] } : {}),
      ...(scope.schoolId !== undefined ? { schoolId: scope.schoolId } : {}),
    },
    seed,
    scope.excludeCourseId,
    index,
  );
  if (related.length > 0) return related;
  return randomCourses(
    db,
    { ...ALL_PUBLISHED_COURSES, featured: true },
    seed,
    scope.excludeCourseId,
    index,
  );
}
