// What the Overview's charts draw (each metric with a daily chart and the change against the
// previous period; docs/decisions/017-dashboard-charts.md): a metric's daily points from the
// overview's series, the axis's top value, and the sentence that says in words what the chart shows
// (its text alternative; the tables keep every figure).
import type { AnalyticsDay } from "@studyatlas/schemas/analytics.ts";

export type DailyMetric = "views" | "visitors" | "wishlist_saves" | "applications" | "conversion";

export interface ChartPoint {
  date: string;
  /** null: nothing to measure that day (conversion without visitors); drawn as a gap. */
  value: number | null;
}

export function dailyPoints(series: readonly AnalyticsDay[], metric: DailyMetric): ChartPoint[] {
  return series.map((day) => ({ date: day.date, value: day[metric] }));
}

/**
 * The axis's top: the largest value rounded up to 1, 2, 2.5 or 5 times a power of ten, so the
 * one labelled gridline reads as a round number; 1 for an empty chart (never a zero-height axis).
 * Rates (0 to 1) round to whole percents the same way.
 */
export function niceMax(values: readonly (number | null)[]): number {
  const largest = Math.max(0, ...values.filter((value): value is number => value !== null));
  if (largest <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(largest));
  for (const step of [1, 2, 2.5, 5, 10]) {
    const top = step * power;
    if (top >= largest - power * 1e-9) return Number(top.toPrecision(12));
  }
  return 10 * power;
}

const dayText = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });

/**
 * The chart in words: the period, the highest and lowest days and how many days had any. Ties
 * name the earliest day. `format` writes a value as the page does (a count or a percent).
 */
export function chartSummary(
  label: string,
  points: readonly ChartPoint[],
  format: (value: number) => string,
): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return `${label}: no days in this period.`;
  const measured = points.filter(
    (point): point is ChartPoint & { value: number } => point.value !== null,
  );
  const span = `${dayText(first.date)} to ${dayText(last.date)}`;
  if (measured.length === 0 || measured.every((point) => point.value === 0)) {
    return `${label} per day, ${span}: none on any day.`;
  }
  let high = measured[0]!;
  let low = measured[0]!;
  for (const point of measured) {
    if (point.value > high.value) high = point;
    if (point.value < low.value) low = point;
  }
  const activeDays = measured.filter((point) => point.value > 0).length;
  return (
    `${label} per day, ${span}: highest ${format(high.value)} on ${dayText(high.date)}, ` +
    `lowest ${format(low.value)} on ${dayText(low.date)}; ` +
    `${activeDays} of ${points.length} days had any.`
  );
}

/** A bar's share of the largest value, in percent (0 to 100), for the tables' inline bars. */
export function shareOf(value: number, largest: number): number {
  if (largest <= 0 || value <= 0) return 0;
  return Math.min(100, Math.round((value / largest) * 1000) / 10);
}
