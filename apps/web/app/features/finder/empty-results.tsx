// Nothing matches (docs/spec/discovery.md §2 "Empty result"; docs/spec-notes.md, Course finder:
// zero results): what was tried, the nearest searches that do have results with their counts
// (ADR 045), the spec's message with a fresh-start link, and other programmes (featured, random
// order) so the page never ends in a dead end.
import { Link } from "react-router";

import type { NearbySearch } from "@studyatlas/schemas/finder.ts";

import { CourseCard } from "../../components/course-card/course-card.tsx";
import { useCountryOptions } from "../../hooks/use-country-options.ts";
import { activeFilterChips } from "./active-filter-chips.ts";
import { useFinder, type FinderLocation } from "./finder-data.ts";
import { buildFinderSearch } from "./finder-query.ts";
import styles from "./results.module.css";

const COUNT = new Intl.NumberFormat("en-US");

/** The address of a nearby search: the current one with its change made, on page 1. */
export function nearbyHref(location: FinderLocation, change: NearbySearch["change"]): string {
  const params = new URLSearchParams(location.search);
  params.delete("page");
  if (change.name !== undefined) {
    if (change.name) params.set("name", change.name);
    else params.delete("name");
  }
  for (const { key, value } of change.drop) {
    if (value === undefined) {
      params.delete(key);
      if (key === "tuition") params.delete("currency");
    } else {
      const kept = params.getAll(key).filter((item) => item.toUpperCase() !== value.toUpperCase());
      params.delete(key);
      for (const item of kept) params.append(key, item);
    }
  }
  return `${location.pathname}${buildFinderSearch(params)}`;
}

function nearbyLabel(nearby: NearbySearch): string {
  if (nearby.kind === "word") return `Without the word ‘${nearby.label}’`;
  return `Without ${nearby.label}`;
}

/** "No programmes match ‘psychology’ in United Kingdom (Postgraduate)." */
function WhatWasTried() {
  const { data, location } = useFinder();
  const countries = useCountryOptions();
  const chips = activeFilterChips(data, location, countries).filter((chip) => chip.key !== "name");
  const isCountry = (key: string) => key.startsWith("country-") || key.startsWith("words-country-");
  const places = chips.filter((chip) => isCountry(chip.key)).map((chip) => chip.label);
  const others = chips.filter((chip) => !isCountry(chip.key)).map((chip) => chip.label);
  const text = data.searchedText;
  if (!text && chips.length === 0) return null;
  return (
    <p className={styles.tried}>
      No programmes match {text ? <strong>‘{text}’</strong> : "these filters"}
      {places.length > 0 ? ` in ${places.join(" or ")}` : ""}
      {others.length > 0 ? ` (${others.join(", ")})` : ""}.
    </p>
  );
}

export function EmptyResults() {
  const { data, location, linkState } = useFinder();
  return (
    <div className={styles.empty}>
      <WhatWasTried />
      {data.nearby.length > 0 ? (
        <section aria-labelledby="finder-nearby" className={styles.nearby}>
          <h2 id="finder-nearby" className={styles.nearbyTitle}>
            Searches with results
          </h2>
          <ul className={styles.nearbyList}>
            {data.nearby.map((nearby) => (
              <li key={`${nearby.kind}-${nearby.label}`}>
                <Link
                  to={nearbyHref(location, nearby.change)}
                  preventScrollReset
                  state={linkState}
                  className={styles.nearbyLink}
                >
                  {nearbyLabel(nearby)}
                </Link>{" "}
                <span className={styles.nearbyCount}>
                  {COUNT.format(nearby.count)} {nearby.count === 1 ? "programme" : "programmes"}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className={styles.emptyText}>
        No results. But we&apos;ve got a lot more! Modify your filters or{" "}
        <Link to={`/${location.scope.base}`}>make a fresh start</Link>.
      </p>
      {data.suggestions.length > 0 ? (
        <section aria-labelledby="finder-suggestions">
          <h2 id="finder-suggestions" className={styles.suggestionsTitle}>
            Other interesting programmes for you
          </h2>
          <ul className={styles.grid}>
            {data.suggestions.map((course) => (
              <li key={course.id}>
                <CourseCard course={course} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
