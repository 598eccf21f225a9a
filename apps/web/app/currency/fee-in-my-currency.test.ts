import { describe, expect, it } from "vitest";

import { feeLinesOf, type FeeFields } from "./fee-in-my-currency.ts";
import { formatEstimatedMoney, formatRateDate } from "./money-format.ts";

// Units per US dollar.
const RATES = { USD: 1, EUR: 0.92, NGN: 1560, JPY: 150, GBP: 0.79 };

function course(change: Partial<FeeFields> & { currency?: string } = {}): FeeFields {
  const { currency = "EUR", ...rest } = change;
  return {
    tuition_fee: 4200,
    tuition_fee_base: "year",
    duration: 2,
    duration_base: "years",
    tuition_currency: { short_code: currency },
    ...rest,
  };
}

describe("money formats", () => {
  it("writes an estimate with the currency's sign, to two figures, short from 100,000", () => {
    expect(formatEstimatedMoney(7_121_739, "NGN")).toBe("₦7.1M");
    expect(formatEstimatedMoney(3864, "EUR")).toBe("€3,900");
    expect(formatEstimatedMoney(650_000, "JPY")).toBe("¥650K");
    // A bare "$" would read as US dollars: Australian dollars keep "A$".
    expect(formatEstimatedMoney(6400, "AUD")).toBe("A$6,400");
    // A code Intl has no sign for reads with the code.
    expect(formatEstimatedMoney(12, "XYZ")).toBe("XYZ\u00a012");
  });

  it("says a rate snapshot's day as pages do", () => {
    expect(formatRateDate("2026-11-01")).toBe("1 Nov 2026");
    expect(formatRateDate("not a day")).toBe("");
  });
});

describe("feeLinesOf", () => {
  it("gives the school's fee, the estimate in my currency, and the total with how it was computed", () => {
    const lines = feeLinesOf(course(), "NGN", RATES);
    expect(lines.own).toBe("4,200 EUR / year");
    expect(lines.mine).toBe("about ₦7.1M / year");
    expect(lines.total).toEqual({
      own: "8,400 EUR",
      mine: "about ₦14M",
      how: "4,200 EUR × 2 years",
      detail: "4,200 EUR × 2 years = 8,400 EUR",
    });
    expect(lines.totalUnknown).toBe(false);
  });

  it("leaves out the estimate when my currency is the school's", () => {
    const lines = feeLinesOf(course(), "EUR", RATES);
    expect(lines.mine).toBeUndefined();
    expect(lines.total).toEqual({
      own: "8,400 EUR",
      how: "4,200 EUR × 2 years",
      detail: "4,200 EUR × 2 years",
    });
  });

  it("never turns an unknown fee into 0, and a free programme has no total to show", () => {
    const unknown = feeLinesOf(course({ tuition_fee: -1 }), "NGN", RATES);
    expect(unknown).toEqual({ own: "N/A", totalUnknown: true });
    const free = feeLinesOf(course({ tuition_fee: 0 }), "NGN", RATES);
    expect(free).toEqual({ own: "FREE", totalUnknown: false });
  });

  it("does not repeat a fee for the whole programme as its own total", () => {
    const whole = feeLinesOf(course({ tuition_fee_base: "programme" }), "NGN", RATES);
    expect(whole.total?.detail).toBe("4,200 EUR for the full programme");
    expect(whole.total?.mine).toBe("about ₦7.1M");
  });

  it("shows no estimate for a currency without a rate, and converts currencies without minor units", () => {
    expect(feeLinesOf(course({ currency: "XYZ" }), "NGN", RATES).mine).toBeUndefined();
    const yen = feeLinesOf(course({ currency: "JPY", tuition_fee: 650_000 }), "USD", RATES);
    expect(yen.mine).toBe("about $4,300 / year");
  });
});
