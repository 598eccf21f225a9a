// What the finder is asked (docs/spec/discovery.md §4 Finder): the filters of a programme list,
// its order and its page, and the scope of a related strip. Types and constants only, so that the
// SQL path, the in-process index and their callers share them without importing each other.
import type { CourseOrdering } from "@studyatlas/schemas/catalogue-constants.ts";
import type {
  CourseListQuery,
  DurationRange,
  TuitionFilter,
} from "@studyatlas/schemas/catalogue.ts";
import type { Qualifications } from "@studyatlas/schemas/entry-requirements.ts";
import type { QueryChip } from "@studyatlas/schemas/finder.ts";

import type { BudgetBand } from "../cost/budget-bands.ts";

export interface CourseFilters {
  /** Free text as typed (trigram matching on names). */
  text?: string;
  /** The free text with misspelled words corrected (full-text matching and ranking). */
  searchText?: string;
  /**
   * How the text matches: the full-text index when the corrected words match anything, else a
   * close trigram match on programme names (ADR 005).
   */
  textMatch?: "fulltext" | "similar-name";
  /**
   * For full text: the corrected text as PostgreSQL's tsquery prints it (`'data' & 'scienc'`),
   * which the in-process index evaluates (index/tsquery.ts) and SQL reads with `::tsquery`. For a
   * search expanded with synonyms, variants and word starts (ADR 043), that expanded query.
   */
  textQuery?: string;
  /**
   * For full text expanded with completions or corrections (ADR 043): the query without them.
   * Its matches rank above the others in relevance order.
   */
  textExactQuery?: string;
  /**
   * For full text where a word has several readings (ADR 043): regular expressions over
   * `search_name`, one per span of the search; programmes whose name matches all rank first.
   */
  textNamePatterns?: string[];
  /**
   * With the name patterns: a regular expression over `search_name` for the name that is the
   * search itself (ADR 059); those programmes rank before all others.
   */
  textWholeNamePattern?: string;
  /**
   * For full text with synonym readings of several words (ADR 060): each such span matches by its
   * other readings (`query`) or by the name holding one of the phrases (`namePattern`, over
   * `search_name`). Both paths match `textQuery` and then these.
   */
  textNameReadings?: ReadonlyArray<{ query?: string; namePattern: string }>;
  programmeTypeId?: number;
  disciplineIds: number[];
  countryIds: number[];
  excludeContinents: string[];
  schoolId?: number;
  tuition?: TuitionFilter;
  /**
   * The budget (ADR 051): `maxUsd` keeps programmes whose known total cost in USD is at most it;
   * `bands` are the facet's "up to" amounts in `currency`, counted with the other filters.
   */
  budget?: { currency: string; maxUsd?: number; bands: readonly BudgetBand[] };
  durations: DurationRange[];
  degreeTypeIds: number[];
  attendance: string[];
  formats: string[];
  featured?: boolean;
  /**
   * "Only programmes I qualify for" (ADR 054): the programmes whose stated entry requirements
   * these qualifications are known to meet. Set by the finder page for a signed-in student only.
   */
  qualifiedFor?: Qualifications;
  /** Only published programmes are public; `published=false` therefore matches nothing. */
  published: boolean;
}

/** No filter but "published": every public programme. Spread it and set the filters you need. */
export const ALL_PUBLISHED_COURSES: Readonly<CourseFilters> = {
  disciplineIds: [],
  countryIds: [],
  excludeContinents: [],
  durations: [],
  degreeTypeIds: [],
  attendance: [],
  formats: [],
  published: true,
};

export interface CourseListRequest {
  filters: CourseFilters;
  /** The filters and order taken from the typed text, when it named any (ADR 045). */
  interpretation?: { text: string; chips: QueryChip[] };
  ordering: CourseOrdering;
  /** For random ordering: the same seed gives the same permutation, so pages never overlap. */
  seed: number;
  page: number;
  pageSize: number;
}

/** How the corrected text matches (ADR 005), and its tsquery as PostgreSQL prints it. */
export interface TextMatchChoice {
  match: "fulltext" | "similar-name";
  query: string;
}

/** Where the related strip of a programme or country page draws from (docs/spec/discovery.md §2). */
export interface RelatedScope {
  disciplineId?: number;
  schoolId?: number;
  countryId?: number;
  /** The programme whose page shows the strip. */
  excludeCourseId?: number;
}

/**
 * The order a list takes when the request names none: relevance for free text, else by name, so
 * a first visit, a crawler and a shared link all see the same stable pages.
 */
export function defaultOrdering(query: Pick<CourseListQuery, "ordering" | "name">): CourseOrdering {
  return query.ordering ?? (query.name ? "relevance" : "name");
}
