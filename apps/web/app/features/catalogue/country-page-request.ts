// What the countries pages' addresses ask for (docs/spec/accounts-and-details.md §2 Countries): the
// country page's tab, school sort and page, and the countries list's sort. Anything the address
// gets wrong falls back to the default rather than failing.
import type { CountryPageRequest } from "@studyatlas/core/catalogue/detail-pages.ts";
import type { SchoolOrdering } from "@studyatlas/core/catalogue/schools.ts";

export const COUNTRY_TABS = [
  { value: "about", label: "About" },
  { value: "schools", label: "Schools" },
  { value: "costs", label: "Living Cost" },
] as const;
export type CountryTab = (typeof COUNTRY_TABS)[number]["value"];

export const SCHOOL_SORTS: readonly { value: SchoolOrdering; label: string }[] = [
  { value: "name", label: "Name (A to Z)" },
  { value: "-name", label: "Name (Z to A)" },
  { value: "-courses", label: "Most programmes" },
  { value: "courses", label: "Fewest programmes" },
];

/** The sort selector's options of the countries list (§2: Name, No. of Programmes). */
export const COUNTRY_SORTS = [
  { value: "name", label: "Name", ordering: "name" },
  { value: "programmes", label: "No. of Programmes", ordering: "-courses" },
] as const;
type CountrySort = (typeof COUNTRY_SORTS)[number]["value"];

function tabOf(value: string | null): CountryTab {
  return COUNTRY_TABS.find((tab) => tab.value === value)?.value ?? "about";
}

function sortOf(value: string | null): SchoolOrdering {
  return SCHOOL_SORTS.find((sort) => sort.value === value)?.value ?? "name";
}

/** The country page's request: /countries/{name}?id=&slug=&tab=&sort=&page=. */
export function countryPageRequest(
  query: URLSearchParams,
  name: string,
): CountryPageRequest & { tab: CountryTab } {
  const idText = query.get("id");
  const pageText = query.get("page") ?? "1";
  return {
    ...(idText && /^\d{1,9}$/.test(idText) ? { id: Number(idText) } : {}),
    ...(query.get("slug") ? { slug: query.get("slug") ?? "" } : {}),
    name,
    tab: tabOf(query.get("tab")),
    sort: sortOf(query.get("sort")),
    page: /^\d{1,6}$/.test(pageText) ? Math.max(1, Number(pageText)) : 1,
  };
}

/** The countries list's sort as the address names it, and the order it asks of the catalogue. */
export function countryListRequest(query: URLSearchParams) {
  const sort: CountrySort =
    COUNTRY_SORTS.find((option) => option.value === query.get("sort"))?.value ?? "name";
  const ordering = COUNTRY_SORTS.find((option) => option.value === sort)?.ordering ?? "name";
  return { sort, ordering };
}

/** Where the country page stands: its tab, school sort and page. */
export interface CountryPageView {
  tab: CountryTab;
  sort: SchoolOrdering;
  page: number;
}

/**
 * The address of the country page with some of tab, sort and page changed; the sort and page only
 * on the schools tab, and defaults left out.
 */
export function countryPageHref(
  basePath: string,
  view: CountryPageView,
  changes: Partial<Record<"tab" | "sort" | "page", string>>,
): string {
  const [path, search] = basePath.split("?");
  const params = new URLSearchParams(search);
  const next = { tab: view.tab, sort: view.sort, page: String(view.page), ...changes };
  if (next.tab && next.tab !== "about") params.set("tab", next.tab);
  if (next.tab === "schools" && next.sort && next.sort !== "name") params.set("sort", next.sort);
  if (next.tab === "schools" && next.page && next.page !== "1") params.set("page", next.page);
  return `${path}?${params.toString()}`;
}
