import { describe, expect, it } from "vitest";

import { createRandom } from "@studyatlas/db/seed/random.ts";

import { apportion, demoProgrammeDays } from "./demo-analytics.ts";

describe("apportion", () => {
  it("splits a total into whole parts that add up to it, by weight", () => {
    expect(apportion(10, [1, 1])).toEqual([5, 5]);
    expect(apportion(10, [2, 1, 1])).toEqual([5, 3, 2]);
    expect(apportion(1, [1, 3])).toEqual([0, 1]);
    expect(apportion(0, [1, 2])).toEqual([0, 0]);
    for (const total of [1, 7, 99, 1234]) {
      const parts = apportion(total, [18, 12, 10, 8, 7, 3.5]);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(parts.every((part) => Number.isInteger(part) && part >= 0)).toBe(true);
    }
  });
});

describe("demoProgrammeDays", () => {
  const programme = { courseId: 1, schoolId: 2 };

  it("is the same for the same seed and different for another", () => {
    const first = demoProgrammeDays(createRandom(42, 1315), programme, 90, "2030-06-15");
    const again = demoProgrammeDays(createRandom(42, 1315), programme, 90, "2030-06-15");
    const other = demoProgrammeDays(createRandom(43, 1315), programme, 90, "2030-06-15");
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });

  it("covers the days ending today, with no more visitors than views, quieter at weekends", () => {
    const weekend: number[] = [];
    const weekday: number[] = [];
    for (let seed = 1; seed <= 30; seed += 1) {
      const rows = demoProgrammeDays(createRandom(seed, 1), programme, 90, "2030-06-15");
      expect(rows.at(-1)?.day).toBe("2030-06-15");
      expect(rows[0]!.day >= "2030-03-18").toBe(true);
      for (const row of rows) {
        expect(row.visitors).toBeLessThanOrEqual(row.views);
        const day = new Date(`${row.day}T00:00:00Z`).getUTCDay();
        (day === 0 || day === 6 ? weekend : weekday).push(row.views);
      }
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    expect(mean(weekend)).toBeLessThan(mean(weekday) * 0.8);
  });
});
