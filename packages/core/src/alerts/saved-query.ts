// A saved search is the finder's query string (docs/decisions/053-saved-searches-and-alerts.md):
// only the filters and the text, in a fixed order, so the same search saved twice reads the same
// and the alert run can evaluate each distinct search once.
import {
  PROGRAMME_LEVEL_OPTIONS,
  DURATION_BUCKETS,
} from "@studyatlas/schemas/catalogue-constants.ts";
import { CourseListQuerySchema, type CourseListQuery } from "@studyatlas/schemas/catalogue.ts";

/** The query keys that choose programmes; ordering, seed and paging are left out. */
export const SAVED_QUERY_KEYS = [
  "name",
  "programme",
  "discipline",
  "country",
  "exclude_continent",
  "school_slug",
  "tuition",
  "duration",
  "degree_type",
  "attendance",
  "course_format",
  "featured",
] as const;

/** Keeps the filter keys, drops empty values, sorts; the same search gives the same string. */
export function normaliseSavedQuery(query: string): string {
  const params = new URLSearchParams(query.replace(/^\?/, ""));
  const kept: Array<[string, string]> = [];
  for (const key of SAVED_QUERY_KEYS) {
    const values = params
      .getAll(key)
      .map((value) => value.trim())
      .filter((value) => value !== "");
    for (const value of [...new Set(values)].sort()) kept.push([key, value]);
  }
  return new URLSearchParams(kept).toString();
}

/** Reads a saved query string as the finder does; the zod issues when it is not one. */
export function parseSavedQuery(query: string) {
  const params = new URLSearchParams(query);
  const raw: Record<string, string[]> = {};
  for (const [key, value] of params) (raw[key] ??= []).push(value);
  return CourseListQuerySchema.safeParse(raw);
}

/** The finder address that runs a saved search. */
export function savedSearchPath(query: string): string {
  return query === "" ? "/coursefinder" : `/coursefinder?${query}`;
}

/** Display names the query's slugs stand for (countries, disciplines and the school by slug). */
export interface SavedQueryNames {
  countries: Record<string, string>;
  disciplines: Record<string, string>;
  schools: Record<string, string>;
}

const USD = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

function tuitionPart(tuition: CourseListQuery["tuition"]): string | undefined {
  if (!tuition) return undefined;
  if (tuition.kind === "free-or-unknown") return "free";
  if (tuition.min <= 0) return `up to ${USD.format(tuition.max)}`;
  return `${USD.format(tuition.min)} – ${USD.format(tuition.max)}`;
}

/**
 * A name from the search's text and filters, most telling first: "MBA · Graduates · Germany ·
 * up to $20,000". "All programmes" for an empty search.
 */
export function nameSavedSearch(query: CourseListQuery, names: SavedQueryNames): string {
  const parts: string[] = [];
  if (query.name) parts.push(query.name);
  const level = PROGRAMME_LEVEL_OPTIONS.find((option) => option.slug === query.programme);
  if (level) parts.push(level.label);
  if (query.discipline) parts.push(names.disciplines[query.discipline] ?? query.discipline);
  if (query.school_slug) parts.push(names.schools[query.school_slug] ?? query.school_slug);
  const countries = query.country.map((slug) => names.countries[slug] ?? slug);
  if (countries.length > 2)
    parts.push(`${countries.slice(0, 2).join(", ")} +${countries.length - 2}`);
  else if (countries.length > 0) parts.push(countries.join(", "));
  const tuition = tuitionPart(query.tuition);
  if (tuition) parts.push(tuition);
  for (const range of query.duration) {
    const bucket = DURATION_BUCKETS.find((b) => b.min === range.min && b.max === range.max);
    if (bucket) parts.push(bucket.label);
  }
  for (const mode of query.attendance) {
    parts.push({ SITE: "On campus", ONLINE: "Online", BLENDED: "Blended" }[mode] ?? mode);
  }
  for (const format of query.course_format)
    parts.push(format === "FULL" ? "Full time" : "Part time");
  const name = parts.length > 0 ? parts.join(" · ") : "All programmes";
  return name.length > 120 ? `${name.slice(0, 119)}…` : name;
}
