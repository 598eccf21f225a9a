// The parts of the country page (docs/spec/accounts-and-details.md §2 Countries, §3 Country): the
// header, the tabs About, Schools (sortable, 20 per page) and Living Cost, and the side card.
import { Link, useNavigate } from "react-router";

import { pageCount } from "@studyatlas/core/catalogue/pagination.ts";
import type { SchoolOrdering } from "@studyatlas/core/catalogue/schools.ts";
import { PAGE_SIZE } from "@studyatlas/schemas/catalogue-constants.ts";
import type { Country, School } from "@studyatlas/schemas/catalogue.ts";
import { countryInSentence } from "@studyatlas/schemas/english.ts";

import { PageLinks } from "../../components/pagination/pagination-nav.tsx";
import { SITE_NAME } from "../../utils/seo.ts";
import {
  COUNTRY_TABS,
  SCHOOL_SORTS,
  countryPageHref,
  type CountryPageView,
} from "./country-page-request.ts";
import { Breadcrumb } from "./detail-hero.tsx";
import { continentName, countryPath, flagUrl, formatWithSpaces } from "./detail-display.ts";
import { HtmlContent } from "./html-content.tsx";
import { ShareDialog } from "./share-dialog.tsx";
import styles from "./country-page.module.css";

const COUNT = new Intl.NumberFormat("en-US");

/** The address of this country page with some of its view changed. */
export type CountryHref = (changes: Partial<Record<keyof CountryPageView, string>>) => string;

export function countryHrefOf(country: Country, view: CountryPageView): CountryHref {
  const basePath = countryPath(country);
  return (changes) => countryPageHref(basePath, view, changes);
}

export function CountryHeader({ country }: { country: Country }) {
  return (
    <>
      <Breadcrumb
        className={styles.breadcrumb}
        trail={[
          { label: "Home", to: "/" },
          { label: "Countries", to: "/countries" },
          { label: country.name },
        ]}
      />
      <header className={styles.header}>
        <img
          className={styles.flag}
          src={flagUrl(country.short_code)}
          alt={`Flag of ${countryInSentence(country.name)}`}
          width={64}
          height={48}
        />
        <div>
          <p className={styles.continent}>{continentName(country.continent)}</p>
          <h1 className={styles.title}>{country.name}</h1>
        </div>
        <div className={styles.actions}>
          <ShareDialog
            title="Share this page"
            text={`Study in ${countryInSentence(country.name)} — ${SITE_NAME}`}
          />
        </div>
      </header>
    </>
  );
}

export function CountryTabs({
  country,
  tab,
  href,
}: {
  country: Country;
  tab: CountryPageView["tab"];
  href: CountryHref;
}) {
  return (
    <nav className={styles.tabs} aria-label={`${country.name} sections`}>
      <ul>
        {COUNTRY_TABS.map((item) => (
          <li key={item.value}>
            <Link
              to={href({ tab: item.value, page: "1" })}
              className={styles.tab}
              aria-current={item.value === tab ? "page" : undefined}
              preventScrollReset
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function CountryAbout({ country }: { country: Country }) {
  return (
    <section aria-labelledby="about-title" className={styles.panel}>
      <h2 id="about-title" className={styles.panelTitle}>
        About {country.name}
      </h2>
      {country.about ? (
        <HtmlContent signInForLinks={false} html={country.about} />
      ) : (
        <p>No description yet.</p>
      )}
      {country.trivia_facts && (
        <>
          <h3 className={styles.subTitle}>Did you know?</h3>
          <HtmlContent signInForLinks={false} html={country.trivia_facts} />
        </>
      )}
      {country.about_wiki_link && (
        <p className={styles.wiki}>
          <a href={country.about_wiki_link} target="_blank" rel="noopener noreferrer">
            Read more about {country.name} on Wikipedia
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      )}
    </section>
  );
}

export function CountrySchools({
  country,
  schools,
  sort,
  page,
  href,
}: {
  country: Country;
  schools: { count: number; results: School[] };
  sort: SchoolOrdering;
  page: number;
  href: CountryHref;
}) {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="schools-title" className={styles.panel}>
      <div className={styles.schoolsHeader}>
        <h2 id="schools-title" className={styles.panelTitle}>
          Schools in {country.name}
          <span className={styles.schoolCount}> ({COUNT.format(schools.count)})</span>
        </h2>
        <div className={styles.sort}>
          <label htmlFor="school-sort">Sort by</label>
          <select
            id="school-sort"
            value={sort}
            onChange={(event) =>
              void navigate(href({ sort: event.currentTarget.value, page: "1" }), {
                preventScrollReset: true,
              })
            }
          >
            {SCHOOL_SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {schools.results.length === 0 ? (
        <p>No schools are listed in {country.name} yet.</p>
      ) : (
        <ul className={styles.schoolGrid} data-testid="school-cards">
          {schools.results.map((school) => (
            <li key={school.id}>
              <SchoolCard school={school} />
            </li>
          ))}
        </ul>
      )}
      <PageLinks
        page={page}
        pageCount={pageCount(schools.count, PAGE_SIZE)}
        href={(n) => href({ page: String(n) })}
        label="Pages of schools"
      />
    </section>
  );
}

function SchoolCard({ school }: { school: School }) {
  return (
    <Link to={`/school/${school.slug}`} className={styles.schoolCard}>
      {school.logo && (
        <img
          src={school.logo}
          alt=""
          width={48}
          height={48}
          className={styles.schoolLogo}
          loading="lazy"
        />
      )}
      <span className={styles.schoolName}>{school.name}</span>
      <dl className={styles.schoolCounts}>
        <div>
          <dt>Undergraduate</dt>
          <dd>{COUNT.format(school.courses_bachelors)}</dd>
        </div>
        <div>
          <dt>Masters</dt>
          <dd>{COUNT.format(school.courses_masters)}</dd>
        </div>
        <div>
          <dt>Doctorates</dt>
          <dd>{COUNT.format(school.courses_doctorates)}</dd>
        </div>
      </dl>
    </Link>
  );
}

export function CountryCosts({ country }: { country: Country }) {
  return (
    <section aria-labelledby="costs-title" className={styles.panel}>
      <h2 id="costs-title" className={styles.panelTitle}>
        Living Cost in {country.name}
      </h2>
      {country.living_costs ? (
        <HtmlContent signInForLinks={false} html={country.living_costs} />
      ) : (
        <p>Living costs for {country.name} are not available yet.</p>
      )}
    </section>
  );
}

export function CountryCard({ country }: { country: Country }) {
  return (
    <aside className={styles.aside} aria-labelledby="country-card-title">
      <div className={styles.card}>
        <h2 id="country-card-title" className={styles.cardTitle}>
          {country.name}
        </h2>
        <p className={styles.cardContinent}>{continentName(country.continent)}</p>
        <dl className={styles.facts}>
          <div>
            <dt>Capital</dt>
            <dd>{country.capital || "—"}</dd>
          </div>
          <div>
            <dt>Population</dt>
            <dd>{formatWithSpaces(country.population)}</dd>
          </div>
          <div>
            <dt>Listed schools</dt>
            <dd>{formatWithSpaces(country.schools_count)}</dd>
          </div>
          <div>
            <dt>Students</dt>
            <dd>{formatWithSpaces(country.students)}</dd>
          </div>
          <div>
            <dt>International students</dt>
            <dd>{formatWithSpaces(country.international_students)}</dd>
          </div>
        </dl>
        <Link className={styles.primary} to={`/search?country=${encodeURIComponent(country.slug)}`}>
          Explore schools
        </Link>
      </div>
    </aside>
  );
}
