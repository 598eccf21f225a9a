// The finder's filter state lives in the URL query (docs/spec/discovery.md §4 Finder); these
// helpers build the next query from the current one. Spec §5: empty values and any value containing
// 'where' are skipped; changing a filter goes back to page 1.
import { isPlaceholder } from "@studyatlas/schemas/catalogue-constants.ts";

import type { FinderScope } from "./finder-route.ts";

/** The query keys the finder page reads; anything else in the URL is ignored. */
export const FINDER_QUERY_KEYS = [
  "name",
  "country",
  "programme",
  "discipline",
  "school_slug",
  "duration",
  "tuition",
  // The budget for the whole programme, in `currency` (ADR 051).
  "max_total",
  // Display only: the currency the visitor chose for the tuition range (the filter is in USD).
  "currency",
  "degree_type",
  "attendance",
  "course_format",
  "ordering",
  "seed",
  "page",
  // `false`: the filters taken from the typed words stay even when nothing matches (ADR 059).
  "widen",
  // `true`: only programmes the signed-in student qualifies for (ADR 054).
  "qualified",
] as const;
export type FinderQueryKey = (typeof FINDER_QUERY_KEYS)[number];

/** The multi-valued keys. */
export const REPEATABLE_KEYS: ReadonlySet<string> = new Set([
  "country",
  "duration",
  "degree_type",
  "attendance",
  "course_format",
]);

/** '?a=1&b=2' (or '') with empty and placeholder values skipped and unknown keys dropped. */
export function buildFinderSearch(params: URLSearchParams): string {
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    if (!(FINDER_QUERY_KEYS as readonly string[]).includes(key)) continue;
    if (isPlaceholder(value)) continue;
    if (!REPEATABLE_KEYS.has(key)) next.delete(key);
    if (next.getAll(key).includes(value)) continue;
    next.append(key, value);
  }
  const search = next.toString();
  return search ? `?${search}` : "";
}

function paramsOf(search: string): URLSearchParams {
  return new URLSearchParams(search.startsWith("?") ? search.slice(1) : search);
}

/** Replaces a key's values; any filter change goes back to page 1. */
export function withValues(search: string, key: FinderQueryKey, values: readonly string[]): string {
  const params = paramsOf(search);
  params.delete(key);
  params.delete("page");
  for (const value of values) params.append(key, value);
  return buildFinderSearch(params);
}

/** Adds the value if absent, removes it if present (checkbox filters). */
export function toggleValue(search: string, key: FinderQueryKey, value: string): string {
  const current = paramsOf(search).getAll(key);
  return withValues(
    search,
    key,
    current.includes(value) ? current.filter((item) => item !== value) : [...current, value],
  );
}

/** Removes several keys at once (the tuition chip removes tuition and its currency). */
export function withoutKeys(search: string, keys: readonly FinderQueryKey[]): string {
  const params = paramsOf(search);
  for (const key of [...keys, "page"]) params.delete(key);
  return buildFinderSearch(params);
}

/** The query for another page of the same results; page 1 is the bare query. */
export function withPage(search: string, page: number): string {
  const params = paramsOf(search);
  params.delete("page");
  if (page > 1) params.set("page", String(page));
  return buildFinderSearch(params);
}

/**
 * The query for another sort order. The seed goes with it: random order takes the visitor's
 * seed from the session cookie unless the URL names one (see visitor-seed.ts).
 */
export function withOrdering(search: string, ordering: string): string {
  const params = paramsOf(search);
  params.delete("ordering");
  params.delete("seed");
  params.delete("page");
  params.set("ordering", ordering);
  return buildFinderSearch(params);
}

/**
 * Where a discipline link leads (docs/spec/discovery.md §2): /{programme variant}/{slug}, or
 * /courses/{slug} with no programme, keeping the other filters. Clearing (slug undefined) goes to
 * the variant without its child, or drops the discipline query key on the finder's own paths.
 */
export function disciplineHref(
  scope: FinderScope,
  programmeVariantPath: string,
  search: string,
  slug: string | undefined,
): string {
  if (slug !== undefined) {
    return `/${programmeVariantPath}/${slug}${withoutKeys(search, ["discipline", "programme"])}`;
  }
  return `/${scope.base}${withoutKeys(search, ["discipline"])}`;
}

/**
 * `disciplineHref` for every discipline of one list: the query the disciplines' links share is
 * worked out once, not once per discipline.
 */
export function disciplineHrefs(
  scope: FinderScope,
  programmeVariantPath: string,
  search: string,
): (slug: string | undefined) => string {
  const rest = withoutKeys(search, ["discipline", "programme"]);
  return (slug) =>
    slug !== undefined
      ? `/${programmeVariantPath}/${slug}${rest}`
      : disciplineHref(scope, programmeVariantPath, search, undefined);
}

/**
 * Where a programme level leads: on the variants another variant path (keeping the discipline
 * child), on the finder's own paths the programme query key. `target` undefined clears it.
 */
export function programmeHref(
  scope: FinderScope,
  search: string,
  target: { variantPath: string; query: string } | undefined,
): string {
  if (scope.pathScoped) {
    const base = target?.variantPath ?? "courses";
    const child = scope.disciplineSlug !== undefined ? `/${scope.disciplineSlug}` : "";
    return `/${base}${child}${withoutKeys(search, ["programme"])}`;
  }
  const next = target
    ? withValues(search, "programme", [target.query])
    : withoutKeys(search, ["programme"]);
  return `/${scope.base}${next}`;
}

/**
 * The query object the schema parses: the finder's keys from the URL, a repeatable key as a
 * list, with the path's programme and discipline taking precedence over the query's.
 */
export function finderQueryObject(
  params: URLSearchParams,
  scope: FinderScope,
): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of FINDER_QUERY_KEYS) {
    // The currency is the tuition range's display only, but the budget is in it (ADR 051).
    if (key === "currency" && !params.has("max_total")) continue;
    const values = params.getAll(key).filter((value) => !isPlaceholder(value));
    if (values.length === 0) continue;
    query[key] = REPEATABLE_KEYS.has(key) ? values : (values.at(-1) ?? "");
  }
  if (scope.pathScoped) {
    delete query.programme;
    if (scope.programme) query.programme = scope.programme;
    if (scope.disciplineSlug !== undefined) query.discipline = scope.disciplineSlug;
  }
  return query;
}
