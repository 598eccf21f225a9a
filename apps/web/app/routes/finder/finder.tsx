// The course finder (docs/spec/discovery.md §2 "Course finder page", §4 Finder, §9): one route
// module for /coursefinder, /search, /test and the programme variants (/graduate, /courses, ...)
// with their discipline child (/graduate/computer-science). All filter state lives in the URL
// query; the loader reads it with the visitor's seed cookie (features/finder/visitor-seed.ts) and
// renders the first page on the server, later changes are client-side navigations.
import { useCallback, useMemo, useState } from "react";
import { preload } from "react-dom";
import { data, useLocation, useNavigate, useNavigation } from "react-router";

import { getLogger, getServices, getSessionUser } from "../../context.ts";
import { useMyMoney } from "../../currency/my-money.ts";
import { FilterOverlay, OVERLAY_OPEN_STATE } from "../../features/finder/filter-overlay.tsx";
import { FilterSidebar } from "../../features/finder/filter-sidebar.tsx";
import {
  FinderContext,
  type FinderContextValue,
  type FinderLoaderData,
  type FinderPageData,
} from "../../features/finder/finder-data.ts";
import { qualifiedFilterOf } from "../../features/finder/finder-eligibility.server.ts";
import { loadFinderRoute } from "../../features/finder/finder-loader.server.ts";
import styles from "../../features/finder/finder-page.module.css";
import { FinderProblemView } from "../../features/finder/finder-problem.tsx";
import { FinderResults } from "../../features/finder/finder-results.tsx";
import { SaveSearchButton } from "../../features/finder/save-search-button.tsx";
import { finderScopeFromPath } from "../../features/finder/finder-route.ts";
import { unpackFinderCards } from "../../components/course-card/packed-cards.ts";
import { unpackDegreeTypeGroups, unpackFinderFacets } from "../../features/finder/packed-facets.ts";
import { useVisitorSeed } from "../../features/finder/visitor-seed.ts";
import { cardImageOf } from "../../utils/course-display.ts";
import type { Route } from "./+types/finder";

const COUNT = new Intl.NumberFormat("en-US");

export async function loader({ request, url, context }: Route.LoaderArgs) {
  // `url`, not request.url: client-side navigations fetch /path.data, and `url` is the page's.
  const scope = finderScopeFromPath(url.pathname);
  // routes.ts only sends finder paths here.
  if (!scope) throw data(null, { status: 404 });
  const services = getServices(context);
  const userId = getSessionUser(context)?.id;
  const answer = await loadFinderRoute(
    services.catalogue,
    scope,
    url.searchParams,
    request.headers.get("Cookie"),
    getLogger(context),
    await qualifiedFilterOf(services.db, userId, url.searchParams),
  );
  return data(answer.data, { status: answer.status, headers: answer.headers });
}

/** Forwards the seed cookie (features/finder/visitor-seed.ts) on document requests. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return [{ title: "Course finder — StudyAtlas" }];
  if (loaderData.status === "problem") {
    return [
      { title: `${loaderData.title} — StudyAtlas` },
      { name: "description", content: loaderData.message },
      { name: "robots", content: "noindex" },
    ];
  }
  const count = COUNT.format(loaderData.count);
  const where = loaderData.discipline ? ` in ${loaderData.discipline.name}` : "";
  const programmes = loaderData.count === 1 ? "programme" : "programmes";
  return [
    { title: `${loaderData.heading}${where}: ${count} ${programmes} — StudyAtlas` },
    {
      name: "description",
      content: `Compare ${count} online ${programmes}${where} from schools worldwide (${loaderData.heading}). Filter by discipline, programme level, duration, tuition, format, attendance and country.`,
    },
  ];
}

export default function Finder({ loaderData }: Route.ComponentProps) {
  if (loaderData.status === "problem") return <FinderProblemView problem={loaderData} />;
  return <FinderPage data={loaderData} />;
}

function isOverlayState(state: unknown): boolean {
  return (
    typeof state === "object" &&
    state !== null &&
    (state as Record<string, unknown>).finderFilters === OVERLAY_OPEN_STATE.finderFilters
  );
}

/**
 * Where the finder is and how it moves: while a finder navigation is pending, filters read the
 * pending URL, so a ticked box stays ticked at once and a second click builds on the first instead
 * of undoing it; the mobile overlay stays open across the navigations it makes.
 */
function useFinderNavigation(page: FinderPageData) {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const pendingLocation =
    navigation.location && finderScopeFromPath(navigation.location.pathname)
      ? navigation.location
      : undefined;
  const current = pendingLocation ?? location;
  const scope = finderScopeFromPath(current.pathname) ?? page.scope;

  const [overlayOpen, setOverlayOpen] = useState(() => isOverlayState(location.state));
  const linkState = overlayOpen ? OVERLAY_OPEN_STATE : undefined;
  const go = useCallback(
    (href: string) => {
      void navigate(href, { preventScrollReset: true, ...(linkState ? { state: linkState } : {}) });
    },
    [navigate, linkState],
  );
  const finder: FinderContextValue = {
    data: page,
    location: { pathname: current.pathname, search: current.search, scope },
    go,
    linkState,
  };
  return { finder, loading: pendingLocation !== undefined, overlayOpen, setOverlayOpen };
}

/** The loader's page, its cards and facets read back, with the currencies every page reads (ADR 061, 065). */
function usePageData(loaded: FinderLoaderData): FinderPageData {
  const money = useMyMoney();
  return useMemo(
    () => ({
      ...loaded,
      facets: unpackFinderFacets(loaded.facets),
      degreeTypeGroups: unpackDegreeTypeGroups(loaded.degreeTypeGroups),
      results: unpackFinderCards(loaded.results),
      suggestions: unpackFinderCards(loaded.suggestions),
      currencies: (money?.currencies ?? []).map(([code, name, rate]) => ({
        short_code: code,
        name,
        usd_exchange_rate: rate,
      })),
    }),
    [loaded, money],
  );
}

function FinderPage({ data: loaded }: { data: FinderLoaderData }) {
  useVisitorSeed();
  const page = usePageData(loaded);
  // The first card's picture is the largest paint on a phone: fetched at once with the
  // stylesheet, not after the first layout as the cards' lazy images are (ADR 019).
  const firstImage = page.results[0] ? cardImageOf(page.results[0].school) : "";
  if (firstImage) preload(firstImage, { as: "image", fetchPriority: "high" });
  const { finder, loading, overlayOpen, setOverlayOpen } = useFinderNavigation(page);
  const subtitle = [
    page.discipline ? `Programmes in ${page.discipline.name}` : undefined,
    page.school ? `at ${page.school.name}` : undefined,
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <FinderContext.Provider value={finder}>
      <div className={styles.page}>
        <div className={styles.intro}>
          <h1 className={styles.heading}>{page.heading}</h1>
          {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
          <SaveSearchButton />
        </div>
        <div className={styles.layout}>
          <FilterSidebar />
          <FinderResults loading={loading} />
        </div>
        <FilterOverlay open={overlayOpen} onOpenChange={setOverlayOpen} />
      </div>
    </FinderContext.Provider>
  );
}
