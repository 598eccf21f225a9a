// The demo catalogue's structured entry requirements (docs/decisions/054-entry-requirements-and-
// eligibility.md), read from the admission and other-requirements text the generator wrote
// (course-text.ts), so the two never disagree: "No formal entry requirements" is an open course,
// a bachelor's or a secondary school diploma is the minimum education, "five years of
// professional experience" is five years of work, "IELTS 6.5 or TOEFL iBT 90" are those two
// tests, and "level B2 or above" is 160 on the Cambridge English Scale (B2 starts there). About
// one programme in ten states nothing structured (the product then shows nothing). One unnest
// insert per batch, after the batch's courses.
import type { CourseRecord } from "./courses.ts";
import { booleanArray, numberArray, type Session } from "./load.ts";

interface SeedRequirements {
  courseId: number;
  noFormal: boolean;
  education: "secondary" | "bachelor" | "master" | null;
  ielts: number | null;
  toeflIbt: number | null;
  cambridge: number | null;
  workYears: number | null;
}

type RequirementsSource = Pick<
  CourseRecord,
  "id" | "admissionRequirements" | "otherRequirements" | "shuffleKey"
>;

/** The requirements a generated programme's text states, or null for "not stated". */
export function seedRequirementsOf(course: RequirementsSource): SeedRequirements | null {
  if (course.shuffleKey % 10 === 0) return null;
  const admission = course.admissionRequirements;
  const other = course.otherRequirements;
  const none = {
    courseId: course.id,
    noFormal: false,
    education: null,
    ielts: null,
    toeflIbt: null,
    cambridge: null,
    workYears: null,
  };
  if (admission.includes("No formal entry requirements")) return { ...none, noFormal: true };
  const english = other.includes("IELTS 6.5 or TOEFL iBT 90");
  return {
    ...none,
    education: /Bachelor\S* degree/.test(admission)
      ? "bachelor"
      : admission.includes("Secondary school diploma")
        ? "secondary"
        : null,
    ielts: english ? 6.5 : null,
    toeflIbt: english ? 90 : null,
    cambridge: other.includes("level B2 or above") ? 160 : null,
    workYears: admission.includes("five years of professional experience") ? 5 : null,
  };
}

const INSERT = `INSERT INTO "course_entry_requirements" ("course_id", "no_formal_requirements",
  "min_education", "ielts", "toefl_ibt", "cambridge", "min_work_years")
  SELECT * FROM unnest($1::int[], $2::boolean[], $3::text[], $4::numeric[], $5::smallint[],
  $6::smallint[], $7::smallint[])`;

/** Inserts the batch's stated requirements (its courses must already be written). */
export async function insertSeedRequirements(
  session: Session,
  courses: readonly CourseRecord[],
): Promise<void> {
  const rows: SeedRequirements[] = [];
  for (const course of courses) {
    const row = seedRequirementsOf(course);
    if (row) rows.push(row);
  }
  if (rows.length === 0) return;
  // Education as a text[] with NULL elements: the literal's unquoted NULL.
  const education = `{${rows.map((r) => (r.education === null ? "NULL" : r.education)).join(",")}}`;
  await session.query(INSERT, [
    numberArray(rows.map((r) => r.courseId)),
    booleanArray(rows.map((r) => r.noFormal)),
    education,
    numberArray(rows.map((r) => r.ielts)),
    numberArray(rows.map((r) => r.toeflIbt)),
    numberArray(rows.map((r) => r.cambridge)),
    numberArray(rows.map((r) => r.workYears)),
  ]);
}
