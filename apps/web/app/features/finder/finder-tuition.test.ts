import { describe, expect, it } from "vitest";

import { tuitionRangeParam } from "@studyatlas/schemas/catalogue.ts";

import {
  normaliseTuitionRange,
  tuitionQueryValue,
  tuitionRangeFromQuery,
} from "./finder-tuition.ts";

describe("tuitionQueryValue (docs/spec/discovery.md §9: divide by usd_exchange_rate and round)", () => {
  it("passes a USD range through", () => {
    expect(tuitionQueryValue(0, 10_000, 1)).toBe("0,10000");
  });

  it("converts another currency to whole US dollars", () => {
    // 3.6725 AED to the dollar: 1000 AED = 272.29 USD, 5000 AED = 1361.47 USD.
    expect(tuitionQueryValue(1000, 5000, 3.6725)).toBe("272,1361");
    // 0.79 GBP to the dollar: 10000 GBP = 12658.23 USD.
    expect(tuitionQueryValue(0, 10_000, 0.79)).toBe("0,12658");
  });

  it("rounds halves up and keeps the result a valid tuition query", () => {
    expect(tuitionQueryValue(5, 15, 2)).toBe("3,8");
    expect(tuitionRangeParam.safeParse(tuitionQueryValue(5, 15, 2)).success).toBe(true);
  });

  it("orders and clamps the range to the slider (0 to 100000)", () => {
    expect(tuitionQueryValue(8000, 2000, 1)).toBe("2000,8000");
    expect(tuitionQueryValue(-50, 250_000, 1)).toBe("0,100000");
    expect(normaliseTuitionRange(Number.NaN, 12.6)).toEqual([0, 13]);
  });

  it("treats a missing or broken rate as USD", () => {
    expect(tuitionQueryValue(100, 200, 0)).toBe("100,200");
    expect(tuitionQueryValue(100, 200, Number.NaN)).toBe("100,200");
  });
});

describe("tuitionRangeFromQuery", () => {
  it("reads a USD query back in the chosen currency", () => {
    expect(tuitionRangeFromQuery("0,10000", 1)).toEqual([0, 10_000]);
    expect(tuitionRangeFromQuery("272,1361", 3.6725)).toEqual([999, 4998]);
  });

  it("ignores what is not a range", () => {
    expect(tuitionRangeFromQuery(null, 1)).toBeUndefined();
    expect(tuitionRangeFromQuery("0,-1", 1)).toBeUndefined();
    expect(tuitionRangeFromQuery("abc", 1)).toBeUndefined();
  });
});
