// Country page /countries/{name}?id=&slug= (docs/spec/accounts-and-details.md §2 Countries, §3
// Country, §9): breadcrumb, continent label, the tabs About (default), Schools (sortable, 20 per
// page) and Living Cost, the side card, the share modal and the related-programmes strip. The
// tab, sort and page live in the URL, so each view is a server-rendered, linkable page.
// The country is found by id, else by slug, else by the name in the path.
import { data } from "react-router";

import { loadCountryPage } from "@studyatlas/core/catalogue/detail-pages.ts";
import { htmlToText, summarise } from "@studyatlas/core/content/html-preview.ts";
import { countryInSentence } from "@studyatlas/schemas/english.ts";

import { RelatedCoursesStrip } from "../../components/carousels/related-courses-strip.tsx";
import { getLogger, getServices } from "../../context.ts";
import { countryPageRequest } from "../../features/catalogue/country-page-request.ts";
import {
  CountryAbout,
  CountryCard,
  CountryCosts,
  CountryHeader,
  countryHrefOf,
  CountrySchools,
  CountryTabs,
} from "../../features/catalogue/country-sections.tsx";
import { countryPath } from "../../features/catalogue/detail-display.ts";
import styles from "../../features/catalogue/country-page.module.css";
import { absoluteUrl, breadcrumbJsonLd, pageMeta, SITE_NAME } from "../../utils/seo.ts";
import type { Route } from "./+types/country-detail";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { catalogue, publicBaseUrl } = getServices(context);
  const page = await loadCountryPage(
    catalogue,
    countryPageRequest(url.searchParams, params.name),
    publicBaseUrl,
    getLogger(context),
  );
  if (!page) throw data(null, { status: 404 });
  return page;
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

export default function CountryDetailPage({ loaderData }: Route.ComponentProps) {
  const { country, tab, sort, page, schools, related } = loaderData;
  const href = countryHrefOf(country, { tab, sort, page });
  return (
    <div className={styles.page}>
      <CountryHeader country={country} />
      <div className={styles.layout}>
        <div className={styles.main}>
          <CountryTabs country={country} tab={tab} href={href} />
          {tab === "about" && <CountryAbout country={country} />}
          {tab === "schools" && schools && (
            <CountrySchools
              country={country}
              schools={schools}
              sort={sort}
              page={page}
              href={href}
            />
          )}
          {tab === "costs" && <CountryCosts country={country} />}
        </div>
        <CountryCard country={country} />
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
