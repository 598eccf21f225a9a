// What the programme, school and country pages show (docs/spec/accounts-and-details.md §2, §4;
// ADR 008): one function per page, over the catalogue service, answering everything the page
// renders, the site's address for its absolute links (canonical URL, Open Graph, JSON-LD)
// included. Each answers undefined for a page that does not exist; the route turns that into the
// not-found page.
import { PAGE_SIZE } from "@studyatlas/schemas/catalogue-constants.ts";
import type { CourseCard } from "@studyatlas/schemas/catalogue.ts";

import { previewHtml } from "../content/html-preview.ts";
import type { Logger } from "../logger.ts";
import type { CachedCatalogue } from "./cached-catalogue.ts";
import { courseCardsOf } from "./course-cards.ts";
import type { CountryOrdering } from "./countries.ts";
import { ALL_PUBLISHED_COURSES, type RelatedScope } from "../finder/course-request.ts";
import type { SchoolOrdering } from "./schools.ts";

/** Slugs as the catalogue writes them; anything else names no page (and never reaches SQL). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 300;

export function isCatalogueSlug(slug: string): boolean {
  return slug.length <= MAX_SLUG_LENGTH && SLUG.test(slug);
}

/** Related programmes are a nicety: a failure is logged and the page still shows (docs/spec/discovery.md §7). */
async function relatedOrNone(
  catalogue: CachedCatalogue,
  scope: RelatedScope,
  what: string,
  log: Logger,
): Promise<CourseCard[]> {
  return catalogue.listRelatedCourses(scope).then(courseCardsOf, (error: unknown) => {
    log.error({ err: error }, `${what} could not be loaded.`);
    return [];
  });
}

export async function loadCoursePage(
  catalogue: CachedCatalogue,
  slug: string,
  baseUrl: string,
  log: Logger,
) {
  if (!isCatalogueSlug(slug)) return undefined;
  const course = await catalogue.getCourseBySlug(slug);
  if (!course) return undefined;
  const firstDiscipline = course.disciplines[0];
  const similar = await relatedOrNone(
    catalogue,
    {
      ...(firstDiscipline ? { disciplineId: firstDiscipline.id } : {}),
      excludeCourseId: course.id,
    },
    `Programme page: similar programmes of '${slug}'`,
    log,
  );
  return {
    course,
    overviewPreview: previewHtml(course.overview),
    whyChosePreview: previewHtml(course.why_chose),
    similar,
    baseUrl,
  };
}

export async function loadSchoolPage(catalogue: CachedCatalogue, slug: string, baseUrl: string) {
  if (!isCatalogueSlug(slug)) return undefined;
  const school = await catalogue.getSchoolBySlug(slug);
  if (!school) return undefined;
  const { results } = await catalogue.listCourses({
    filters: { ...ALL_PUBLISHED_COURSES, schoolId: school.id },
    ordering: "name",
    seed: 0,
    page: 1,
    pageSize: PAGE_SIZE,
  });
  return { school, courses: courseCardsOf(results), baseUrl };
}

export interface CountryPageRequest {
  /** The country's id from `?id=`, its slug from `?slug=`, and its name from the path. */
  id?: number;
  slug?: string;
  name: string;
  /** Only the schools tab reads more than the country record. */
  tab: string;
  sort: SchoolOrdering;
  page: number;
}

/** The country page, with the tab, sort and page it was asked for. */
export async function loadCountryPage<Request extends CountryPageRequest>(
  catalogue: CachedCatalogue,
  request: Request,
  baseUrl: string,
  log: Logger,
) {
  const byId = request.id !== undefined ? await catalogue.getCountryById(request.id) : undefined;
  const foundId = byId
    ? undefined
    : await catalogue.findCountryId({
        ...(request.slug ? { slug: request.slug } : {}),
        name: request.name,
      });
  const country =
    byId ?? (foundId === undefined ? undefined : await catalogue.getCountryById(foundId));
  if (!country) return undefined;
  const [schools, related] = await Promise.all([
    request.tab === "schools"
      ? catalogue.listSchools({
          countryId: country.id,
          ordering: request.sort,
          limit: PAGE_SIZE,
          offset: (request.page - 1) * PAGE_SIZE,
        })
      : undefined,
    relatedOrNone(
      catalogue,
      { countryId: country.id },
      `Country page: related programmes of '${country.slug}'`,
      log,
    ),
  ]);
  // A page number past the last page is a page that does not exist.
  if (schools && request.page > 1 && schools.results.length === 0) return undefined;
  const { tab, sort, page }: Pick<Request, "tab" | "sort" | "page"> = request;
  return { country, schools, related, tab, sort, page, baseUrl };
}

/** The countries page, in the order asked for, with the sort the page shows as chosen. */
export async function loadCountryList<Sort extends string>(
  catalogue: CachedCatalogue,
  request: { sort: Sort; ordering: CountryOrdering },
  baseUrl: string,
) {
  const { count, results } = await catalogue.listCountries({
    enabledOnly: true,
    ordering: request.ordering,
    limit: 1000,
    offset: 0,
  });
  return { count, countries: results, sort: request.sort, baseUrl };
}
