// A request's filters as sets of the index's documents (ADR 011): the filters every answer applies
// (published, free text, continents, school, tuition, featured) combined into one set, and each
// facet's own filter apart, so that a facet can be counted with its own filter removed.
import { DURATION_BUCKETS } from "@studyatlas/schemas/catalogue-constants.ts";

import type { CourseFilters } from "../course-request.ts";
import { type Bitset, add, andInto, emptySet, fromDocs, orInto } from "./bitset.ts";
import type { IndexColumns } from "./columns.ts";
import type { IndexOrders } from "./orders.ts";
import type { TextSet } from "./text-set.ts";

/** The facet groups: each facet's count removes its own group. */
export type FacetGroup =
  | "discipline"
  | "programme"
  | "duration"
  | "degree_type"
  | "attendance"
  | "course_format"
  | "country"
  | "budget";

/** The filters every answer applies, and each facet group's own filter (set ones only). */
export interface FilterSets {
  fixed: Bitset;
  groups: Map<FacetGroup, Bitset>;
}

/** The set for a list of values: their union, or undefined when the list is empty (no filter). */
function anyOf<K>(size: number, sets: Map<K, Bitset>, values: readonly K[]): Bitset | undefined {
  if (values.length === 0) return undefined;
  const union = emptySet(size);
  for (const value of values) {
    const set = sets.get(value);
    if (set) orInto(union, set);
  }
  return union;
}

function scan(size: number, keep: (doc: number) => boolean): Bitset {
  const set = emptySet(size);
  for (let doc = 0; doc < size; doc += 1) if (keep(doc)) add(set, doc);
  return set;
}

/** The documents of every discipline asked for (all of them: a programme must have each). */
function disciplineSet(columns: IndexColumns, disciplineIds: readonly number[]): Bitset {
  const set = Uint32Array.from(columns.all);
  for (const id of disciplineIds) {
    const one = columns.byDiscipline.get(id);
    if (one) andInto(set, one);
    else set.fill(0);
  }
  return set;
}

/** The documents of any of the durations asked for. */
function durationSet(columns: IndexColumns, durations: CourseFilters["durations"]): Bitset {
  // The finder's ranges are its buckets (kept as sets); any other range is a scan.
  const set = emptySet(columns.size);
  const other = durations.filter((range) => {
    const bucket = DURATION_BUCKETS.findIndex((b) => b.min === range.min && b.max === range.max);
    if (bucket >= 0) orInto(set, columns.durationBuckets[bucket] as Bitset);
    return bucket < 0;
  });
  if (other.length > 0) {
    orInto(
      set,
      scan(columns.size, (doc) => {
        const days = columns.durationDays[doc] as number;
        return other.some((r) => days >= r.min && (r.max === null || days <= r.max));
      }),
    );
  }
  return set;
}

/** Each facet group's own filter, for the groups whose filter is set. */
function groupSets(
  columns: IndexColumns,
  orders: IndexOrders,
  filters: CourseFilters,
): Map<FacetGroup, Bitset> {
  const { size } = columns;
  const groups = new Map<FacetGroup, Bitset>();
  const setGroup = (group: FacetGroup, set: Bitset | undefined) => {
    if (set) groups.set(group, set);
  };
  if (filters.disciplineIds.length > 0) {
    setGroup("discipline", disciplineSet(columns, filters.disciplineIds));
  }
  if (filters.programmeTypeId !== undefined) {
    setGroup("programme", anyOf(size, columns.byProgrammeType, [filters.programmeTypeId]));
  }
  if (filters.durations.length > 0) setGroup("duration", durationSet(columns, filters.durations));
  setGroup("degree_type", anyOf(size, columns.byDegreeType, filters.degreeTypeIds));
  setGroup("attendance", anyOf(size, columns.byAttendance, filters.attendance));
  setGroup("course_format", anyOf(size, columns.byFormat, filters.formats));
  setGroup("country", anyOf(size, columns.byCountry, filters.countryIds));
  const maxUsd = filters.budget?.maxUsd;
  if (maxUsd !== undefined) setGroup("budget", orders.totals.upTo(maxUsd));
  return groups;
}

/** Each filter's set (a group's is absent when its filter is not set). */
export function filterSets(
  columns: IndexColumns,
  orders: IndexOrders,
  filters: CourseFilters,
  text: TextSet | undefined,
): FilterSets {
  const { size } = columns;
  const fixed = filters.published ? Uint32Array.from(columns.all) : emptySet(size);
  if (filters.text !== undefined) {
    if (text) andInto(fixed, text.docs);
    else fixed.fill(0);
  }
  const groups = groupSets(columns, orders, filters);

  const excluded = anyOf(size, columns.byContinent, filters.excludeContinents);
  if (excluded) {
    for (let i = 0; i < fixed.length; i += 1) {
      fixed[i] = (fixed[i] as number) & ~(excluded[i] as number);
    }
  }
  if (filters.schoolId !== undefined) {
    andInto(fixed, fromDocs(size, columns.bySchool.get(filters.schoolId) ?? []));
  }
  if (filters.tuition) {
    const tuition = filters.tuition;
    if (tuition.kind === "free-or-unknown") andInto(fixed, columns.freeOrUnknown);
    else andInto(fixed, orders.tuitionBetween(tuition.min, tuition.max));
  }
  if (filters.qualifiedFor) andInto(fixed, columns.requirements.qualifying(filters.qualifiedFor));
  if (filters.featured !== undefined) {
    if (filters.featured) andInto(fixed, columns.featured);
    else {
      for (let i = 0; i < fixed.length; i += 1) {
        fixed[i] = (fixed[i] as number) & ~(columns.featured[i] as number);
      }
    }
  }
  return { fixed, groups };
}
