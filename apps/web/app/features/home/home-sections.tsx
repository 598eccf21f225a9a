// The home page's sections (docs/spec/discovery.md §2 "Home page", numbered as there), which the
// home route lays out in the spec's order with the newsletter block between them.

import { CountryCarousel } from "../../components/carousels/country-carousel.tsx";
import { CountryTicker } from "../../components/carousels/country-ticker.tsx";
import { CourseRow } from "../../components/carousels/course-row.tsx";
import { ReviewsCarousel } from "../../components/carousels/reviews-carousel.tsx";
import { CourseSearchForm } from "../../components/course-search/course-search-form.tsx";
import {
  DisciplineGrid,
  type DisciplineTile,
} from "../../components/discipline-grid/discipline-grid.tsx";
import { SiteLink } from "../../components/site-link/site-link.tsx";
import { BROWSE_COUNTRIES, REVIEWS, TICKER_COUNTRIES } from "../../utils/home-content.ts";
import { PROGRAMME_LINKS } from "../../utils/programme-links.ts";
import type { CourseCardFields } from "../../components/course-card/course-card.tsx";
import styles from "./home.module.css";
import { ProgrammeTypeStrip } from "./programme-type-strip.tsx";

/** One featured row as the home page shows it (its cards read back from the loader's texts). */
export interface FeaturedRow {
  key: string;
  title: string;
  viewAllTo: string;
  courses: readonly CourseCardFields[];
}

/** 1. Hero search and 2. quick links. */
export function HomeHero() {
  return (
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
  );
}

/** 3. Programme-type card strip. */
export function ProgrammeTypeSection() {
  return (
    <section className={styles.programmeStrip} aria-labelledby="programme-types-title">
      <div className={styles.container}>
        <ProgrammeTypeStrip headingId="programme-types-title" />
      </div>
    </section>
  );
}

function ViewAllLink({ to, title }: { to: string; title: string }) {
  return (
    <SiteLink to={to} className={styles.viewAll}>
      View all<span className="visually-hidden"> {title}</span>
    </SiteLink>
  );
}

/**
 * 4. Featured rows, then Free Courses (§7 presets). The spec's category tab strip renders an empty
 * list, so no tabs (docs/spec-notes.md). A row that comes back empty is left out.
 */
export function FeaturedRows({ rows }: { rows: readonly FeaturedRow[] }) {
  return (
    <div className={styles.featured}>
      <div className={styles.container}>
        {rows.map(
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
  );
}

/** Browse by Country (§2 Carousels), after the featured rows. */
export function BrowseByCountry() {
  return (
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
  );
}

/** 5. Browse By Discipline. */
export function DisciplinesBand({ disciplines }: { disciplines: readonly DisciplineTile[] }) {
  return (
    <section className={styles.band} aria-labelledby="disciplines-title">
      <div className={styles.container}>
        <DisciplineGrid disciplines={disciplines} headingId="disciplines-title" />
      </div>
    </section>
  );
}

/** 7. Reviews across the Globe. */
export function ReviewsSection() {
  return (
    <section className={styles.reviews} aria-labelledby="reviews-title">
      <div className={styles.narrow}>
        <h2 id="reviews-title" className={`${styles.sectionTitle} ${styles.centred}`}>
          Reviews across the Globe
        </h2>
        <ReviewsCarousel reviews={REVIEWS} label="Student reviews" />
      </div>
    </section>
  );
}

/** 8. Courses By Countries. */
export function CountriesTickerSection() {
  return (
    <section className={styles.ticker} aria-labelledby="ticker-title">
      <div className={styles.container}>
        <h2 id="ticker-title" className={`${styles.sectionTitle} ${styles.centred}`}>
          Courses By Countries
        </h2>
      </div>
      <CountryTicker countries={TICKER_COUNTRIES} />
    </section>
  );
}
