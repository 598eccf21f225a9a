// The structured entry requirements of programmes and the qualifications of students as they are
// stored (packages/db/src/schema/eligibility.ts): one column per English test, named as the test's
// key, so that the finder's filter compares each test on its own scale
// (docs/decisions/054-entry-requirements-and-eligibility.md).
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import {
  EDUCATION_LEVELS,
  ENGLISH_TEST_KEYS,
  type EducationLevel,
  type EnglishTest,
  type EntryRequirements,
  type Qualifications,
} from "@studyatlas/schemas/entry-requirements.ts";

import { selectRows } from "../sql-rows.ts";

type TestColumns = Record<EnglishTest, number | null>;

interface RequirementRow extends TestColumns {
  course_id: number;
  no_formal_requirements: boolean;
  min_education: EducationLevel | null;
  min_work_years: number | null;
}

interface QualificationRow extends TestColumns {
  education: EducationLevel | null;
  work_years: number | null;
}

const testsOf = (row: TestColumns) =>
  ENGLISH_TEST_KEYS.flatMap((test) => {
    const score = row[test];
    return score === null ? [] : [{ test, score: Number(score) }];
  });

const columnsOf = (tests: readonly { test: EnglishTest; score: number }[]): TestColumns =>
  Object.fromEntries(
    ENGLISH_TEST_KEYS.map((test) => [test, tests.find((t) => t.test === test)?.score ?? null]),
  ) as TestColumns;

/** Whether requirements say anything at all (otherwise nothing is stored: "not stated"). */
function statesAnything(requirements: EntryRequirements): boolean {
  return (
    requirements.no_formal_requirements ||
    requirements.min_education !== null ||
    requirements.english_tests.length > 0 ||
    requirements.min_work_years !== null
  );
}

const TEST_SELECT = sql.raw(
  ENGLISH_TEST_KEYS.map((test) => `${test}::float8 as ${test}`).join(", "),
);

/** The stated requirements of these programmes, by programme id (absent: not stated). */
export async function readEntryRequirements(
  db: Database,
  courseIds: readonly number[],
): Promise<Map<number, EntryRequirements>> {
  if (courseIds.length === 0) return new Map();
  const rows = await selectRows<RequirementRow>(
    db,
    sql`select course_id, no_formal_requirements, min_education, min_work_years, ${TEST_SELECT}
          from course_entry_requirements
          where course_id in (${sql.join(
            courseIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  return new Map(
    rows.map((row) => [
      row.course_id,
      {
        no_formal_requirements: row.no_formal_requirements,
        min_education: row.min_education,
        english_tests: testsOf(row),
        min_work_years: row.min_work_years,
      },
    ]),
  );
}

/** Stores a programme's requirements (in the caller's transaction); nothing stated deletes them. */
export async function saveEntryRequirements(
  db: Database,
  courseId: number,
  requirements: EntryRequirements | null,
): Promise<void> {
  if (!requirements || !statesAnything(requirements)) {
    await db.execute(sql`delete from course_entry_requirements where course_id = ${courseId}`);
    return;
  }
  const tests = columnsOf(requirements.english_tests);
  const values = {
    no_formal_requirements: requirements.no_formal_requirements,
    min_education: requirements.min_education,
    min_work_years: requirements.min_work_years,
    ...tests,
  };
  const names = Object.keys(values);
  await db.execute(
    sql`insert into course_entry_requirements (course_id, ${sql.raw(names.join(", "))})
        values (${courseId}, ${sql.join(
          Object.values(values).map((value) => sql`${value}`),
          sql`, `,
        )})
        on conflict (course_id) do update set ${sql.raw(
          names.map((name) => `${name} = excluded.${name}`).join(", "),
        )}`,
  );
}

/** The student's qualifications, or null when they have recorded none. */
export async function readQualifications(
  db: Database,
  userId: number,
): Promise<Qualifications | null> {
  const [row] = await selectRows<QualificationRow>(
    db,
    sql`select education, work_years, ${TEST_SELECT}
          from user_qualifications where user_id = ${userId}`,
  );
  if (!row) return null;
  return { education: row.education, english_scores: testsOf(row), work_years: row.work_years };
}

/** Whether the student has recorded anything that can decide eligibility. */
export function recordsAnything(qualifications: Qualifications | null): boolean {
  return (
    qualifications !== null &&
    (qualifications.education !== null ||
      qualifications.english_scores.length > 0 ||
      qualifications.work_years !== null)
  );
}

/** Replaces the student's qualifications; recording nothing forgets them. */
export async function saveQualifications(
  db: Database,
  userId: number,
  qualifications: Qualifications,
): Promise<Qualifications | null> {
  if (!recordsAnything(qualifications)) {
    await db.execute(sql`delete from user_qualifications where user_id = ${userId}`);
    return null;
  }
  const values = {
    education: qualifications.education,
    work_years: qualifications.work_years,
    ...columnsOf(qualifications.english_scores),
  };
  const names = Object.keys(values);
  await db.execute(
    sql`insert into user_qualifications (user_id, ${sql.raw(names.join(", "))})
        values (${userId}, ${sql.join(
          Object.values(values).map((value) => sql`${value}`),
          sql`, `,
        )})
        on conflict (user_id) do update set ${sql.raw(
          names.map((name) => `${name} = excluded.${name}`).join(", "),
        )}, updated_at = now()`,
  );
  return qualifications;
}

/** Education levels ranked from 1 (secondary) as SQL and the index compare them. */
export const educationRank = (level: EducationLevel): number => EDUCATION_LEVELS.indexOf(level) + 1;

/** Copies the student's qualifications into their new application (in its transaction). */
export async function copyQualificationsToApplication(
  db: Database,
  userId: number,
  applicationId: number,
): Promise<void> {
  const columns = sql.raw(["education", "work_years", ...ENGLISH_TEST_KEYS].join(", "));
  await db.execute(
    sql`insert into application_qualifications (application_id, ${columns})
        select ${applicationId}, ${columns} from user_qualifications where user_id = ${userId}`,
  );
}

/** The qualifications an application carries (null: the student had recorded none). */
export async function readApplicationQualifications(
  db: Database,
  applicationId: number,
): Promise<Qualifications | null> {
  const [row] = await selectRows<QualificationRow>(
    db,
    sql`select education, work_years, ${TEST_SELECT}
          from application_qualifications where application_id = ${applicationId}`,
  );
  if (!row) return null;
  return { education: row.education, english_scores: testsOf(row), work_years: row.work_years };
}
