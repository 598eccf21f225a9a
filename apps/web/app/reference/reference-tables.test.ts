import { describe, expect, it } from "vitest";

import type { CurrencyRate } from "@studyatlas/core/currency/my-money.ts";

import { readReferenceTables, referenceTablesPath } from "./reference-tables.ts";
import { referenceTablesOf } from "./reference-tables.server.ts";

const countries = [
  { id: 11, slug: "argentina", name: "Argentina" },
  { id: 80, slug: "germany", name: "Germany" },
];
const currencies: CurrencyRate[] = [
  ["EUR", "Euro", 0.92],
  ["USD", "US Dollar", 1],
];

describe("the reference tables", () => {
  it("are packed once per list, and named by a version of their content", () => {
    const tables = referenceTablesOf(countries, currencies);
    expect(tables.version).toMatch(/^[0-9a-f]{16}$/);
    expect(tables.countries).toBe("11 argentina Argentina|80 germany Germany");
    expect(tables.currencies).toBe("EUR 0.92 Euro|USD 1 US Dollar");
    expect(referenceTablesOf(countries, currencies)).toBe(tables);
    // The same content in new lists has the same version; another rate, another.
    expect(referenceTablesOf([...countries], [...currencies]).version).toBe(tables.version);
    const changed = referenceTablesOf(countries, [["EUR", "Euro", 0.93], currencies[1]!]);
    expect(changed.version).not.toBe(tables.version);
    expect(referenceTablesPath(tables.version)).toBe(`/reference/${tables.version}.json`);
  });

  it("are read back from their answer, and nothing else is", () => {
    const tables = referenceTablesOf(countries, currencies);
    expect(readReferenceTables(JSON.parse(JSON.stringify(tables)))).toEqual(tables);
    for (const bad of [
      null,
      "text",
      { ...tables, version: "../x" },
      { ...tables, countries: 3 },
      { version: tables.version, countries: "" },
    ]) {
      expect(readReferenceTables(bad)).toBeUndefined();
    }
  });
});
