import { describe, expect, it } from "vitest";

import { CONTINENT_CODES } from "../schema/catalogue.ts";
import { CONTINENT_NAMES, COUNTRIES, COUNTRY_BY_CODE } from "./countries.ts";
import { CURRENCIES, CURRENCY_BY_CODE, RATE_DATE } from "./currencies.ts";
import { DISCIPLINES, RELATED_DISCIPLINES } from "./disciplines.ts";
import { DEGREE_TYPES, LANGUAGES, PROGRAMME_TYPES } from "./reference.ts";

describe("countries", () => {
  it("keeps the ids the interest picker relies on (accounts spec §2)", () => {
    const expected: Record<string, number> = {
      "united-states": 17,
      "united-kingdom": 6,
      canada: 18,
      australia: 12,
      germany: 7,
      france: 23,
      japan: 26,
      china: 163,
      india: 22,
      italy: 8,
      singapore: 72,
      "south-korea": 15,
      spain: 10,
      switzerland: 62,
      "hong-kong": 89,
      sweden: 63,
    };
    const bySlug = new Map(COUNTRIES.map((c) => [c.slug, c]));
    for (const [slug, id] of Object.entries(expected)) expect(bySlug.get(slug)?.id, slug).toBe(id);
  });

  it("lists every sovereign state plus notable territories, with unique ids, slugs and codes", () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(195);
    expect(new Set(COUNTRIES.map((c) => c.id)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((c) => c.slug)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    for (const code of ["HK", "MO", "PR", "TW"]) expect(COUNTRY_BY_CODE.has(code), code).toBe(true);
    // Ids are dense: 1..n with no gaps, so the identity sequence simply continues.
    expect(Math.max(...COUNTRIES.map((c) => c.id))).toBe(COUNTRIES.length);
  });

  it("has kebab-case slugs of the common English name and the spec's country slugs", () => {
    for (const country of COUNTRIES)
      expect(country.slug, country.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
    const slugs = new Set(COUNTRIES.map((c) => c.slug));
    for (const slug of [
      "united-kingdom",
      "united-states",
      "hong-kong",
      "south-korea",
      "czech-republic",
      "netherlands",
      "south-africa",
      "finland",
    ]) {
      expect(slugs.has(slug), slug).toBe(true);
    }
  });

  it("has real ISO codes, continents, capitals and currencies", () => {
    const checks: Array<[string, string, string, string, string]> = [
      ["GB", "United Kingdom", "EU", "London", "GBP"],
      ["US", "United States", "NA", "Washington, D.C.", "USD"],
      ["JP", "Japan", "AS", "Tokyo", "JPY"],
      ["ZA", "South Africa", "AF", "Pretoria", "ZAR"],
      ["BR", "Brazil", "SA", "Brasília", "BRL"],
      ["AU", "Australia", "OC", "Canberra", "AUD"],
      ["DE", "Germany", "EU", "Berlin", "EUR"],
      ["CH", "Switzerland", "EU", "Bern", "CHF"],
    ];
    for (const [code, name, continent, capital, currency] of checks) {
      const country = COUNTRY_BY_CODE.get(code);
      expect(country).toMatchObject({ name, continent, capital, currencyCode: currency });
    }
    for (const country of COUNTRIES) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(CONTINENT_CODES).toContain(country.continent);
      expect(country.capital.length).toBeGreaterThan(0);
      expect(country.population).toBeGreaterThan(0);
      expect(
        CURRENCY_BY_CODE.has(country.currencyCode),
        `${country.name} ${country.currencyCode}`,
      ).toBe(true);
    }
    for (const continent of ["AF", "AS", "EU", "NA", "OC", "SA"]) {
      expect(COUNTRIES.filter((c) => c.continent === continent).length, continent).toBeGreaterThan(
        10,
      );
    }
  });

  it("has the country page content: about, wiki link, trivia, living costs, image, student figures", () => {
    for (const country of COUNTRIES) {
      expect(country.about.match(/<p>/g)?.length).toBe(2);
      expect(country.about).toContain(CONTINENT_NAMES[country.continent]);
      expect(country.aboutWikiLink).toMatch(/^https:\/\/en\.wikipedia\.org\/wiki\/\S+$/);
      const facts = country.triviaFacts.match(/<li>/g)?.length ?? 0;
      expect(country.triviaFacts.startsWith("<ul>")).toBe(true);
      expect(facts).toBeGreaterThanOrEqual(3);
      expect(facts).toBeLessThanOrEqual(4);
      expect(country.livingCosts).toContain("<table>");
      expect(country.image).toBe(`/media/countries/${country.slug}.svg`);
      expect(country.students).toBeGreaterThan(0);
      expect(country.internationalStudents).toBeGreaterThan(0);
      expect(country.internationalStudents).toBeLessThan(country.students);
      expect(country.students).toBeLessThan(country.population);
    }
    const france = COUNTRY_BY_CODE.get("FR");
    expect(france?.about).toContain("Its capital is Paris.");
    expect(france?.aboutWikiLink).toBe("https://en.wikipedia.org/wiki/France");
    expect(COUNTRY_BY_CODE.get("GB")?.aboutWikiLink).toBe(
      "https://en.wikipedia.org/wiki/United_Kingdom",
    );
    expect(COUNTRY_BY_CODE.get("IN")?.livingCosts).toContain("INR");
  });
});

describe("currencies", () => {
  it("covers every country's currency plus USD, EUR and GBP with a dated rate", () => {
    expect(RATE_DATE).toBe("2026-11-01");
    expect(new Set(CURRENCIES.map((c) => c.code)).size).toBe(CURRENCIES.length);
    expect(CURRENCY_BY_CODE.get("USD")?.rate).toBe(1);
    expect(CURRENCY_BY_CODE.get("EUR")?.rate).toBe(0.92);
    expect(CURRENCY_BY_CODE.get("GBP")?.rate).toBe(0.79);
    expect(CURRENCY_BY_CODE.get("JPY")?.rate).toBe(150.3);
    expect(CURRENCY_BY_CODE.get("INR")?.rate).toBe(83.2);
    for (const currency of CURRENCIES) {
      expect(currency.code).toMatch(/^[A-Z]{3}$/);
      expect(currency.rate).toBeGreaterThan(0);
      expect(currency.name.length).toBeGreaterThan(2);
      expect(currency.symbol.length).toBeGreaterThan(0);
    }
  });
});

describe("disciplines", () => {
  it("are exactly the spec's 18, with icons' slugs and rich vocabularies", () => {
    expect(DISCIPLINES.map((d) => [d.slug, d.name])).toEqual([
      ["agriculture-and-forestry", "Agriculture & Forestry"],
      ["art-and-humanities", "Art & Humanities"],
      ["business-and-administration", "Business & Administration"],
      ["communication", "Communication"],
      ["computer-science", "Computer Science"],
      ["education-and-training", "Education & Training"],
      ["engineering-and-technology", "Engineering & Technology"],
      ["environmental-science", "Environmental Science"],
      ["health-sciences", "Health Sciences"],
      ["hospitality-leisure-and-sports", "Hospitality, Leisure & Sports"],
      ["humanities", "Humanities"],
      ["law", "Law"],
      ["medicine", "Medicine"],
      ["music", "Music"],
      ["natural-sciences", "Natural Sciences"],
      ["psychology", "Psychology"],
      ["social-sciences", "Social Sciences"],
      ["art", "Art"],
    ]);
    for (const discipline of DISCIPLINES) {
      expect(discipline.topics.length, discipline.slug).toBeGreaterThanOrEqual(12);
      expect(discipline.skills.length).toBeGreaterThanOrEqual(8);
      expect(discipline.modules.length).toBeGreaterThanOrEqual(12);
      expect(discipline.description).toMatch(/^[A-Z].+\.$/);
      for (const related of RELATED_DISCIPLINES[discipline.slug] ?? [])
        expect(DISCIPLINES.some((d) => d.slug === related)).toBe(true);
    }
    const searched = DISCIPLINES.flatMap((d) => d.topics);
    for (const word of [
      "Business Administration",
      "Computer Science",
      "Psychology",
      "Data Science",
      "Nursing",
    ])
      expect(searched).toContain(word);
  });
});

describe("programme types, degree types and languages", () => {
  it("has the fixed programme type ids", () => {
    expect(PROGRAMME_TYPES.map((p) => [p.id, p.name, p.slug, p.label])).toEqual([
      [7, "Bachelors", "undergraduate", "Undergraduate"],
      [8, "Masters", "postgraduate", "Graduate"],
      [9, "Executive Education", "executive", "Executive Education"],
      [10, "Short Courses", "short", "Short Courses"],
      [11, "Certificate Courses", "certificate", "Certificate Courses"],
    ]);
  });

  it("maps degree types to their level", () => {
    const level = (short: string) => DEGREE_TYPES.find((d) => d.shortName === short)?.level;
    expect(level("BSc")).toBe("undergraduate");
    expect(level("LLB")).toBe("undergraduate");
    expect(level("MBA")).toBe("postgraduate");
    expect(level("PhD")).toBe("postgraduate");
    expect(level("EMBA")).toBe("executive");
    expect(level("Micro-credential")).toBe("short");
    expect(level("Professional Certificate")).toBe("certificate");
    expect(new Set(DEGREE_TYPES.map((d) => d.name)).size).toBe(DEGREE_TYPES.length);
  });

  it("has languages with unique codes, English first", () => {
    expect(LANGUAGES[0]).toEqual({ id: 1, name: "English", code: "en" });
    expect(new Set(LANGUAGES.map((l) => l.code)).size).toBe(LANGUAGES.length);
    for (const name of [
      "Spanish",
      "French",
      "German",
      "Chinese",
      "Japanese",
      "Italian",
      "Portuguese",
      "Dutch",
      "Korean",
      "Arabic",
    ]) {
      expect(LANGUAGES.some((l) => l.name === name)).toBe(true);
    }
  });
});
