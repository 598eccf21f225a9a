// Display rules of the programme, school and country pages (docs/spec/accounts-and-details.md §2, §3, §5,
// §9). Pure functions, unit-tested apart from the DOM.
import type { CourseListItem } from "@studyatlas/schemas/catalogue.ts";
import { withIndefiniteArticle } from "@studyatlas/schemas/english.ts";
import { MONTH_NAMES } from "@studyatlas/schemas/catalogue-constants.ts";

/**
 * An intake or deadline: 'September 2027', or 'September' when the year is 0 (§2 "year 0 means
 * not shown"); undefined when the month is 0 (not announced).
 */
export function formatMonthYear(month: number, year: number): string | undefined {
  const name = MONTH_NAMES[month - 1];
  if (month <= 0 || name === undefined) return undefined;
  return year > 0 ? `${name} ${year}` : name;
}

/** §5 "attendance SITE shown 'On-site'"; the other modes in the same short style. */
export const DETAIL_ATTENDANCE_LABELS: Record<CourseListItem["attendance"], string> = {
  SITE: "On-site",
  ONLINE: "Online",
  BLENDED: "Blended",
};

export function formatDetailAttendance(attendance: CourseListItem["attendance"]): string {
  return DETAIL_ATTENDANCE_LABELS[attendance];
}

/** §2 Countries: "Numbers use a space as thousands separator" ('67 596 281'). */
export function formatWithSpaces(value: number): string {
  const rounded = Math.round(value);
  const sign = rounded < 0 ? "-" : "";
  return sign + String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, " ");
}

/** §3 Country: continent codes shown by name. */
export { continentName } from "@studyatlas/schemas/continents.ts";

/** The flag picture of a country, drawn from its ISO code and served by us (/media/flags). */
export function flagUrl(code: string): string {
  return `/media/flags/${code.toLowerCase()}.svg`;
}

/** §2 Countries: "/countries/{name}?id={id}&slug={slug}". */
export function countryPath(country: { id: number; name: string; slug: string }): string {
  const query = new URLSearchParams({ id: String(country.id), slug: country.slug });
  return `/countries/${encodeURIComponent(country.name)}?${query.toString()}`;
}

/** §2 School detail: 'View School Courses' opens the finder on this school. */
export function schoolCoursesPath(slug: string): string {
  const query = new URLSearchParams({ name: "", country: "Where?", school_slug: slug });
  return `/coursefinder?${query.toString()}`;
}

/**
 * The section headline of §2: "Why Choose a {course name} program from {school name}", with the
 * article the name takes ("an Advanced Diploma", "an MBA"; docs/spec-notes.md).
 */
export function whyChooseTitle(courseName: string, schoolName: string): string {
  return `Why Choose ${withIndefiniteArticle(courseName)} program from ${schoolName}`;
}

/** A YouTube embed address in its privacy-enhanced form, or undefined for anything else. */
export function youtubeEmbedUrl(url: string): string | undefined {
  const match =
    /^https:\/\/(?:www\.)?(?:youtube\.com\/embed\/|youtube-nocookie\.com\/embed\/|youtube\.com\/watch\?v=|youtu\.be\/)([\w-]{11})/.exec(
      url.trim(),
    );
  return match ? `https://www.youtube-nocookie.com/embed/${match[1]}` : undefined;
}
