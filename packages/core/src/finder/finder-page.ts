// Everything the course finder page shows for one request (docs/spec/discovery.md §2 "Course
// finder page", §4 Finder, §9), from the catalogue service: the page of results with its count,
// the facet counts, the reference lists the filters need, and the programmes suggested when
// nothing matches. The route's loader reads the URL and the visitor's seed, calls this, and
// renders; every decision about the data is made here.
import {
  normaliseProgramme,
  type CourseOrdering,
  type ProgrammeSlug,
} from "@studyatlas/schemas/catalogue-constants.ts";
import {
  CourseListQuerySchema,
  type CourseCard,
  type CourseListQuery,
} from "@studyatlas/schemas/catalogue.ts";
import type { NearbySearch, QueryChip, WidenedSearch } from "@studyatlas/schemas/finder.ts";

import type { Qualifications } from "@studyatlas/schemas/entry-requirements.ts";

import type { CachedCatalogue } from "../catalogue/cached-catalogue.ts";
import { type CourseListRequest, defaultOrdering } from "./course-request.ts";
import { type FinderFacets, finderFacetsOf } from "./finder-facets.ts";
import { pageCount } from "../catalogue/pagination.ts";
import { nearbySearches } from "./nearby-searches.ts";
import { searchTokens } from "./search-words.ts";
import { keptChips, widenWhenEmpty } from "./widen-search.ts";
import { disciplineIconPath } from "../media/media-paths.ts";

export interface DegreeTypeGroup {
  programme: ProgrammeSlug | undefined;
  label: string;
  ids: number[];
}

/**
 * A programme as the finder page sends it for its card (ADR 061): the card's fields without the
 * total cost (the card works it out from the fee, as every page does) and without the banner when
 * the thumbnail is the picture shown (an empty text then).
 */
export type FinderCard = Omit<CourseCard, "total_cost">;

/** The card's fields of a listed programme, as `FinderCard` says. */
export function finderCardOf({ total_cost: _shownFromTheFee, ...card }: CourseCard): FinderCard {
  return card.school.thumbnail.trim() ? { ...card, school: { ...card.school, banner: "" } } : card;
}

export interface FinderPage {
  /** The search text after misspelling correction, when it differs from what was typed. */
  correctedQuery?: string;
  /**
   * The text searched: corrected, without the words taken as filters; what the heading names
   * (undefined without text).
   */
  searchedText: string | undefined;
  /** Filters and order taken from the typed words, as removable chips (ADR 045). */
  queryChips: QueryChip[];
  /**
   * When the filters taken from the words left nothing, what was set aside to show something
   * (ADR 059); the chips above are then the ones still in effect.
   */
  widened?: WidenedSearch;
  /** When nothing matches: nearby searches that find something, with their counts (ADR 045). */
  nearby: NearbySearch[];
  /** The discipline the results are narrowed to (path child or query). */
  discipline: { id: number; slug: string; name: string } | undefined;
  /** The programme in effect (from the path on the variants, else from the query). */
  programme: ProgrammeSlug | undefined;
  /** The label of that programme as the facets name it ('Graduate Programs'). */
  programmeLabel: string | undefined;
  /** The school named by school_slug, when there is one. */
  school: { slug: string; name: string } | undefined;
  ordering: CourseOrdering;
  count: number;
  page: number;
  pageCount: number;
  /** The page's programmes as their cards show them. */
  results: FinderCard[];
  /** The facet counts, with what the filters read of them (finder-facets.ts). */
  facets: FinderFacets;
  /**
   * Icons for the discipline list (the facet rows carry no icon), by slug: only those that are not
   * the generated icon of their slug (`disciplineIconPath`), '' for none; the page's data stays
   * small (ADR 065).
   */
  disciplineIcons: Record<string, string>;
  /** Degree types grouped under their programme level, in the catalogue's order. */
  degreeTypeGroups: DegreeTypeGroup[];
  /** Programmes shown when nothing matches (docs/spec/discovery.md §2 "Empty result"). */
  suggestions: FinderCard[];
}

/** Featured programmes in random order, for an empty result (docs/spec/discovery.md §2). */
const SUGGESTIONS_QUERY = CourseListQuerySchema.parse({
  featured: "true",
  ordering: "random",
  page_size: "6",
});

/**
 * The finder page for `query`. `visitorSeed` orders a random list the same way on every page the
 * visitor sees, unless the query names its own seed (a shared link). Throws InvalidParameterError
 * for a well-formed query that names something unknown (a discipline, a country, a school).
 */
export async function loadFinderPage(
  catalogue: CachedCatalogue,
  query: CourseListQuery,
  options: {
    visitorSeed: number;
    fixed?: ReadonlySet<"programme" | "discipline">;
    /** "Only programmes I qualify for" (ADR 054): the signed-in student's qualifications. */
    qualifiedFor?: Qualifications;
  },
): Promise<FinderPage> {
  // Random order is only ever asked for; the order a query takes otherwise may come from its words.
  const seed =
    defaultOrdering(query) === "random" ? (query.seed ?? options.visitorSeed) : query.seed;
  const { qualifiedFor } = options;
  const resolve = async (next: CourseListQuery) => {
    const request = await catalogue.resolveCourseListRequest({
      ...next,
      ...(seed !== undefined ? { seed } : {}),
    });
    return qualifiedFor ? { ...request, filters: { ...request.filters, qualifiedFor } } : request;
  };
  const asked = await resolve(query);
  // The cards' columns only (CourseCardSchema): all the page shows of its programmes.
  const listCards = async (request: CourseListRequest) =>
    (await catalogue.listCourseCardPages([request]))[0] ?? { count: 0, results: [] };
  // The currencies and their rates are not here: every page's root data carries them (ADR 061).
  const [askedList, askedFacets, disciplines, degreeTypes] = await Promise.all([
    listCards(asked),
    catalogue.countCourseFacets(asked.filters),
    catalogue.listDisciplines(),
    catalogue.listDegreeTypes(),
  ]);
  // Widened when the filters taken from the words leave nothing (ADR 059).
  const {
    request: listRequest,
    answer: list,
    widened,
  } = await widenWhenEmpty(query, asked, askedList, { resolve, list: listCards });
  const facets = widened ? await catalogue.countCourseFacets(listRequest.filters) : askedFacets;
  const { ordering } = listRequest;
  const [suggestions, nearby] =
    list.count === 0
      ? await Promise.all([
          listCards(await catalogue.resolveCourseListRequest(SUGGESTIONS_QUERY)).then(
            (answer) => answer.results,
          ),
          nearbyOf(catalogue, query, listRequest, options.fixed),
        ])
      : [[], []];

  const disciplineId = listRequest.filters.disciplineIds[0];
  const discipline = disciplines.find((item) => item.id === disciplineId);
  const programmeLabel = query.programme
    ? facets.facets.programme.find((item) => item.slug === query.programme)?.label
    : undefined;
  // Misspelled words were searched as their closest catalogue words: say so (ADR 005).
  const corrected = listRequest.filters.searchText;
  const searched = listRequest.filters.text;
  const correctedQuery =
    searched && corrected && corrected !== searchTokens(searched).join(" ") ? corrected : undefined;

  return {
    ...(correctedQuery ? { correctedQuery } : {}),
    searchedText: correctedQuery ?? searched,
    queryChips: keptChips(asked.interpretation?.chips ?? [], widened),
    ...(widened ? { widened } : {}),
    nearby,
    discipline: discipline
      ? { id: discipline.id, slug: discipline.slug, name: discipline.name }
      : undefined,
    programme: query.programme,
    programmeLabel,
    school: query.school_slug
      ? {
          slug: query.school_slug,
          name:
            list.results.find((course) => course.school.slug === query.school_slug)?.school.name ??
            query.school_slug,
        }
      : undefined,
    ordering,
    count: list.count,
    page: listRequest.page,
    pageCount: pageCount(list.count, listRequest.pageSize),
    results: list.results.map(finderCardOf),
    facets: finderFacetsOf(facets.facets),
    disciplineIcons: Object.fromEntries(
      disciplines
        .filter((item) => item.icon !== disciplineIconPath(item.slug))
        .map((item) => [item.slug, item.icon]),
    ),
    degreeTypeGroups: groupDegreeTypes(degreeTypes),
    suggestions: suggestions.map(finderCardOf),
  };
}

/** The nearby searches of a query that found nothing, counted through the catalogue's lists. */
async function nearbyOf(
  catalogue: CachedCatalogue,
  query: CourseListQuery,
  listRequest: CourseListRequest,
  fixed: ReadonlySet<"programme" | "discipline"> | undefined,
): Promise<NearbySearch[]> {
  const countries = await catalogue.listCountryOptions({ enabledOnly: false });
  const count = async (other: CourseListQuery) => {
    const request = await catalogue.resolveCourseListRequest({
      ...other,
      ordering: "name",
      page: 1,
      page_size: 1,
    });
    return (await catalogue.listCourses(request)).count;
  };
  return nearbySearches(query, listRequest, count, {
    countryNames: new Map(countries.map((country) => [country.slug, country.name])),
    ...(fixed ? { fixed } : {}),
  });
}

/** Degree types under their programme level, keeping the order of first appearance. */
export function groupDegreeTypes(
  degreeTypes: ReadonlyArray<{ id: number; programme_type: { slug: string; label: string } }>,
): DegreeTypeGroup[] {
  const groups: DegreeTypeGroup[] = [];
  for (const degreeType of degreeTypes) {
    const { label } = degreeType.programme_type;
    let group = groups.find((item) => item.label === label);
    if (!group) {
      group = { programme: normaliseProgramme(degreeType.programme_type.slug), label, ids: [] };
      groups.push(group);
    }
    group.ids.push(degreeType.id);
  }
  return groups;
}
