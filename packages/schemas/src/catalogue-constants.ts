// Catalogue and finder constants with no dependencies, so the browser can import them without
// pulling zod into its bundle; catalogue.ts builds its query schemas on them.
// Spec: docs/spec/discovery.md §2 Finder, §7, §9.

export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_CURRENCY_PAGE_SIZE = 1000;

export const PROGRAMME_SLUGS = [
  "undergraduate",
  "postgraduate",
  "executive",
  "short",
  "certificate",
] as const;
export type ProgrammeSlug = (typeof PROGRAMME_SLUGS)[number];

/** Programme type ids; 7 and 8 are fixed by the spec (docs/spec/discovery.md §3). */
export const PROGRAMME_TYPE_IDS: Record<ProgrammeSlug, number> = {
  undergraduate: 7,
  postgraduate: 8,
  executive: 9,
  short: 10,
  certificate: 11,
};

/**
 * Every spelling of a programme the spec's clients send (`Executive Education`,
 * `short+courses`, `Short Courses`, `Certificate Courses`, ...) mapped to one slug.
 */
const PROGRAMME_ALIASES: Record<string, ProgrammeSlug> = {
  undergraduate: "undergraduate",
  undergraduates: "undergraduate",
  bachelor: "undergraduate",
  bachelors: "undergraduate",
  postgraduate: "postgraduate",
  postgraduates: "postgraduate",
  graduate: "postgraduate",
  graduates: "postgraduate",
  master: "postgraduate",
  masters: "postgraduate",
  executive: "executive",
  "executive education": "executive",
  short: "short",
  shortcourse: "short",
  "short course": "short",
  "short courses": "short",
  certificate: "certificate",
  certificates: "certificate",
  "certificate course": "certificate",
  "certificate courses": "certificate",
};

export function normaliseProgramme(value: string): ProgrammeSlug | undefined {
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[+_-]+/g, " ")
    .replace(/\s+/g, " ");
  return PROGRAMME_ALIASES[key];
}

/** The finder's placeholder country ('Where?') and any value containing 'where' mean "no filter". */
export function isPlaceholder(value: string): boolean {
  return value.trim() === "" || value.toLowerCase().includes("where");
}

export const COURSE_ORDERINGS = [
  "random",
  "name",
  "-name",
  "tuition",
  "-tuition",
  "total_cost",
  "-total_cost",
  "start_date",
  "relevance",
] as const;
export type CourseOrdering = (typeof COURSE_ORDERINGS)[number];

/**
 * Duration buckets in days. The spec gives '3 - 4 years' as 730-1460, which overlaps
 * '2 - 3 years' (729-1095); we use 1096-1460 so each programme falls in exactly one bucket
 * (docs/spec-notes.md). A max of -1 means no upper bound.
 */
export const DURATION_BUCKETS = [
  { key: "0,364", label: "Less than 1 year", min: 0, max: 364 },
  { key: "365,728", label: "1 - 2 years", min: 365, max: 728 },
  { key: "729,1095", label: "2 - 3 years", min: 729, max: 1095 },
  { key: "1096,1460", label: "3 - 4 years", min: 1096, max: 1460 },
  { key: "1461,-1", label: "More than 4 years", min: 1461, max: null },
] as const;
export type DurationBucket = (typeof DURATION_BUCKETS)[number];

export const FORMAT_OPTIONS = [
  { value: "FULL", label: "Full Time" },
  { value: "PART", label: "Part Time" },
] as const;

export const ATTENDANCE_OPTIONS = [
  { value: "BLENDED", label: "Blended Learning" },
  { value: "ONLINE", label: "Online Learning" },
  { value: "SITE", label: "On Campus Learning" },
] as const;

/** The finder's programme levels, in the order of the spec's filter panel. */
export const PROGRAMME_LEVEL_OPTIONS = [
  { slug: "undergraduate", label: "Undergraduates", query: "undergraduate" },
  { slug: "postgraduate", label: "Graduates", query: "postgraduate" },
  { slug: "short", label: "Short Courses", query: "Short Courses" },
  { slug: "executive", label: "Executive Education", query: "Executive Education" },
  { slug: "certificate", label: "Certificate Courses", query: "Certificate Courses" },
] as const;

/** Month names for start and deadline months (1 = January; 0 means "not announced"). */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
