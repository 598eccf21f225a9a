// Countries /countries (docs/spec/accounts-and-details.md §2 Countries): the titled list with its
// count and a sort that works (by name, or by number of programmes, on the server, kept in
// the URL so it survives reloads and shared links), each country with its flag and a link to
// /countries/{name}?id=&slug=.
import { Form, Link, useNavigate, useNavigation } from "react-router";

import { loadCountryList } from "@studyatlas/core/catalogue/detail-pages.ts";

import { getServices } from "../../context.ts";
import {
  COUNTRY_SORTS,
  countryListRequest,
} from "../../features/catalogue/country-page-request.ts";
import { countryPath, flagUrl } from "../../features/catalogue/detail-display.ts";
import { absoluteUrl, pageMeta, SITE_NAME } from "../../utils/seo.ts";
import type { Route } from "./+types/country-list";
import styles from "./country-list.module.css";

const COUNT = new Intl.NumberFormat("en-US");

export async function loader({ url, context }: Route.LoaderArgs) {
  const { catalogue, publicBaseUrl } = getServices(context);
  return loadCountryList(catalogue, countryListRequest(url.searchParams), publicBaseUrl);
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return [];
  return pageMeta({
    title: `Study online in ${COUNT.format(loaderData.count)} countries | ${SITE_NAME}`,
    description:
      "Browse the countries of StudyAtlas schools: population, students, living costs and the online programmes their universities offer.",
    canonicalUrl: absoluteUrl(loaderData.baseUrl, "/countries"),
  });
}

export default function CountryListPage({ loaderData }: Route.ComponentProps) {
  const { count, countries, sort } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/countries";

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <div>
          <h1 className={styles.title}>Countries</h1>
          <p className={styles.count} aria-live="polite">
            {COUNT.format(count)} {count === 1 ? "country" : "countries"}
          </p>
        </div>
        <Form method="get" className={styles.sort} preventScrollReset>
          <label htmlFor="country-sort">Sort by</label>
          <select
            id="country-sort"
            name="sort"
            value={sort}
            onChange={(event) => {
              const value = event.currentTarget.value;
              void navigate(value === "name" ? "/countries" : `/countries?sort=${value}`, {
                preventScrollReset: true,
              });
            }}
          >
            {COUNTRY_SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit">Sort</button>
          </noscript>
        </Form>
      </div>
      <ul className={styles.grid} aria-busy={busy} data-testid="country-list">
        {countries.map((country) => (
          <li key={country.id}>
            <Link to={countryPath(country)} state={{ country }} className={styles.card}>
              <img
                className={styles.flag}
                src={flagUrl(country.short_code)}
                alt=""
                width={48}
                height={36}
                loading="lazy"
                decoding="async"
              />
              <span className={styles.name}>{country.name}</span>
              <span className={styles.meta} data-programmes={country.courses_count}>
                {COUNT.format(country.courses_count)}{" "}
                {country.courses_count === 1 ? "programme" : "programmes"}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
