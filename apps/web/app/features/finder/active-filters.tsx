// The filters in effect as removable chips above the results, plus 'Clear all' (issue
// "Discovery" item 3). Each chip is a link to the same results without that filter.

import {
  DURATION_BUCKETS,
  ATTENDANCE_OPTIONS,
  FORMAT_OPTIONS,
} from "@studyatlas/schemas/catalogue-constants.ts";

import { useCountryOptions } from "../../hooks/use-country-options.ts";
import { disciplineHref, withoutKeys, withValues } from "./finder-query.ts";
import { variantPathOf } from "./finder-route.ts";
import { tuitionRangeFromQuery } from "./finder-tuition.ts";
import { useFinder } from "./finder-data.ts";
import { programmeLevelLabel } from "./filter-sections.tsx";
import styles from "./active-filters.module.css";
import { SiteLink } from "../../components/site-link/site-link.tsx";

const AMOUNT = new Intl.NumberFormat("en-US");

interface Chip {
  key: string;
  label: string;
  href: string;
}

export function ActiveFilters() {
  const { data, location, linkState } = useFinder();
  const countries = useCountryOptions();
  const { pathname, search, scope } = location;
  const params = new URLSearchParams(search);
  const without = (
    key: "country" | "duration" | "degree_type" | "attendance" | "course_format",
    value: string,
  ) =>
    `${pathname}${withValues(
      search,
      key,
      params.getAll(key).filter((item) => item.toUpperCase() !== value.toUpperCase()),
    )}`;

  const chips: Chip[] = [];
  const name = params.get("name");
  if (name) {
    chips.push({
      key: "name",
      label: `Search: ${name}`,
      href: `${pathname}${withoutKeys(search, ["name"])}`,
    });
  }
  const programme = params.get("programme");
  if (programme && !scope.pathScoped) {
    chips.push({
      key: "programme",
      label: programmeLevelLabel(programme) ?? programme,
      href: `${pathname}${withoutKeys(search, ["programme"])}`,
    });
  }
  if (data.discipline) {
    chips.push({
      key: "discipline",
      label: data.discipline.name,
      href: disciplineHref(scope, variantPathOf(data.programme), search, undefined),
    });
  }
  if (data.school) {
    chips.push({
      key: "school",
      label: `School: ${data.school.name}`,
      href: `${pathname}${withoutKeys(search, ["school_slug"])}`,
    });
  }
  for (const value of params.getAll("duration")) {
    const bucket = DURATION_BUCKETS.find((item) => item.key === value);
    chips.push({
      key: `duration-${value}`,
      label: bucket?.label ?? `${value} days`,
      href: without("duration", value),
    });
  }
  for (const value of params.getAll("degree_type")) {
    const row = data.facets.degree_type.find((item) => String(item.id) === value);
    chips.push({
      key: `degree-${value}`,
      label: row?.name ?? `Degree type ${value}`,
      href: without("degree_type", value),
    });
  }
  for (const value of params.getAll("attendance")) {
    const option = ATTENDANCE_OPTIONS.find((item) => item.value === value.toUpperCase());
    chips.push({
      key: `attendance-${value}`,
      label: option?.label ?? value,
      href: without("attendance", value),
    });
  }
  for (const value of params.getAll("course_format")) {
    const option = FORMAT_OPTIONS.find((item) => item.value === value.toUpperCase());
    chips.push({
      key: `format-${value}`,
      label: option?.label ?? value,
      href: without("course_format", value),
    });
  }
  const tuition = params.get("tuition");
  if (tuition) {
    const code = params.get("currency") ?? "USD";
    const rate = data.currencies.find((item) => item.short_code === code)?.usd_exchange_rate ?? 1;
    const range = tuitionRangeFromQuery(tuition, rate);
    chips.push({
      key: "tuition",
      label: range
        ? `Tuition: ${AMOUNT.format(range[0])} – ${AMOUNT.format(range[1])} ${code}`
        : "Free or unknown tuition",
      href: `${pathname}${withoutKeys(search, ["tuition", "currency"])}`,
    });
  }
  for (const slug of params.getAll("country")) {
    const label =
      data.facets.country.find((item) => item.slug === slug)?.name ??
      countries.find((item) => item.slug === slug)?.name ??
      slug;
    chips.push({ key: `country-${slug}`, label, href: without("country", slug) });
  }

  if (chips.length === 0) return null;
  return (
    <div className={styles.bar}>
      <h2 className="visually-hidden">Active filters</h2>
      <ul className={styles.chips}>
        {chips.map((chip) => (
          <li key={chip.key}>
            <SiteLink
              to={chip.href}
              className={styles.chip}
              aria-label={`Remove filter: ${chip.label}`}
              preventScrollReset
              state={linkState}
            >
              <span className={styles.chipLabel}>{chip.label}</span>
              <span aria-hidden="true" className={styles.chipX}>
                ×
              </span>
            </SiteLink>
          </li>
        ))}
      </ul>
      <SiteLink
        to={`/${scope.base}`}
        className={styles.clearAll}
        preventScrollReset
        state={linkState}
      >
        Clear all
      </SiteLink>
    </div>
  );
}
