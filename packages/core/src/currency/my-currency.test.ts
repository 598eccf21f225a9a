import { describe, expect, it } from "vitest";

import {
  regionsOfAcceptLanguage,
  resolveMyCurrency,
  type MyCurrencyInputs,
} from "./my-currency.ts";

const base: MyCurrencyInputs = {
  account: null,
  cookie: undefined,
  acceptLanguage: undefined,
  residenceCountry: null,
  known: new Set(["USD", "EUR", "NGN", "IDR", "GBP", "JPY"]),
  currencyOfCountry: new Map([
    ["NG", "NGN"],
    ["ID", "IDR"],
    ["DE", "EUR"],
    ["GB", "GBP"],
    ["JP", "JPY"],
    ["ZZ", "XYZ"],
  ]),
};

describe("regionsOfAcceptLanguage", () => {
  it("reads the regions most preferred first, ignoring tags without one and q=0", () => {
    expect(regionsOfAcceptLanguage("en-NG,en;q=0.9,fr-FR;q=0.5")).toEqual(["NG", "FR"]);
    expect(regionsOfAcceptLanguage("fr-FR;q=0.4, id-ID;q=0.8")).toEqual(["ID", "FR"]);
    expect(regionsOfAcceptLanguage("en, es-419, de-DE;q=0")).toEqual([]);
    expect(regionsOfAcceptLanguage("zh-Hant-TW")).toEqual(["TW"]);
    expect(regionsOfAcceptLanguage(undefined)).toEqual([]);
    expect(regionsOfAcceptLanguage("en-GB;q=abc,;;;,")).toEqual([]);
  });
});

describe("resolveMyCurrency", () => {
  it("takes the account's choice first, then the cookie", () => {
    expect(resolveMyCurrency({ ...base, account: "EUR", cookie: "NGN" })).toEqual({
      code: "EUR",
      source: "account",
    });
    expect(resolveMyCurrency({ ...base, cookie: "ngn", acceptLanguage: "en-GB" })).toEqual({
      code: "NGN",
      source: "cookie",
    });
  });

  it("guesses from the browser's languages, then the country of residence, then US dollars", () => {
    expect(resolveMyCurrency({ ...base, acceptLanguage: "en-NG,en;q=0.9" })).toEqual({
      code: "NGN",
      source: "locale",
    });
    expect(resolveMyCurrency({ ...base, acceptLanguage: "en", residenceCountry: "id" })).toEqual({
      code: "IDR",
      source: "country",
    });
    expect(resolveMyCurrency(base)).toEqual({ code: "USD", source: "default" });
  });

  it("ignores codes without a rate and malformed cookies wherever they come from", () => {
    expect(resolveMyCurrency({ ...base, account: "XYZ", cookie: "<script>" })).toEqual({
      code: "USD",
      source: "default",
    });
    // A region whose currency has no rate falls through to the next language.
    expect(resolveMyCurrency({ ...base, acceptLanguage: "xx-ZZ, ja-JP;q=0.5" })).toEqual({
      code: "JPY",
      source: "locale",
    });
  });
});
