// What the finder route's loader hands to the page (routes/finder/finder.tsx), and the context
// the filter components read it from: the current results and facet counts, the reference lists,
// and the location the next filter change starts from.
import { createContext, useContext } from "react";

import type { ProgrammeSlug } from "@studyatlas/schemas/catalogue-constants.ts";
import type { CourseListItem } from "@studyatlas/schemas/catalogue.ts";
import type { CourseFacets } from "@studyatlas/schemas/finder.ts";

import type { FinderScope } from "../../utils/finder-route.ts";

export interface FinderPageData {
  status: "ok";
  scope: FinderScope;
  heading: string;
  /** The search text after misspelling correction, when it differs from what was typed. */
  correctedQuery?: string;
  /** The discipline the results are narrowed to (path child or query). */
  discipline: { id: number; slug: string; name: string } | undefined;
  /** The programme in effect (from the path on the variants, else from the query). */
  programme: ProgrammeSlug | undefined;
  /** The school named by school_slug, when there is one. */
  school: { slug: string; name: string } | undefined;
  ordering: string;
  count: number;
  page: number;
  pageCount: number;
  results: CourseListItem[];
  facets: CourseFacets["facets"];
  /** Icons for the discipline list (the facet rows carry no icon). */
  disciplineIcons: Record<string, string>;
  degreeTypeGroups: Array<{
    programme: ProgrammeSlug | undefined;
    label: string;
    ids: number[];
  }>;
  currencies: Array<{ short_code: string; name: string; usd_exchange_rate: number }>;
  /** Programmes shown when nothing matches (discovery.md §2 "Empty result"). */
  suggestions: CourseListItem[];
}

export interface FinderLocation {
  pathname: string;
  /** '?…' or ''. While a finder navigation is pending, the pending query (optimistic UI). */
  search: string;
  scope: FinderScope;
}

export interface FinderContextValue {
  data: FinderPageData;
  location: FinderLocation;
  /** Navigates to another finder URL, keeping the scroll position. */
  go: (href: string) => void;
  /** Navigation state for links, so that the mobile overlay stays open across routes. */
  linkState: Record<string, unknown> | undefined;
}

export const FinderContext = createContext<FinderContextValue | undefined>(undefined);

export function useFinder(): FinderContextValue {
  const value = useContext(FinderContext);
  if (!value) throw new Error("useFinder() outside the course finder page.");
  return value;
}
