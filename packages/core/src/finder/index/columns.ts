// Every public programme as a document number, in name order (ADR 011), with the filter values as
// typed columns and each value's documents as a set: what the filters, the orders and the facets
// of the index read.
import { DURATION_BUCKETS } from "@studyatlas/schemas/catalogue-constants.ts";

import { type Bitset, add, emptySet, fullSet } from "./bitset.ts";

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
  /** Every programme–discipline link, as two parallel arrays (programmes not indexed are skipped). */
  links: { courseIds: readonly number[]; disciplineIds: readonly number[] };
  /**
   * The ids of the published programmes of unpublished schools: not documents, but the free-text
   * mode probe counts them (postings.ts). Without the list, the index never says that no
   * programme matches a text (SQL probes instead).
   */
  hiddenPublished?: readonly number[];
}

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

export class IndexColumns {
  readonly size: number;
  /** Each document's programme id. */
  readonly ids: Int32Array;
  /** Document number of each programme id (-1: not public), for the free-text matches. */
  readonly docOfId: Int32Array;
  readonly countryOf: Int32Array;
  readonly degreeTypeOf: Int32Array;
  readonly maxCountryId: number;
  readonly maxDegreeTypeId: number;
  /** The fee in USD (NaN: unknown). */
  readonly tuitionUsd: Float64Array;
  readonly durationDays: Int32Array;
  readonly shuffleKey: Int32Array;
  /** The start as year * 12 + month. */
  readonly startYm: Int32Array;
  /** Every document 0..size-1. */
  readonly all: Bitset;
  readonly byProgrammeType: Map<number, Bitset>;
  readonly byDiscipline: Map<number, Bitset>;
  readonly byCountry: Map<number, Bitset>;
  readonly byContinent: Map<string, Bitset>;
  readonly byDegreeType: Map<number, Bitset>;
  readonly byAttendance: Map<string, Bitset>;
  readonly byFormat: Map<string, Bitset>;
  readonly bySchool: Map<number, number[]>;
  readonly featured: Bitset;
  readonly freeOrUnknown: Bitset;
  /** The documents of each of the finder's duration buckets (DURATION_BUCKETS' order). */
  readonly durationBuckets: Bitset[];

  constructor(courses: readonly IndexedCourse[], links: IndexExtras["links"]) {
    const size = courses.length;
    this.size = size;
    const column = <T>(pick: (course: IndexedCourse) => T) => courses.map(pick);
    this.ids = Int32Array.from(column((c) => c.id));
    let maxId = 0;
    for (const id of this.ids) if (id > maxId) maxId = id;
    this.docOfId = new Int32Array(maxId + 1).fill(-1);
    this.ids.forEach((id, doc) => {
      this.docOfId[id] = doc;
    });
    this.countryOf = Int32Array.from(column((c) => c.countryId));
    this.degreeTypeOf = Int32Array.from(column((c) => c.degreeTypeId ?? -1));
    this.maxCountryId = this.countryOf.reduce((max, id) => Math.max(max, id), 0);
    this.maxDegreeTypeId = this.degreeTypeOf.reduce((max, id) => Math.max(max, id), 0);
    this.tuitionUsd = Float64Array.from(column((c) => c.tuitionFeeUsd ?? Number.NaN));
    this.durationDays = Int32Array.from(column((c) => c.durationDays));
    this.shuffleKey = Int32Array.from(column((c) => c.shuffleKey));
    this.startYm = Int32Array.from(column((c) => c.startYear * 12 + c.startMonth));
    this.all = fullSet(size);

    const at = (doc: number) => courses[doc] as IndexedCourse;
    this.byProgrammeType = groupBy(size, (doc) => at(doc).programmeTypeId);
    this.byCountry = groupBy(size, (doc) => at(doc).countryId);
    this.byContinent = groupBy(size, (doc) => at(doc).continent);
    this.byDegreeType = groupBy(size, (doc) => at(doc).degreeTypeId ?? undefined);
    this.byAttendance = groupBy(size, (doc) => at(doc).attendance);
    this.byFormat = groupBy(size, (doc) => at(doc).courseFormat);
    this.byDiscipline = this.disciplineSets(links);
    this.bySchool = new Map();
    this.featured = emptySet(size);
    this.freeOrUnknown = emptySet(size);
    this.durationBuckets = DURATION_BUCKETS.map(() => emptySet(size));
    for (let doc = 0; doc < size; doc += 1) {
      const course = at(doc);
      const school = this.bySchool.get(course.schoolId);
      if (school) school.push(doc);
      else this.bySchool.set(course.schoolId, [doc]);
      if (course.featured) add(this.featured, doc);
      if (course.tuitionFee <= 0) add(this.freeOrUnknown, doc);
      DURATION_BUCKETS.forEach((bucket, index) => {
        if (
          course.durationDays >= bucket.min &&
          (bucket.max === null || course.durationDays <= bucket.max)
        ) {
          add(this.durationBuckets[index] as Bitset, doc);
        }
      });
    }
  }

  /** A programme's document number, or -1 when it is not public (or unknown to the index). */
  docOf(id: number): number {
    return id < this.docOfId.length ? (this.docOfId[id] as number) : -1;
  }

  /** Each discipline's documents, from the programme–discipline links. */
  private disciplineSets(links: IndexExtras["links"]): Map<number, Bitset> {
    const sets = new Map<number, Bitset>();
    const { courseIds, disciplineIds } = links;
    for (let i = 0; i < courseIds.length; i += 1) {
      const id = courseIds[i] as number;
      const doc = id < this.docOfId.length ? (this.docOfId[id] as number) : -1;
      if (doc < 0) continue;
      const disciplineId = disciplineIds[i] as number;
      let set = sets.get(disciplineId);
      if (!set) {
        set = emptySet(this.size);
        sets.set(disciplineId, set);
      }
      add(set, doc);
    }
    return sets;
  }
}
