// The index's scan for "only programmes I qualify for" against the rules it implements (ADR 054):
// for random requirements on every scale and random qualifications, a programme is in the set
// exactly when checkEligibility answers "meets". The SQL condition is held to the same answers by
// qualified-filter.integration.test.ts.
import { describe, expect, it } from "vitest";

import { createRandom } from "@studyatlas/db/seed/random.ts";
import {
  EDUCATION_LEVELS,
  ENGLISH_TESTS,
  ENGLISH_TEST_KEYS,
  type EnglishTest,
  type EntryRequirements,
  type Qualifications,
} from "@studyatlas/schemas/entry-requirements.ts";

import { checkEligibility } from "../eligibility/eligibility.ts";
import { has } from "./index/bitset.ts";
import { RequirementColumns, type RequirementRows } from "./requirement-columns.ts";

const r = createRandom(2054);

function score(test: EnglishTest): number {
  const scale = ENGLISH_TESTS[test];
  return scale.min + r.int(0, Math.round((scale.max - scale.min) / scale.step)) * scale.step;
}

function requirements(): EntryRequirements | null {
  if (r.chance(0.1)) return null;
  return {
    no_formal_requirements: r.chance(0.1),
    min_education: r.chance(0.6) ? r.pick(EDUCATION_LEVELS) : null,
    english_tests: ENGLISH_TEST_KEYS.filter(() => r.chance(0.3)).map((test) => ({
      test,
      score: score(test),
    })),
    min_work_years: r.chance(0.3) ? r.int(0, 5) : null,
  };
}

function qualifications(): Qualifications {
  return {
    education: r.chance(0.8) ? r.pick(EDUCATION_LEVELS) : null,
    english_scores: ENGLISH_TEST_KEYS.filter(() => r.chance(0.4)).map((test) => ({
      test,
      score: score(test),
    })),
    work_years: r.chance(0.6) ? r.int(0, 6) : null,
  };
}

/** The rows as load.ts reads them, for programmes 1..n (document = id - 1). */
function rowsOf(all: (EntryRequirements | null)[]): RequirementRows {
  const stated = all.flatMap((req, doc) => (req ? [{ req, id: doc + 1 }] : []));
  return {
    courseIds: stated.map(({ id }) => id),
    noFormal: stated.map(({ req }) => req.no_formal_requirements),
    education: stated.map(({ req }) => req.min_education),
    workYears: stated.map(({ req }) => req.min_work_years),
    tests: Object.fromEntries(
      ENGLISH_TEST_KEYS.map((test) => [
        test,
        stated.map(({ req }) => req.english_tests.find((t) => t.test === test)?.score ?? null),
      ]),
    ) as unknown as RequirementRows["tests"],
  };
}

describe("the index's requirement columns", () => {
  it("keep exactly the programmes whose requirements the rules say are met", () => {
    const all = Array.from({ length: 1000 }, requirements);
    const columns = new RequirementColumns(all.length, (id) => id - 1, rowsOf(all));
    let kept = 0;
    for (let n = 0; n < 150; n += 1) {
      const student = qualifications();
      const set = columns.qualifying(student);
      const docs = all.map((_, doc) => doc);
      const expected = docs.filter(
        (doc) => checkEligibility(all[doc] ?? null, student).status === "meets",
      );
      expect(
        docs.filter((doc) => has(set, doc)),
        JSON.stringify(student),
      ).toEqual(expected);
      kept += expected.length;
    }
    expect(kept).toBeGreaterThan(1000);
  });

  it("unites the groups of a catalogue with few distinct requirements, as the rules say", () => {
    const pool = Array.from({ length: 12 }, requirements);
    const all = Array.from({ length: 3000 }, () => r.pick(pool));
    const columns = new RequirementColumns(all.length, (id) => id - 1, rowsOf(all));
    for (let n = 0; n < 100; n += 1) {
      const student = qualifications();
      const set = columns.qualifying(student);
      const docs = all.map((_, doc) => doc);
      const expected = docs.filter(
        (doc) => checkEligibility(all[doc] ?? null, student).status === "meets",
      );
      expect(
        docs.filter((doc) => has(set, doc)),
        JSON.stringify(student),
      ).toEqual(expected);
    }
  });

  it("answers the same set again for the same qualifications without scanning", () => {
    const all = Array.from({ length: 50 }, requirements);
    const columns = new RequirementColumns(all.length, (id) => id - 1, rowsOf(all));
    const student = qualifications();
    expect(columns.qualifying({ ...student })).toBe(columns.qualifying(student));
  });

  it("ignores programmes that are not documents of the index", () => {
    const open = {
      no_formal_requirements: true,
      min_education: null,
      english_tests: [],
      min_work_years: null,
    };
    const strict = { ...open, no_formal_requirements: false, min_education: "master" as const };
    // Programme 2 (open to all) is not public: only programme 1 is a document.
    const columns = new RequirementColumns(1, (id) => (id === 1 ? 0 : -1), rowsOf([strict, open]));
    const student = { education: "secondary" as const, english_scores: [], work_years: null };
    expect(has(columns.qualifying(student), 0)).toBe(false);
    expect(columns.qualifying(student)).toHaveLength(1);
  });
});
