// One programme's page data (docs/spec/accounts-and-details.md §2 Programme detail): its card
// columns and its HTML sections, sanitised on every read.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { CourseDetail } from "@studyatlas/schemas/catalogue.ts";

import { sanitizeHtml } from "../content/sanitize-html.ts";
import { totalCostOf } from "../cost/course-total.ts";
import { readEntryRequirements } from "../eligibility/stored-requirements.ts";
import { courseProvenance } from "./course-provenance.ts";
import { COURSE_JOINS, COURSE_LIST_COLUMNS } from "../finder/card-columns.ts";
import { selectPrepared } from "../sql-rows.ts";

/** The HTML sections of a programme (docs/spec/accounts-and-details.md §3), sanitised before anyone sees them. */
export const COURSE_HTML_FIELDS = [
  "overview",
  "why_chose",
  "who_for",
  "admission_requirements",
  "other_requirements",
  "programme_structure",
  "syllabus",
  "tuition_and_aid",
  "scholarship",
] as const satisfies readonly (keyof CourseDetail)[];

export async function getCourseBySlug(
  db: Database,
  slug: string,
): Promise<CourseDetail | undefined> {
  const [course] = await selectPrepared<CourseDetail>(
    db,
    sql`select ${COURSE_LIST_COLUMNS}, d.overview, d.why_chose, d.who_for,
          d.admission_requirements, d.other_requirements, d.programme_structure, d.syllabus,
          d.tuition_and_aid, d.scholarship, d.video, d.official_programme_website
        from courses c ${COURSE_JOINS}
        join course_details d on d.course_id = c.id
        where c.slug = ${slug} and c.published and s.published`,
  );
  if (!course) return undefined;
  // Sanitised on every read, not only when stored: rows written by older imports or by hand are
  // as untrusted as new ones (ADR 008).
  for (const field of COURSE_HTML_FIELDS) course[field] = sanitizeHtml(course[field]);
  course.total_cost = totalCostOf(course);
  course.provenance = await courseProvenance(db, course.id);
  course.entry_requirements = (await readEntryRequirements(db, [course.id])).get(course.id) ?? null;
  return course;
}
