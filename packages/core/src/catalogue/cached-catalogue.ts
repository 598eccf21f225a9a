// The catalogue reads the pages make (the finder and home loaders), answered from the catalogue
// cache when the same question was asked since the catalogue last changed. The API keeps its
// serialised answers in the same cache (apps/web/server/plugins/catalogue-cache.ts).
import type { Database } from "@studyatlas/db/client.ts";
import type { CourseListQuery } from "@studyatlas/schemas/catalogue.ts";

import type { CatalogueCache } from "./catalogue-cache.ts";
import { getCountryById } from "./countries.ts";
import {
  getCourseBySlug,
  listCourses,
  resolveCourseListRequest,
  type CourseFilters,
  type CourseListRequest,
} from "./courses.ts";
import { countCourseFacets } from "./facets.ts";
import { listCurrencies, listDegreeTypes, listDisciplines } from "./reference-lists.ts";
import { getSchoolBySlug } from "./schools.ts";

export interface CachedCatalogue {
  resolveCourseListRequest(query: CourseListQuery): Promise<CourseListRequest>;
  listCourses(request: CourseListRequest): ReturnType<typeof listCourses>;
  countCourseFacets(filters: CourseFilters): ReturnType<typeof countCourseFacets>;
  listDisciplines(): ReturnType<typeof listDisciplines>;
  listDegreeTypes(): ReturnType<typeof listDegreeTypes>;
  listCurrencies(page: { limit: number; offset: number }): ReturnType<typeof listCurrencies>;
  /** The detail pages' records (their HTML sanitised once, not on every view). */
  getCourseBySlug(slug: string): ReturnType<typeof getCourseBySlug>;
  getSchoolBySlug(slug: string): ReturnType<typeof getSchoolBySlug>;
  getCountryById(id: number): ReturnType<typeof getCountryById>;
}

export function cachedCatalogue(db: Database, cache: CatalogueCache): CachedCatalogue {
  const remember = <T>(key: string, compute: () => Promise<T>) => cache.remember(key, compute);
  return {
    async resolveCourseListRequest(query) {
      // Resolving looks up slugs and corrects spelling; only a missing seed is random, so the
      // lookups are shared and a missing seed is drawn afresh for each caller.
      const { seed, ...rest } = query;
      const resolved = await remember(`resolve:${JSON.stringify(rest)}`, () =>
        resolveCourseListRequest(db, { ...rest, seed: 0 }),
      );
      return { ...resolved, seed: seed ?? Math.floor(Math.random() * 2_147_483_647) };
    },
    listCourses: (request) =>
      // The seed orders only random lists; other orderings share one entry whatever it is.
      remember(
        `list:${JSON.stringify({ ...request, seed: request.ordering === "random" ? request.seed : 0 })}`,
        () => listCourses(db, request),
      ),
    countCourseFacets: (filters) =>
      remember(`facets:${JSON.stringify(filters)}`, () => countCourseFacets(db, filters)),
    listDisciplines: () => remember("disciplines", () => listDisciplines(db)),
    listDegreeTypes: () => remember("degree-types", () => listDegreeTypes(db)),
    listCurrencies: (page) =>
      remember(`currencies:${JSON.stringify(page)}`, () => listCurrencies(db, page)),
    // `remember` stores only defined values: unknown slugs are asked again, never cached.
    getCourseBySlug: (slug) => remember(`course:${slug}`, () => getCourseBySlug(db, slug)),
    getSchoolBySlug: (slug) => remember(`school:${slug}`, () => getSchoolBySlug(db, slug)),
    getCountryById: (id) => remember(`country:${id}`, () => getCountryById(db, id)),
  };
}
