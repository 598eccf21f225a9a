// A programme's public page as a partner previews it (docs/spec-notes.md "Preview of a
// programme"): the same data the public page shows (catalogue/course-detail.ts), read by id within
// the partner's scope and whether or not the programme or its school is published. Another
// organisation's programme answers 404 like one that does not exist.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { CourseDetail } from "@studyatlas/schemas/catalogue.ts";

import { COURSE_HTML_FIELDS } from "../catalogue/course-detail.ts";
import { previewHtml } from "../content/html-preview.ts";
import { sanitizeHtml } from "../content/sanitize-html.ts";
import { NotFoundError } from "../errors.ts";
import { COURSE_JOINS, COURSE_LIST_COLUMNS } from "../finder/card-columns.ts";
import { readEntryRequirements } from "../eligibility/stored-requirements.ts";
import { selectRows } from "../sql-rows.ts";
import type { PartnerScope } from "./organisations.ts";

export const PREVIEW_NOT_FOUND = "This programme does not exist.";

export async function loadProgrammePreview(db: Database, scope: PartnerScope, id: number) {
  const schoolIds = `{${scope.schoolIds.map((schoolId) => Math.trunc(schoolId)).join(",")}}`;
  const [course] = await selectRows<CourseDetail & { published: boolean }>(
    db,
    sql`select ${COURSE_LIST_COLUMNS}, d.overview, d.why_chose, d.who_for,
          d.admission_requirements, d.other_requirements, d.programme_structure, d.syllabus,
          d.tuition_and_aid, d.scholarship, d.video, d.official_programme_website,
          c.published and s.published as published
        from courses c ${COURSE_JOINS}
        join course_details d on d.course_id = c.id
        where c.id = ${id} and c.school_id = any(${schoolIds}::int[])`,
  );
  if (!course) throw new NotFoundError(PREVIEW_NOT_FOUND);
  for (const field of COURSE_HTML_FIELDS) course[field] = sanitizeHtml(course[field]);
  const { published, ...detail } = course;
  detail.entry_requirements = (await readEntryRequirements(db, [id])).get(id) ?? null;
  return {
    course: detail as CourseDetail,
    published,
    overviewPreview: previewHtml(detail.overview),
    whyChosePreview: previewHtml(detail.why_chose),
  };
}
