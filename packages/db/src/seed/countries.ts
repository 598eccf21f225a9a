// Builds the country rows: fixed ids for the spec's popular countries, kebab-case slugs, and the
// HTML the country page shows (about, trivia, living costs). Deterministic; no randomness needed.

import { CONTINENT_NAMES, type ContinentCode } from "@studyatlas/schemas/continents.ts";
import { countryInSentence, endSentence } from "@studyatlas/schemas/english.ts";
import {
  COUNTRY_FACTS,
  COUNTRY_ROWS,
  FIXED_COUNTRY_IDS,
  STUDENT_FIGURES,
  TERRITORY_CODES,
} from "./country-data.ts";
import { CURRENCY_BY_CODE } from "./currencies.ts";
import { hashString } from "./random.ts";
import { escapeHtml, formatThousands, slugify } from "./text.ts";

export { CONTINENT_NAMES };

export interface CountryRecord {
  id: number;
  name: string;
  slug: string;
  code: string;
  continent: ContinentCode;
  capital: string;
  population: number;
  students: number;
  internationalStudents: number;
  about: string;
  aboutWikiLink: string;
  triviaFacts: string;
  livingCosts: string;
  currencyCode: string;
  image: string;
  /** Rough cost-of-living ratio to the United States. */
  priceLevel: number;
}

/** Assigns ids: the fixed ones first, then the free ids in alphabetical order of name. */
function assignIds(): Map<string, number> {
  const ids = new Map<string, number>();
  const used = new Set<number>();
  for (const [code, id] of Object.entries(FIXED_COUNTRY_IDS)) {
    ids.set(code, id);
    used.add(id);
  }
  const rest = COUNTRY_ROWS.filter((row) => !ids.has(row[1])).sort((a, b) =>
    a[0].localeCompare(b[0], "en"),
  );
  let next = 1;
  for (const row of rest) {
    while (used.has(next)) next++;
    ids.set(row[1], next);
    used.add(next);
  }
  return ids;
}

function studentFigures(code: string, population: number): [number, number] {
  const known = STUDENT_FIGURES[code];
  if (known) return [known[0], known[1]];
  // Roughly 1.5-5% of the population in higher education, 1-12% of them from abroad.
  const h = hashString(code);
  const share = 0.015 + ((h & 0xffff) / 0xffff) * 0.035;
  const students = Math.max(50, Math.round((population * share) / 10) * 10);
  const internationalShare = 0.01 + (((h >>> 16) & 0xffff) / 0xffff) * 0.11;
  const international = Math.max(10, Math.round((students * internationalShare) / 10) * 10);
  return [students, international];
}

function roundNice(value: number): number {
  if (value >= 100_000) return Math.round(value / 1000) * 1000;
  if (value >= 10_000) return Math.round(value / 100) * 100;
  if (value >= 1000) return Math.round(value / 10) * 10;
  if (value >= 100) return Math.round(value / 5) * 5;
  return Math.max(1, Math.round(value));
}

/** Monthly living costs in USD for the United States; scaled by each country's price level. */
const US_MONTHLY_COSTS: ReadonlyArray<readonly [string, number]> = [
  ["Rent (one-bedroom flat, city centre)", 1750],
  ["Shared room in student housing", 850],
  ["Groceries", 420],
  ["Public transport pass", 80],
  ["Utilities and internet", 190],
  ["Eating out (per meal, inexpensive restaurant)", 20],
];

function livingCostsHtml(currencyCode: string, priceLevel: number): string {
  const currency = CURRENCY_BY_CODE.get(currencyCode);
  const rate = currency?.rate ?? 1;
  const rows = US_MONTHLY_COSTS.map(([label, usd]) => {
    const localUsd = usd * priceLevel;
    const local = roundNice(localUsd * rate);
    const usdText = formatThousands(roundNice(localUsd));
    const localText =
      currencyCode === "USD"
        ? `$${usdText}`
        : `${formatThousands(local)} ${currencyCode} (about $${usdText})`;
    return `<tr><td>${escapeHtml(label)}</td><td>${localText}</td></tr>`;
  });
  const monthly = roundNice((1750 * 0.35 + 850 * 0.65 + 420 + 80 + 190 + 20 * 8) * priceLevel);
  return (
    `<table><thead><tr><th>Monthly cost</th><th>Typical amount</th></tr></thead><tbody>${rows.join("")}</tbody></table>` +
    `<p>A student budget of about $${formatThousands(monthly)} a month covers housing, food and transport outside the most expensive city centres.</p>`
  );
}

/**
 * The thousands separator of the population and student figures: a space, as the country page's
 * side card writes the same figures (docs/spec/accounts-and-details.md §2 "Numbers use a space as
 * thousands separator"); a no-break one, so that a figure never wraps.
 */
const FIGURE_SPACE = "\u00a0";

function aboutHtml(
  row: (typeof COUNTRY_ROWS)[number],
  students: number,
  international: number,
): string {
  const [name, code, continent, capital, population, currencyCode] = row;
  const currency = CURRENCY_BY_CODE.get(currencyCode);
  const continentName = CONTINENT_NAMES[continent];
  // "the United Kingdom" inside a sentence, "The United Kingdom" at its start.
  const n = escapeHtml(countryInSentence(name));
  const nFirst = n.charAt(0).toUpperCase() + n.slice(1);
  const isTerritory = TERRITORY_CODES.has(code);
  const capitalSentence =
    capital === name
      ? `${escapeHtml(capital)} is both its name and its seat of government.`
      : isTerritory
        ? endSentence(`Its seat of government is ${escapeHtml(capital)}`)
        : endSentence(`Its capital is ${escapeHtml(capital)}`);
  const first =
    `<p>${nFirst} is ${isTerritory ? "a territory" : "a country"} in ${continentName} with a population of about ${formatThousands(population, FIGURE_SPACE)}. ` +
    `${capitalSentence} The local currency is the ${escapeHtml(currency?.name ?? currencyCode)} (${currencyCode}).</p>`;
  const second =
    `<p>Around ${formatThousands(students, FIGURE_SPACE)} students are enrolled in higher education in ${n}, including roughly ${formatThousands(international, FIGURE_SPACE)} from abroad. ` +
    `Universities and colleges across ${continentName} offer a growing number of online and blended programmes, so you can study with a school in ${n} wherever you live.</p>`;
  return first + second;
}

function triviaHtml(
  row: (typeof COUNTRY_ROWS)[number],
  populationRank: number,
  total: number,
): string {
  const [name, code, continent, capital, , currencyCode] = row;
  const facts: string[] = [];
  const known = COUNTRY_FACTS[code];
  if (known) facts.push(...known);
  const currency = CURRENCY_BY_CODE.get(currencyCode);
  if (facts.length < 4)
    facts.push(
      `Ranks ${populationRank} of ${total} countries and territories listed here by population.`,
    );
  if (facts.length < 4)
    facts.push(
      `Pays in the ${currency?.name ?? currencyCode} (${currency?.symbol || currencyCode}).`,
    );
  if (facts.length < 4)
    facts.push(`Its internet country domain is .${code === "GB" ? "uk" : code.toLowerCase()}.`);
  if (facts.length < 4 && capital !== name)
    facts.push(`${capital} is the capital, on the continent of ${CONTINENT_NAMES[continent]}.`);
  return `<ul>${facts
    .slice(0, 4)
    .map((f) => `<li>${escapeHtml(f)}</li>`)
    .join("")}</ul>`;
}

function buildCountries(): CountryRecord[] {
  const ids = assignIds();
  const byPopulation = COUNTRY_ROWS.slice().sort((a, b) => b[4] - a[4]);
  const rank = new Map(byPopulation.map((row, index) => [row[1], index + 1]));
  const records = COUNTRY_ROWS.map((row): CountryRecord => {
    const [name, code, continent, capital, population, currencyCode, priceLevel, wikiTitle] = row;
    const slug = slugify(name);
    const [students, international] = studentFigures(code, population);
    return {
      id: ids.get(code) ?? 0,
      name,
      slug,
      code,
      continent,
      capital,
      population,
      students,
      internationalStudents: international,
      about: aboutHtml(row, students, international),
      aboutWikiLink: `https://en.wikipedia.org/wiki/${encodeURI(wikiTitle ?? name.replace(/ /g, "_"))}`,
      triviaFacts: triviaHtml(row, rank.get(code) ?? 0, COUNTRY_ROWS.length),
      livingCosts: livingCostsHtml(currencyCode, priceLevel),
      currencyCode,
      image: `/media/countries/${slug}.svg`,
      priceLevel,
    };
  });
  return records.sort((a, b) => a.id - b.id);
}

/** All countries, sorted by id. */
export const COUNTRIES: readonly CountryRecord[] = buildCountries();

export const COUNTRY_BY_CODE: ReadonlyMap<string, CountryRecord> = new Map(
  COUNTRIES.map((c) => [c.code, c]),
);
