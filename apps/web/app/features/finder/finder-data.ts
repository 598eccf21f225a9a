// What the finder route's loader hands to the page (routes/finder/finder.tsx), and the context
// the filter components read it from: the current results and facet counts, the reference lists,
// and the location the next filter change starts from.
import { createContext, useContext } from "react";

import type { FinderFacets } from "@studyatlas/core/finder/finder-facets.ts";
import type {
  DegreeTypeGroup,
  FinderCard,
  FinderPage,
} from "@studyatlas/core/finder/finder-page.ts";

import type { FinderScope } from "./finder-route.ts";
import type { PackedFinderFacets } from "./packed-facets.ts";

/**
 * "Only programmes I qualify for" (ADR 054): off, applied, or asked for but not applicable
 * (signed out, or no qualifications recorded).
 */
export type QualifiedFilterState = "off" | "on" | "sign-in" | "no-qualifications";

/** What the finder route's loader hands to the page: the core's finder page, placed. */
export interface FinderLoaderData extends Omit<
  FinderPage,
  "facets" | "results" | "suggestions" | "degreeTypeGroups"
> {
  /** The degree types' groups as text (packed-facets.ts). */
  degreeTypeGroups: string;
  /** The long lists packed as text (packed-facets.ts). */
  facets: PackedFinderFacets;
  /** The cards, one text each (packed-cards.ts). */
  results: string[];
  suggestions: string[];
  status: "ok";
  scope: FinderScope;
  heading: string;
  qualifiedFilter: QualifiedFilterState;
}

/** A currency of the tuition and budget filters, with its units per US dollar. */
interface FinderCurrency {
  short_code: string;
  name: string;
  usd_exchange_rate: number;
}

/**
 * What the filters read: the loader's page, its cards, facets and degree type groups read back as
 * records, and the currencies, which every page reads from the reference tables
 * (currency/my-money.ts), so the finder's own data does not repeat them (ADR 061, ADR 065).
 */
export interface FinderPageData extends Omit<
  FinderLoaderData,
  "facets" | "results" | "suggestions" | "degreeTypeGroups"
> {
  degreeTypeGroups: DegreeTypeGroup[];
  facets: FinderFacets;
  results: FinderCard[];
  suggestions: FinderCard[];
  currencies: FinderCurrency[];
}

/** What the finder page shows instead when the address cannot be answered (docs/spec-notes.md). */
export interface FinderProblem {
  status: "problem";
  scope: FinderScope;
  heading: string;
  title: string;
  message: string;
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
