// The catalogue reads the pages make (every page loader reads the catalogue through here), answered
// from the catalogue cache when the same question was asked since the catalogue last changed. The
// finder's answers come from its search module, which decides between its index and SQL. The API
// keeps its serialised answers in the same cache (apps/web/server/plugins/catalogue-cache.ts).
import type { Database } from "@studyatlas/db/client.ts";
import type { CourseListQuery } from "@studyatlas/schemas/catalogue.ts";

import type { CatalogueCache } from "./catalogue-cache.ts";
import { findCountryId, listCountries, listCountryOptions } from "./countries.ts";
import { getCountryById } from "./country-detail.ts";
import { getCourseBySlug } from "./course-detail.ts";
import { listCurrencies, listDegreeTypes, listDisciplines } from "./reference-lists.ts";
import { getSchoolBySlug, listSchools } from "./schools.ts";
import { listCountryCurrencies } from "../currency/my-currency.ts";
import type { CourseFilters, CourseListRequest, RelatedScope } from "../finder/course-request.ts";
import type { FinderIndex } from "../finder/finder-index.ts";
import { randomSeed } from "../finder/random-seed.ts";
import {
  countCourseFacets,
  countryCourseCounts,
  listCourseCardPages,
  listCourses,
  listRelatedCourses,
  resolveCourseListRequest,
} from "../finder/search.ts";

export interface CachedCatalogue {
  resolveCourseListRequest(query: CourseListQuery): Promise<CourseListRequest>;
  listCourses(request: CourseListRequest): ReturnType<typeof listCourses>;
  /** Several lists of cards at once, read together (the home page's rows). */
  listCourseCardPages(
    requests: readonly CourseListRequest[],
  ): ReturnType<typeof listCourseCardPages>;
  countCourseFacets(filters: CourseFilters): ReturnType<typeof countCourseFacets>;
  listDisciplines(): ReturnType<typeof listDisciplines>;
  listDegreeTypes(): ReturnType<typeof listDegreeTypes>;
  listCurrencies(page: { limit: number; offset: number }): ReturnType<typeof listCurrencies>;
  listCountries(options: Parameters<typeof listCountries>[1]): ReturnType<typeof listCountries>;
  findCountryId(by: { slug?: string; name?: string }): ReturnType<typeof findCountryId>;
  listSchools(options: Parameters<typeof listSchools>[1]): ReturnType<typeof listSchools>;
  /** Programmes in random order: drawn afresh each time, so never from the cache. */
  listRelatedCourses(scope: RelatedScope): ReturnType<typeof listRelatedCourses>;
  /** The countries of the search box's dropdown (every page's root loader). */
  listCountryOptions(options: { enabledOnly: boolean }): ReturnType<typeof listCountryOptions>;
  /** Country code to currency code, for the currency guess (docs/decisions/052-my-currency-and-compare.md). */
  listCountryCurrencies(): ReturnType<typeof listCountryCurrencies>;
  /** The detail pages' records (their HTML sanitised once, not on every view). */
  getCourseBySlug(slug: string): ReturnType<typeof getCourseBySlug>;
  getSchoolBySlug(slug: string): ReturnType<typeof getSchoolBySlug>;
  getCountryById(id: number): ReturnType<typeof getCountryById>;
}

/** A list's cache key: the seed orders only random lists; other orderings share one entry. */
function listKey(request: CourseListRequest): string {
  return JSON.stringify({ ...request, seed: request.ordering === "random" ? request.seed : 0 });
}

export function cachedCatalogue(
  db: Database,
  cache: CatalogueCache,
  finderIndex?: FinderIndex,
  /**
   * The reference lists every page reads (disciplines, degree types, currencies, the search box's
   * countries): read once per catalogue change, even with the answer cache off (ADR 033). Defaults
   * to the answer cache.
   */
  references: CatalogueCache = cache,
): CachedCatalogue {
  const remember = <T>(key: string, compute: () => Promise<T>) => cache.remember(key, compute);
  const reference = <T>(key: string, compute: () => Promise<T>) =>
    references.remember(key, compute);
  return {
    async resolveCourseListRequest(query) {
      // Resolving looks up slugs and corrects spelling; only a missing seed is random, so the
      // lookups are shared and a missing seed is drawn afresh for each caller.
      const { seed, ...rest } = query;
      const resolved = await remember(`resolve:${JSON.stringify(rest)}`, () =>
        resolveCourseListRequest(db, { ...rest, seed: 0 }, finderIndex),
      );
      return { ...resolved, seed: seed ?? randomSeed() };
    },
    listCourses: (request) =>
      remember(`list:${listKey(request)}`, () => listCourses(db, request, finderIndex)),
    listCourseCardPages: (requests) =>
      remember(`card-lists:${requests.map(listKey).join(",")}`, () =>
        listCourseCardPages(db, requests, finderIndex),
      ),
    countCourseFacets: (filters) =>
      remember(`facets:${JSON.stringify(filters)}`, () =>
        countCourseFacets(db, filters, finderIndex),
      ),
    listDisciplines: () => reference("disciplines", () => listDisciplines(db)),
    listDegreeTypes: () => reference("degree-types", () => listDegreeTypes(db)),
    listCurrencies: (page) =>
      reference(`currencies:${JSON.stringify(page)}`, () => listCurrencies(db, page)),
    listCountries: (options) =>
      remember(`countries:${JSON.stringify(options)}`, () =>
        listCountries(db, options, countryCourseCounts(finderIndex)),
      ),
    findCountryId: (by) =>
      remember(`country-id:${JSON.stringify(by)}`, () => findCountryId(db, by)),
    listSchools: (options) =>
      remember(`schools:${JSON.stringify(options)}`, () => listSchools(db, options)),
    listRelatedCourses: (scope) => listRelatedCourses(db, scope, finderIndex),
    listCountryOptions: (options) =>
      reference(`country-options:${JSON.stringify(options)}`, () =>
        listCountryOptions(db, options),
      ),
    listCountryCurrencies: () => reference("country-currencies", () => listCountryCurrencies(db)),
    // `remember` stores only defined values: unknown slugs are asked again, never cached.
    getCourseBySlug: (slug) => remember(`course:${slug}`, () => getCourseBySlug(db, slug)),
    getSchoolBySlug: (slug) => remember(`school:${slug}`, () => getSchoolBySlug(db, slug)),
    getCountryById: (id) => remember(`country:${id}`, () => getCountryById(db, id, finderIndex)),
  };
}
