// How a programme's tuition and duration read on cards (discovery.md §9 "Tuition display",
// "Duration is '{n} {unit}'").
import type { CourseListItem } from "@studyatlas/schemas/catalogue.ts";

const AMOUNT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

type TuitionFields = Pick<CourseListItem, "tuition_fee" | "tuition_fee_base"> & {
  tuition_currency: Pick<CourseListItem["tuition_currency"], "short_code">;
};

/** 'N/A' when unknown (negative), 'FREE' when 0, else '12,000 GBP / year'. */
export function formatTuition(course: TuitionFields): string {
  if (course.tuition_fee < 0) return "N/A";
  if (course.tuition_fee === 0) return "FREE";
  const amount = `${AMOUNT.format(course.tuition_fee)} ${course.tuition_currency.short_code.toUpperCase()}`;
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
