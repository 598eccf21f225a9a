// "Only programmes I qualify for" as SQL over `courses c` (docs/decisions/054-entry-requirements-
// and-eligibility.md): the programmes checkEligibility answers "meets" for, written as one
// condition so that the SQL path and the in-process index (finder/requirement-columns.ts)
// give the same answers. Each test on its own scale; a test the student has not taken decides
// nothing.
import { type SQL, sql } from "drizzle-orm";

import {
  EDUCATION_LEVELS,
  ENGLISH_TEST_KEYS,
  type Qualifications,
} from "@studyatlas/schemas/entry-requirements.ts";

import { educationRank } from "./stored-requirements.ts";

const LEVELS = sql.raw(`array[${EDUCATION_LEVELS.map((level) => `'${level}'`).join(", ")}]`);

export function qualifiesCondition(qualifications: Qualifications): SQL {
  const education =
    qualifications.education === null
      ? sql`r.min_education is null`
      : sql`(r.min_education is null or array_position(${LEVELS}::text[], r.min_education) <= ${educationRank(qualifications.education)})`;
  const noTest = sql.raw(ENGLISH_TEST_KEYS.map((test) => `r.${test} is null`).join(" and "));
  const passed = qualifications.english_scores.map(
    ({ test, score }) => sql`r.${sql.raw(test)} <= ${score}`,
  );
  const english = sql`((${noTest})${passed.length > 0 ? sql` or ${sql.join(passed, sql` or `)}` : sql``})`;
  const work =
    qualifications.work_years === null
      ? sql`coalesce(r.min_work_years, 0) = 0`
      : sql`coalesce(r.min_work_years, 0) <= ${qualifications.work_years}`;
  const anyTest = sql.raw(ENGLISH_TEST_KEYS.map((test) => `r.${test} is not null`).join(" or "));
  const statesAny = sql`(r.min_education is not null or ${anyTest} or coalesce(r.min_work_years, 0) > 0)`;
  return sql`exists (select 1 from course_entry_requirements r where r.course_id = c.id
    and (r.no_formal_requirements or (${statesAny} and ${education} and ${english} and ${work})))`;
}
