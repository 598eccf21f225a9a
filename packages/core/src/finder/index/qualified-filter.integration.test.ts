// "Only programmes I qualify for" (ADR 054) on both of the finder's paths: the in-process index's
// scan (requirement-columns.ts) against the SQL condition (eligibility/qualifies-sql.ts), and
// both against the rules themselves (checkEligibility "meets"), for random qualifications with
// random other filters, on the demo catalogue with requirements on every scale added.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createRandom } from "@studyatlas/db/seed/random.ts";
import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";
import {
  EDUCATION_LEVELS,
  ENGLISH_TESTS,
  ENGLISH_TEST_KEYS,
  type EntryRequirements,
  type Qualifications,
} from "@studyatlas/schemas/entry-requirements.ts";

import { checkEligibility } from "../../eligibility/eligibility.ts";
import {
  readEntryRequirements,
  saveEntryRequirements,
} from "../../eligibility/stored-requirements.ts";
import { courseIdsFromIndex, listCourses } from "../course-list.ts";
import { ALL_PUBLISHED_COURSES, type CourseListRequest } from "../course-request.ts";
import { countCourseFacets } from "../facets.ts";
import type { CourseIndex } from "./course-index.ts";
import { loadCourseIndex } from "./load.ts";

let database: TestDatabase;
let index: CourseIndex;
let courseIds: number[];
let programmeTypes: number[];

const r = createRandom(54);

/** A score the test gives, drawn from its scale. */
function randomScore(test: (typeof ENGLISH_TEST_KEYS)[number]): number {
  const scale = ENGLISH_TESTS[test];
  const steps = Math.round((scale.max - scale.min) / scale.step);
  return scale.min + r.int(0, steps) * scale.step;
}

function randomRequirements(): EntryRequirements {
  const tests = ENGLISH_TEST_KEYS.filter(() => r.chance(0.35));
  return {
    no_formal_requirements: r.chance(0.08),
    min_education: r.chance(0.7) ? r.pick(EDUCATION_LEVELS) : null,
    english_tests: tests.map((test) => ({ test, score: randomScore(test) })),
    min_work_years: r.chance(0.3) ? r.int(0, 6) : null,
  };
}

function randomQualifications(): Qualifications {
  const tests = ENGLISH_TEST_KEYS.filter(() => r.chance(0.4));
  return {
    education: r.chance(0.8) ? r.pick(EDUCATION_LEVELS) : null,
    english_scores: tests.map((test) => ({ test, score: randomScore(test) })),
    work_years: r.chance(0.6) ? r.int(0, 8) : null,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const ids = async (text: string) =>
    (await database.query<{ id: number }>(text)).rows.map((row) => Number(row.id));
  courseIds = await ids("select id from courses order by id");
  programmeTypes = await ids("select id from programme_types");
  // Beside the seeded requirements (a few tests and levels), every scale and level at random.
  for (const id of courseIds) {
    if (r.chance(0.6)) await saveEntryRequirements(database.db, id, randomRequirements());
  }
  index = await loadCourseIndex(database.db);
});
afterAll(async () => {
  await database?.dispose();
});

describe("only programmes I qualify for", () => {
  it("keeps exactly the programmes the rules say the student meets, on both paths", async () => {
    const requirements = await readEntryRequirements(database.db, courseIds);
    const visible = new Set(
      (
        await database.query<{ id: number }>(
          `select c.id from courses c join schools s on s.id = c.school_id
             where c.published and s.published`,
        )
      ).rows.map((row) => Number(row.id)),
    );
    let kept = 0;
    for (let n = 0; n < 100; n += 1) {
      const qualifications = randomQualifications();
      const request: CourseListRequest = {
        filters: { ...ALL_PUBLISHED_COURSES, qualifiedFor: qualifications },
        ordering: "name",
        seed: 1,
        page: 1,
        pageSize: 10_000,
      };
      const label = JSON.stringify(qualifications);
      const expected = courseIds
        .filter((id) => visible.has(id))
        .filter(
          (id) => checkEligibility(requirements.get(id) ?? null, qualifications).status === "meets",
        )
        .sort((a, b) => a - b);
      const sql = await listCourses(database.db, request);
      expect(
        sql.results.map((course) => course.id).sort((a, b) => a - b),
        label,
      ).toEqual(expected);
      const fromIndex = await courseIdsFromIndex(database.db, request, index);
      expect(fromIndex?.ids, label).toEqual(sql.results.map((course) => course.id));
      kept += expected.length;
    }
    expect(kept).toBeGreaterThan(100);
  }, 120_000);

  it("pages, counts and facets as SQL does with the other filters", async () => {
    for (let n = 0; n < 40; n += 1) {
      const filters = {
        ...ALL_PUBLISHED_COURSES,
        qualifiedFor: randomQualifications(),
        ...(r.chance(0.5) ? { programmeTypeId: r.pick(programmeTypes) } : {}),
        ...(r.chance(0.3) ? { featured: r.chance(0.5) } : {}),
      };
      const request: CourseListRequest = {
        filters,
        ordering: r.pick(["name", "tuition", "-tuition", "random"] as const),
        seed: r.int(1, 1_000_000),
        page: 1 + r.int(0, 2),
        pageSize: 20,
      };
      const label = JSON.stringify(filters);
      const expected = await listCourses(database.db, request);
      const answer = await courseIdsFromIndex(database.db, request, index);
      expect(answer?.count, label).toBe(expected.count);
      expect(answer?.ids, label).toEqual(expected.results.map((course) => course.id));
      expect(index.facets(filters, undefined), label).toEqual(
        await countCourseFacets(database.db, filters),
      );
    }
  }, 240_000);
});
