// Home page (docs/spec/discovery.md §2 "Home page", sections in the spec's order): the hero search with the
// quick links, the programme-type strip, the featured rows (plus Free Courses and Browse by
// Country), Browse By Discipline, the newsletter seam, the reviews and the country ticker.
// Everything is server-rendered; the featured rows and discipline counts come from the loader.
import { type ShouldRevalidateFunctionArgs } from "react-router";

import type { CachedCatalogue } from "@studyatlas/core/catalogue/cached-catalogue.ts";
import { CourseListQuerySchema, type CourseCard } from "@studyatlas/schemas/catalogue.ts";

import { CountryCarousel } from "../components/carousels/country-carousel.tsx";
import { CountryTicker } from "../components/carousels/country-ticker.tsx";
import { CourseRow } from "../components/carousels/course-row.tsx";
import { ReviewsCarousel } from "../components/carousels/reviews-carousel.tsx";
import { CourseSearchForm } from "../components/course-search/course-search-form.tsx";
import { DisciplineGrid } from "../components/discipline-grid/discipline-grid.tsx";
import {
  BROWSE_COUNTRIES,
  FEATURED_ROWS,
  HOME_DISCIPLINES,
  REVIEWS,
  TICKER_COUNTRIES,
} from "../utils/home-content.ts";
import { loadDisciplineTiles } from "../components/discipline-grid/discipline-tiles.server.ts";
import { NewsletterBlock } from "../features/newsletter/newsletter-block.tsx";
import { ProgrammeTypeStrip } from "../features/home/programme-type-strip.tsx";
import { LOGIN_QUERY_PARAM, useLoginQueryFlag } from "../hooks/use-login-query-flag.ts";
import { useSignInPrompt } from "../auth/session-context.tsx";
import { getLogger, getServices } from "../context.ts";
import { PROGRAMME_LINKS } from "../utils/programme-links.ts";
import type { Route } from "./+types/home";
import styles from "./home.module.css";
import { SiteLink } from "../components/site-link/site-link.tsx";

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

/** The featured rows' cards, their lists read together (one statement for every row's cards). */
async function loadRows(
  catalogue: CachedCatalogue,
  seed: number,
): Promise<Array<{ key: string; title: string; viewAllTo: string; courses: CourseCard[] }>> {
  let lists: Array<{ results: CourseCard[] }>;
  try {
    const requests = await Promise.all(
      FEATURED_ROWS.map((row) =>
        catalogue.resolveCourseListRequest(
          CourseListQuerySchema.parse({ ...row.query, seed: String(seed) }),
        ),
      ),
    );
    // Only what the cards show goes into the page's data, and only that is read (issue 14 item 3).
    lists = await catalogue.listCourseCardPages(requests);
  } catch (error) {
    // docs/spec/discovery.md §7: a failed course list is an empty row with no message; the rest of
    // the page still works.
    console.error("Home page: the featured rows could not be loaded.", error);
    lists = [];
  }
  return FEATURED_ROWS.map((row, position) => ({
    key: row.key,
    title: row.title,
    viewAllTo: row.viewAllTo,
    courses: lists[position]?.results ?? [],
  }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue } = getServices(context);
  // "ordering=random" (§7) with a seed drawn per render from a fixed set: each visit shows one of
  // HOME_MIXES mixes (each computed once, then served from the catalogue cache), and the seed
  // keeps one render's rows consistent with each other.
  const seed = 1 + Math.floor(Math.random() * HOME_MIXES);
  const [rows, disciplines] = await Promise.all([
    loadRows(catalogue, seed),
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

  return (
    <>
      {/* 1. Hero search and 2. quick links */}
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroInner}>
          <h1 id="hero-title" className={styles.heroTitle}>
            Find your online programme
          </h1>
          <p className={styles.heroLead}>
            Discover online programmes and courses from top schools around the world.
          </p>
          <div className={styles.heroSearch}>
            <CourseSearchForm variant="hero" />
          </div>
          <nav aria-label="Programme types" className={styles.quickLinks}>
            <ul>
              {PROGRAMME_LINKS.map((programme) => (
                <li key={programme.to}>
                  <SiteLink to={programme.to} className={styles.quickLink}>
                    {programme.audienceLabel}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>

      {/* 3. Programme-type card strip */}
      <section className={styles.programmeStrip} aria-labelledby="programme-types-title">
        <div className={styles.container}>
          <ProgrammeTypeStrip headingId="programme-types-title" />
        </div>
      </section>

      {/* 4. Featured rows, then Free Courses (§7 presets). The spec's category tab strip renders
          an empty list, so no tabs (docs/spec-notes.md). A row that comes back empty is left
          out. */}
      <div className={styles.featured}>
        <div className={styles.container}>
          {loaderData.rows.map(
            (row) =>
              row.courses.length > 0 && (
                <CourseRow
                  key={row.key}
                  title={row.title}
                  headingId={`featured-${row.key}-title`}
                  courses={row.courses}
                  className={styles.featuredRow}
                  action={<ViewAllLink to={row.viewAllTo} title={row.title} />}
                />
              ),
          )}
        </div>
      </div>

      {/* Browse by Country (§2 Carousels), after the featured rows. */}
      <section className={styles.plain} aria-labelledby="browse-countries-title">
        <div className={styles.container}>
          <div className={styles.sectionHeader}>
            <h2 id="browse-countries-title" className={styles.sectionTitle}>
              Browse by Country
            </h2>
          </div>
          <CountryCarousel countries={BROWSE_COUNTRIES} label="Browse by Country" />
        </div>
      </section>

      {/* 5. Browse By Discipline */}
      <section className={styles.band} aria-labelledby="disciplines-title">
        <div className={styles.container}>
          <DisciplineGrid disciplines={loaderData.disciplines} headingId="disciplines-title" />
        </div>
      </section>

      {/* 6. The newsletter block (desktop only, §2 item 6; §4 "Newsletter"). */}
      <NewsletterBlock />

      {/* 7. Reviews across the Globe */}
      <section className={styles.reviews} aria-labelledby="reviews-title">
        <div className={styles.narrow}>
          <h2 id="reviews-title" className={`${styles.sectionTitle} ${styles.centred}`}>
            Reviews across the Globe
          </h2>
          <ReviewsCarousel reviews={REVIEWS} label="Student reviews" />
        </div>
      </section>

      {/* 8. Courses By Countries */}
      <section className={styles.ticker} aria-labelledby="ticker-title">
        <div className={styles.container}>
          <h2 id="ticker-title" className={`${styles.sectionTitle} ${styles.centred}`}>
            Courses By Countries
          </h2>
        </div>
        <CountryTicker countries={TICKER_COUNTRIES} />
      </section>
    </>
  );
}

function ViewAllLink({ to, title }: { to: string; title: string }) {
  return (
    <SiteLink to={to} className={styles.viewAll}>
      View all<span className="visually-hidden"> {title}</span>
    </SiteLink>
  );
}
