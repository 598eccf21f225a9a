import { describe, expect, it } from "vitest";

import type { CurrencyRate } from "@studyatlas/core/currency/my-money.ts";

import { packCurrencyTable, unpackCurrencyTable } from "./currency-table.ts";

describe("the packed currency table", () => {
  it("reads back the codes, names and exact rates it was given, in order", () => {
    const currencies: CurrencyRate[] = [
      ["AED", "UAE Dirham", 3.6725],
      ["USD", "US Dollar", 1],
      ["VND", "Vietnamese Đồng", 25_432.123_456_789],
      ["XAF", "Central African CFA Franc", 0.000_123_4],
    ];
    const table = packCurrencyTable(currencies);
    expect(table).toBe(
      "AED 3.6725 UAE Dirham|USD 1 US Dollar|VND 25432.123456789 Vietnamese Đồng|XAF 0.0001234 Central African CFA Franc",
    );
    expect(unpackCurrencyTable(table)).toEqual(currencies);
  });

  it("is empty for no currencies, and keeps a name holding the separator", () => {
    expect(unpackCurrencyTable(packCurrencyTable([]))).toEqual([]);
    expect(unpackCurrencyTable(packCurrencyTable([["ABC", "A|B 5%", 2]]))).toEqual([
      ["ABC", "A|B 5%", 2],
    ]);
  });

  it("skips an entry it cannot read", () => {
    expect(unpackCurrencyTable("USD 1 US Dollar|broken|EUR x Euro|EUR 0.9 Euro")).toEqual([
      ["USD", "US Dollar", 1],
      ["EUR", "Euro", 0.9],
    ]);
  });
});
