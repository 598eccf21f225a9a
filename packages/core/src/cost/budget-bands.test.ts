import { describe, expect, it } from "vitest";

import { budgetBands, budgetUsd } from "./budget-bands.ts";

describe("budgetBands", () => {
  it("spans USD 2,000 to 200,000 in round numbers", () => {
    expect(budgetBands(1).map((band) => band.max)).toEqual([
      2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000,
    ]);
  });

  it("is in the student's currency, with the USD bound beside each", () => {
    const naira = budgetBands(1550);
    expect(naira.map((band) => band.max)).toEqual([
      5_000_000, 10_000_000, 20_000_000, 50_000_000, 100_000_000, 200_000_000,
    ]);
    expect(naira[0]?.maxUsd).toBe(3225.81);
    expect(budgetBands(151.5).map((band) => band.max)[0]).toBe(500_000);
    expect(budgetBands(0.92).map((band) => band.max)).toEqual([
      2_000, 5_000, 10_000, 20_000, 50_000, 100_000,
    ]);
  });
});

describe("budgetUsd", () => {
  it("converts a budget to whole USD cents", () => {
    expect(budgetUsd(25_000, 0.92)).toBe(27173.91);
    expect(budgetUsd(1_000_000, 1550)).toBe(645.16);
    expect(budgetUsd(100, 1)).toBe(100);
  });
});
