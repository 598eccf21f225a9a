// The programmes' structured entry requirements as typed columns by document (ADR 011, docs/
// decisions/054-entry-requirements-and-eligibility.md), and "only programmes I qualify for": the
// same answers as the SQL condition (eligibility/qualifies-sql.ts), the tests' oracle. Catalogues
// state few distinct requirements, so the documents are grouped by them and a student's set is
// the union of the groups the rules say they meet; past MAX_PROFILES groups, one pass over the
// typed columns. The last few students' sets are kept, so paging through a list computes once
// (bench/RESULTS.md, "eligibility filter").
import {
  EDUCATION_LEVELS,
  ENGLISH_TEST_KEYS,
  type EducationLevel,
  type EnglishTest,
  type EntryRequirements,
  type Qualifications,
} from "@studyatlas/schemas/entry-requirements.ts";

import { checkEligibility } from "../eligibility/eligibility.ts";
import { type Bitset, add, emptySet, orInto } from "./index/bitset.ts";

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

/** Past this many distinct requirements, a student's set is scanned rather than united. */
const MAX_PROFILES = 64;

export class RequirementColumns {
  private readonly size: number;
  /** 0: not stated; 1: stated; 2: no formal requirements. */
  private readonly stated: Uint8Array;
  /** Minimum education rank from 1 (secondary); 0: none. */
  private readonly education: Uint8Array;
  /** Each test's minimum score, in ENGLISH_TEST_KEYS' order; NaN: the test is not accepted. */
  private readonly tests: Float64Array[];
  /** The tests each programme accepts, one bit per test in ENGLISH_TEST_KEYS' order. */
  private readonly accepted: Uint8Array;
  private readonly workYears: Uint8Array;
  /**
   * The distinct requirements and their documents, while there are few (MAX_PROFILES): a
   * student's set is then the union of the profiles the rules say they meet, with no scan.
   */
  private readonly profiles: { requirements: EntryRequirements; docs: Bitset }[] | undefined;
  private readonly kept = new Map<string, Bitset>();

  constructor(size: number, docOf: (id: number) => number, rows: RequirementRows) {
    this.size = size;
    this.stated = new Uint8Array(size);
    this.education = new Uint8Array(size);
    this.workYears = new Uint8Array(size);
    this.accepted = new Uint8Array(size);
    this.tests = ENGLISH_TEST_KEYS.map(() => new Float64Array(size).fill(Number.NaN));
    rows.courseIds.forEach((id, row) => {
      const doc = docOf(id);
      if (doc < 0) return;
      const level = rows.education[row] ?? null;
      const education = level === null ? 0 : EDUCATION_LEVELS.indexOf(level) + 1;
      const work = rows.workYears[row] ?? 0;
      let mask = 0;
      ENGLISH_TEST_KEYS.forEach((test, position) => {
        const score = rows.tests[test][row] ?? null;
        if (score === null) return;
        (this.tests[position] as Float64Array)[doc] = score;
        mask |= 1 << position;
      });
      const states = education > 0 || work > 0 || mask !== 0;
      this.stated[doc] = rows.noFormal[row] ? 2 : states ? 1 : 0;
      this.education[doc] = education;
      this.workYears[doc] = work;
      this.accepted[doc] = mask;
    });
    this.profiles = this.groupProfiles();
  }

  /** Groups the documents by their requirements, or undefined past MAX_PROFILES of them. */
  private groupProfiles(): { requirements: EntryRequirements; docs: Bitset }[] | undefined {
    const byKey = new Map<string, { requirements: EntryRequirements; docs: Bitset }>();
    for (let doc = 0; doc < this.size; doc += 1) {
      const state = this.stated[doc] as number;
      if (state === 0) continue;
      const scores = this.tests.map((column) => column[doc] as number);
      const key = `${state}|${this.education[doc]}|${this.workYears[doc]}|${scores.join(",")}`;
      let profile = byKey.get(key);
      if (!profile) {
        if (byKey.size >= MAX_PROFILES) return undefined;
        const education = this.education[doc] as number;
        profile = {
          requirements: {
            no_formal_requirements: state === 2,
            min_education: education > 0 ? (EDUCATION_LEVELS[education - 1] ?? null) : null,
            english_tests: ENGLISH_TEST_KEYS.flatMap((test, position) =>
              Number.isNaN(scores[position]) ? [] : [{ test, score: scores[position] as number }],
            ),
            min_work_years: (this.workYears[doc] as number) || null,
          },
          docs: emptySet(this.size),
        };
        byKey.set(key, profile);
      }
      add(profile.docs, doc);
    }
    return [...byKey.values()];
  }

  /** The documents whose every requirement the student is known to meet. */
  qualifying(qualifications: Qualifications): Bitset {
    const key = JSON.stringify(qualifications);
    const kept = this.kept.get(key);
    if (kept) return kept;
    const set = this.profiles
      ? this.union(qualifications, this.profiles)
      : this.scan(qualifications);
    if (this.kept.size >= KEPT_SETS) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(key, set);
    return set;
  }

  /** The union of the profiles the student meets, by the rules themselves (checkEligibility). */
  private union(
    qualifications: Qualifications,
    profiles: readonly { requirements: EntryRequirements; docs: Bitset }[],
  ): Bitset {
    const set = emptySet(this.size);
    for (const profile of profiles) {
      if (checkEligibility(profile.requirements, qualifications).status === "meets") {
        orInto(set, profile.docs);
      }
    }
    return set;
  }

  /** One pass over flat typed columns, no call per programme (ADR 054's "same speed"). */
  private scan(qualifications: Qualifications): Bitset {
    const set = emptySet(this.size);
    const rank = qualifications.education
      ? EDUCATION_LEVELS.indexOf(qualifications.education) + 1
      : 0;
    const work = qualifications.work_years ?? 0;
    // The student's tests as parallel arrays (monomorphic reads in the loop).
    const count = qualifications.english_scores.length;
    const bits = new Int32Array(count);
    const scores = new Float64Array(count);
    const minimums: Float64Array[] = [];
    qualifications.english_scores.forEach(({ test, score }, index) => {
      const position = ENGLISH_TEST_KEYS.indexOf(test);
      bits[index] = 1 << position;
      scores[index] = score;
      minimums.push(this.tests[position] as Float64Array);
    });
    const { stated, education, workYears, accepted, size } = this;
    for (let doc = 0; doc < size; doc += 1) {
      const state = stated[doc] as number;
      if (state === 0) continue;
      if (state === 2) {
        set[doc >>> 5] = (set[doc >>> 5] as number) | (1 << (doc & 31));
        continue;
      }
      if ((education[doc] as number) > rank || (workYears[doc] as number) > work) continue;
      const mask = accepted[doc] as number;
      let english = mask === 0;
      for (let t = 0; !english && t < count; t += 1) {
        english =
          (mask & (bits[t] as number)) !== 0 &&
          ((minimums[t] as Float64Array)[doc] as number) <= (scores[t] as number);
      }
      if (english) set[doc >>> 5] = (set[doc >>> 5] as number) | (1 << (doc & 31));
    }
    return set;
  }
}
