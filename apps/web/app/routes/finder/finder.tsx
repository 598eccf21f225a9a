// The course finder (docs/spec/discovery.md §2 "Course finder page", §4 Finder, §9): one route module for
// /coursefinder, /search, /test and the programme variants (/graduate, /courses, ...) with their
// discipline child (/graduate/computer-science). All filter state lives in the URL query; the
// loader calls packages/core directly and renders the first page on the server, later changes
// are client-side navigations.
import { useCallback, useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { data, Link, useLocation, useNavigate, useNavigation } from "react-router";

import { loadFinderPage } from "@studyatlas/core/finder/finder-page.ts";
import { parseSeed, randomSeed } from "@studyatlas/core/finder/random-seed.ts";
import { InvalidParameterError } from "@studyatlas/core/errors.ts";
import { CourseListQuerySchema } from "@studyatlas/schemas/catalogue.ts";
import { MAX_INT4 } from "@studyatlas/schemas/limits.ts";

import { CourseCard } from "../../components/course-card/course-card.tsx";
import { ActiveFilters } from "../../features/finder/active-filters.tsx";
import { EmptyResults } from "../../features/finder/empty-results.tsx";
import { FilterOverlay, OVERLAY_OPEN_STATE } from "../../features/finder/filter-overlay.tsx";
import { FilterSidebar } from "../../features/finder/filter-sidebar.tsx";
import {
  FinderContext,
  type FinderContextValue,
  type FinderPageData,
} from "../../features/finder/finder-data.ts";
import { PaginationNav } from "../../features/finder/pagination-nav.tsx";
import resultsStyles from "../../features/finder/results.module.css";
import { SortSelect } from "../../features/finder/sort-select.tsx";
import { getServices } from "../../context.ts";
import { cardImageOf } from "../../utils/course-display.ts";
import { finderQueryObject, withPage } from "../../features/finder/finder-query.ts";
import {
  finderHeading,
  finderScopeFromPath,
  type FinderScope,
} from "../../features/finder/finder-route.ts";
import type { Route } from "./+types/finder";
import styles from "./finder.module.css";

const COUNT = new Intl.NumberFormat("en-US");

/**
 * Random order must not repeat or skip programmes from one page to the next, so it needs the
 * same seed on every page a visitor sees. The seed lives in a session cookie (no Max-Age: it
 * ends with the browser session) that the loader sets on the visitor's first finder page and
 * reads on every later request, document or data alike — so the server render, client-side
 * navigations and the no-JavaScript page links all agree, and the URL stays clean. A `seed` in
 * the URL (a shared link) wins over the cookie.
 *
 * The default order is not random but by name (relevance when there is free text): a first
 * visit, a crawler without cookies and a shared link then all see the same, stable pages.
 */
const SEED_COOKIE = "finder_seed";

/**
 * Draws the visitor's seed in the browser on the first finder page, before they can switch to
 * random order: the concurrent data requests of that switch then all carry the same seed.
 */
function useVisitorSeed(): void {
  useEffect(() => {
    if (seedFromCookie(document.cookie) !== undefined) return;
    const seed = (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) % MAX_INT4;
    document.cookie = `${SEED_COOKIE}=${seed}; Path=/; SameSite=Lax`;
  }, []);
}

function seedFromCookie(header: string | null): number | undefined {
  return parseSeed(new RegExp(`(?:^|;\\s*)${SEED_COOKIE}=(\\d+)(?:;|$)`).exec(header ?? "")?.[1]);
}

interface FinderProblem {
  status: "problem";
  scope: FinderScope;
  heading: string;
  title: string;
  message: string;
}

function problem(scope: FinderScope, title: string, message: string): FinderProblem {
  return {
    status: "problem",
    scope,
    heading: finderHeading({}),
    title,
    message,
  };
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  // `url`, not request.url: client-side navigations fetch /path.data, and `url` is the page's.
  const scope = finderScopeFromPath(url.pathname);
  // routes.ts only sends finder paths here.
  if (!scope) throw data(null, { status: 404 });
  const { catalogue } = getServices(context);

  const parsed = CourseListQuerySchema.safeParse(finderQueryObject(url.searchParams, scope));
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${issue.path.join(".") || "query"} ${issue.message}`)
      .join("; ");
    return data(
      problem(scope, "Some filters in this address don't work", `We couldn't read: ${details}.`),
      { status: 400 },
    );
  }
  const query = parsed.data;
  const headers = new Headers();
  // The visitor's seed is created on their first finder page, whatever its order, so that it
  // already exists when they switch to random order: creating it only then raced with the
  // concurrent data requests of that switch, which could each pick a different seed.
  // A page in another order sets no cookie, so a CDN may keep it (page-cache-policy.ts): the
  // browser draws its seed when the finder first shows (useVisitorSeed), and a visitor without
  // JavaScript gets one with their first page in random order.
  let visitorSeed = seedFromCookie(request.headers.get("Cookie"));
  if (visitorSeed === undefined) {
    visitorSeed = randomSeed();
    if (query.ordering === "random" && query.seed === undefined) {
      headers.append("Set-Cookie", `${SEED_COOKIE}=${visitorSeed}; Path=/; SameSite=Lax`);
    }
  }

  try {
    const found = await loadFinderPage(catalogue, query, { visitorSeed });
    const page: FinderPageData = {
      status: "ok",
      scope,
      heading: finderHeading({
        ...(found.programmeLabel ? { programmeLabel: found.programmeLabel } : {}),
        ...(query.name ? { name: query.name } : {}),
      }),
      ...found,
    };
    return data(page, { headers });
  } catch (error) {
    if (error instanceof InvalidParameterError) {
      // An unknown discipline in the path is a page that does not exist; anything else is a
      // query the visitor (or an old link) got wrong. Either way the page explains and offers a
      // fresh start rather than an error page.
      const missingPage = error.parameter === "discipline" && scope.disciplineSlug !== undefined;
      return data(
        problem(
          scope,
          missingPage ? "We don't know this discipline" : "Some filters in this address don't work",
          error.message,
        ),
        { status: missingPage ? 404 : 400 },
      );
    }
    // docs/spec/discovery.md §7: a failed course list gives an empty list; the visitor sees a short
    // message rather than an error page, and the detail goes to the log.
    console.error("Course finder: the programmes could not be loaded.", error);
    return data(
      problem(
        scope,
        "We couldn't load programmes just now",
        "Please try again in a moment, or start a fresh search.",
      ),
      { status: 503 },
    );
  }
}

/** Forwards the seed cookie (see SEED_COOKIE) on document requests. */
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

function FinderProblemView({ problem }: { problem: FinderProblem }) {
  return (
    <div className={styles.page}>
      <div className={styles.intro}>
        <h1 className={styles.heading}>{problem.heading}</h1>
      </div>
      <div className={styles.problem} role="alert">
        <h2 className={styles.problemTitle}>{problem.title}</h2>
        <p>{problem.message}</p>
        <p className={styles.problemActions}>
          <Link to={`/${problem.scope.base}`} className={styles.primaryLink}>
            Reset filters
          </Link>
          <Link to="/discipline/">Browse by discipline</Link>
        </p>
      </div>
    </div>
  );
}

function isOverlayState(state: unknown): boolean {
  return (
    typeof state === "object" &&
    state !== null &&
    (state as Record<string, unknown>).finderFilters === OVERLAY_OPEN_STATE.finderFilters
  );
}

function FinderPage({ data: page }: { data: FinderPageData }) {
  useVisitorSeed();
  // The first card's picture is the largest paint on a phone: fetched at once with the
  // stylesheet, not after the first layout as the cards' lazy images are (ADR 019).
  const firstImage = page.results[0] ? cardImageOf(page.results[0].school) : "";
  if (firstImage) preload(firstImage, { as: "image", fetchPriority: "high" });
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  // While a finder navigation is pending, filters read the pending URL: a ticked box stays
  // ticked at once, and a second click builds on the first instead of undoing it.
  const pendingLocation =
    navigation.location && finderScopeFromPath(navigation.location.pathname)
      ? navigation.location
      : undefined;
  const loading = pendingLocation !== undefined;
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

  // A new page of results starts at the top of the list, not where the last one was left.
  const resultsRef = useRef<HTMLDivElement>(null);
  const shownPage = useRef(page.page);
  useEffect(() => {
    if (shownPage.current === page.page) return;
    shownPage.current = page.page;
    const top = resultsRef.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) resultsRef.current?.scrollIntoView({ block: "start" });
  }, [page.page]);

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
        </div>
        <div className={styles.layout}>
          <FilterSidebar />
          <div className={styles.results} ref={resultsRef}>
            <div className={styles.resultsHeader}>
              <h2 className={styles.count}>
                {COUNT.format(page.count)} {page.count === 1 ? "result" : "results"}
              </h2>
              <SortSelect />
            </div>
            {page.correctedQuery ? (
              <p className={styles.correction}>
                Showing results for <strong>‘{page.correctedQuery}’</strong>
              </p>
            ) : null}
            <ActiveFilters />
            <div role="status" className={styles.status}>
              {loading ? (
                <>
                  <span className={styles.spinner} aria-hidden="true" />
                  Loading results…
                </>
              ) : null}
            </div>
            <div
              aria-busy={loading || undefined}
              className={styles.list}
              data-loading={loading || undefined}
            >
              {page.results.length > 0 ? (
                <ul className={resultsStyles.grid}>
                  {page.results.map((course) => (
                    <li key={course.id}>
                      <CourseCard course={course} />
                    </li>
                  ))}
                </ul>
              ) : page.count === 0 ? (
                <EmptyResults />
              ) : (
                <p className={styles.pastEnd}>
                  There is no page {page.page}: these results end on page {page.pageCount}.{" "}
                  <Link to={`${current.pathname}${withPage(current.search, 1)}`}>
                    Back to the first page
                  </Link>
                </p>
              )}
            </div>
            <PaginationNav />
          </div>
        </div>
        <FilterOverlay open={overlayOpen} onOpenChange={setOverlayOpen} />
      </div>
    </FinderContext.Provider>
  );
}
