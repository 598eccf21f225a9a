// The catalogue's reference data (currencies, countries, disciplines, programme and degree types,
// languages) and its schools, written before the courses that refer to them.
import { COUNTRIES, type CountryRecord } from "./countries.ts";
import { CURRENCIES, RATE_DATE, type CurrencyData } from "./currencies.ts";
import { DISCIPLINES, type DisciplineData } from "./disciplines.ts";
import { insertRows, SCHOOL_COLUMNS, upsertClause, type Column, type Session } from "./load.ts";
import {
  DEGREE_TYPES,
  LANGUAGES,
  PROGRAMME_TYPES,
  type DegreeTypeData,
  type LanguageData,
  type ProgrammeTypeData,
} from "./reference.ts";
import type { SchoolRecord } from "./schools.ts";
import type { SeedProgress } from "./seed-progress.ts";

const CURRENCY_COLUMNS: readonly Column<CurrencyData & { id: number }>[] = [
  { name: "id", type: "int", get: (c) => c.id },
  { name: "short_code", type: "text", get: (c) => c.code },
  { name: "name", type: "text", get: (c) => c.name },
  { name: "symbol", type: "text", get: (c) => c.symbol },
  { name: "usd_exchange_rate", type: "numeric", get: (c) => c.rate },
  { name: "rate_date", type: "date", get: () => RATE_DATE },
];

function countryColumns(enabled: ReadonlySet<number>): readonly Column<CountryRecord>[] {
  return [
    { name: "id", type: "int", get: (c) => c.id },
    { name: "name", type: "text", get: (c) => c.name },
    { name: "slug", type: "text", get: (c) => c.slug },
    { name: "code", type: "text", get: (c) => c.code },
    { name: "continent", type: "text", get: (c) => c.continent },
    { name: "capital", type: "text", get: (c) => c.capital },
    { name: "population", type: "bigint", get: (c) => c.population },
    { name: "students", type: "int", get: (c) => c.students },
    { name: "international_students", type: "int", get: (c) => c.internationalStudents },
    { name: "about", type: "text", get: (c) => c.about },
    { name: "about_wiki_link", type: "text", get: (c) => c.aboutWikiLink },
    { name: "trivia_facts", type: "text", get: (c) => c.triviaFacts },
    { name: "living_costs", type: "text", get: (c) => c.livingCosts },
    { name: "currency_code", type: "text", get: (c) => c.currencyCode },
    { name: "image", type: "text", get: (c) => c.image },
    // Countries with schools are "enabled" (academics/country/list_enabled).
    { name: "enabled", type: "bool", get: (c) => enabled.has(c.id) },
  ];
}

const DISCIPLINE_COLUMNS: readonly Column<DisciplineData & { id: number }>[] = [
  { name: "id", type: "int", get: (d) => d.id },
  { name: "name", type: "text", get: (d) => d.name },
  { name: "slug", type: "text", get: (d) => d.slug },
  { name: "icon", type: "text", get: (d) => `/media/disciplines/${d.slug}.svg` },
  { name: "description", type: "text", get: (d) => d.description },
];

const PROGRAMME_TYPE_COLUMNS: readonly Column<ProgrammeTypeData>[] = [
  { name: "id", type: "int", get: (p) => p.id },
  { name: "name", type: "text", get: (p) => p.name },
  { name: "slug", type: "text", get: (p) => p.slug },
  { name: "label", type: "text", get: (p) => p.label },
];

const DEGREE_TYPE_COLUMNS: readonly Column<DegreeTypeData>[] = [
  { name: "id", type: "int", get: (d) => d.id },
  { name: "name", type: "text", get: (d) => d.name },
  { name: "short_name", type: "text", get: (d) => d.shortName },
  {
    name: "programme_type_id",
    type: "int",
    get: (d) => PROGRAMME_TYPES.find((p) => p.slug === d.level)?.id ?? 7,
  },
];

const LANGUAGE_COLUMNS: readonly Column<LanguageData>[] = [
  { name: "id", type: "int", get: (l) => l.id },
  { name: "name", type: "text", get: (l) => l.name },
  { name: "code", type: "text", get: (l) => l.code },
];

/** Reference rows are upserted by id, so accounts that point at countries survive a reset. */
async function writeReferenceData(
  session: Session,
  enabledCountryIds: ReadonlySet<number>,
): Promise<void> {
  const upsert = async <Row>(
    table: string,
    columns: readonly Column<Row>[],
    rows: readonly Row[],
  ) => insertRows(session, table, columns, rows, upsertClause(columns));
  await upsert(
    "currencies",
    CURRENCY_COLUMNS,
    CURRENCIES.map((c, i) => ({ ...c, id: i + 1 })),
  );
  await upsert("countries", countryColumns(enabledCountryIds), COUNTRIES);
  await upsert(
    "disciplines",
    DISCIPLINE_COLUMNS,
    DISCIPLINES.map((d, i) => ({ ...d, id: i + 1 })),
  );
  await upsert("programme_types", PROGRAMME_TYPE_COLUMNS, PROGRAMME_TYPES);
  await upsert("degree_types", DEGREE_TYPE_COLUMNS, DEGREE_TYPES);
  await upsert("languages", LANGUAGE_COLUMNS, LANGUAGES);
}

export async function writeCatalogueBase(
  session: Session,
  schools: readonly SchoolRecord[],
  reset: boolean,
  report: (progress: SeedProgress) => void,
  total: number,
): Promise<void> {
  report({ phase: "reference", done: 0, total });
  if (reset) {
    await session.query(
      `TRUNCATE "course_disciplines", "course_details", "courses", "schools" RESTART IDENTITY CASCADE`,
    );
  } else {
    // Not seeded yet (the caller checked): clear leftovers such as schools without courses.
    await session.query(`DELETE FROM "course_disciplines"`);
    await session.query(`DELETE FROM "course_details"`);
    await session.query(`DELETE FROM "courses"`);
    await session.query(`DELETE FROM "schools"`);
  }
  await writeReferenceData(session, new Set(schools.map((s) => s.countryId)));
  report({ phase: "schools", done: 0, total });
  for (let start = 0; start < schools.length; start += 2000) {
    await insertRows(session, "schools", SCHOOL_COLUMNS, schools.slice(start, start + 2000));
  }
}
