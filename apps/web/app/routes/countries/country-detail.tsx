// Country page /countries/{name}?id=&slug= (docs/spec/accounts-and-details.md §2 Countries, §3 Country, §9;
// issue 6 item 3): breadcrumb, continent label, the tabs About (default), Schools (sortable, 20 per
// page) and Living Cost, the side card, the share modal and the related-programmes strip. The
// tab, sort and page live in the URL, so each view is a server-rendered, linkable page.
// The country is found by id, else by slug, else by the name in the path.
import { data, Link, useNavigate } from "react-router";

import { loadCountryPage } from "@studyatlas/core/catalogue/detail-pages.ts";
import type { SchoolOrdering } from "@studyatlas/core/catalogue/schools.ts";
import { htmlToText, summarise } from "@studyatlas/core/content/html-preview.ts";

import { RelatedCoursesStrip } from "../../components/carousels/related-courses-strip.tsx";
import { HtmlContent } from "../../features/catalogue/html-content.tsx";
import { ShareDialog } from "../../features/catalogue/share-dialog.tsx";
import { PageLinks } from "../../components/pagination/pagination-nav.tsx";
import { getLogger, getServices } from "../../context.ts";
import {
  continentName,
  countryPath,
  flagUrl,
  formatWithSpaces,
} from "../../features/catalogue/detail-display.ts";
import { pageCount } from "@studyatlas/core/catalogue/pagination.ts";
import { PAGE_SIZE } from "@studyatlas/schemas/catalogue-constants.ts";
import { countryInSentence } from "@studyatlas/schemas/english.ts";
import { absoluteUrl, breadcrumbJsonLd, pageMeta, SITE_NAME } from "../../utils/seo.ts";
import type { Route } from "./+types/country-detail";
import { Breadcrumb } from "../../features/catalogue/detail-hero.tsx";
import styles from "./country-detail.module.css";

export const COUNTRY_TABS = [
  { value: "about", label: "About" },
  { value: "schools", label: "Schools" },
  { value: "costs", label: "Living Cost" },
] as const;
type CountryTab = (typeof COUNTRY_TABS)[number]["value"];

export const SCHOOL_SORTS: readonly { value: SchoolOrdering; label: string }[] = [
  { value: "name", label: "Name (A to Z)" },
  { value: "-name", label: "Name (Z to A)" },
  { value: "-courses", label: "Most programmes" },
  { value: "courses", label: "Fewest programmes" },
];

function tabOf(value: string | null): CountryTab {
  return COUNTRY_TABS.find((tab) => tab.value === value)?.value ?? "about";
}

function sortOf(value: string | null): SchoolOrdering {
  return SCHOOL_SORTS.find((sort) => sort.value === value)?.value ?? "name";
}

function notFound(): never {
  throw data(null, { status: 404 });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { catalogue, publicBaseUrl } = getServices(context);
  const query = new URL(request.url).searchParams;
  const idText = query.get("id");
  const pageText = query.get("page") ?? "1";
  const tab = tabOf(query.get("tab"));
  const sort = sortOf(query.get("sort"));
  const page = /^\d{1,6}$/.test(pageText) ? Math.max(1, Number(pageText)) : 1;
  const found = await loadCountryPage(
    catalogue,
    {
      ...(idText && /^\d{1,9}$/.test(idText) ? { id: Number(idText) } : {}),
      ...(query.get("slug") ? { slug: query.get("slug") ?? "" } : {}),
      name: params.name,
      tab,
      sort,
      page,
    },
    getLogger(context),
  );
  if (!found) notFound();
  return { ...found, tab, sort, page, baseUrl: publicBaseUrl };
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return [];
  const { country, baseUrl } = loaderData;
  const page = absoluteUrl(baseUrl, countryPath(country));
  return pageMeta({
    title: `Study in ${countryInSentence(country.name)}: schools, programmes and living costs | ${SITE_NAME}`,
    description: summarise(
      htmlToText(country.about) ||
        `Schools and online programmes in ${countryInSentence(country.name)}, with living costs for students.`,
    ),
    canonicalUrl: page,
    imageUrl: absoluteUrl(baseUrl, `/media/countries/${country.slug}.svg`),
    jsonLd: [
      breadcrumbJsonLd([
        { name: "Home", url: absoluteUrl(baseUrl, "/") },
        { name: "Countries", url: absoluteUrl(baseUrl, "/countries") },
        { name: country.name, url: page },
      ]),
    ],
  });
}

const COUNT = new Intl.NumberFormat("en-US");

export default function CountryDetailPage({ loaderData }: Route.ComponentProps) {
  const { country, tab, sort, page, schools, related } = loaderData;
  const navigate = useNavigate();
  const basePath = countryPath(country);
  const href = (changes: Record<string, string | undefined>) => {
    const params = new URLSearchParams(basePath.split("?")[1]);
    const next = { tab, sort, page: String(page), ...changes };
    if (next.tab && next.tab !== "about") params.set("tab", next.tab);
    if (next.tab === "schools" && next.sort && next.sort !== "name") params.set("sort", next.sort);
    if (next.tab === "schools" && next.page && next.page !== "1") params.set("page", next.page);
    return `${basePath.split("?")[0]}?${params.toString()}`;
  };
  const schoolPageCount = schools ? pageCount(schools.count, PAGE_SIZE) : 0;

  return (
    <div className={styles.page}>
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

      <div className={styles.layout}>
        <div className={styles.main}>
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

          {tab === "about" && (
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
          )}

          {tab === "schools" && schools && (
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
                    </li>
                  ))}
                </ul>
              )}
              <PageLinks
                page={page}
                pageCount={schoolPageCount}
                href={(n) => href({ page: String(n) })}
                label="Pages of schools"
              />
            </section>
          )}

          {tab === "costs" && (
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
          )}
        </div>

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
            <Link
              className={styles.primary}
              to={`/search?country=${encodeURIComponent(country.slug)}`}
            >
              Explore schools
            </Link>
          </div>
        </aside>
      </div>

      <RelatedCoursesStrip
        title={`Programmes in ${countryInSentence(country.name)}`}
        courses={related}
        headingId="country-programmes-title"
        className={styles.related}
      />
    </div>
  );
}
