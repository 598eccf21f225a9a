// Countries (docs/spec/discovery.md §2 Filters): the chosen ones as a checked list, a search box
// 'Search countries...' and a clickable list of the others, filtered by the box and each with the
// number of results it would add.
import { useId, useState } from "react";

import { useCountryOptions } from "../../hooks/use-country-options.ts";
import { toggleValue } from "./finder-query.ts";
import { FacetCheckbox } from "./facet-checkbox.tsx";
import { useFinder } from "./finder-data.ts";
import styles from "./filter-panel.module.css";

/** Matches 'united' in 'United Kingdom' and 'kingdom', ignoring case and accents. */
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
  const others = data.facets.country.filter(
    (country) => !chosen.includes(country.slug) && fold(country.name).includes(needle),
  );

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
