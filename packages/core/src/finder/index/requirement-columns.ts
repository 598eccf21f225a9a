// The programmes' structured entry requirements as typed columns by document (ADR 011, docs/
// decisions/054-entry-requirements-and-eligibility.md), and "only programmes I qualify for" as a
// scan of them: the same answers as the SQL condition (eligibility/qualifies-sql.ts), which is the
// oracle of the tests. A scan of a few typed arrays costs about a millisecond per 100,000
// programmes; the last few students' sets are kept, so paging through a list scans once.
import {
  EDUCATION_LEVELS,
  ENGLISH_TEST_KEYS,
  type EducationLevel,
  type EnglishTest,
  type Qualifications,
} from "@studyatlas/schemas/entry-requirements.ts";

import { type Bitset, add, emptySet } from "./bitset.ts";

/** Every stated requirement as parallel arrays, one element per programme (load.ts). */
export interface RequirementRows {
  courseIds: readonly number[];
  noFormal: readonly boolean[];
  education: readonly (EducationLevel | null)[];
  tests: Record<EnglishTest, readonly (number | null)[]>;
  workYears: readonly (number | null)[];
}

export const NO_REQUIREMENT_ROWS: RequirementRows = {
  courseIds: [],
  noFormal: [],
  education: [],
  tests: { ielts: [], toefl_ibt: [], duolingo: [], pte: [], cambridge: [] },
  workYears: [],
};

const KEPT_SETS = 16;

export class RequirementColumns {
  private readonly size: number;
  /** 0: not stated; 1: stated; 2: no formal requirements. */
  private readonly stated: Uint8Array;
  /** Minimum education rank from 1 (secondary); 0: none. */
  private readonly education: Uint8Array;
  /** Each test's minimum score; NaN: the test is not accepted. */
  private readonly tests: Map<EnglishTest, Float64Array>;
  private readonly workYears: Uint8Array;
  private readonly kept = new Map<string, Bitset>();

  constructor(size: number, docOf: (id: number) => number, rows: RequirementRows) {
    this.size = size;
    this.stated = new Uint8Array(size);
    this.education = new Uint8Array(size);
    this.workYears = new Uint8Array(size);
    this.tests = new Map(
      ENGLISH_TEST_KEYS.map((test) => [test, new Float64Array(size).fill(Number.NaN)]),
    );
    rows.courseIds.forEach((id, row) => {
      const doc = docOf(id);
      if (doc < 0) return;
      const level = rows.education[row] ?? null;
      const education = level === null ? 0 : EDUCATION_LEVELS.indexOf(level) + 1;
      const work = rows.workYears[row] ?? 0;
      let states = education > 0 || work > 0;
      for (const test of ENGLISH_TEST_KEYS) {
        const score = rows.tests[test][row] ?? null;
        if (score === null) continue;
        (this.tests.get(test) as Float64Array)[doc] = score;
        states = true;
      }
      this.stated[doc] = rows.noFormal[row] ? 2 : states ? 1 : 0;
      this.education[doc] = education;
      this.workYears[doc] = work;
    });
  }

  /** The documents whose every requirement the student is known to meet. */
  qualifying(qualifications: Qualifications): Bitset {
    const key = JSON.stringify(qualifications);
    const kept = this.kept.get(key);
    if (kept) return kept;
    const set = this.scan(qualifications);
    if (this.kept.size >= KEPT_SETS) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(key, set);
    return set;
  }

  private scan(qualifications: Qualifications): Bitset {
    const set = emptySet(this.size);
    const rank = qualifications.education
      ? EDUCATION_LEVELS.indexOf(qualifications.education) + 1
      : 0;
    const work = qualifications.work_years ?? 0;
    const taken = qualifications.english_scores.map(({ test, score }) => ({
      minimum: this.tests.get(test) as Float64Array,
      score,
    }));
    const accepted = [...this.tests.values()];
    for (let doc = 0; doc < this.size; doc += 1) {
      const stated = this.stated[doc] as number;
      if (stated === 0) continue;
      if (stated === 2) {
        add(set, doc);
        continue;
      }
      if ((this.education[doc] as number) > rank) continue;
      if ((this.workYears[doc] as number) > work) continue;
      if (!accepted.some((minimum) => !Number.isNaN(minimum[doc] as number))) {
        add(set, doc);
        continue;
      }
      if (taken.some(({ minimum, score }) => (minimum[doc] as number) <= score)) add(set, doc);
    }
    return set;
  }
}
