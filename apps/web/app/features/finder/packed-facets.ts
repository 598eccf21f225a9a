// The finder's long facet lists as its loader data carries them (ADR 065): the disciplines, degree
// types and countries, each as one text "key count name|…" (utils/packed-rows.ts), instead of one
// record a row whose every field is a reference (about 30 bytes a row before its values; the
// countries alone are one row per country with results, ~200 at 100,000 programmes). The page
// reads them back once per answer (routes/finder/finder.tsx), so the filters still see records.
import type { FinderFacets } from "@studyatlas/core/finder/finder-facets.ts";
import type { DegreeTypeGroup } from "@studyatlas/core/finder/finder-page.ts";
import { PROGRAMME_SLUGS, type ProgrammeSlug } from "@studyatlas/schemas/catalogue-constants.ts";

import { packRows, unpackRows } from "../../utils/packed-rows.ts";

type PackedLists = "discipline" | "degree_type" | "country";

export type PackedFinderFacets = Omit<FinderFacets, PackedLists> & Record<PackedLists, string>;

/**
 * The records each packed answer was made from. Packing loses nothing, so a server render, which
 * reads the loader's answer in the process that packed it, takes them back instead of the texts.
 */
const madeFrom = new WeakMap<PackedFinderFacets, FinderFacets>();

export function packFinderFacets(facets: FinderFacets): PackedFinderFacets {
  const packed: PackedFinderFacets = {
    ...facets,
    discipline: packRows(facets.discipline.map((row) => [row.slug, String(row.count), row.name])),
    degree_type: packRows(
      facets.degree_type.map((row) => [String(row.id), String(row.count), row.name]),
    ),
    country: packRows(facets.country.map((row) => [row.slug, String(row.count), row.name])),
  };
  madeFrom.set(packed, facets);
  return packed;
}

/** Rows of [key, count, name]; a row whose count is not a whole number is skipped. */
function rowsOf(text: string): Array<{ key: string; count: number; name: string }> {
  return unpackRows(text, 3).flatMap(([key = "", count = "", name = ""]) => {
    const value = Number(count);
    return count !== "" && Number.isSafeInteger(value) && value >= 0
      ? [{ key, count: value, name }]
      : [];
  });
}

export function unpackFinderFacets(packed: PackedFinderFacets): FinderFacets {
  const original = madeFrom.get(packed);
  if (original) return original;
  return {
    ...packed,
    discipline: rowsOf(packed.discipline).map(({ key, count, name }) => ({
      slug: key,
      name,
      count,
    })),
    degree_type: rowsOf(packed.degree_type).flatMap(({ key, count, name }) => {
      const id = Number(key);
      return key !== "" && Number.isSafeInteger(id) ? [{ id, name, count }] : [];
    }),
    country: rowsOf(packed.country).map(({ key, count, name }) => ({ slug: key, name, count })),
  };
}

/** No programme level: a degree type group of a level the finder does not name. */
const NO_PROGRAMME = "-";

/** The degree types' groups as one text, "undergraduate 1,2,3 Undergraduate|…". */
export function packDegreeTypeGroups(groups: readonly DegreeTypeGroup[]): string {
  return packRows(
    groups.map((group) => [group.programme ?? NO_PROGRAMME, group.ids.join(","), group.label]),
  );
}

function isProgrammeSlug(value: string): value is ProgrammeSlug {
  return (PROGRAMME_SLUGS as readonly string[]).includes(value);
}

export function unpackDegreeTypeGroups(text: string): DegreeTypeGroup[] {
  return unpackRows(text, 3).map(([programme = "", ids = "", label = ""]) => ({
    programme: isProgrammeSlug(programme) ? programme : undefined,
    label,
    ids: ids
      .split(",")
      .filter((id) => id !== "")
      .map(Number)
      .filter(Number.isSafeInteger),
  }));
}
