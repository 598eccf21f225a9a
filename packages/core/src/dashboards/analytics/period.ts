// Period maths of the dashboards (ADR 015): a period is the N UTC days ending today (today
// included, though it is not over yet), compared with the N days just before it.
import type { AnalyticsPeriodDays } from "@studyatlas/schemas/analytics.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC calendar day of an instant, `YYYY-MM-DD`. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The day `offset` days after `day` (before, when negative). */
export function addDays(day: string, offset: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + offset * DAY_MS));
}

export interface AnalyticsPeriod {
  days: AnalyticsPeriodDays;
  /** First and last day of the period; `to` is today. */
  from: string;
  to: string;
  /** The period of the same length just before. */
  previousFrom: string;
  previousTo: string;
  /** Every day of the period, oldest first. */
  dates: string[];
}

export function analyticsPeriod(days: AnalyticsPeriodDays, now: Date): AnalyticsPeriod {
  const to = utcDay(now);
  const from = addDays(to, -(days - 1));
  return {
    days,
    from,
    to,
    previousFrom: addDays(from, -days),
    previousTo: addDays(from, -1),
    dates: Array.from({ length: days }, (_, index) => addDays(from, index)),
  };
}

/**
 * Relative change against the previous period: (value - previous) / previous. Null when there is
 * no base to compare with (previous is 0 or unknown): "new" rather than an infinite rise.
 */
export function relativeChange(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  return (value - previous) / previous;
}

/**
 * Conversion: applications per unique visitor (a fraction). Null without visitors, where a rate
 * would be a division by zero. Applications can come without a counted visit (an API client, a
 * blocked beacon), so the rate can exceed 1; it is not capped, so the number stays honest.
 */
export function conversionRate(applications: number, visitors: number): number | null {
  return visitors === 0 ? null : applications / visitors;
}
