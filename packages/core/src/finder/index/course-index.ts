// The finder's in-process index (issue 14; ADR 011): every public programme as a document number,
// with the filter values as columns and sets, so that the list, the total and every facet count
// (each facet with its own filter removed) are answered without a query plan whose cost grows
// with the catalogue. Document numbers follow the name order, so the default order is the
// documents' own. PostgreSQL stays the only store of record: the index is built from it
// (search-index/load.ts) and rebuilt when the catalogue changes.
//
// Free text (text-match.ts): PostgreSQL turns the typed text into a tsquery (corrected words), and
// the index evaluates it over per-lexeme sets it keeps (each asked of PostgreSQL once), then
// combines that set with the filters, counts and orders it. The relevance order of full-text
// matches is computed here as PostgreSQL computes it (relevance.ts: ts_rank + word_similarity, bit
// for bit, from the lexemes' positions kept with their sets); where that cannot be exact,
// PostgreSQL ranks the matching ids (courses.ts). Without a text set, a request with free text is
// not answered here.
import type { CourseFacets } from "@studyatlas/schemas/finder.ts";
import {
  ATTENDANCE_OPTIONS,
  DURATION_BUCKETS,
  FORMAT_OPTIONS,
} from "@studyatlas/schemas/catalogue-constants.ts";
import { MAX_INT4 } from "@studyatlas/schemas/limits.ts";

import type { CourseFilters, CourseListRequest } from "../courses.ts";
import {
  type Bitset,
  add,
  andCount,
  andInto,
  count,
  difference,
  emptySet,
  tally,
  tallyTwo,
  forEachDoc,
  fromDocs,
  fullSet,
  has,
  orInto,
} from "./bitset.ts";
import type { SearchVocabulary } from "../search-vocabulary.ts";
import type { CardReferences } from "./card-references.ts";
import {
  type PostingPositions,
  parsePostingPositions,
  positionsBytes,
  rankOperands,
  documentOperands,
  relevanceScore,
  tsRank,
  topByRelevance,
  markQueryTrigrams,
  queryTrigrams,
  similarityBound,
  similarityOfMarked,
  trigramSequence,
  trigramTable,
  type TrigramTable,
} from "./relevance.ts";
import { evaluate, hasNot, lexemesOfQuery, type QueryNode } from "./text-match.ts";

/** The public documents matching a request's free text (text-match.ts). */
export interface TextSet {
  docs: Bitset;
  /**
   * For similar names: the matching documents' ranges in relevance order (similarity, then name).
   * Absent for full-text matches.
   */
  ranked?: ReadonlyArray<{ from: number; to: number }>;
  /**
   * For full-text matches: what their relevance order needs (relevance.ts): the parsed tsquery, its
   * lexemes' postings with their positions, and the corrected text as word_similarity reads it.
   */
  fullText?: {
    query: QueryNode;
    postings: ReadonlyMap<string, LexemePosting>;
    searchText: string;
  };
}

/**
 * The programmes holding one lexeme, as PostgreSQL's `@@` found them among published programmes
 * (text-match.ts), split the way the index sees them.
 */
export interface LexemePosting {
  /** The public documents (published programmes of published schools). */
  docs: Bitset;
  /**
   * The published programmes of unpublished schools, as positions in the index's list of them
   * (`hiddenPublished`): not public, but the text-match mode probe counts them (ADR 005).
   */
  hidden: Bitset;
  /**
   * Published programmes the index does not know at all: the catalogue changed after the index
   * was read (its notice is on the way). The index then cannot say that nothing matches.
   */
  unknown: boolean;
  /**
   * The lexeme's positions and weights in each public document's search_vector, for the relevance
   * order (relevance.ts); absent until they are read (after the set, text-match.ts) or when
   * PostgreSQL's answer could not be read: SQL ranks then.
   */
  positions?: PostingPositions;
  /** What the posting takes in memory (bytes), for the budget. */
  bytes: number;
}

/** A list answer: the page's ids, or (full-text relevance) every match for PostgreSQL to rank. */
export type IndexListAnswer =
  { count: number; ids: number[] } | { count: number; rankInSql: Int32Array };

/**
 * The budget for kept lexeme sets with their positions (bytes, counted as held): 64 MiB, the least
 * recently used dropped beyond it (the one just read is always kept). A set is 12.5 KB at 100,000
 * programmes and 125 KB at a million; positions take 10 bytes per document holding the lexeme
 * and 2 per further occurrence (about 5 MB for a lexeme in half of a million programmes). The
 * process must stay under 1 GiB at a million programmes (ADR 011).
 */
const POSTINGS_BUDGET_BYTES = 64 * 2 ** 20;

/**
 * How much of the budget a process fills ahead of the searches with the vocabulary's commonest
 * lexemes (finder-index.ts, `readCommonPostings`):
 * - their sets: a quarter, 16 MiB, up to 200,000 programmes (every vocabulary word at 100,000),
 *   and proportionally less above (3.2 MiB, about 25 words, at a million, where each set read
 *   also leaves large transient arrays that the process's memory limit must absorb);
 * - then the positions of the commonest of them, up to half the budget, 32 MiB, at any size:
 *   every set's at 100,000 (13.8 MiB), the dozen commonest words' at a million, where each costs
 *   PostgreSQL up to two seconds and was the slowest first search of all (ADR 030). Both
 *   shares, with the lexeme that crosses each, stay within the budget.
 */
export function readAheadBudget(size: number): { sets: number; positions: number } {
  return {
    sets: Math.floor((POSTINGS_BUDGET_BYTES / 4) * Math.min(1, 200_000 / Math.max(1, size))),
    positions: POSTINGS_BUDGET_BYTES / 2,
  };
}

/** About this many prefixes of the tuition order are kept as sets (`tuitionBetween`). */
const TUITION_PREFIXES = 64;
/** Fewer documents than this between two prefixes are not worth a set each. */
const TUITION_MIN_STEP = 64;

/** `counts[i] = totals[i] - counts[i]`: a base's tally from its complement's (`tallyBase`). */
function fromTotals(totals: Int32Array, counts: Int32Array): void {
  for (let i = 0; i < counts.length; i += 1) {
    counts[i] = (totals[i] as number) - (counts[i] as number);
  }
}

function mapValues<K, V, W>(map: ReadonlyMap<K, V>, change: (value: V) => W): Map<K, W> {
  const changed = new Map<K, W>();
  for (const [key, value] of map) changed.set(key, change(value));
  return changed;
}

/** The documents in rank order, from each document's 1-based rank (a permutation of 1..n). */
function permutationOfRanks(ranks: Int32Array): Int32Array {
  const order = new Int32Array(ranks.length);
  for (let doc = 0; doc < ranks.length; doc += 1) order[(ranks[doc] as number) - 1] = doc;
  return order;
}

/** One public programme as the index loads it (search-index/load.ts), in name order. */
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
   * mode probe counts them (text-match.ts). Without the list, the index never says that no
   * programme matches a text (SQL probes instead).
   */
  hiddenPublished?: readonly number[];
}

/** The facets' option lists, in the order the SQL facets give them. */
export interface FacetOptions {
  disciplines: readonly { id: number; slug: string; name: string }[];
  programmeTypes: readonly { id: number; slug: string; label: string }[];
  degreeTypes: readonly { id: number; name: string; short_name: string }[];
  countries: readonly { id: number; slug: string; name: string }[];
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

/** Docs sorted by the given key (ties by the docs' own order, i.e. by id where the key says so). */
function orderBy(size: number, compare: (a: number, b: number) => number): Int32Array {
  const order = Int32Array.from({ length: size }, (_, doc) => doc);
  order.sort(compare);
  return order;
}

/** The facet groups: each facet's count removes its own group. */
export type FacetGroup =
  | "discipline"
  | "programme"
  | "duration"
  | "degree_type"
  | "attendance"
  | "course_format"
  | "country";

/** The facets counted from a set per option (degree types and countries are tallied). */
const OPTION_SET_GROUPS: readonly FacetGroup[] = [
  "discipline",
  "programme",
  "duration",
  "attendance",
  "course_format",
];

export class CourseIndex {
  readonly size: number;
  /**
   * What the programme cards nest (schools, currencies, types, languages, disciplines), read with
   * the index and as current as it (card-references.ts); absent, the cards come from SQL whole.
   */
  readonly cardReferences: CardReferences | undefined;
  /**
   * The search vocabulary for misspelling correction (search-vocabulary.ts), read with the index
   * and replaced by the holder when the vocabulary alone is refreshed; absent, SQL corrects.
   */
  vocabulary: SearchVocabulary | undefined;
  private readonly ids: Int32Array;
  /** Document number of each programme id (-1: not public), for the free-text matches. */
  private readonly docOfId: Int32Array;
  private readonly countryOf: Int32Array;
  private readonly degreeTypeOf: Int32Array;
  /** Every document 0..size-1 and its tallies (`tallyBase`), made on first need. */
  private everyDoc: Bitset | undefined;
  private everyTallies: { degree: Int32Array; country: Int32Array } | undefined;
  private readonly maxCountryId: number;
  private readonly maxDegreeTypeId: number;
  private readonly tuitionFee: Float64Array;
  private readonly tuitionUsd: Float64Array;
  private readonly durationDays: Int32Array;
  private readonly shuffleKey: Int32Array;
  private readonly startYm: Int32Array;
  private readonly all: Bitset;
  private readonly byProgrammeType: Map<number, Bitset>;
  private readonly byDiscipline: Map<number, Bitset>;
  private readonly byCountry: Map<number, Bitset>;
  private readonly byContinent: Map<string, Bitset>;
  private readonly byDegreeType: Map<number, Bitset>;
  private readonly byAttendance: Map<string, Bitset>;
  private readonly byFormat: Map<string, Bitset>;
  private readonly bySchool: Map<number, number[]>;
  private readonly featured: Bitset;
  private readonly freeOrUnknown: Bitset;
  private readonly durationBuckets: Bitset[];
  /**
   * For facets counted over few documents (`facetCodes`): each document's programme type,
   * duration bucket, attendance and format, as 1 + their position in the facet's option list (0:
   * none), four bits each; and its disciplines as positions in the option list (CSR: document
   * `doc`'s are `disciplineCodes[disciplineStart[doc] .. disciplineStart[doc + 1]]`). Undefined
   * when an option list is too long for its bits.
   */
  private readonly facetCodes:
    { packed: Int32Array; disciplineStart: Int32Array; disciplineCodes: Uint8Array } | undefined;
  private readonly tuitionOrder: Int32Array;
  /**
   * Prefixes of the tuition order as sets: `tuitionPrefixes[k]` holds the documents at positions
   * [0, k * tuitionStep). A fee range is a slice of the order: the difference of two prefixes plus
   * its two ends, so its set costs a pass over the words rather than one step per document
   * (about 64 sets: 8 MB at a million programmes).
   */
  private readonly tuitionPrefixes: Bitset[];
  private readonly tuitionStep: number;
  private readonly tuitionDescOrder: Int32Array;
  private readonly shuffleOrder: Int32Array;
  /** Announced start dates by (year, month, id), then the rest the same way. */
  private readonly startOrder: Int32Array;
  private readonly announcedCount: number;

  private readonly options: FacetOptions;
  /** Each distinct `search_name`'s documents [from, to): names follow the document order. */
  private readonly nameRanges: Map<string, { from: number; to: number }> | undefined;
  /** Each kept lexeme's programmes, least recently used first. */
  private readonly postings = new Map<string, LexemePosting>();
  /** The bytes the kept postings take. */
  private postingsBytes = 0;
  /** Each document's name (`search_name`) as a position in `names`: documents follow names. */
  private readonly nameOfDoc: Int32Array | undefined;
  private readonly names: readonly string[];
  /** Each name's pg_trgm trigram sequence, numbered (relevance.ts). */
  private readonly nameTrigrams: TrigramTable;
  /** A relevance request's word similarity of each name, valid where `similarityStamps` has its stamp. */
  private readonly similarities: Float32Array;
  private readonly similarityStamps: Uint32Array;
  private similarityStamp = 0;
  /** Position of each published programme of an unpublished school in that list, by id. */
  private readonly hiddenPublished: Map<number, number> | undefined;
  private readonly allHidden: Bitset;
  private readonly disciplineBySlug: Map<string, number>;
  private readonly disciplineIds: Set<number>;
  private readonly countryBySlug: Map<string, number>;

  /**
   * `names`: every distinct `search_name` of the public programmes with its number of programmes,
   * in the documents' order; without it (or when it does not add up), similar names go to SQL.
   */
  constructor(
    courses: readonly IndexedCourse[],
    extras: IndexExtras,
    options: FacetOptions,
    names?: readonly { name: string; count: number }[],
    cardReferences?: CardReferences,
  ) {
    this.cardReferences = cardReferences;
    this.options = options;
    this.disciplineBySlug = new Map(options.disciplines.map((d) => [d.slug, d.id]));
    this.disciplineIds = new Set(options.disciplines.map((d) => d.id));
    this.countryBySlug = new Map(options.countries.map((c) => [c.slug, c.id]));
    let nameRanges: Map<string, { from: number; to: number }> | undefined;
    if (names) {
      nameRanges = new Map();
      let from = 0;
      for (const { name, count } of names) {
        nameRanges.set(name, { from, to: from + count });
        from += count;
      }
      // Read in another statement than the programmes: a change in between leaves it unusable.
      if (from !== courses.length || nameRanges.size !== names.length) nameRanges = undefined;
    }
    this.nameRanges = nameRanges;
    if (nameRanges && names) {
      this.names = names.map((row) => row.name);
      this.nameOfDoc = new Int32Array(courses.length);
      let from = 0;
      names.forEach(({ count }, position) => {
        this.nameOfDoc?.fill(position, from, from + count);
        from += count;
      });
    } else {
      this.names = [];
      this.nameOfDoc = undefined;
    }
    this.nameTrigrams = trigramTable(this.names);
    this.similarities = new Float32Array(this.names.length);
    this.similarityStamps = new Uint32Array(this.names.length);
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
    this.tuitionFee = Float64Array.from(column((c) => c.tuitionFee));
    this.tuitionUsd = Float64Array.from(column((c) => c.tuitionFeeUsd ?? Number.NaN));
    this.durationDays = Int32Array.from(column((c) => c.durationDays));
    this.shuffleKey = Int32Array.from(column((c) => c.shuffleKey));
    this.startYm = Int32Array.from(column((c) => c.startYear * 12 + c.startMonth));
    this.all = fullSet(size);
    this.hiddenPublished = extras.hiddenPublished
      ? new Map(extras.hiddenPublished.map((id, position) => [id, position]))
      : undefined;
    this.allHidden = fullSet(this.hiddenPublished?.size ?? 0);

    const at = (doc: number) => courses[doc] as IndexedCourse;
    this.byProgrammeType = groupBy(size, (doc) => at(doc).programmeTypeId);
    this.byCountry = groupBy(size, (doc) => at(doc).countryId);
    this.byContinent = groupBy(size, (doc) => at(doc).continent);
    this.byDegreeType = groupBy(size, (doc) => at(doc).degreeTypeId ?? undefined);
    this.byAttendance = groupBy(size, (doc) => at(doc).attendance);
    this.byFormat = groupBy(size, (doc) => at(doc).courseFormat);
    this.byDiscipline = new Map();
    this.bySchool = new Map();
    this.featured = emptySet(size);
    this.freeOrUnknown = emptySet(size);
    this.durationBuckets = DURATION_BUCKETS.map(() => emptySet(size));
    const { courseIds, disciplineIds } = extras.links;
    for (let i = 0; i < courseIds.length; i += 1) {
      const id = courseIds[i] as number;
      const doc = id < this.docOfId.length ? (this.docOfId[id] as number) : -1;
      if (doc < 0) continue;
      const disciplineId = disciplineIds[i] as number;
      let set = this.byDiscipline.get(disciplineId);
      if (!set) {
        set = emptySet(size);
        this.byDiscipline.set(disciplineId, set);
      }
      add(set, doc);
    }
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

    this.facetCodes = this.buildFacetCodes(courses, extras.links);

    // PostgreSQL ranked the tuition orders (1..n): each is a permutation already, no sort needed.
    this.tuitionOrder = permutationOfRanks(extras.tuitionRank);
    this.tuitionDescOrder = permutationOfRanks(extras.tuitionDescRank);
    this.tuitionStep = Math.max(TUITION_MIN_STEP, Math.ceil(size / TUITION_PREFIXES));
    this.tuitionPrefixes = [emptySet(size)];
    for (let from = 0; from + this.tuitionStep <= size; from += this.tuitionStep) {
      const prefix = Uint32Array.from(this.tuitionPrefixes.at(-1) as Bitset);
      for (let i = from; i < from + this.tuitionStep; i += 1) {
        add(prefix, this.tuitionOrder[i] as number);
      }
      this.tuitionPrefixes.push(prefix);
    }
    // The comparators read typed columns, not the course objects: a million-row sort stays cheap.
    const ids = this.ids;
    const shuffleKey = this.shuffleKey;
    this.shuffleOrder = orderBy(
      size,
      (a, b) =>
        (shuffleKey[a] as number) - (shuffleKey[b] as number) ||
        (ids[a] as number) - (ids[b] as number),
    );
    const announced = (c: IndexedCourse) => c.startYear !== 0 && c.startMonth !== 0;
    // Announced first, then by (year, month, id); months run 0..12, so year * 13 + month keeps
    // the (year, month) order exactly.
    const startKey = Float64Array.from(
      column((c) => (announced(c) ? 0 : 1e9) + c.startYear * 13 + c.startMonth),
    );
    this.startOrder = orderBy(
      size,
      (a, b) =>
        (startKey[a] as number) - (startKey[b] as number) ||
        (ids[a] as number) - (ids[b] as number),
    );
    let announcedCount = 0;
    for (const course of courses) if (announced(course)) announcedCount += 1;
    this.announcedCount = announcedCount;
  }

  /** The set for a list of values: their union, or undefined when the list is empty (no filter). */
  private anyOf<K>(sets: Map<K, Bitset>, values: readonly K[]): Bitset | undefined {
    if (values.length === 0) return undefined;
    const union = emptySet(this.size);
    for (const value of values) {
      const set = sets.get(value);
      if (set) orInto(union, set);
    }
    return union;
  }

  /**
   * The documents whose fee in USD lies in [min, max]: a slice of the tuition order (ascending,
   * unknown fees last), found by binary search, so the cost follows the answer, not the catalogue.
   */
  private tuitionBetween(min: number, max: number): Bitset {
    const usd = this.tuitionUsd;
    const order = this.tuitionOrder;
    // NaN (unknown) compares false: it is never "below min", so it sorts after every known fee.
    const from = this.firstIndex(order, 0, this.size, (doc) => !((usd[doc] as number) < min));
    const to = this.firstIndex(order, from, this.size, (doc) => !((usd[doc] as number) <= max));
    const step = this.tuitionStep;
    const first = Math.ceil(from / step);
    const last = Math.floor(to / step);
    if (last <= first) {
      const set = emptySet(this.size);
      for (let i = from; i < to; i += 1) add(set, order[i] as number);
      return set;
    }
    const set = difference(
      this.tuitionPrefixes[last] as Bitset,
      this.tuitionPrefixes[first] as Bitset,
    );
    for (let i = from; i < first * step; i += 1) add(set, order[i] as number);
    for (let i = last * step; i < to; i += 1) add(set, order[i] as number);
    return set;
  }

  private scan(keep: (doc: number) => boolean): Bitset {
    const set = emptySet(this.size);
    for (let doc = 0; doc < this.size; doc += 1) if (keep(doc)) add(set, doc);
    return set;
  }

  /** Each filter's set (undefined: that filter is not set); the facet groups apart. */
  private filterSets(
    filters: CourseFilters,
    text: TextSet | undefined,
  ): {
    fixed: Bitset;
    groups: Map<FacetGroup, Bitset>;
  } {
    const fixed = filters.published ? Uint32Array.from(this.all) : emptySet(this.size);
    if (filters.text !== undefined) {
      if (text) andInto(fixed, text.docs);
      else fixed.fill(0);
    }
    const groups = new Map<FacetGroup, Bitset>();
    const setGroup = (group: FacetGroup, set: Bitset | undefined) => {
      if (set) groups.set(group, set);
    };

    if (filters.disciplineIds.length > 0) {
      const set = Uint32Array.from(this.all);
      for (const id of filters.disciplineIds) {
        const one = this.byDiscipline.get(id);
        if (one) andInto(set, one);
        else set.fill(0);
      }
      setGroup("discipline", set);
    }
    if (filters.programmeTypeId !== undefined) {
      setGroup("programme", this.anyOf(this.byProgrammeType, [filters.programmeTypeId]));
    }
    if (filters.durations.length > 0) {
      // The finder's ranges are its buckets (kept as sets); any other range is a scan.
      const set = emptySet(this.size);
      const other = filters.durations.filter((range) => {
        const bucket = DURATION_BUCKETS.findIndex(
          (b) => b.min === range.min && b.max === range.max,
        );
        if (bucket >= 0) orInto(set, this.durationBuckets[bucket] as Bitset);
        return bucket < 0;
      });
      if (other.length > 0) {
        orInto(
          set,
          this.scan((doc) => {
            const days = this.durationDays[doc] as number;
            return other.some((r) => days >= r.min && (r.max === null || days <= r.max));
          }),
        );
      }
      setGroup("duration", set);
    }
    setGroup("degree_type", this.anyOf(this.byDegreeType, filters.degreeTypeIds));
    setGroup("attendance", this.anyOf(this.byAttendance, filters.attendance));
    setGroup("course_format", this.anyOf(this.byFormat, filters.formats));
    setGroup("country", this.anyOf(this.byCountry, filters.countryIds));

    const excluded = this.anyOf(this.byContinent, filters.excludeContinents);
    if (excluded) {
      for (let i = 0; i < fixed.length; i += 1) {
        fixed[i] = (fixed[i] as number) & ~(excluded[i] as number);
      }
    }
    if (filters.schoolId !== undefined) {
      andInto(fixed, fromDocs(this.size, this.bySchool.get(filters.schoolId) ?? []));
    }
    if (filters.tuition) {
      const tuition = filters.tuition;
      if (tuition.kind === "free-or-unknown") andInto(fixed, this.freeOrUnknown);
      else andInto(fixed, this.tuitionBetween(tuition.min, tuition.max));
    }
    if (filters.featured !== undefined) {
      if (filters.featured) andInto(fixed, this.featured);
      else {
        for (let i = 0; i < fixed.length; i += 1) {
          fixed[i] = (fixed[i] as number) & ~(this.featured[i] as number);
        }
      }
    }
    return { fixed, groups };
  }

  /** A discipline's id by its slug (the facets' list), as `findDisciplineId` finds it. */
  disciplineIdOfSlug(slug: string): number | undefined {
    return this.disciplineBySlug.get(slug);
  }

  hasDiscipline(id: number): boolean {
    return this.disciplineIds.has(id);
  }

  /**
   * How many public programmes the country's schools offer: `courses_count` of the country page
   * (countries.ts), without PostgreSQL counting them again for every view.
   */
  courseCountOfCountry(countryId: number): number {
    const set = this.byCountry.get(countryId);
    return set ? count(set) : 0;
  }

  /** Countries' ids by slug (each once), and the slugs no country has, as `resolveCountrySlugs`. */
  countryIdsOfSlugs(slugs: readonly string[]): { ids: number[]; unknown: string[] } {
    const ids = new Set<number>();
    const unknown: string[] = [];
    for (const slug of slugs) {
      const id = this.countryBySlug.get(slug);
      if (id === undefined) unknown.push(slug);
      else ids.add(id);
    }
    return { ids: [...ids], unknown };
  }

  /** The programmes holding a lexeme, if kept (text-match.ts asks PostgreSQL otherwise). */
  posting(lexeme: string): LexemePosting | undefined {
    const posting = this.postings.get(lexeme);
    if (posting) {
      // Most recently used last.
      this.postings.delete(lexeme);
      this.postings.set(lexeme, posting);
    }
    return posting;
  }

  /**
   * Keeps the published programmes (ids) holding a lexeme, within the budget: the public
   * documents, the programmes of unpublished schools, and whether any is unknown to the index.
   */
  keepPosting(lexeme: string, ids: readonly number[], occurrences?: string): LexemePosting {
    const docs = emptySet(this.size);
    const hidden = emptySet(this.hiddenPublished?.size ?? 0);
    let unknown = false;
    for (const id of ids) {
      const doc = id < this.docOfId.length ? (this.docOfId[id] as number) : -1;
      if (doc >= 0) {
        add(docs, doc);
        continue;
      }
      const position = this.hiddenPublished?.get(id);
      if (position === undefined) unknown = true;
      else add(hidden, position);
    }
    const positions =
      occurrences === undefined
        ? undefined
        : parsePostingPositions(
            lexeme,
            ids,
            occurrences,
            (id) => (id < this.docOfId.length ? (this.docOfId[id] as number) : -1),
            this.size,
          );
    const bytes = docs.byteLength + hidden.byteLength + positionsBytes(positions);
    const posting: LexemePosting = {
      docs,
      hidden,
      unknown,
      bytes,
      ...(positions ? { positions } : {}),
    };
    this.forgetPosting(lexeme);
    this.postings.set(lexeme, posting);
    this.postingsBytes += bytes;
    while (this.postingsBytes > POSTINGS_BUDGET_BYTES && this.postings.size > 1) {
      this.forgetPosting(this.postings.keys().next().value as string);
    }
    return posting;
  }

  /**
   * Adds a kept lexeme's positions, read after its set (text-match.ts): only to the posting still
   * kept for it (a rebuilt index or an evicted lexeme ignores them), counted in the budget.
   */
  attachPositions(
    lexeme: string,
    posting: LexemePosting,
    ids: readonly number[],
    occurrences: string,
  ): void {
    if (this.postings.get(lexeme) !== posting || posting.positions) return;
    const positions = parsePostingPositions(
      lexeme,
      ids,
      occurrences,
      (id) => (id < this.docOfId.length ? (this.docOfId[id] as number) : -1),
      this.size,
    );
    if (!positions) return;
    const added = positionsBytes(positions);
    posting.positions = positions;
    posting.bytes += added;
    this.postingsBytes += added;
    while (this.postingsBytes > POSTINGS_BUDGET_BYTES && this.postings.size > 1) {
      this.forgetPosting(this.postings.keys().next().value as string);
    }
  }

  private forgetPosting(lexeme: string): void {
    const kept = this.postings.get(lexeme);
    if (!kept) return;
    this.postings.delete(lexeme);
    this.postingsBytes -= kept.bytes;
  }

  /** The kept lexemes with their postings (tests). */
  keptLexemes(): Array<[string, LexemePosting]> {
    return [...this.postings];
  }

  /** How many lexemes are kept and the bytes they take (tests, the bench). */
  get postingsHeld(): { lexemes: number; bytes: number } {
    return { lexemes: this.postings.size, bytes: this.postingsBytes };
  }

  /**
   * A programme's ts_rank and word_similarity as computed for the relevance order (the oracle
   * tests compare them with PostgreSQL's), or undefined when the order would be left to SQL.
   */
  relevanceOf(
    fullText: NonNullable<TextSet["fullText"]>,
    id: number,
  ): { rank: number; similarity: number; score: number } | undefined {
    const doc = id < this.docOfId.length ? (this.docOfId[id] as number) : -1;
    const scorer = doc >= 0 ? this.relevanceScorer(fullText) : undefined;
    if (!scorer) return undefined;
    const similarity = scorer.similarityOf(doc);
    if (similarity === undefined) return undefined;
    const rank = tsRank(scorer.and, documentOperands(scorer.operands, doc));
    return { rank, similarity, score: relevanceScore(rank, similarity) };
  }

  /**
   * What ranking a full-text query's matches needs (relevance.ts), or undefined when that cannot be
   * done here exactly (SQL ranks them then): no names indexed, text outside [a-z0-9 ], an operand
   * outside ASCII, a lexeme without its positions. Word similarities are computed once per name
   * and request; each name's trigram sequence once.
   */
  private relevanceScorer(fullText: NonNullable<TextSet["fullText"]>):
    | {
        and: boolean;
        operands: PostingPositions[];
        similarityOf: (doc: number, rank?: number, worst?: number) => number | undefined;
      }
    | undefined {
    const nameOfDoc = this.nameOfDoc;
    if (!nameOfDoc) return undefined;
    const operandLexemes = rankOperands(lexemesOfQuery(fullText.query));
    if (!operandLexemes) return undefined;
    const operands: PostingPositions[] = [];
    for (const lexeme of operandLexemes) {
      const positions = fullText.postings.get(lexeme)?.positions;
      if (!positions) return undefined;
      operands.push(positions);
    }
    // The SQL side is lower(f_unaccent(corrected text)): the identity for words of [a-z0-9].
    if (!/^[a-z0-9]+( [a-z0-9]+)*$/.test(fullText.searchText)) return undefined;
    const query = queryTrigrams(trigramSequence(fullText.searchText) ?? new Int32Array());
    const ulen1 = query.length;
    // Each name's similarity once per request (names repeat across schools), with a stamp of the
    // request that computed it instead of clearing the array.
    const stamp = (this.similarityStamp = (this.similarityStamp + 1) >>> 0 || 1);
    const stamps = this.similarityStamps;
    const similarities = this.similarities;
    const table = this.nameTrigrams;
    const similarityOf = (doc: number, rank = 0, worst = Number.NEGATIVE_INFINITY) => {
      const name = nameOfDoc[doc] as number;
      if (stamps[name] === stamp) return similarities[name] as number;
      if (!table.ascii[name]) return undefined;
      const present = markQueryTrigrams(query, table, name);
      let similarity = 0;
      if (present > 0) {
        // A bound that cannot lift this document above the worst kept does as well (not kept).
        const bound = similarityBound(present, ulen1);
        if (relevanceScore(rank, bound) <= worst) return bound;
        similarity = similarityOfMarked(table, name, ulen1);
      }
      similarities[name] = similarity;
      stamps[name] = stamp;
      return similarity;
    };
    // ts_rank's choice (tsrank.c calc_rank): by proximity when the query's first item is `&`.
    return { and: fullText.query.op === "and", operands, similarityOf };
  }

  /**
   * The first `take` matching documents in relevance order, computed as PostgreSQL ranks them
   * (relevance.ts), or undefined when that cannot be done here exactly (SQL ranks them then).
   */
  private rankFullText(
    matching: Bitset,
    fullText: NonNullable<TextSet["fullText"]>,
    take: number,
  ): number[] | undefined {
    const scorer = this.relevanceScorer(fullText);
    if (!scorer) return undefined;
    return topByRelevance(matching, scorer.and, scorer.operands, scorer.similarityOf, take);
  }

  /** The documents a parsed tsquery matches, from its lexemes' programmes. */
  evaluateText(query: QueryNode, postings: ReadonlyMap<string, LexemePosting>): Bitset {
    return evaluate(
      query,
      mapValues(postings, (posting) => posting.docs),
      this.all,
    );
  }

  /**
   * Whether a parsed tsquery matches any published programme, as the SQL mode probe asks it
   * (courses.ts chooseTextMatch: `c.published`, whatever the school): the public documents, then
   * the published programmes of unpublished schools. Undefined when the index cannot tell: it has
   * no list of those, or PostgreSQL named programmes it does not know (changed since it was read),
   * or the query has a `!` (a programme it does not know could match without any of the lexemes).
   */
  matchesAnyPublished(
    query: QueryNode,
    postings: ReadonlyMap<string, LexemePosting>,
  ): boolean | undefined {
    if (count(this.evaluateText(query, postings)) > 0) return true;
    if (!this.hiddenPublished) return undefined;
    if (this.hiddenPublished.size > 0) {
      const hidden = mapValues(postings, (posting) => posting.hidden);
      if (count(evaluate(query, hidden, this.allHidden)) > 0) return true;
    }
    for (const posting of postings.values()) if (posting.unknown) return undefined;
    return hasNot(query) ? undefined : false;
  }

  /**
   * The documents of the given names (`search_name`) with their similarity: the set, and its
   * ranges in relevance order (similarity, then name). Undefined when names are not indexed.
   */
  nameMatches(names: readonly { name: string; score: number }[]): TextSet | undefined {
    if (!this.nameRanges) return undefined;
    const docs = emptySet(this.size);
    const ranked: Array<{ from: number; to: number; score: number }> = [];
    for (const { name, score } of names) {
      const range = this.nameRanges.get(name);
      if (!range) continue;
      ranked.push({ ...range, score });
      for (let doc = range.from; doc < range.to; doc += 1) add(docs, doc);
    }
    ranked.sort((a, b) => b.score - a.score || a.from - b.from);
    return { docs, ranked };
  }

  /** Whether the index can answer: free text needs the programmes that match it. */
  canAnswer(filters: CourseFilters, text?: TextSet): boolean {
    return filters.text === undefined || text !== undefined;
  }

  /** The matching documents, or undefined when the index cannot answer. */
  matches(filters: CourseFilters, text?: TextSet): Bitset | undefined {
    if (!this.canAnswer(filters, text)) return undefined;
    const { fixed, groups } = this.filterSets(filters, text);
    for (const set of groups.values()) andInto(fixed, set);
    return fixed;
  }

  /** One page of programme ids in the request's order, and the total. */
  list(request: CourseListRequest, text?: TextSet): IndexListAnswer | undefined {
    const matching = this.matches(request.filters, text);
    if (!matching) return undefined;
    const total = count(matching);
    const skip = (request.page - 1) * request.pageSize;
    const ids: number[] = [];
    if (skip >= total) return { count: total, ids };
    let seen = 0;
    const take = (doc: number): boolean => {
      if (!has(matching, doc)) return false;
      seen += 1;
      if (seen <= skip) return false;
      ids.push(this.ids[doc] as number);
      return ids.length >= request.pageSize;
    };
    const walk = (order: Int32Array, from = 0, to = order.length): boolean => {
      for (let i = from; i < to; i += 1) if (take(order[i] as number)) return true;
      return false;
    };

    if (request.ordering === "relevance" && request.filters.text !== undefined) {
      // Similar names: best match first, ties in name order (the documents' own), as SQL has it.
      if (text?.ranked) {
        for (const { from, to } of text.ranked) {
          let done = false;
          for (let doc = from; doc < to && !done; doc += 1) done = take(doc);
          if (done) break;
        }
        return { count: total, ids };
      }
      // Full text: ranked here as PostgreSQL ranks them (relevance.ts) when that can be exact.
      if (text?.fullText) {
        const ranked = this.rankFullText(
          matching,
          text.fullText,
          Math.min(skip + request.pageSize, total),
        );
        if (ranked) {
          for (const doc of ranked.slice(skip)) ids.push(this.ids[doc] as number);
          return { count: total, ids };
        }
      }
      // Else PostgreSQL ranks the matches, and only them (courses.ts).
      const rankInSql = new Int32Array(total);
      let n = 0;
      forEachDoc(matching, (doc) => {
        rankInSql[n] = this.ids[doc] as number;
        n += 1;
      });
      return { count: total, rankInSql };
    }

    switch (request.ordering) {
      case "name":
      case "relevance":
        // Document order: the set's bits in ascending order, empty words skipped.
        for (let i = 0; i < matching.length; i += 1) {
          let word = matching[i] as number;
          while (word !== 0) {
            const low = word & -word;
            if (take((i << 5) + (31 - Math.clz32(low)))) return { count: total, ids };
            word ^= low;
          }
        }
        break;
      case "-name":
        for (let i = matching.length - 1; i >= 0; i -= 1) {
          let word = matching[i] as number;
          while (word !== 0) {
            const high = 31 - Math.clz32(word);
            if (take((i << 5) + high)) return { count: total, ids };
            word &= ~(1 << high);
          }
        }
        break;
      default: {
        // The other orders are runs of a permutation; walk them, or for few matches, sort them.
        const { order, runs } = this.permutationRuns(request);
        const expectedWalk = Math.min(this.size, ((skip + request.pageSize) * this.size) / total);
        if (total * 32 < expectedWalk) {
          this.sortedPage(matching, total, order, runs, skip, request.pageSize, ids);
        } else {
          for (const [from, to] of runs) if (walk(order, from, to)) break;
        }
      }
    }
    return { count: total, ids };
  }

  /** A permutation order as the runs of positions to walk, in turn (courses.ts courseOrder). */
  private permutationRuns(request: CourseListRequest): {
    order: Int32Array;
    runs: Array<[number, number]>;
  } {
    switch (request.ordering) {
      case "-tuition":
        return { order: this.tuitionDescOrder, runs: [[0, this.size]] };
      case "random": {
        // The same rotation as the SQL order (courses.ts): keys at or past the pivot first.
        const pivot = Number((BigInt(request.seed) * 2654435761n) % BigInt(MAX_INT4));
        const start = this.firstIndex(this.shuffleOrder, 0, this.size, (doc) => {
          return (this.shuffleKey[doc] as number) >= pivot;
        });
        return {
          order: this.shuffleOrder,
          runs: [
            [start, this.size],
            [0, start],
          ],
        };
      }
      case "start_date": {
        // Announced dates first, then the rest; in each, this month and later before the past.
        const now = new Date();
        const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
        const notPast = (doc: number) => (this.startYm[doc] as number) >= thisMonth;
        const runs: Array<[number, number]> = [];
        for (const [from, to] of [
          [0, this.announcedCount],
          [this.announcedCount, this.size],
        ] as const) {
          const split = this.firstIndex(this.startOrder, from, to, notPast);
          runs.push([split, to], [from, split]);
        }
        return { order: this.startOrder, runs };
      }
      default:
        return { order: this.tuitionOrder, runs: [[0, this.size]] };
    }
  }

  /** Each permutation's inverse (a document's position), built on first use. */
  private readonly positions = new Map<Int32Array, Int32Array>();

  private positionsIn(order: Int32Array): Int32Array {
    let inverse = this.positions.get(order);
    if (!inverse) {
      inverse = new Int32Array(order.length);
      for (let i = 0; i < order.length; i += 1) inverse[order[i] as number] = i;
      this.positions.set(order, inverse);
    }
    return inverse;
  }

  /**
   * One page of a few matches in a permutation's runs: each match's rank along the runs, sorted,
   * rather than a walk through most of the catalogue to find them.
   */
  private sortedPage(
    matching: Bitset,
    total: number,
    order: Int32Array,
    runs: ReadonlyArray<readonly [number, number]>,
    skip: number,
    pageSize: number,
    ids: number[],
  ): void {
    const position = this.positionsIn(order);
    const offsets = runs.map((_, r) =>
      runs.slice(0, r).reduce((sum, [from, to]) => sum + (to - from), 0),
    );
    const ranks = new Int32Array(total);
    let n = 0;
    forEachDoc(matching, (doc) => {
      const at = position[doc] as number;
      for (let r = 0; r < runs.length; r += 1) {
        const [from, to] = runs[r] as readonly [number, number];
        if (at >= from && at < to) {
          ranks[n] = (offsets[r] as number) + at - from;
          break;
        }
      }
      n += 1;
    });
    ranks.sort();
    for (let i = skip; i < Math.min(total, skip + pageSize); i += 1) {
      const rank = ranks[i] as number;
      for (let r = runs.length - 1; r >= 0; r -= 1) {
        if (rank >= (offsets[r] as number)) {
          const [from] = runs[r] as readonly [number, number];
          ids.push(this.ids[order[from + rank - (offsets[r] as number)] as number] as number);
          break;
        }
      }
    }
  }

  /** The first index in [from, to) of `order` whose doc satisfies a predicate monotone along it. */
  private firstIndex(
    order: Int32Array,
    from: number,
    to: number,
    test: (doc: number) => boolean,
  ): number {
    let low = from;
    let high = to;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (test(order[middle] as number)) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  private buildFacetCodes(
    courses: readonly IndexedCourse[],
    links: IndexExtras["links"],
  ): CourseIndex["facetCodes"] {
    const { programmeTypes, disciplines } = this.options;
    if (programmeTypes.length > 15 || disciplines.length > 255) return undefined;
    const size = this.size;
    const programmeCode = new Map(programmeTypes.map((p, position) => [p.id, position + 1]));
    const attendanceCode = new Map<string, number>(
      ATTENDANCE_OPTIONS.map((o, position) => [o.value, position + 1]),
    );
    const formatCode = new Map<string, number>(
      FORMAT_OPTIONS.map((o, position) => [o.value, position + 1]),
    );
    const packed = new Int32Array(size);
    for (let doc = 0; doc < size; doc += 1) {
      const course = courses[doc] as IndexedCourse;
      const duration = DURATION_BUCKETS.findIndex(
        (bucket) =>
          course.durationDays >= bucket.min &&
          (bucket.max === null || course.durationDays <= bucket.max),
      );
      packed[doc] =
        (programmeCode.get(course.programmeTypeId) ?? 0) |
        ((duration + 1) << 4) |
        ((attendanceCode.get(course.attendance) ?? 0) << 8) |
        ((formatCode.get(course.courseFormat) ?? 0) << 12);
    }
    const disciplineCode = new Map(disciplines.map((d, position) => [d.id, position]));
    const disciplineStart = new Int32Array(size + 1);
    const linkDocs: number[] = [];
    for (let i = 0; i < links.courseIds.length; i += 1) {
      const id = links.courseIds[i] as number;
      const doc = id < this.docOfId.length ? (this.docOfId[id] as number) : -1;
      const code = disciplineCode.get(links.disciplineIds[i] as number);
      if (doc < 0 || code === undefined) {
        linkDocs.push(-1);
        continue;
      }
      linkDocs.push(doc);
      disciplineStart[doc + 1] = (disciplineStart[doc + 1] as number) + 1;
    }
    for (let doc = 0; doc < size; doc += 1) {
      disciplineStart[doc + 1] =
        (disciplineStart[doc + 1] as number) + (disciplineStart[doc] as number);
    }
    const disciplineCodes = new Uint8Array(disciplineStart[size] as number);
    const next = Int32Array.from(disciplineStart.subarray(0, size));
    linkDocs.forEach((doc, i) => {
      if (doc < 0) return;
      const at = next[doc] as number;
      disciplineCodes[at] = disciplineCode.get(links.disciplineIds[i] as number) as number;
      next[doc] = at + 1;
    });
    return { packed, disciplineStart, disciplineCodes };
  }

  /**
   * The counts of the facets in `groups` over the documents of `base`, visiting each document once
   * (`facetCodes`): cheaper than a pass over every word of the catalogue per option when the base
   * holds few documents (a free-text search, a country). Each count list follows its option list.
   * With `tallies` (the degree types' and countries' base is this one too), their counts are taken
   * in the same pass, instead of a second visit of the same documents (`tallyTwo`).
   */
  private countByCodes(
    base: Bitset,
    groups: ReadonlySet<FacetGroup>,
    tallies?: { degree: Int32Array; country: Int32Array },
  ): Partial<Record<FacetGroup, Int32Array>> {
    const codes = this.facetCodes as NonNullable<CourseIndex["facetCodes"]>;
    const { packed, disciplineStart, disciplineCodes } = codes;
    // One slot more than the options: slot 0 counts "none".
    const programme = new Int32Array(16);
    const duration = new Int32Array(16);
    const attendance = new Int32Array(16);
    const format = new Int32Array(16);
    const discipline = new Int32Array(256);
    const wantDisciplines = groups.has("discipline");
    const degreeOf = this.degreeTypeOf;
    const countryOf = this.countryOf;
    const degree = tallies?.degree;
    const country = tallies?.country;
    // The documents visited inline (no call per document): the hot loop of a sparse base.
    for (let i = 0; i < base.length; i += 1) {
      let word = base[i] as number;
      while (word !== 0) {
        const low = word & -word;
        word ^= low;
        const doc = (i << 5) + (31 - Math.clz32(low));
        const code = packed[doc] as number;
        programme[code & 15] = (programme[code & 15] as number) + 1;
        duration[(code >>> 4) & 15] = (duration[(code >>> 4) & 15] as number) + 1;
        attendance[(code >>> 8) & 15] = (attendance[(code >>> 8) & 15] as number) + 1;
        format[(code >>> 12) & 15] = (format[(code >>> 12) & 15] as number) + 1;
        if (wantDisciplines) {
          const to = disciplineStart[doc + 1] as number;
          for (let at = disciplineStart[doc] as number; at < to; at += 1) {
            const d = disciplineCodes[at] as number;
            discipline[d] = (discipline[d] as number) + 1;
          }
        }
        if (degree && country) {
          const d = (degreeOf[doc] as number) + 1;
          degree[d] = (degree[d] as number) + 1;
          const c = (countryOf[doc] as number) + 1;
          country[c] = (country[c] as number) + 1;
        }
      }
    }
    return {
      discipline,
      programme: programme.subarray(1),
      duration: duration.subarray(1),
      attendance: attendance.subarray(1),
      course_format: format.subarray(1),
    };
  }

  /**
   * The documents to tally for a base: the base itself, or, when it holds more than half of the
   * catalogue, the documents outside it (`dense`: the counts are then every document's counts less
   * those, `fromTotals`), so that a tally never visits more than half of the documents.
   */
  private tallyBase(base: Bitset): { visit: Bitset; dense: boolean } {
    if (count(base) * 2 <= this.size) return { visit: base, dense: false };
    this.everyDoc ??= fullSet(this.size);
    return { visit: difference(this.everyDoc, base), dense: true };
  }

  /** Every document's degree type and country tallies, made once per index. */
  private everyDocTallies(): { degree: Int32Array; country: Int32Array } {
    if (!this.everyTallies) {
      this.everyDoc ??= fullSet(this.size);
      const degree = new Int32Array(this.maxDegreeTypeId + 2);
      const country = new Int32Array(this.maxCountryId + 2);
      tallyTwo(
        this.everyDoc,
        { values: this.degreeTypeOf, counts: degree },
        { values: this.countryOf, counts: country },
      );
      this.everyTallies = { degree, country };
    }
    return this.everyTallies;
  }

  /** How many options a facet counted from option sets lists. */
  private optionCount(group: FacetGroup): number {
    return this.optionSets(group).length;
  }

  /** The option sets of a facet, in its option list's order (undefined: no programme has it). */
  private optionSets(group: FacetGroup): Array<Bitset | undefined> {
    switch (group) {
      case "discipline":
        return this.options.disciplines.map((d) => this.byDiscipline.get(d.id));
      case "programme":
        return this.options.programmeTypes.map((p) => this.byProgrammeType.get(p.id));
      case "duration":
        return this.durationBuckets;
      case "attendance":
        return ATTENDANCE_OPTIONS.map((option) => this.byAttendance.get(option.value));
      case "course_format":
        return FORMAT_OPTIONS.map((option) => this.byFormat.get(option.value));
      default:
        return [];
    }
  }

  /** A facet's counts over `base`, one intersection count per option set. */
  private countBySets(base: Bitset, group: FacetGroup): Int32Array {
    return Int32Array.from(this.optionSets(group), (set) => (set ? andCount(base, set) : 0));
  }

  /** The total and every facet's counts, each facet with its own filter removed. */
  facets(filters: CourseFilters, text?: TextSet): CourseFacets | undefined {
    if (!this.canAnswer(filters, text)) return undefined;
    const { fixed, groups } = this.filterSets(filters, text);
    const total = Uint32Array.from(fixed);
    for (const set of groups.values()) andInto(total, set);
    // A facet whose filter is not set counts within the total itself.
    const without = (group: FacetGroup): Bitset => {
      if (!groups.has(group)) return total;
      const set = Uint32Array.from(fixed);
      for (const [other, otherSet] of groups) if (other !== group) andInto(set, otherSet);
      return set;
    };

    const degreeTally = new Int32Array(this.maxDegreeTypeId + 2);
    const countryTally = new Int32Array(this.maxCountryId + 2);
    const byDegreeType = without("degree_type");
    const byCountry = without("country");
    // Degree types and countries are tallied document by document; when both count within the
    // same base as option facets visited document by document, in that same visit.
    let talliedWith: Bitset | undefined;

    // The five facets counted from option sets: a base with few documents is visited document by
    // document (all the facets sharing it at once), else each option's set is intersected with it
    // word by word. Visiting a document costs about three times a word per option (measured).
    const optionCounts = (() => {
      const bases = new Map<Bitset, Set<FacetGroup>>();
      for (const group of OPTION_SET_GROUPS) {
        const base = without(group);
        const sharing = bases.get(base) ?? new Set<FacetGroup>();
        sharing.add(group);
        bases.set(base, sharing);
      }
      const counted: Partial<Record<FacetGroup, Int32Array>> = {};
      for (const [base, sharing] of bases) {
        let options = 0;
        for (const group of sharing) options += this.optionCount(group);
        if (this.facetCodes && count(base) * 3 < options * base.length) {
          const tallies =
            talliedWith === undefined && base === byDegreeType && base === byCountry
              ? { degree: degreeTally, country: countryTally }
              : undefined;
          if (tallies) talliedWith = base;
          const byCodes = this.countByCodes(base, sharing, tallies);
          for (const group of sharing) counted[group] = byCodes[group];
          continue;
        }
        for (const group of sharing) counted[group] = this.countBySets(base, group);
      }
      return counted;
    })();
    const countOf = (group: FacetGroup, position: number) =>
      (optionCounts[group] as Int32Array)[position] as number;

    if (talliedWith === undefined) {
      if (byDegreeType === byCountry) {
        const { visit, dense } = this.tallyBase(byDegreeType);
        tallyTwo(
          visit,
          { values: this.degreeTypeOf, counts: degreeTally },
          { values: this.countryOf, counts: countryTally },
        );
        if (dense) {
          const every = this.everyDocTallies();
          fromTotals(every.degree, degreeTally);
          fromTotals(every.country, countryTally);
        }
      } else {
        for (const [base, values, counts, every] of [
          [byDegreeType, this.degreeTypeOf, degreeTally, "degree"],
          [byCountry, this.countryOf, countryTally, "country"],
        ] as const) {
          const { visit, dense } = this.tallyBase(base);
          tally(visit, values, counts);
          if (dense) fromTotals(this.everyDocTallies()[every], counts);
        }
      }
    }
    const degreeCounts = { get: (id: number) => degreeTally[id + 1] };
    const countryCounts = { get: (id: number) => countryTally[id + 1] };

    return {
      count: count(total),
      facets: {
        discipline: this.options.disciplines.map((d, position) => ({
          ...d,
          count: countOf("discipline", position),
        })),
        programme: this.options.programmeTypes.map((p, position) => ({
          ...p,
          count: countOf("programme", position),
        })),
        duration: DURATION_BUCKETS.map((bucket, position) => ({
          key: bucket.key,
          label: bucket.label,
          count: countOf("duration", position),
        })),
        degree_type: this.options.degreeTypes.map((d) => ({
          ...d,
          count: degreeCounts.get(d.id) ?? 0,
        })),
        attendance: ATTENDANCE_OPTIONS.map((option, position) => ({
          ...option,
          count: countOf("attendance", position),
        })),
        course_format: FORMAT_OPTIONS.map((option, position) => ({
          ...option,
          count: countOf("course_format", position),
        })),
        country: this.options.countries
          .filter((c) => (countryCounts.get(c.id) ?? 0) > 0)
          .map((c) => ({ ...c, count: countryCounts.get(c.id) ?? 0 })),
      },
    };
  }
}
