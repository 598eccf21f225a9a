// A signed-in student's standing against programmes (docs/decisions/054-entry-requirements-and-
// eligibility.md): what the cards and the programme page show once the page has hydrated, so
// that no student's answer is ever part of a page a shared cache keeps.
import type { Database } from "@studyatlas/db/client.ts";
import type { CourseEligibilityList } from "@studyatlas/schemas/entry-requirements.ts";

import { checkEligibility, eligibilityNote } from "./eligibility.ts";
import {
  readEntryRequirements,
  readQualifications,
  recordsAnything,
} from "./stored-requirements.ts";

export async function eligibilityForCourses(
  db: Database,
  userId: number,
  courseIds: readonly number[],
): Promise<CourseEligibilityList> {
  const qualifications = await readQualifications(db, userId);
  const requirements = await readEntryRequirements(db, courseIds);
  return {
    has_qualifications: recordsAnything(qualifications),
    results: [...new Set(courseIds)].map((courseId) => {
      const eligibility = checkEligibility(requirements.get(courseId) ?? null, qualifications);
      const note = eligibilityNote(eligibility);
      return {
        course_id: courseId,
        status: eligibility.status,
        gaps: eligibility.status === "may-not-meet" ? eligibility.gaps : [],
        ...(note ? { note } : {}),
      };
    }),
  };
}
