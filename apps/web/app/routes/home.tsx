// Home page (docs/spec/discovery.md §2 "Home page", sections in the spec's order): the hero search with the
// quick links, the programme-type strip, the featured rows (plus Free Courses and Browse by
// Country), Browse By Discipline, the newsletter seam, the reviews and the country ticker.
// Everything is server-rendered; the featured rows and discipline counts come from the loader.
import { useMemo } from "react";
import { type ShouldRevalidateFunctionArgs } from "react-router";

import type { CachedCatalogue } from "@studyatlas/core/catalogue/cached-catalogue.ts";
import { finderCardOf } from "@studyatlas/core/finder/finder-page.ts";
import { CourseListQuerySchema, type CourseCard } from "@studyatlas/schemas/catalogue.ts";

import { FEATURED_ROWS, HOME_DISCIPLINES } from "../utils/home-content.ts";
import { loadDisciplineTiles } from "../components/discipline-grid/discipline-tiles.server.ts";
import { NewsletterBlock } from "../features/newsletter/newsletter-block.tsx";
import { packFinderCards, unpackFinderCards } from "../components/course-card/packed-cards.ts";
import {
  BrowseByCountry,
  CountriesTickerSection,
  DisciplinesBand,
  FeaturedRows,
  type FeaturedRow,
  HomeHero,
  ProgrammeTypeSection,
  ReviewsSection,
} from "../features/home/home-sections.tsx";
import { LOGIN_QUERY_PARAM, useLoginQueryFlag } from "../hooks/use-login-query-flag.ts";
import { useSignInPrompt } from "../auth/session-context.tsx";
import type { FastifyBaseLogger as Logger } from "fastify";

import { getLogger, getServices } from "../context.ts";
import type { Route } from "./+types/home";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "StudyAtlas — Find online programmes from schools worldwide" },
    {
      name: "description",
      content:
        "Search online undergraduate and graduate degrees, executive education, short courses and certificate courses from schools around the world, and compare tuition and duration.",
    },
  ];
}

/** How many different random mixes of the featured rows visitors see. */
const HOME_MIXES = 64;

/** A featured row in the page's data: its cards one text each (packed-cards.ts, ADR 066). */
interface PackedRow extends Omit<FeaturedRow, "courses"> {
  courses: string[];
}

/** The featured rows' cards, their lists read together (one statement for every row's cards). */
async function loadRows(
  catalogue: CachedCatalogue,
  seed: number,
  log: Logger,
): Promise<PackedRow[]> {
  let lists: Array<{ results: CourseCard[] }>;
  try {
    const requests = await Promise.all(
      FEATURED_ROWS.map((row) =>
        catalogue.resolveCourseListRequest(
          CourseListQuerySchema.parse({ ...row.query, seed: String(seed) }),
        ),
      ),
    );
    // Only what the cards show goes into the page's data, and only that is read
    // (docs/decisions/018-page-reuse.md).
    lists = await catalogue.listCourseCardPages(requests);
  } catch (error) {
    // docs/spec/discovery.md §7: a failed course list is an empty row with no message; the rest of
    // the page still works.
    log.error({ err: error }, "Home page: the featured rows could not be loaded.");
    lists = [];
  }
  return FEATURED_ROWS.map((row, position) => ({
    key: row.key,
    title: row.title,
    viewAllTo: row.viewAllTo,
    courses: packFinderCards((lists[position]?.results ?? []).map(finderCardOf)),
  }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue } = getServices(context);
  // "ordering=random" (§7) with a seed drawn per render from a fixed set: each visit shows one of
  // HOME_MIXES mixes (each computed once, then served from the catalogue cache), and the seed
  // keeps one render's rows consistent with each other.
  const seed = 1 + Math.floor(Math.random() * HOME_MIXES);
  const [rows, disciplines] = await Promise.all([
    loadRows(catalogue, seed, getLogger(context)),
    loadDisciplineTiles(catalogue, HOME_DISCIPLINES, getLogger(context)),
  ]);
  return { rows, disciplines };
}

/**
 * Removing ?login=true from the address (§2) must not refetch and reshuffle the rows; any other
 * change of the URL loads the page afresh as usual.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname) {
    const current = new URLSearchParams(currentUrl.search);
    current.delete(LOGIN_QUERY_PARAM);
    if (current.toString() === nextUrl.searchParams.toString()) return false;
  }
  return defaultShouldRevalidate;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  useLoginQueryFlag(useSignInPrompt());
  const rows = useMemo(
    () => loaderData.rows.map((row) => ({ ...row, courses: unpackFinderCards(row.courses) })),
    [loaderData.rows],
  );

  return (
    <>
      <HomeHero />
      <ProgrammeTypeSection />
      <FeaturedRows rows={rows} />
      <BrowseByCountry />
      <DisciplinesBand disciplines={loaderData.disciplines} />
      {/* 6. The newsletter block (desktop only, §2 item 6; §4 "Newsletter"). */}
      <NewsletterBlock />
      <ReviewsSection />
      <CountriesTickerSection />
    </>
  );
}
