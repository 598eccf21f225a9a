import { describe, expect, it } from "vitest";

import {
  convertAmount,
  describeTotalCost,
  feePeriods,
  minorUnitDigits,
  roundToMinorUnits,
  totalCost,
  type DurationUnit,
  type FeePeriod,
} from "./total-cost.ts";

const plain = (amount: number) => new Intl.NumberFormat("en").format(amount);

describe("feePeriods: every fee base × duration unit", () => {
  // [duration, unit, basis, periods]
  it.each<[number, DurationUnit, FeePeriod, number]>([
    // a fee for the whole programme is one period whatever the duration
    [3, "years", "programme", 1],
    [18, "months", "programme", 1],
    [10, "weeks", "programme", 1],
    [5, "days", "programme", 1],
    [40, "hours", "programme", 1],
    // per year: whole and half years, at least one
    [2, "years", "year", 2],
    [1, "years", "year", 1],
    [24, "months", "year", 2],
    [18, "months", "year", 1.5],
    [13, "months", "year", 1.5],
    [12, "months", "year", 1],
    [6, "months", "year", 0.5],
    [3, "months", "year", 0.5],
    [52, "weeks", "year", 1],
    [104, "weeks", "year", 2],
    [365, "days", "year", 1],
    [40, "hours", "year", 0.5],
    // per semester: half years
    [2, "years", "semester", 4],
    [3, "years", "semester", 6],
    [18, "months", "semester", 3],
    [9, "months", "semester", 2],
    [6, "months", "semester", 1],
    [26, "weeks", "semester", 1],
    [10, "weeks", "semester", 1],
    [200, "days", "semester", 2],
    [16, "hours", "semester", 1],
    // per month
    [2, "years", "month", 24],
    [9, "months", "month", 9],
    [1, "months", "month", 1],
    [10, "weeks", "month", 3],
    [4, "weeks", "month", 1],
    [45, "days", "month", 2],
    [30, "days", "month", 1],
    [80, "hours", "month", 1],
    // per credit: 30 a year
    [2, "years", "credit", 60],
    [4, "years", "credit", 120],
    [18, "months", "credit", 45],
    [6, "months", "credit", 15],
    [26, "weeks", "credit", 15],
    [100, "days", "credit", 9],
    [40, "hours", "credit", 1],
  ])("%i %s with a fee per %s is %f period(s)", (duration, unit, basis, periods) => {
    expect(feePeriods(duration, unit, basis).periods).toBe(periods);
  });

  it("marks only the credit count as an estimate", () => {
    expect(feePeriods(2, "years", "credit").estimated).toBe(true);
    for (const basis of ["year", "semester", "month", "programme"] as const)
      expect(feePeriods(2, "years", basis).estimated).toBe(false);
  });
});

describe("totalCost", () => {
  const base = { currency: "EUR", feeBase: "year", duration: 2, durationBase: "years" };

  it("multiplies the fee by the periods", () => {
    expect(totalCost({ ...base, fee: 4200 })).toEqual({
      status: "known",
      amount: 8400,
      currency: "EUR",
      fee: 4200,
      periods: 2,
      basis: "year",
      periodsEstimated: false,
    });
  });

  it("keeps an unknown fee unknown, never 0", () => {
    const total = totalCost({ ...base, fee: -1 });
    expect(total.status).toBe("unknown");
    expect(total.amount).toBeNull();
    expect(totalCost({ ...base, fee: Number.NaN }).amount).toBeNull();
  });

  it("gives an unknown total for a fee base or duration unit it cannot read", () => {
    expect(totalCost({ ...base, fee: 100, feeBase: "" }).status).toBe("unknown");
    expect(totalCost({ ...base, fee: 100, feeBase: "fortnight" }).status).toBe("unknown");
    expect(totalCost({ ...base, fee: 100, durationBase: "decades" }).status).toBe("unknown");
    expect(totalCost({ ...base, fee: 100, duration: 0 }).status).toBe("unknown");
  });

  it("makes a free programme cost 0 whatever its base", () => {
    expect(totalCost({ ...base, fee: 0 })).toMatchObject({ status: "free", amount: 0 });
    expect(totalCost({ ...base, fee: 0, feeBase: "" })).toMatchObject({
      status: "free",
      basis: null,
    });
  });

  it("rounds to the currency's minor units", () => {
    expect(totalCost({ ...base, fee: 1234.565, feeBase: "semester" }).amount).toBe(4938.26);
    expect(totalCost({ ...base, fee: 0.1, feeBase: "month", duration: 3 }).amount).toBe(3.6);
    expect(
      totalCost({
        ...base,
        fee: 12345.5,
        currency: "JPY",
        feeBase: "year",
        duration: 18,
        durationBase: "months",
      }).amount,
    ).toBe(18518);
    expect(
      totalCost({ ...base, fee: 1.2345, currency: "KWD", feeBase: "month", duration: 1 }).amount,
    ).toBe(14.814);
  });
});

describe("minor units", () => {
  it.each([
    ["EUR", 2],
    ["USD", 2],
    ["NGN", 2],
    ["JPY", 0],
    ["KRW", 0],
    ["KWD", 3],
    ["not a code", 2],
  ])("%s has %i digits", (currency, digits) => {
    expect(minorUnitDigits(currency)).toBe(digits);
  });

  it("rounds half away from zero without binary drift", () => {
    expect(roundToMinorUnits(1.005, "EUR")).toBe(1.01);
    expect(roundToMinorUnits(2.5, "JPY")).toBe(3);
    expect(roundToMinorUnits(-2.5, "JPY")).toBe(-3);
    expect(roundToMinorUnits(0.0001, "EUR")).toBe(0);
  });
});

describe("convertAmount", () => {
  const rates = { USD: 1, EUR: 0.92, NGN: 1550, JPY: 151.5, KWD: 0.307 };

  it("goes through USD and rounds to the target's minor units", () => {
    expect(convertAmount(4200, "EUR", "NGN", rates)).toEqual({
      amount: 7_076_086.96,
      currency: "NGN",
      estimate: true,
    });
    expect(convertAmount(100, "USD", "JPY", rates)?.amount).toBe(15150);
    expect(convertAmount(1000, "JPY", "KWD", rates)?.amount).toBe(2.026);
  });

  it("keeps the same currency, rounded", () => {
    expect(convertAmount(10.005, "EUR", "EUR", {})).toEqual({
      amount: 10.01,
      currency: "EUR",
      estimate: true,
    });
  });

  it("answers null when a rate is missing or not positive", () => {
    expect(convertAmount(1, "EUR", "XXX", rates)).toBeNull();
    expect(convertAmount(1, "XXX", "EUR", rates)).toBeNull();
    expect(convertAmount(1, "EUR", "USD", { EUR: 0, USD: 1 })).toBeNull();
    expect(convertAmount(Number.NaN, "EUR", "USD", rates)).toBeNull();
  });
});

describe("describeTotalCost", () => {
  const fmt = (amount: number) => plain(amount);
  const describeOf = (fee: number, feeBase: string, duration: number, durationBase: string) =>
    describeTotalCost(totalCost({ fee, currency: "EUR", feeBase, duration, durationBase }), fmt);

  it("says how the total was computed", () => {
    expect(describeOf(4200, "year", 2, "years")).toBe("4,200 × 2 years");
    expect(describeOf(4200, "year", 18, "months")).toBe("4,200 × 1.5 years");
    expect(describeOf(900, "month", 1, "months")).toBe("900 × 1 month");
    expect(describeOf(300, "credit", 2, "years")).toBe("300 × 60 credits (about 30 a year)");
    expect(describeOf(9000, "programme", 10, "weeks")).toBe("9,000 for the full programme");
    expect(describeOf(0, "year", 2, "years")).toBe("free");
    expect(describeOf(-1, "year", 2, "years")).toBe("not known");
  });
});
