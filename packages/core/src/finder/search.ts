// The finder's one public module (ADR 022 "One search module"): everything the finder answers, the
// finder page's list and facets, the home page's rows, the related strips, a wishlist's cards, a
// country's programme count and the search box's suggestions. Callers pass the finder's handle
// (finder-index.ts, created once per process by the server) and never look at the index: each
// answer comes from the in-process index when there is a current one that can answer it (ADR 011),
// else from SQL, and both give the same answer (the oracle tests beside the index).
import type { Database } from "@studyatlas/db/client.ts";
import type { CourseCard, CourseListItem, CourseListQuery } from "@studyatlas/schemas/catalogue.ts";
import type { CourseFacets, NearbySearch, Suggestion } from "@studyatlas/schemas/finder.ts";

import { countPublishedCoursesOfCountry } from "../catalogue/countries.ts";
import * as courseList from "./course-list.ts";
import type { CourseFilters, CourseListRequest, RelatedScope } from "./course-request.ts";
import * as facets from "./facets.ts";
import type { FinderIndex } from "./finder-index.ts";
import { currentIndex } from "./index/holder.ts";
import * as nearby from "./nearby-searches.ts";
import * as pageCards from "./page-cards.ts";
import { queryWordLexicon } from "./query-lexicon.ts";
import { randomSeed } from "./random-seed.ts";
import * as related from "./related.ts";
import * as resolve from "./resolve-request.ts";
import * as suggestions from "./suggestions.ts";
import { widenWhenEmpty, type Widening } from "./widen-search.ts";

/**
 * Turns the validated finder query into a list request: slugs resolved (unknown ones throw
 * InvalidParameterError), free text corrected and its match chosen.
 */
export function resolveCourseListRequest(
  db: Database,
  query: CourseListQuery,
  finder?: FinderIndex,
): Promise<CourseListRequest> {
  return resolve.resolveCourseListRequest(db, query, currentIndex(finder));
}

/** One page of programmes and the total. */
export function listCourses(
  db: Database,
  request: CourseListRequest,
  finder?: FinderIndex,
): Promise<{ count: number; results: CourseListItem[] }> {
  return courseList.listCourses(db, request, currentIndex(finder));
}

/**
 * One page of programmes and the total for `query` (resolved as `request`), widened when the
 * filters taken from its words leave nothing (ADR 059): the request answered, its page, and what
 * was set aside.
 */
export async function listCoursesWidening(
  db: Database,
  query: CourseListQuery,
  request: CourseListRequest,
  finder?: FinderIndex,
): Promise<Widening<{ count: number; results: CourseListItem[] }>> {
  return widenWhenEmpty(query, request, await listCourses(db, request, finder), {
    resolve: (next) => resolveCourseListRequest(db, next, finder),
    list: (next) => listCourses(db, next, finder),
  });
}

/** Several pages of programme cards at once, read together (the home page's rows). */
export function listCourseCardPages(
  db: Database,
  requests: readonly CourseListRequest[],
  finder?: FinderIndex,
): Promise<Array<{ count: number; results: CourseCard[] }>> {
  return courseList.listCourseCardPages(db, requests, currentIndex(finder));
}

/** How many programmes a finder query finds (the counts of the nearby searches). */
export async function countCourses(
  db: Database,
  query: CourseListQuery,
  finder?: FinderIndex,
): Promise<number> {
  const request = await resolveCourseListRequest(
    db,
    { ...query, ordering: "name", page: 1, page_size: 1 },
    finder,
  );
  return (await listCourses(db, request, finder)).count;
}

/**
 * When a query finds nothing (ADR 045): the nearest searches that find something, each with its
 * count. `query` is the validated query as asked, `request` what it resolved to.
 */
export async function findNearbySearches(
  db: Database,
  query: CourseListQuery,
  request: CourseListRequest,
  finder?: FinderIndex,
): Promise<NearbySearch[]> {
  const lexicon = await queryWordLexicon(db, currentIndex(finder));
  return nearby.nearbySearches(query, request, (other) => countCourses(db, other, finder), {
    countryNames: lexicon.countryNames,
  });
}

/** The total and each facet's counts, each facet with its own filter removed. */
export function countCourseFacets(
  db: Database,
  filters: CourseFilters,
  finder?: FinderIndex,
): Promise<CourseFacets> {
  return facets.countCourseFacets(db, filters, currentIndex(finder));
}

/** The related strip of a programme or country page, in random order (drawn afresh by default). */
export function listRelatedCourses(
  db: Database,
  scope: RelatedScope,
  finder?: FinderIndex,
  seed = randomSeed(),
): Promise<CourseListItem[]> {
  return related.listRelatedCourses(db, scope, seed, currentIndex(finder));
}

/**
 * The cards of the given programmes in the given order, unpublished ones left out (a wishlist's
 * saved programmes, a peer's page of ids).
 */
export function coursesByIds(
  db: Database,
  ids: readonly number[],
  finder?: FinderIndex,
): Promise<CourseListItem[]> {
  return pageCards.coursesByIds(db, ids, currentIndex(finder));
}

/** How many public programmes a country's schools offer (the country page's count). */
export async function countCountryCourses(
  db: Database,
  countryId: number,
  finder?: FinderIndex,
): Promise<number> {
  const index = currentIndex(finder);
  return index
    ? index.courseCountOfCountry(countryId)
    : countPublishedCoursesOfCountry(db, countryId);
}

/**
 * Every country's number of public programmes, from the index (a country it lacks has none), or
 * undefined when no index is current: then the countries list counts them in SQL.
 */
export function countryCourseCounts(finder?: FinderIndex): Map<number, number> | undefined {
  return currentIndex(finder)?.courseCountsByCountry();
}

/** Programme names, schools, disciplines and countries for text typed in a search box. */
export function suggest(db: Database, text: string): Promise<Suggestion[]> {
  return suggestions.suggest(db, text);
}
