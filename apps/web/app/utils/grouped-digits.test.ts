import { describe, expect, it } from "vitest";

import { groupedDigits } from "./grouped-digits.ts";

describe("groupedDigits", () => {
  it("writes whole numbers as Intl's en-US format does, and leaves other numbers alone", () => {
    const intl = new Intl.NumberFormat("en-US");
    const wholes = [0, 1, 12, 123, 999, 1000, 1234, 12_000, 100_000, 1_234_567];
    wholes.push(Number.MAX_SAFE_INTEGER);
    for (let n = 1; n < Number.MAX_SAFE_INTEGER; n *= 7) wholes.push(n);
    for (const value of wholes)
      expect(groupedDigits(value), String(value)).toBe(intl.format(value));
    for (const other of [-1, 0.5, 1234.25, 2 ** 60, Number.NaN, Infinity]) {
      expect(groupedDigits(other), String(other)).toBeUndefined();
    }
  });
});
