// Zero results as a last resort (docs/decisions/045-words-that-are-filters.md; docs/spec-notes.md,
// Course finder): when nothing matches, the nearest searches that do have results — each filter
// taken from the words or set by the student relaxed in turn, each searched word dropped — with
// how many programmes each finds, counted by the finder's own list (index or SQL, search.ts).
import {
  ATTENDANCE_OPTIONS,
  DURATION_BUCKETS,
  FORMAT_OPTIONS,
} from "@studyatlas/schemas/catalogue-constants.ts";
import type { CourseListQuery } from "@studyatlas/schemas/catalogue.ts";
import type { NearbySearch } from "@studyatlas/schemas/finder.ts";

import type { CourseListRequest } from "./course-request.ts";
import { LEVEL_LABELS } from "./query-words-data.ts";
import { queryTokens } from "./query-words.ts";

/** At most this many nearby searches are offered, the ones with most results first. */
export const MAX_NEARBY_SEARCHES = 6;

type Candidate = Omit<NearbySearch, "count">;

/** Keys the address fixes apart from its query (a finder variant's path): never relaxed. */
type FixedKeys = ReadonlySet<"programme" | "discipline">;

/** Each filter the student set in the query, dropped on its own. */
function filterCandidates(
  query: CourseListQuery,
  countryNames: ReadonlyMap<string, string>,
  fixed: FixedKeys,
): Candidate[] {
  const candidates: Candidate[] = [];
  const drop = (label: string, key: string, value?: string) =>
    candidates.push({
      kind: "filter",
      label,
      change: { drop: [value === undefined ? { key } : { key, value }] },
    });
  for (const slug of query.country) drop(countryNames.get(slug) ?? slug, "country", slug);
  if (query.programme && !fixed.has("programme")) {
    drop(LEVEL_LABELS[query.programme], "programme");
  }
  for (const value of query.attendance) {
    drop(
      ATTENDANCE_OPTIONS.find((option) => option.value === value)?.label ?? value,
      "attendance",
      value,
    );
  }
  for (const value of query.course_format) {
    drop(
      FORMAT_OPTIONS.find((option) => option.value === value)?.label ?? value,
      "course_format",
      value,
    );
  }
  if (query.tuition) drop("the tuition range", "tuition");
  for (const range of query.duration) {
    const key = `${range.min},${range.max ?? -1}`;
    drop(
      DURATION_BUCKETS.find((bucket) => bucket.key === key)?.label ?? `${key} days`,
      "duration",
      key,
    );
  }
  return candidates;
}

/** Each word of the searched text dropped from what was typed (the chips' words stay). */
function wordCandidates(typed: string, searched: string): Candidate[] {
  const words = [...new Set(queryTokens(searched).map((token) => token.word))];
  return words.flatMap((word): Candidate[] => {
    const token = queryTokens(typed).find((item) => item.word === word);
    if (!token) return [];
    const name = `${typed.slice(0, token.start)} ${typed.slice(token.end)}`
      .replace(/\s+/g, " ")
      .trim();
    return [
      {
        kind: "word",
        label: typed.slice(token.start, token.end),
        change: { name, drop: [] },
      },
    ];
  });
}

/**
 * The nearby searches of a query that found nothing, each with its count, those without results
 * left out. `query` is the finder query as the address gives it (the typed text in `name`),
 * `request` what it resolved to, `count` the finder's count of another query.
 */
export async function nearbySearches(
  query: CourseListQuery,
  request: CourseListRequest,
  count: (query: CourseListQuery) => Promise<number>,
  options: { countryNames: ReadonlyMap<string, string>; fixed?: FixedKeys },
): Promise<NearbySearch[]> {
  const chips = request.interpretation?.chips ?? [];
  const candidates: Candidate[] = [
    // A chip that only orders never widens the results.
    ...chips
      .filter((chip) => chip.label !== "Cheapest first")
      .map((chip): Candidate => ({
        kind: "chip",
        label: chip.label,
        change: { name: chip.text_without, drop: [] },
      })),
    ...filterCandidates(query, options.countryNames, options.fixed ?? new Set()),
    ...(query.name ? wordCandidates(query.name, request.interpretation?.text ?? query.name) : []),
  ];
  // A search with no text and no filter left is every programme: the page's fresh start.
  const narrowing = candidates.filter((candidate) =>
    narrows(applyNearbyChange(query, candidate.change)),
  );
  const counted = await Promise.all(
    narrowing.map(async (candidate) => ({
      ...candidate,
      count: await count(applyNearbyChange(query, candidate.change)),
    })),
  );
  return counted
    .filter((candidate) => candidate.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, MAX_NEARBY_SEARCHES);
}

/** Whether a query has text or a filter (else it lists every programme). */
export function narrows(query: CourseListQuery): boolean {
  return Boolean(
    query.name ||
    query.country.length > 0 ||
    query.programme ||
    query.discipline ||
    query.discipline_id !== undefined ||
    query.school_slug ||
    query.tuition ||
    query.duration.length > 0 ||
    query.degree_type.length > 0 ||
    query.attendance.length > 0 ||
    query.course_format.length > 0 ||
    query.exclude_continent.length > 0 ||
    query.featured !== undefined,
  );
}

/** The query with a nearby search's change made (the same change the page's link makes). */
export function applyNearbyChange(
  query: CourseListQuery,
  change: NearbySearch["change"],
): CourseListQuery {
  const next: CourseListQuery = { ...query };
  if (change.name !== undefined) {
    if (change.name === "") delete next.name;
    else next.name = change.name;
  }
  for (const { key, value } of change.drop) {
    switch (key) {
      case "country":
        next.country = next.country.filter((slug) => slug !== value);
        break;
      case "attendance":
        next.attendance = next.attendance.filter((item) => item !== value);
        break;
      case "course_format":
        next.course_format = next.course_format.filter((item) => item !== value);
        break;
      case "duration":
        next.duration = next.duration.filter(
          (range) => `${range.min},${range.max ?? -1}` !== value,
        );
        break;
      case "programme":
        delete next.programme;
        break;
      case "tuition":
        delete next.tuition;
        break;
    }
  }
  delete next.page;
  return next;
}
