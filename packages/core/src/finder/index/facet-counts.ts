// The total and every facet's counts from the index (ADR 011), each facet with its own filter
// removed. Five facets are counted from a set per option (disciplines, programme types,
// durations, attendance, formats): a base with few documents is visited document by document
// (all the facets sharing it at once, from codes packed per document), else each option's set is
// intersected with it word by word (ADR 031). Degree types and countries are tallied document by
// document, over the documents outside the base when it holds most of the catalogue.
import type { CourseFacets } from "@studyatlas/schemas/finder.ts";
import {
  ATTENDANCE_OPTIONS,
  DURATION_BUCKETS,
  FORMAT_OPTIONS,
} from "@studyatlas/schemas/catalogue-constants.ts";

import {
  type Bitset,
  andCount,
  andInto,
  count,
  difference,
  fullSet,
  tally,
  tallyTwo,
} from "./bitset.ts";
import type { IndexColumns, IndexedCourse, IndexExtras } from "./columns.ts";
import type { FacetGroup, FilterSets } from "./filter-sets.ts";

/** The facets' option lists, in the order the SQL facets give them. */
export interface FacetOptions {
  disciplines: readonly { id: number; slug: string; name: string }[];
  programmeTypes: readonly { id: number; slug: string; label: string }[];
  degreeTypes: readonly { id: number; name: string; short_name: string }[];
  countries: readonly { id: number; slug: string; name: string }[];
}

/** The facets counted from a set per option (degree types and countries are tallied). */
const OPTION_SET_GROUPS: readonly FacetGroup[] = [
  "discipline",
  "programme",
  "duration",
  "attendance",
  "course_format",
];

/**
 * Each document's programme type, duration bucket, attendance and format, as 1 + their position
 * in the facet's option list (0: none), four bits each; and its disciplines as positions in the
 * option list (CSR: document `doc`'s are `disciplineCodes[disciplineStart[doc] ..
 * disciplineStart[doc + 1]]`).
 */
interface FacetCodes {
  packed: Int32Array;
  disciplineStart: Int32Array;
  disciplineCodes: Uint8Array;
}

/** The degree types' and countries' tallies, by id + 1 (slot 0: none). */
interface Tallies {
  degree: Int32Array;
  country: Int32Array;
}

/** `counts[i] = totals[i] - counts[i]`: a base's tally from its complement's (`tallyBase`). */
function fromTotals(totals: Int32Array, counts: Int32Array): void {
  for (let i = 0; i < counts.length; i += 1) {
    counts[i] = (totals[i] as number) - (counts[i] as number);
  }
}

/** Each document's packed codes (FacetCodes), undefined when an option list is too long for its bits. */
function buildFacetCodes(
  columns: IndexColumns,
  courses: readonly IndexedCourse[],
  links: IndexExtras["links"],
  options: FacetOptions,
): FacetCodes | undefined {
  const { programmeTypes, disciplines } = options;
  if (programmeTypes.length > 15 || disciplines.length > 255) return undefined;
  const { size, docOfId } = columns;
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
    const doc = id < docOfId.length ? (docOfId[id] as number) : -1;
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

export class IndexFacets {
  private readonly columns: IndexColumns;
  private readonly options: FacetOptions;
  /** For facets counted over few documents (`countByCodes`); undefined: always by sets. */
  private readonly facetCodes: FacetCodes | undefined;
  /** Every document 0..size-1 and its tallies (`tallyBase`), made on first need. */
  private everyDoc: Bitset | undefined;
  private everyTallies: Tallies | undefined;

  constructor(
    columns: IndexColumns,
    courses: readonly IndexedCourse[],
    links: IndexExtras["links"],
    options: FacetOptions,
  ) {
    this.columns = columns;
    this.options = options;
    this.facetCodes = buildFacetCodes(columns, courses, links, options);
  }

  /** The total and every facet's counts, each facet with its own filter removed. */
  count({ fixed, groups }: FilterSets): CourseFacets {
    const total = Uint32Array.from(fixed);
    for (const set of groups.values()) andInto(total, set);
    // A facet whose filter is not set counts within the total itself.
    const without = (group: FacetGroup): Bitset => {
      if (!groups.has(group)) return total;
      const set = Uint32Array.from(fixed);
      for (const [other, otherSet] of groups) if (other !== group) andInto(set, otherSet);
      return set;
    };
    const tallies: Tallies = {
      degree: new Int32Array(this.columns.maxDegreeTypeId + 2),
      country: new Int32Array(this.columns.maxCountryId + 2),
    };
    const byDegreeType = without("degree_type");
    const byCountry = without("country");
    const { counted, tallied } = this.countOptions(without, byDegreeType, byCountry, tallies);
    if (!tallied) this.tallyDegreesAndCountries(byDegreeType, byCountry, tallies);
    return this.answer(count(total), counted, tallies);
  }

  /**
   * The five facets counted from option sets, each over its base. Degree types and countries are
   * tallied in the same visit when both count within a base visited document by document
   * (`tallied` then says so). Visiting a document costs about three times a word per option.
   */
  private countOptions(
    without: (group: FacetGroup) => Bitset,
    byDegreeType: Bitset,
    byCountry: Bitset,
    tallies: Tallies,
  ): { counted: Partial<Record<FacetGroup, Int32Array>>; tallied: boolean } {
    let tallied = false;
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
      for (const group of sharing) options += this.optionSets(group).length;
      if (this.facetCodes && count(base) * 3 < options * base.length) {
        const withTallies = !tallied && base === byDegreeType && base === byCountry;
        if (withTallies) tallied = true;
        const byCodes = this.countByCodes(base, sharing, withTallies ? tallies : undefined);
        for (const group of sharing) counted[group] = byCodes[group];
        continue;
      }
      for (const group of sharing) counted[group] = this.countBySets(base, group);
    }
    return { counted, tallied };
  }

  /** The degree types' and countries' tallies over their bases, when not taken with the options. */
  private tallyDegreesAndCountries(
    byDegreeType: Bitset,
    byCountry: Bitset,
    tallies: Tallies,
  ): void {
    const { degreeTypeOf, countryOf } = this.columns;
    if (byDegreeType === byCountry) {
      const { visit, dense } = this.tallyBase(byDegreeType);
      tallyTwo(
        visit,
        { values: degreeTypeOf, counts: tallies.degree },
        { values: countryOf, counts: tallies.country },
      );
      if (dense) {
        const every = this.everyDocTallies();
        fromTotals(every.degree, tallies.degree);
        fromTotals(every.country, tallies.country);
      }
      return;
    }
    for (const [base, values, counts, every] of [
      [byDegreeType, degreeTypeOf, tallies.degree, "degree"],
      [byCountry, countryOf, tallies.country, "country"],
    ] as const) {
      const { visit, dense } = this.tallyBase(base);
      tally(visit, values, counts);
      if (dense) fromTotals(this.everyDocTallies()[every], counts);
    }
  }

  /** The answer in the shape (and key order) of the SQL facets. */
  private answer(
    total: number,
    counted: Partial<Record<FacetGroup, Int32Array>>,
    tallies: Tallies,
  ): CourseFacets {
    const countOf = (group: FacetGroup, position: number) =>
      (counted[group] as Int32Array)[position] as number;
    const degreeCounts = { get: (id: number) => tallies.degree[id + 1] };
    const countryCounts = { get: (id: number) => tallies.country[id + 1] };
    return {
      count: total,
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
    tallies?: Tallies,
  ): Partial<Record<FacetGroup, Int32Array>> {
    const codes = this.facetCodes as FacetCodes;
    const { packed, disciplineStart, disciplineCodes } = codes;
    // One slot more than the options: slot 0 counts "none".
    const programme = new Int32Array(16);
    const duration = new Int32Array(16);
    const attendance = new Int32Array(16);
    const format = new Int32Array(16);
    const discipline = new Int32Array(256);
    const wantDisciplines = groups.has("discipline");
    const degreeOf = this.columns.degreeTypeOf;
    const countryOf = this.columns.countryOf;
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
    const { size } = this.columns;
    if (count(base) * 2 <= size) return { visit: base, dense: false };
    this.everyDoc ??= fullSet(size);
    return { visit: difference(this.everyDoc, base), dense: true };
  }

  /** Every document's degree type and country tallies, made once per index. */
  private everyDocTallies(): Tallies {
    if (!this.everyTallies) {
      const { size, maxDegreeTypeId, maxCountryId, degreeTypeOf, countryOf } = this.columns;
      this.everyDoc ??= fullSet(size);
      const degree = new Int32Array(maxDegreeTypeId + 2);
      const country = new Int32Array(maxCountryId + 2);
      tallyTwo(
        this.everyDoc,
        { values: degreeTypeOf, counts: degree },
        { values: countryOf, counts: country },
      );
      this.everyTallies = { degree, country };
    }
    return this.everyTallies;
  }

  /** The option sets of a facet, in its option list's order (undefined: no programme has it). */
  private optionSets(group: FacetGroup): Array<Bitset | undefined> {
    const columns = this.columns;
    switch (group) {
      case "discipline":
        return this.options.disciplines.map((d) => columns.byDiscipline.get(d.id));
      case "programme":
        return this.options.programmeTypes.map((p) => columns.byProgrammeType.get(p.id));
      case "duration":
        return columns.durationBuckets;
      case "attendance":
        return ATTENDANCE_OPTIONS.map((option) => columns.byAttendance.get(option.value));
      case "course_format":
        return FORMAT_OPTIONS.map((option) => columns.byFormat.get(option.value));
      default:
        return [];
    }
  }

  /** A facet's counts over `base`, one intersection count per option set. */
  private countBySets(base: Bitset, group: FacetGroup): Int32Array {
    return Int32Array.from(this.optionSets(group), (set) => (set ? andCount(base, set) : 0));
  }
}
