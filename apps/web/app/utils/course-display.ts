// How a programme reads on a course card (docs/spec/discovery.md §2 "Course card", §9 "Card text",
// "Tuition display", "Start date", "Format"). Pure functions, so that every rule is unit-tested.
import type { CourseListItem } from "@studyatlas/schemas/catalogue.ts";
import { withEllipsis } from "@studyatlas/schemas/english.ts";

import { groupedDigits } from "./grouped-digits.ts";

const AMOUNT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** An amount as AMOUNT writes it ('12,000', '98,765.43'); whole amounts without Intl. */
export function formatAmount(amount: number): string {
  return groupedDigits(amount) ?? AMOUNT.format(amount);
}

/** docs/spec/discovery.md §9: "a name over 60 characters is cut at 64 plus an ellipsis". */
export const COURSE_NAME_LIMIT = 60;
export const COURSE_NAME_CUT = 64;

/**
 * The card's programme name. The spec's two numbers are kept as given: names of 61 to 64
 * characters end up whole plus '…', longer ones are cut at 64.
 */
export function truncateCourseName(name: string): string {
  if (name.length <= COURSE_NAME_LIMIT) return name;
  return withEllipsis(name.slice(0, COURSE_NAME_CUT));
}

type TuitionFields = Pick<CourseListItem, "tuition_fee" | "tuition_fee_base"> & {
  tuition_currency: Pick<CourseListItem["tuition_currency"], "short_code">;
};

/** 'N/A' when unknown (negative), 'FREE' when 0, else '12,000 GBP / year'. */
export function formatTuition(course: TuitionFields): string {
  if (course.tuition_fee < 0) return "N/A";
  if (course.tuition_fee === 0) return "FREE";
  const amount = `${formatAmount(course.tuition_fee)} ${course.tuition_currency.short_code.toUpperCase()}`;
  const base = course.tuition_fee_base.trim();
  return base ? `${amount} / ${base}` : amount;
}

/**
 * '{n} {unit}' with the unit in lower case. Units are stored in the plural ('years'); a duration
 * of one reads in the singular ('1 year') rather than the spec's literal '1 years'.
 */
export function formatDuration(course: Pick<CourseListItem, "duration" | "duration_base">): string {
  const unit = course.duration_base.trim().toLowerCase();
  const singular = course.duration === 1 && unit.endsWith("s") ? unit.slice(0, -1) : unit;
  return `${course.duration} ${singular}`;
}

/** docs/spec/discovery.md §9: "Format shows as 'Full-time' or 'Part-time'". */
export const COURSE_FORMAT_LABELS: Record<CourseListItem["course_format"], string> = {
  FULL: "Full-time",
  PART: "Part-time",
};

export function formatCourseFormat(format: CourseListItem["course_format"]): string {
  return COURSE_FORMAT_LABELS[format];
}

/**
 * docs/spec/discovery.md §9: Blended Learning is BLENDED, Online Learning is ONLINE, On Campus Learning is
 * SITE. Cards use these long labels, the same words as the finder's attendance filter.
 */
export const ATTENDANCE_LABELS: Record<CourseListItem["attendance"], string> = {
  BLENDED: "Blended Learning",
  ONLINE: "Online Learning",
  SITE: "On Campus Learning",
};

export function formatAttendance(attendance: CourseListItem["attendance"]): string {
  return ATTENDANCE_LABELS[attendance];
}

const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/**
 * docs/spec/discovery.md §9: the start date shows only when start_month is above 0, as a three-letter
 * month plus the year ('Sep 2027'). Undefined means "leave the start date out".
 */
export function formatStartDate(
  dates: Pick<CourseListItem["course_dates"], "start_month" | "start_year">,
): string | undefined {
  const month = MONTHS[dates.start_month - 1];
  if (dates.start_month <= 0 || month === undefined) return undefined;
  return dates.start_year > 0 ? `${month} ${dates.start_year}` : month;
}

/**
 * Whether the start month has already begun by `today` (UTC): the card then says "Started" rather
 * than advertising a past date as coming (ADR 057). A date without a year is never past.
 */
export function isStartPast(
  dates: Pick<CourseListItem["course_dates"], "start_month" | "start_year">,
  today: Date = new Date(),
): boolean {
  if (dates.start_year <= 0 || dates.start_month <= 0 || dates.start_month > 12) return false;
  const thisYear = today.getUTCFullYear();
  const thisMonth = today.getUTCMonth() + 1;
  return (
    dates.start_year < thisYear || (dates.start_year === thisYear && dates.start_month < thisMonth)
  );
}

/** The card's picture: the school's thumbnail, or its banner when it has none (§2 Course card). */
export function cardImageOf(
  school: Pick<CourseListItem["school"], "thumbnail" | "banner">,
): string {
  return school.thumbnail.trim() || school.banner.trim();
}

/** §9 about text: over `limit` characters it is cut (at a word when one is near) with an ellipsis. */
export function truncateText(text: string, limit: number): string {
  const clean = text.trim();
  if (clean.length <= limit) return clean;
  const cut = clean.slice(0, limit);
  const lastSpace = cut.lastIndexOf(" ");
  const kept = (lastSpace > limit * 0.7 ? cut.slice(0, lastSpace) : cut).trimEnd();
  return withEllipsis(kept);
}
