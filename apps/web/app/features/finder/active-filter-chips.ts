// The filters in effect as chips (docs/spec-notes.md, Course finder): each chip's label and the
// link to the same results without that filter.
import {
  ATTENDANCE_OPTIONS,
  DURATION_BUCKETS,
  FORMAT_OPTIONS,
  isPlaceholder,
} from "@studyatlas/schemas/catalogue-constants.ts";

import type { CountryOption } from "../../hooks/use-country-options.ts";
import { programmeLevelLabel } from "./filter-sections.tsx";
import type { FinderLocation, FinderPageData } from "./finder-data.ts";
import { disciplineHref, withoutKeys, withValues, type FinderQueryKey } from "./finder-query.ts";
import { variantPathOf } from "./finder-route.ts";
import { tuitionRangeFromQuery } from "./finder-tuition.ts";

const AMOUNT = new Intl.NumberFormat("en-US");

export interface Chip {
  key: string;
  label: string;
  href: string;
  /** For a filter taken from the typed text: the words it came from (ADR 045). */
  words?: string;
}

type ListKey = "country" | "duration" | "degree_type" | "attendance" | "course_format";

/** What the chips are made from: the page's data, where the finder is, and every country. */
interface ChipSource {
  data: FinderPageData;
  location: FinderLocation;
  countries: readonly CountryOption[];
  params: URLSearchParams;
  /** The current address without one key's given value. */
  without: (key: ListKey, value: string) => string;
  /** The current address without the given keys. */
  withoutKeys: (keys: readonly FinderQueryKey[]) => string;
}

/** The chips of the text, programme, discipline and school filters. */
function scopeChips({ data, location, params, withoutKeys }: ChipSource): Chip[] {
  const chips: Chip[] = [];
  const name = params.get("name");
  // The text searched once its filter words became chips (ADR 045); none left, no text chip.
  const searched = data.queryChips.length > 0 ? data.searchedText : name;
  if (name && searched) {
    chips.push({ key: "name", label: `Search: ${searched}`, href: withoutKeys(["name"]) });
  }
  const programme = params.get("programme");
  if (programme && !location.scope.pathScoped) {
    chips.push({
      key: "programme",
      label: programmeLevelLabel(programme) ?? programme,
      href: withoutKeys(["programme"]),
    });
  }
  if (data.discipline) {
    chips.push({
      key: "discipline",
      label: data.discipline.name,
      href: disciplineHref(
        location.scope,
        variantPathOf(data.programme),
        location.search,
        undefined,
      ),
    });
  }
  if (data.school) {
    chips.push({
      key: "school",
      label: `School: ${data.school.name}`,
      href: withoutKeys(["school_slug"]),
    });
  }
  return chips;
}

/** The chips of the duration, degree type, attendance and format filters, one per value. */
function optionChips({ data, params, without }: ChipSource): Chip[] {
  const chips: Chip[] = [];
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
  return chips;
}

/** The tuition chip (in the currency the visitor chose) and one chip per country. */
function tuitionAndCountryChips({
  data,
  countries,
  params,
  without,
  withoutKeys,
}: ChipSource): Chip[] {
  const chips: Chip[] = [];
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
      href: withoutKeys(["tuition", "currency"]),
    });
  }
  // The country box's placeholder ('Where?') is no filter (docs/spec/discovery.md §5).
  for (const slug of params.getAll("country").filter((value) => !isPlaceholder(value))) {
    const label =
      data.facets.country.find((item) => item.slug === slug)?.name ??
      countries.find((item) => item.slug === slug)?.name ??
      slug;
    chips.push({ key: `country-${slug}`, label, href: without("country", slug) });
  }
  return chips;
}

/**
 * The filters taken from the typed words (ADR 045): removing one searches the typed text without
 * its words, so that interpretation is undone and the results widen.
 */
function queryWordChips({ data, location }: ChipSource): Chip[] {
  return data.queryChips.map((chip) => ({
    key: `words-${chip.kind}-${chip.words}`,
    label: chip.label,
    words: chip.words,
    href: `${location.pathname}${withValues(location.search, "name", chip.text_without ? [chip.text_without] : [])}`,
  }));
}

/** Every filter in effect as a chip, in the order the panel lists the filters. */
export function activeFilterChips(
  data: FinderPageData,
  location: FinderLocation,
  countries: readonly CountryOption[],
): Chip[] {
  const { pathname, search } = location;
  const params = new URLSearchParams(search);
  const source: ChipSource = {
    data,
    location,
    countries,
    params,
    without: (key, value) =>
      `${pathname}${withValues(
        search,
        key,
        params.getAll(key).filter((item) => item.toUpperCase() !== value.toUpperCase()),
      )}`,
    withoutKeys: (keys) => `${pathname}${withoutKeys(search, keys)}`,
  };
  return [
    ...queryWordChips(source),
    ...scopeChips(source),
    ...optionChips(source),
    ...tuitionAndCountryChips(source),
  ];
}
