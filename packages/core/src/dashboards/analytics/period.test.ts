import { describe, expect, it } from "vitest";

import { addDays, analyticsPeriod, conversionRate, relativeChange, utcDay } from "./period.ts";

describe("analyticsPeriod", () => {
  it("is the N UTC days ending today, and the N days before", () => {
    const period = analyticsPeriod(7, new Date("2030-06-15T23:59:59Z"));
    expect(period).toMatchObject({
      days: 7,
      from: "2030-06-09",
      to: "2030-06-15",
      previousFrom: "2030-06-02",
      previousTo: "2030-06-08",
    });
    expect(period.dates).toEqual([
      "2030-06-09",
      "2030-06-10",
      "2030-06-11",
      "2030-06-12",
      "2030-06-13",
      "2030-06-14",
      "2030-06-15",
    ]);
  });

  it("counts UTC days, whatever the local time zone, across months, years and leap days", () => {
    expect(utcDay(new Date("2030-06-15T00:00:00+02:00"))).toBe("2030-06-14");
    const ninety = analyticsPeriod(90, new Date("2028-03-01T08:00:00Z"));
    expect(ninety.dates).toHaveLength(90);
    expect(ninety.from).toBe("2027-12-03");
    expect(ninety.previousTo).toBe("2027-12-02");
    expect(ninety.previousFrom).toBe("2027-09-04");
    expect(ninety.dates).toContain("2028-02-29");
    expect(analyticsPeriod(30, new Date("2031-01-05T12:00:00Z")).from).toBe("2030-12-07");
    expect(addDays("2030-12-31", 1)).toBe("2031-01-01");
    expect(addDays("2030-03-01", -1)).toBe("2030-02-28");
  });

  it("never overlaps the previous period and leaves no day out", () => {
    for (const days of [7, 30, 90] as const) {
      const period = analyticsPeriod(days, new Date("2030-01-10T10:00:00Z"));
      expect(addDays(period.previousTo, 1)).toBe(period.from);
      expect(addDays(period.previousFrom, days - 1)).toBe(period.previousTo);
      expect(period.dates.at(-1)).toBe(period.to);
    }
  });
});

describe("relativeChange", () => {
  it("is (value - previous) / previous", () => {
    expect(relativeChange(150, 100)).toBe(0.5);
    expect(relativeChange(50, 100)).toBe(-0.5);
    expect(relativeChange(100, 100)).toBe(0);
    expect(relativeChange(0, 4)).toBe(-1);
  });

  it("is null without a base to compare with", () => {
    expect(relativeChange(10, 0)).toBeNull();
    expect(relativeChange(0, 0)).toBeNull();
    expect(relativeChange(null, 5)).toBeNull();
    expect(relativeChange(0.5, null)).toBeNull();
  });
});

describe("conversionRate", () => {
  it("is applications per unique visitor, null without visitors, not capped at 1", () => {
    expect(conversionRate(2, 100)).toBe(0.02);
    expect(conversionRate(0, 10)).toBe(0);
    expect(conversionRate(3, 0)).toBeNull();
    expect(conversionRate(5, 2)).toBe(2.5);
  });
});
