// Every public programme as a document number, in name order (ADR 011), with the filter values as
// typed columns and each value's documents as a set: what the filters, the orders and the facets
// of the index read.
import { DURATION_BUCKETS } from "@studyatlas/schemas/catalogue-constants.ts";

import { type Bitset, add, emptySet, fullSet } from "./bitset.ts";
import {
  NO_REQUIREMENT_ROWS,
  RequirementColumns,
  type RequirementRows,
} from "../requirement-columns.ts";

/** One public programme as the index loads it (load.ts), in name order. */
export interface IndexedCourse {
  id: number;
  programmeTypeId: number;
  degreeTypeId: number | null;
  schoolId: number;
  countryId: number;
  continent: string;
  tuitionFee: number;
  tuitionFeeUsd: number | null;
  /** The total cost in USD (tuition_total_usd, ADR 051); null when unknown. */
  tuitionTotalUsd: number | null;
  durationDays: number;
  attendance: string;
  courseFormat: string;
  featured: boolean;
  shuffleKey: number;
  startYear: number;
  startMonth: number;
}

/**
 * What the index needs beside the programmes, as arrays rather than per-programme fields (one
 * object fewer per programme while building: the start's memory at a million).
 */
export interface IndexExtras {
  /** Each document's 1-based position in `tuition_fee_usd asc nulls last, id asc`. */
  tuitionRank: Int32Array;
  /** The same in `tuition_fee_usd desc nulls last, id asc`. */
  tuitionDescRank: Int32Array;
  /** Each document's 1-based position in `tuition_total_usd asc nulls last, id asc` (ADR 051). */
  totalRank: Int32Array;
  /** The same in `tuition_total_usd desc nulls last, id asc`. */
  totalDescRank: Int32Array;
  /** Every programme–discipline link, as two parallel arrays (programmes not indexed are skipped). */
  links: { courseIds: readonly number[]; disciplineIds: readonly number[] };
  /**
   * The ids of the published programmes of unpublished schools: not documents, but the free-text
   * mode probe counts them (postings.ts). Without the list, the index never says that no
   * programme matches a text (SQL probes instead).
   */
  hiddenPublished?: readonly number[];
  /** The stated entry requirements (ADR 054), for "only programmes I qualify for". */
  requirements?: RequirementRows;
  /**
   * Each currency's units per US dollar as the totals were read (ADR 051), by upper-case code: a
   * budget is converted at the rates of the totals it is compared with.
   */
  usdRates?: ReadonlyMap<string, number>;
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

function groupBy<K>(size: number, keyOf: (doc: number) => K | undefined): Map<K, Bitset> {
  const sets = new Map<K, Bitset>();
  for (let doc = 0; doc < size; doc += 1) {
    const key = keyOf(doc);
    if (key === undefined) continue;
    let set = sets.get(key);
    if (!set) {
      set = emptySet(size);
      sets.set(key, set);
    }
    add(set, doc);
  }
  return sets;
}

// The fields are written by columnSteps, in the constructor or in `build`.
export class IndexColumns {
  readonly size!: number;
  /** Each document's programme id. */
  readonly ids!: Int32Array;
  /** Document number of each programme id (-1: not public), for the free-text matches. */
  readonly docOfId!: Int32Array;
  readonly countryOf!: Int32Array;
  readonly degreeTypeOf!: Int32Array;
  readonly maxCountryId!: number;
  readonly maxDegreeTypeId!: number;
  /** The fee in USD (NaN: unknown). */
  readonly tuitionUsd!: Float64Array;
  /** The total cost in USD (NaN: unknown). */
  readonly totalUsd!: Float64Array;
  readonly durationDays!: Int32Array;
  readonly shuffleKey!: Int32Array;
  /** The start as year * 12 + month. */
  readonly startYm!: Int32Array;
  /** Every document 0..size-1. */
  readonly all!: Bitset;
  readonly byProgrammeType!: Map<number, Bitset>;
  readonly byDiscipline!: Map<number, Bitset>;
  readonly byCountry!: Map<number, Bitset>;
  readonly byContinent!: Map<string, Bitset>;
  readonly byDegreeType!: Map<number, Bitset>;
  readonly byAttendance!: Map<string, Bitset>;
  readonly byFormat!: Map<string, Bitset>;
  readonly bySchool!: Map<number, number[]>;
  readonly featured!: Bitset;
  readonly freeOrUnknown!: Bitset;
  /** The documents of each of the finder's duration buckets (DURATION_BUCKETS' order). */
  readonly durationBuckets!: Bitset[];
  /** The stated entry requirements by document (ADR 054). */
  readonly requirements!: RequirementColumns;

  /** Builds the columns in one go (tests); `IndexColumns.build` lets requests in between steps. */
  constructor(
    courses: readonly IndexedCourse[],
    links: IndexExtras["links"],
    requirements: RequirementRows = NO_REQUIREMENT_ROWS,
  ) {
    for (const _step of columnSteps(this, courses, links, requirements));
  }

  /** Builds the columns step by step, awaiting `pause` between two steps (CourseIndex.build). */
  static async build(
    courses: readonly IndexedCourse[],
    links: IndexExtras["links"],
    pause: () => Promise<void>,
    requirements: RequirementRows = NO_REQUIREMENT_ROWS,
  ): Promise<IndexColumns> {
    const target = Object.create(IndexColumns.prototype) as IndexColumns;
    for (const _step of columnSteps(target, courses, links, requirements)) await pause();
    return target;
  }

  /** A programme's document number, or -1 when it is not public (or unknown to the index). */
  docOf(id: number): number {
    return id < this.docOfId.length ? (this.docOfId[id] as number) : -1;
  }
}

/** Each discipline's documents, from the programme–discipline links. */
function disciplineSets(
  target: Writable<IndexColumns>,
  links: IndexExtras["links"],
): Map<number, Bitset> {
  const sets = new Map<number, Bitset>();
  const { courseIds, disciplineIds } = links;
  for (let i = 0; i < courseIds.length; i += 1) {
    const id = courseIds[i] as number;
    const doc = id < target.docOfId.length ? (target.docOfId[id] as number) : -1;
    if (doc < 0) continue;
    const disciplineId = disciplineIds[i] as number;
    let set = sets.get(disciplineId);
    if (!set) {
      set = emptySet(target.size);
      sets.set(disciplineId, set);
    }
    add(set, doc);
  }
  return sets;
}

/**
 * The columns' steps, each a pass over the programmes or links (about 50 ms at 100,000 programmes),
 * writing `target`'s fields: yields between two steps.
 */
function* columnSteps(
  target: Writable<IndexColumns>,
  courses: readonly IndexedCourse[],
  links: IndexExtras["links"],
  requirements: RequirementRows,
): Generator<void, void, undefined> {
  const size = courses.length;
  target.size = size;
  const column = <T>(pick: (course: IndexedCourse) => T) => courses.map(pick);
  target.ids = Int32Array.from(column((c) => c.id));
  let maxId = 0;
  for (const id of target.ids) if (id > maxId) maxId = id;
  target.docOfId = new Int32Array(maxId + 1).fill(-1);
  target.ids.forEach((id, doc) => {
    target.docOfId[id] = doc;
  });
  yield;
  target.countryOf = Int32Array.from(column((c) => c.countryId));
  target.degreeTypeOf = Int32Array.from(column((c) => c.degreeTypeId ?? -1));
  target.maxCountryId = target.countryOf.reduce((max, id) => Math.max(max, id), 0);
  target.maxDegreeTypeId = target.degreeTypeOf.reduce((max, id) => Math.max(max, id), 0);
  target.tuitionUsd = Float64Array.from(column((c) => c.tuitionFeeUsd ?? Number.NaN));
  target.totalUsd = Float64Array.from(column((c) => c.tuitionTotalUsd ?? Number.NaN));
  target.durationDays = Int32Array.from(column((c) => c.durationDays));
  target.shuffleKey = Int32Array.from(column((c) => c.shuffleKey));
  target.startYm = Int32Array.from(column((c) => c.startYear * 12 + c.startMonth));
  target.all = fullSet(size);
  yield;

  const at = (doc: number) => courses[doc] as IndexedCourse;
  target.byProgrammeType = groupBy(size, (doc) => at(doc).programmeTypeId);
  yield;
  target.byCountry = groupBy(size, (doc) => at(doc).countryId);
  yield;
  target.byContinent = groupBy(size, (doc) => at(doc).continent);
  yield;
  target.byDegreeType = groupBy(size, (doc) => at(doc).degreeTypeId ?? undefined);
  yield;
  target.byAttendance = groupBy(size, (doc) => at(doc).attendance);
  yield;
  target.byFormat = groupBy(size, (doc) => at(doc).courseFormat);
  yield;
  target.byDiscipline = disciplineSets(target, links);
  yield;
  target.bySchool = new Map();
  target.featured = emptySet(size);
  target.freeOrUnknown = emptySet(size);
  target.durationBuckets = DURATION_BUCKETS.map(() => emptySet(size));
  for (let doc = 0; doc < size; doc += 1) {
    const course = at(doc);
    const school = target.bySchool.get(course.schoolId);
    if (school) school.push(doc);
    else target.bySchool.set(course.schoolId, [doc]);
    if (course.featured) add(target.featured, doc);
    if (course.tuitionFee <= 0) add(target.freeOrUnknown, doc);
    DURATION_BUCKETS.forEach((bucket, index) => {
      if (
        course.durationDays >= bucket.min &&
        (bucket.max === null || course.durationDays <= bucket.max)
      ) {
        add(target.durationBuckets[index] as Bitset, doc);
      }
    });
  }
  yield;
  target.requirements = new RequirementColumns(size, (id) => target.docOf(id), requirements);
}
