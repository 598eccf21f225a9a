import { describe, expect, it } from "vitest";

import { formatDuration, formatTuition } from "./course-display.ts";

const fee = (tuition_fee: number, short_code = "gbp", tuition_fee_base = "year") => ({
  tuition_fee,
  tuition_fee_base,
  tuition_currency: { short_code },
});

describe("formatTuition", () => {
  it("shows N/A for an unknown (negative) fee", () => {
    expect(formatTuition(fee(-1))).toBe("N/A");
    expect(formatTuition(fee(-250))).toBe("N/A");
  });

  it("shows FREE for a zero fee", () => {
    expect(formatTuition(fee(0))).toBe("FREE");
  });

  it("separates thousands, upper-cases the currency and adds the fee base", () => {
    expect(formatTuition(fee(12000))).toBe("12,000 GBP / year");
    expect(formatTuition(fee(1234567.5, "usd", "programme"))).toBe("1,234,567.5 USD / programme");
  });

  it("leaves out the base when there is none", () => {
    expect(formatTuition(fee(950, "EUR", ""))).toBe("950 EUR");
  });
});

describe("formatDuration", () => {
  it("reads '{n} {unit}' in lower case", () => {
    expect(formatDuration({ duration: 18, duration_base: "Months" })).toBe("18 months");
  });

  it("uses the singular for one", () => {
    expect(formatDuration({ duration: 1, duration_base: "years" })).toBe("1 year");
  });
});
