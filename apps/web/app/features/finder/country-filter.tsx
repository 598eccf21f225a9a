// Countries (docs/spec/discovery.md §2 Filters): the chosen ones as a checked list, a search box
// 'Search countries...' and a clickable list of the others, filtered by the box and each with the
// number of results it would add.
import { useId, useState } from "react";

import { useCountryOptions } from "../../hooks/use-country-options.ts";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { toggleValue } from "./finder-query.ts";
import { FacetCheckbox } from "./facet-checkbox.tsx";
import { useFinder } from "./finder-data.ts";
import styles from "./filter-panel.module.css";

/** Matches 'united' in 'United Kingdom' and 'kingdom', ignoring case and accents. */
/**
 * The countries the server writes into the scrolled list, the first in its order: about what its
 * box shows; the rest come with the script that makes the boxes work (ADR 061).
 */
const FIRST_VIEW_COUNTRIES = 12;

function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

export function CountryFilter() {
  const { data, location, go } = useFinder();
  const id = useId();
  const [query, setQuery] = useState("");
  const allCountries = useCountryOptions();
  const chosen = new URLSearchParams(location.search).getAll("country");
  const counts = new Map(data.facets.country.map((row) => [row.slug, row]));
  const nameOf = (slug: string) =>
    counts.get(slug)?.name ?? allCountries.find((country) => country.slug === slug)?.name ?? slug;
  const toggle = (slug: string) =>
    go(`${location.pathname}${toggleValue(location.search, "country", slug)}`);

  const needle = fold(query.trim());
  const hydrated = useHydrated();
  const matching = data.facets.country.filter(
    (country) => !chosen.includes(country.slug) && fold(country.name).includes(needle),
  );
  const others = hydrated ? matching : matching.slice(0, FIRST_VIEW_COUNTRIES);

  return (
    <div className={styles.options}>
      {chosen.length > 0 ? (
        <div className={styles.options} role="group" aria-label="Chosen countries">
          {chosen.map((slug) => (
            <FacetCheckbox
              key={slug}
              label={nameOf(slug)}
              count={counts.get(slug)?.count ?? 0}
              checked
              onChange={() => toggle(slug)}
            />
          ))}
        </div>
      ) : null}
      <label htmlFor={`${id}-search`} className="visually-hidden">
        Search countries
      </label>
      <input
        id={`${id}-search`}
        type="search"
        className={styles.search}
        placeholder="Search countries..."
        value={query}
        autoComplete="off"
        onChange={(event) => setQuery(event.target.value)}
      />
      {others.length > 0 ? (
        <div className={styles.scrollList} role="group" aria-label="More countries">
          {others.map((country) => (
            <FacetCheckbox
              key={country.slug}
              label={country.name}
              count={country.count}
              checked={false}
              onChange={() => toggle(country.slug)}
            />
          ))}
        </div>
      ) : (
        <p className={styles.note}>
          {needle ? `No country matches '${query.trim()}'.` : "No other countries have results."}
        </p>
      )}
    </div>
  );
}
