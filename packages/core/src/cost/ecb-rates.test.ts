import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { parseEcbRates, perDollar, RatesFormatError } from "./ecb-rates.ts";

const fixture = (name: string) =>
  readFileSync(new URL(`./testing/${name}`, import.meta.url), "utf8");

describe("parseEcbRates", () => {
  it("reads the ECB's daily XML: its date and every rate per euro", () => {
    const rates = parseEcbRates(fixture("eurofxref-daily.xml"));
    expect(rates.date).toBe("2026-11-27");
    expect(rates.perEuro.size).toBe(31);
    expect(rates.perEuro.get("USD")).toBe(1.055);
    expect(rates.perEuro.get("JPY")).toBe(160.12);
    expect(rates.perEuro.get("EUR")).toBe(1);
  });

  it("reads the ECB's CSV with its '27 November 2026' date and trailing commas", () => {
    const rates = parseEcbRates(fixture("eurofxref.csv"));
    expect(rates.date).toBe("2026-11-26");
    expect(rates.perEuro.get("GBP")).toBe(0.8301);
    expect(rates.perEuro.get("ZAR")).toBe(19.051);
    expect(rates.perEuro.size).toBe(31);
  });

  it("reads only the newest day of a history file", () => {
    const history = `<Cube><Cube time="2026-11-27"><Cube currency="USD" rate="1.05"/></Cube>
      <Cube time="2026-11-26"><Cube currency="USD" rate="1.5"/><Cube currency="GBP" rate="0.8"/></Cube></Cube>`;
    const rates = parseEcbRates(history);
    expect(rates.date).toBe("2026-11-27");
    expect([...rates.perEuro.keys()]).toEqual(["EUR", "USD"]);
  });

  it.each([
    ["", /header/],
    ["<html>not rates</html>", /time/],
    ["<Cube time='2026-02-30'><Cube currency='USD' rate='1.05'/></Cube>", /date/],
    ["<Cube time='2026-11-27'><Cube currency='GBP' rate='0.8'/></Cube>", /USD/],
    ["Date, USD\nyesterday, 1.05", /date/],
  ])("refuses what is not a rates file (%#)", (text, message) => {
    expect(() => parseEcbRates(text)).toThrow(RatesFormatError);
    expect(() => parseEcbRates(text)).toThrow(message);
  });

  it("skips a column without a rate", () => {
    const rates = parseEcbRates("Date, USD, ISK, GBP,\n27 November 2026, 1.05, N/A, 0.83,\n");
    expect([...rates.perEuro.keys()].sort()).toEqual(["EUR", "GBP", "USD"]);
  });
});

describe("perDollar", () => {
  it("turns rates per euro into units per US dollar", () => {
    const usd = perDollar(parseEcbRates(fixture("eurofxref-daily.xml")));
    expect(usd.get("USD")).toBe(1);
    expect(usd.get("EUR")).toBeCloseTo(1 / 1.055, 9);
    expect(usd.get("JPY")).toBeCloseTo(160.12 / 1.055, 6);
    expect(usd.get("GBP")).toBeCloseTo(0.8315 / 1.055, 9);
  });
});
