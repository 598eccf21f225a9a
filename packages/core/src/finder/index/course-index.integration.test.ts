// The finder's in-process index against the SQL path it replaces (ADR 011): over a thousand
// random filter combinations drawn from the catalogue's own lists, free text included (matched in
// the index from per-lexeme sets, or by similar names), every ordering and page, the same ids in
// the same order, the same totals, the same cards, and the same facet counts, on both engines.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createRandom } from "@studyatlas/db/seed/random.ts";
import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";
import {
  ATTENDANCE_OPTIONS,
  COURSE_ORDERINGS,
  DURATION_BUCKETS,
  FORMAT_OPTIONS,
} from "@studyatlas/schemas/catalogue-constants.ts";
import { CourseListQuerySchema } from "@studyatlas/schemas/catalogue.ts";

import { getCountryById } from "../../catalogue/country-detail.ts";
import { budgetBands } from "../../cost/budget-bands.ts";
import { courseCardsOf } from "../../catalogue/course-cards.ts";
import { courseIdsFromIndex, listCourseCardPages, listCourses } from "../course-list.ts";
import {
  ALL_PUBLISHED_COURSES,
  type CourseFilters,
  type CourseListRequest,
} from "../course-request.ts";
import { countCourseFacets } from "../facets.ts";
import { createFinderIndex, type FinderIndex } from "../finder-index.ts";
import { resolveCourseListRequest } from "../resolve-request.ts";
import type { CourseIndex } from "./course-index.ts";
import { currentIndex } from "./holder.ts";
import { loadCourseIndex } from "./load.ts";
import { matchText } from "./text-match.ts";

/** Free text as visitors type it: words of the catalogue, misspellings, and nonsense. */
const TEXTS = [
  "law",
  "data science",
  "business",
  "managment",
  "compter science",
  "phychology",
  "nursing",
  "engineering technology",
  "marketing online",
  "health",
  "zzzz qqqq",
  "education",
  "business or law",
  "the marketing",
  "data -science",
  "the",
  "nurse",
];

let database: TestDatabase;
let index: CourseIndex;
let lists: {
  disciplines: number[];
  countries: number[];
  continents: string[];
  schools: number[];
  programmeTypes: number[];
  degreeTypes: number[];
};
/** Each text resolved as the finder resolves it (corrected words, full-text or similar names). */
let texts: Pick<CourseFilters, "text" | "searchText" | "textMatch" | "textQuery">[];

beforeAll(async () => {
  database = await createTestDatabase();
  index = await loadCourseIndex(database.db);
  const ids = async (text: string) =>
    (await database.query<{ id: number }>(text)).rows.map((row) => Number(row.id));
  lists = {
    disciplines: await ids("select id from disciplines"),
    countries: await ids("select distinct country_id as id from schools"),
    continents: (
      await database.query<{ continent: string }>("select distinct continent from countries")
    ).rows.map((row) => row.continent),
    schools: await ids("select id from schools"),
    programmeTypes: await ids("select id from programme_types"),
    degreeTypes: await ids("select id from degree_types"),
  };
  texts = [];
  for (const name of TEXTS) {
    const { filters } = await resolveCourseListRequest(
      database.db,
      CourseListQuerySchema.parse({ name }),
    );
    texts.push({
      ...(filters.text !== undefined ? { text: filters.text } : {}),
      ...(filters.searchText !== undefined ? { searchText: filters.searchText } : {}),
      ...(filters.textMatch !== undefined ? { textMatch: filters.textMatch } : {}),
      ...(filters.textQuery !== undefined ? { textQuery: filters.textQuery } : {}),
    });
  }
});
afterAll(async () => {
  await database?.dispose();
});

/** The demo catalogue's seeded generator, so that a failure names a case that can be replayed. */
function random(seed: number) {
  const r = createRandom(seed);
  const int = (max: number) => r.int(0, max - 1);
  const some = <T>(values: readonly T[], p: number): T[] =>
    r.chance(p) ? [...new Set(Array.from({ length: 1 + int(2) }, () => r.pick(values)))] : [];
  return {
    int,
    chance: (p: number) => r.chance(p),
    pick: <T>(values: readonly T[]) => r.pick(values),
    some,
  };
}

function randomFilters(r: ReturnType<typeof random>): CourseFilters {
  const durations = [
    ...r.some(DURATION_BUCKETS, 0.25).map(({ min, max }) => ({ min, max })),
    // A range that is not one of the finder's buckets (the index scans for it).
    ...(r.chance(0.05) ? [{ min: r.pick([0, 100, 500]), max: r.pick([200, 900, null]) }] : []),
  ];
  const low = r.pick([0, 0, 1000, 5000, 10000, 20000]);
  return {
    ...ALL_PUBLISHED_COURSES,
    ...(r.chance(0.3) ? r.pick(texts) : {}),
    ...(r.chance(0.35) ? { programmeTypeId: r.pick(lists.programmeTypes) } : {}),
    disciplineIds: r.some(lists.disciplines, 0.35),
    countryIds: r.some(lists.countries, 0.3),
    excludeContinents: r.some(lists.continents, 0.15),
    ...(r.chance(0.08) ? { schoolId: r.pick(lists.schools) } : {}),
    ...(r.chance(0.2)
      ? {
          tuition: r.chance(0.3)
            ? { kind: "free-or-unknown" as const }
            : { kind: "range" as const, min: low, max: low + r.pick([500, 5000, 30000, 100000]) },
        }
      : {}),
    durations,
    degreeTypeIds: r.some(lists.degreeTypes, 0.2),
    attendance: r.some(
      ATTENDANCE_OPTIONS.map((o) => o.value),
      0.25,
    ),
    formats: r.some(
      FORMAT_OPTIONS.map((o) => o.value),
      0.2,
    ),
    ...(r.chance(0.15) ? { featured: r.chance(0.5) } : {}),
    published: !r.chance(0.02),
    // The budget (ADR 051): a limit on the total cost in USD, and the bands of a currency.
    ...(r.chance(0.25) ? { budget: randomBudget(r) } : {}),
  };
}

function randomBudget(r: ReturnType<typeof random>): NonNullable<CourseFilters["budget"]> {
  const [currency, rate] = r.pick([
    ["USD", 1],
    ["EUR", 0.92],
    ["NGN", 1550],
    ["JPY", 151.5],
  ] as const);
  return {
    currency,
    ...(r.chance(0.8) ? { maxUsd: r.pick([0, 800, 3000, 10000.5, 25000, 80000, 250000]) } : {}),
    bands: budgetBands(rate),
  };
}

describe("the in-process finder index", () => {
  it("lists the same programmes in the same order as SQL, for 1,000 random requests", async () => {
    const r = random(14);
    let nonEmpty = 0;
    for (let n = 0; n < 1000; n += 1) {
      const request: CourseListRequest = {
        filters: randomFilters(r),
        ordering: r.pick(COURSE_ORDERINGS),
        seed: r.int(2_000_000_000),
        page: r.chance(0.7) ? 1 : 1 + r.int(4),
        pageSize: r.pick([20, 20, 5, 50]),
      };
      const expected = await listCourses(database.db, request);
      // Relevance: ranked through the ids, or (every other request) by the SQL page query as for
      // large sets.
      const rankByIdsUpTo = n % 2 === 0 ? 0 : 1e9;
      const answer = await courseIdsFromIndex(database.db, request, index, rankByIdsUpTo);
      const label = JSON.stringify(request);
      expect(answer, label).toBeDefined();
      expect(answer?.count, label).toBe(expected.count);
      expect(answer?.ids, label).toEqual(expected.results.map((course) => course.id));
      // The whole page, cards included (in relevance order, ranked and read in one statement).
      expect(
        JSON.stringify(await listCourses(database.db, request, index, rankByIdsUpTo)),
        label,
      ).toBe(JSON.stringify(expected));
      if (expected.results.length > 0) nonEmpty += 1;
    }
    // The draws are not all empty answers.
    expect(nonEmpty).toBeGreaterThan(300);
  }, 120_000);

  it("answers several pages at once as it answers each alone (the home page's rows)", async () => {
    const r = random(18);
    for (let n = 0; n < 40; n += 1) {
      const requests: CourseListRequest[] = Array.from({ length: 1 + r.int(6) }, () => ({
        // Now and then a page the index leaves to SQL (a phrase), among those it answers.
        filters: r.chance(0.1)
          ? {
              ...ALL_PUBLISHED_COURSES,
              text: "data science",
              searchText: "data science",
              textMatch: "fulltext",
              textQuery: "'data' <-> 'scienc'",
            }
          : randomFilters(r),
        ordering: r.pick(COURSE_ORDERINGS),
        seed: r.int(2_000_000_000),
        page: 1,
        pageSize: r.pick([10, 20]),
      }));
      const label = JSON.stringify(requests);
      const expected = await Promise.all(
        requests.map((request) => listCourses(database.db, request)),
      );
      // The home page's rows: the same pages as their cards only.
      const expectedCards = expected.map(({ count, results }) => ({
        count,
        results: courseCardsOf(results),
      }));
      expect(await listCourseCardPages(database.db, requests, index), label).toEqual(expectedCards);
      expect(await listCourseCardPages(database.db, requests), label).toEqual(expectedCards);
    }
  }, 60_000);

  it("gives every country the counts its page's SQL gives (programmes counted in the index)", async () => {
    const finder: FinderIndex = createFinderIndex(database.db, { enabled: true, readAhead: false });
    await finder.settled();
    expect(currentIndex(finder)).toBeDefined();
    const ids = (await database.query<{ id: number }>("select id from countries")).rows;
    let withProgrammes = 0;
    for (const { id } of ids) {
      const expected = await getCountryById(database.db, Number(id));
      expect(await getCountryById(database.db, Number(id), finder), `country ${id}`).toEqual(
        expected,
      );
      if ((expected?.courses_count ?? 0) > 0) withProgrammes += 1;
    }
    expect(withProgrammes).toBeGreaterThan(5);
  });

  it("counts every facet as SQL does, for 1,000 random filter combinations", async () => {
    const r = random(41);
    for (let n = 0; n < 1000; n += 1) {
      const filters = randomFilters(r);
      const expected = await countCourseFacets(database.db, filters);
      const text =
        filters.text !== undefined ? await matchText(database.db, index, filters) : undefined;
      expect(index.facets(filters, text), JSON.stringify(filters)).toEqual(expected);
    }
  }, 180_000);

  it("does not answer free text without the programmes that match it", () => {
    const filters = { ...ALL_PUBLISHED_COURSES, text: "law", searchText: "law" };
    expect(index.list({ filters, ordering: "name", seed: 1, page: 1, pageSize: 20 })).toBe(
      undefined,
    );
    expect(index.facets(filters)).toBeUndefined();
  });

  it("resolves discipline and country slugs from its lists as SQL does, unknown ones alike", async () => {
    const disciplineSlugs = (
      await database.query<{ slug: string }>("select slug from disciplines")
    ).rows.map((row) => row.slug);
    const countrySlugs = (
      await database.query<{ slug: string }>("select slug from countries")
    ).rows.map((row) => row.slug);
    const r = random(7);
    const outcome = async (run: () => Promise<unknown>) => {
      try {
        return await run();
      } catch (error) {
        return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
    };
    for (let n = 0; n < 200; n += 1) {
      const query = CourseListQuerySchema.parse({
        seed: "1",
        ...(r.chance(0.6)
          ? { discipline: r.chance(0.1) ? "no-such-discipline" : r.pick(disciplineSlugs) }
          : {}),
        ...(r.chance(0.3)
          ? { discipline_id: String(r.chance(0.2) ? 999_999 : r.pick(lists.disciplines)) }
          : {}),
        ...(r.chance(0.6)
          ? {
              country: [...r.some(countrySlugs, 1), ...(r.chance(0.1) ? ["atlantis"] : [])],
            }
          : {}),
      });
      const label = JSON.stringify(query);
      const viaSql = await outcome(() => resolveCourseListRequest(database.db, query));
      const viaIndex = await outcome(() => resolveCourseListRequest(database.db, query, index));
      if (typeof viaSql === "object" && viaSql && typeof viaIndex === "object" && viaIndex) {
        const ids = (value: unknown) =>
          [...(value as { filters: CourseFilters }).filters.countryIds].sort();
        expect(ids(viaIndex), label).toEqual(ids(viaSql));
        expect(
          {
            ...viaIndex,
            filters: { ...(viaIndex as { filters: object }).filters, countryIds: [] },
          },
          label,
        ).toEqual({
          ...viaSql,
          filters: { ...(viaSql as { filters: object }).filters, countryIds: [] },
        });
      } else {
        expect(viaIndex, label).toEqual(viaSql);
      }
    }
  });

  it("leaves to SQL the text queries it does not evaluate (phrases, prefixes)", async () => {
    for (const textQuery of ["'data' <-> 'scienc'", "'data':*", "'law':A"]) {
      const filters: CourseFilters = {
        ...ALL_PUBLISHED_COURSES,
        text: "data science",
        searchText: "data science",
        textMatch: "fulltext",
        textQuery,
      };
      expect(await matchText(database.db, index, filters)).toBeUndefined();
      const request = { filters, ordering: "name" as const, seed: 1, page: 1, pageSize: 20 };
      expect(await courseIdsFromIndex(database.db, request, index)).toBeUndefined();
    }
  });

  it("keeps each lexeme's programmes, asking PostgreSQL once per lexeme", async () => {
    const law = texts.find((t) => t.text === "law");
    // 'law' and, from the seeded synonyms, its other readings (ADR 043).
    expect(law?.textQuery).toMatch(/^'law'( \| .*)?$/);
    const filters = { ...ALL_PUBLISHED_COURSES, ...law };
    const first = await matchText(database.db, index, filters);
    expect(index.posting("law")).toBeDefined();
    const again = await matchText(database.db, index, filters);
    expect(again?.docs).toEqual(first?.docs);
  });

  it("covers free text of both kinds: full-text matches and similar names", () => {
    expect(new Set(texts.map((t) => t.textMatch))).toEqual(new Set(["fulltext", "similar-name"]));
    // Words that are all stop words match nothing; "or" between words is PostgreSQL's or.
    expect(texts.find((t) => t.text === "business or law")?.textQuery).toContain("|");
    expect(texts.find((t) => t.text === "the")?.textMatch).toBe("similar-name");
  });
});
