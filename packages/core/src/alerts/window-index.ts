// The alert run's index of one window's new programmes (docs/decisions/053-saved-searches-and-
// alerts.md): posting lists by programme type, country, discipline and school, so a saved search
// is tested against the programmes its most selective filter leaves, not the whole window. After
// an import of 10,000 programmes, 70,000 distinct searches scanning the whole window were 700
// million tests; a search for one country scans that country's share. The posting lists hold
// positions in the window (newest first) in ascending order, so what a search finds stays newest
// first. The full filter test (search-matcher.ts matchesFilters) still decides every match.
import type { CourseFilters } from "../finder/course-request.ts";

export interface NewProgramme {
  id: number;
  name: string;
  slug: string;
  schoolName: string;
  publishedAt: number;
  programmeTypeId: number;
  degreeTypeId: number | null;
  schoolId: number;
  countryId: number;
  continent: string;
  tuitionFee: number;
  tuitionFeeUsd: number | null;
  durationDays: number;
  attendance: string;
  format: string;
  featured: boolean;
  disciplineIds: Set<number>;
}

export interface WindowIndex {
  size: number;
  byType: Map<number, number[]>;
  byCountry: Map<number, number[]>;
  /** By programme type and country together (most saved searches name both). */
  byTypeAndCountry: Map<string, number[]>;
  byDiscipline: Map<number, number[]>;
  bySchool: Map<number, number[]>;
  /** Programme id → position. */
  positions: Map<number, number>;
  /** The positions a text's programme ids stand for, per id set (one set per text and window). */
  textPositions: WeakMap<ReadonlySet<number>, number[]>;
}

const NONE: readonly number[] = [];

function add<Key>(map: Map<Key, number[]>, key: Key, position: number) {
  const list = map.get(key);
  if (list) list.push(position);
  else map.set(key, [position]);
}

function indexWindow(programmes: readonly NewProgramme[]): WindowIndex {
  const index: WindowIndex = {
    size: programmes.length,
    byType: new Map(),
    byCountry: new Map(),
    byTypeAndCountry: new Map(),
    byDiscipline: new Map(),
    bySchool: new Map(),
    positions: new Map(),
    textPositions: new WeakMap(),
  };
  programmes.forEach((p, position) => {
    add(index.byType, p.programmeTypeId, position);
    add(index.byCountry, p.countryId, position);
    add(index.byTypeAndCountry, `${p.programmeTypeId} ${p.countryId}`, position);
    add(index.bySchool, p.schoolId, position);
    for (const id of p.disciplineIds) add(index.byDiscipline, id, position);
    index.positions.set(p.id, position);
  });
  return index;
}

const INDEXES = new WeakMap<readonly NewProgramme[], WindowIndex>();

/** The index of a window, built the first time a search is tested against it. */
export function windowIndexOf(programmes: readonly NewProgramme[]): WindowIndex {
  let index = INDEXES.get(programmes);
  if (!index) {
    index = indexWindow(programmes);
    INDEXES.set(programmes, index);
  }
  return index;
}

function textPositionsOf(index: WindowIndex, ids: ReadonlySet<number>): readonly number[] {
  let positions = index.textPositions.get(ids);
  if (!positions) {
    positions = [];
    for (const id of ids) {
      const position = index.positions.get(id);
      if (position !== undefined) positions.push(position);
    }
    positions.sort((a, b) => a - b);
    index.textPositions.set(ids, positions);
  }
  return positions;
}

/**
 * The positions (ascending) a search need test: the shortest posting list among its filters that
 * every match must be in; every position when none applies.
 */
export function candidatesOf(
  index: WindowIndex,
  filters: CourseFilters,
  textIds: ReadonlySet<number> | undefined,
): Iterable<number> {
  let best: readonly number[] | undefined;
  const consider = (list: readonly number[] | undefined) => {
    const candidate = list ?? NONE;
    if (!best || candidate.length < best.length) best = candidate;
  };
  if (filters.programmeTypeId !== undefined) consider(index.byType.get(filters.programmeTypeId));
  if (filters.schoolId !== undefined) consider(index.bySchool.get(filters.schoolId));
  for (const id of filters.disciplineIds) consider(index.byDiscipline.get(id));
  if (filters.countryIds.length === 1) {
    const country = filters.countryIds[0] as number;
    consider(
      filters.programmeTypeId === undefined
        ? index.byCountry.get(country)
        : index.byTypeAndCountry.get(`${filters.programmeTypeId} ${country}`),
    );
  } else if (filters.countryIds.length > 1) {
    const lists = [...new Set(filters.countryIds)].map((id) => index.byCountry.get(id) ?? NONE);
    const total = lists.reduce((sum, list) => sum + list.length, 0);
    if (!best || total < best.length) consider(lists.flat().sort((a, b) => a - b));
  }
  if (textIds) consider(textPositionsOf(index, textIds));
  if (best) return best;
  return allPositions(index.size);
}

function* allPositions(size: number) {
  for (let position = 0; position < size; position += 1) yield position;
}
