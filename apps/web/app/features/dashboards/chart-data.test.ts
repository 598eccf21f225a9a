import { describe, expect, it } from "vitest";

import type { AnalyticsDay } from "@studyatlas/schemas/analytics.ts";

import { chartSummary, dailyPoints, niceMax, shareOf } from "./chart-data.ts";

const day = (date: string, views: number, visitors: number, applications = 0): AnalyticsDay => ({
  date,
  views,
  visitors,
  wishlist_saves: 0,
  applications,
  conversion: visitors === 0 ? null : applications / visitors,
});

const series = [
  day("2026-05-01", 4, 2, 1),
  day("2026-05-02", 0, 0),
  day("2026-05-03", 120, 80, 2),
  day("2026-05-04", 120, 60),
];

describe("dailyPoints", () => {
  it("takes the metric of each day in order, keeping a day without visitors as a gap", () => {
    expect(dailyPoints(series, "views").map((point) => point.value)).toEqual([4, 0, 120, 120]);
    expect(dailyPoints(series, "conversion").map((point) => point.value)).toEqual([
      0.5,
      null,
      0.025,
      0,
    ]);
    expect(dailyPoints(series, "views")[2]?.date).toBe("2026-05-03");
  });
});

describe("niceMax", () => {
  it("rounds the largest value up to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect(niceMax([4, 0, 120])).toBe(200);
    expect(niceMax([7])).toBe(10);
    expect(niceMax([100])).toBe(100);
    expect(niceMax([2100])).toBe(2500);
    expect(niceMax([0.5, null, 0.025])).toBe(0.5);
    expect(niceMax([0.031])).toBe(0.05);
  });

  it("is 1 for a chart with nothing on it", () => {
    expect(niceMax([])).toBe(1);
    expect(niceMax([0, null, 0])).toBe(1);
  });
});

describe("chartSummary", () => {
  const count = (value: number) => value.toLocaleString("en");

  it("names the period, the highest and lowest days (the earliest of a tie) and the active days", () => {
    expect(chartSummary("Programme page views", dailyPoints(series, "views"), count)).toBe(
      "Programme page views per day, 1 May to 4 May: highest 120 on 3 May, lowest 0 on 2 May; 3 of 4 days had any.",
    );
  });

  it("skips days that measure nothing and says when there was nothing at all", () => {
    const percent = (value: number) => `${value * 100} %`;
    expect(chartSummary("Conversion", dailyPoints(series, "conversion"), percent)).toBe(
      "Conversion per day, 1 May to 4 May: highest 50 % on 1 May, lowest 0 % on 4 May; 2 of 4 days had any.",
    );
    expect(chartSummary("Wishlist saves", dailyPoints(series, "wishlist_saves"), count)).toBe(
      "Wishlist saves per day, 1 May to 4 May: none on any day.",
    );
    expect(chartSummary("Views", [], count)).toBe("Views: no days in this period.");
  });
});

describe("shareOf", () => {
  it("is the percent of the largest value, 0 for nothing", () => {
    expect(shareOf(50, 200)).toBe(25);
    expect(shareOf(1, 3)).toBe(33.3);
    expect(shareOf(0, 10)).toBe(0);
    expect(shareOf(5, 0)).toBe(0);
    expect(shareOf(12, 10)).toBe(100);
  });
});
