// The relevance order of full-text matches computed in process (ADR 029) against PostgreSQL, its
// oracle: for every public programme and each of a few dozen queries (single words, two and three
// words, `or`, quotes, negation, corrected misspellings, repeated words, and searches expanded
// with synonyms, variants and word starts, ADR 043), the in-process ts_rank,
// word_similarity and their sum equal PostgreSQL's as float4, bit for bit; and over 600 random
// filter+text requests in relevance order, several pages each, the pages (ids, order, totals)
// equal the SQL path's, answered in process without PostgreSQL ranking anything. Both engines.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createRandom } from "@studyatlas/db/seed/random.ts";
import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";
import { ATTENDANCE_OPTIONS, DURATION_BUCKETS } from "@studyatlas/schemas/catalogue-constants.ts";
import { CourseListQuerySchema } from "@studyatlas/schemas/catalogue.ts";

import { courseIdsFromIndex, listCourses } from "../course-list.ts";
import {
  ALL_PUBLISHED_COURSES,
  type CourseFilters,
  type CourseListRequest,
} from "../course-request.ts";
import { resolveCourseListRequest } from "../resolve-request.ts";
import { loadSearchVocabulary } from "../search-vocabulary.ts";
import type { CourseIndex } from "./course-index.ts";
import { loadCourseIndex } from "./load.ts";
import { positionsSettled } from "./posting-reads.ts";
import { matchText } from "./text-match.ts";

/** Free text as visitors type it (the finder corrects it and makes its tsquery). */
const TYPED = [
  "law",
  "science",
  "business",
  "nursing",
  "health",
  "education",
  "online",
  "data science",
  "engineering technology",
  "marketing online",
  "computer science engineering",
  "business management law",
  "business or law",
  "law or business or health",
  "data science or nursing",
  '"data science"',
  '"business" law',
  "data -science",
  "managment",
  "compter science",
  "phychology",
  "bussiness adminstration",
  "science science",
  "law law business",
  "business business or business",
  "the marketing",
  // Expanded (ADR 043): synonyms, variants, a run-together word, word starts, a correction
  // beside the word as typed; names holding a reading and exact matches rank first.
  "cs",
  "comp sci",
  "AI",
  "mba",
  "master of business administration",
  "financial",
  "financial management",
  "stats",
  "datascience",
  "math",
  "psych",
  "manag",
  "health econ",
];

/**
 * tsqueries the finder's corrected text does not make (it drops `-` and quotes) but ts_rank takes:
 * negation and a `!` at the top, with the text word_similarity reads.
 */
const QUERIES: Array<{ textQuery: string; searchText: string }> = [
  { textQuery: "'data' & !'scienc'", searchText: "data science" },
  { textQuery: "!'law'", searchText: "law" },
  { textQuery: "'law' | !'busi'", searchText: "law business" },
  { textQuery: "'busi' & 'law' | 'health'", searchText: "business law health" },
  { textQuery: "'health' & !'nurs' & 'care'", searchText: "health care" },
];

let database: TestDatabase;
let index: CourseIndex;
let programmeIds: number[];
/** Each typed text resolved as the finder resolves it, full text only. */
let finderTexts: CourseFilters[];
/** Those and the hand-made tsqueries. */
let fullTexts: CourseFilters[];

beforeAll(async () => {
  database = await createTestDatabase();
  index = await loadCourseIndex(database.db);
  index.vocabulary = await loadSearchVocabulary(database.db);
  programmeIds = (
    await database.query<{ id: number }>(
      `select c.id from courses c join schools s on s.id = c.school_id
       where c.published and s.published order by c.id`,
    )
  ).rows.map((row) => Number(row.id));
  finderTexts = [];
  for (const name of TYPED) {
    const { filters } = await resolveCourseListRequest(
      database.db,
      CourseListQuerySchema.parse({ name }),
      index,
    );
    if (filters.textMatch === "fulltext") finderTexts.push(filters);
  }
  fullTexts = [...finderTexts];
  for (const { textQuery, searchText } of QUERIES) {
    fullTexts.push({
      ...ALL_PUBLISHED_COURSES,
      text: searchText,
      searchText,
      textMatch: "fulltext",
      textQuery,
    });
  }
});
afterAll(async () => {
  await database?.dispose();
});

describe("relevance in process", () => {
  it("scores every programme as PostgreSQL's ts_rank + word_similarity, bit for bit", async () => {
    let pairs = 0;
    let matchedPairs = 0;
    for (const filters of fullTexts) {
      const text = await matchText(database.db, index, filters);
      await positionsSettled(database.db, index);
      const fullText = text?.fullText;
      expect(fullText, filters.textQuery).toBeDefined();
      if (!fullText) continue;
      // float4 → float8 is exact: the values compared are PostgreSQL's float4 bits.
      const rows = (
        await database.query<{
          id: number;
          rank: number;
          similarity: number;
          score: number;
          matches: boolean;
        }>(
          `select c.id, ts_rank(c.search_vector, $1::tsquery)::float8 as rank,
             word_similarity(lower(public.f_unaccent($2)), c.search_name)::float8 as similarity,
             (ts_rank(c.search_vector, $1::tsquery)
               + word_similarity(lower(public.f_unaccent($2)), c.search_name))::float8 as score,
             c.search_vector @@ $1::tsquery as matches
           from courses c where c.id = any($3::int[]) order by c.id`,
          [filters.textQuery, fullText.searchText, `{${programmeIds.join(",")}}`],
        )
      ).rows;
      expect(rows.length).toBe(programmeIds.length);
      for (const row of rows) {
        const mine = index.relevanceOf(fullText, Number(row.id));
        const label = `${filters.textQuery} / ${fullText.searchText} / programme ${row.id}`;
        expect(mine, label).toBeDefined();
        expect(mine?.rank, label).toBe(Number(row.rank));
        expect(mine?.similarity, label).toBe(Number(row.similarity));
        expect(mine?.score, label).toBe(Number(row.score));
        pairs += 1;
        if (row.matches) matchedPairs += 1;
      }
    }
    expect(finderTexts.length).toBeGreaterThanOrEqual(20);
    expect(pairs).toBeGreaterThan(5000);
    expect(matchedPairs).toBeGreaterThan(1000);
  }, 120_000);

  it("pages 600 random filter+text requests as the SQL path does, ranked in process", async () => {
    const r = createRandom(1414);
    const pick = <T>(values: readonly T[]): T => r.pick(values);
    const lists = {
      programmeTypes: (await database.query<{ id: number }>("select id from programme_types")).rows,
      countries: (
        await database.query<{ id: number }>("select distinct country_id as id from schools")
      ).rows,
    };
    let inProcess = 0;
    let nonEmpty = 0;
    for (let n = 0; n < 600; n += 1) {
      const filters: CourseFilters = {
        // The SQL path makes its tsquery from the corrected text: the finder's texts only.
        ...pick(finderTexts),
        ...(r.chance(0.3) ? { programmeTypeId: Number(pick(lists.programmeTypes).id) } : {}),
        ...(r.chance(0.25) ? { countryIds: [Number(pick(lists.countries).id)] } : {}),
        ...(r.chance(0.2) ? { durations: [pick(DURATION_BUCKETS)] } : {}),
        ...(r.chance(0.2) ? { attendance: [pick(ATTENDANCE_OPTIONS).value] } : {}),
      };
      const pageSize = pick([5, 20, 20, 50]);
      const request: CourseListRequest = {
        filters,
        ordering: "relevance",
        seed: 1,
        page: 1,
        pageSize,
      };
      const text = await matchText(database.db, index, filters);
      await positionsSettled(database.db, index);
      const first = index.list(request, text);
      if (first && "ids" in first) inProcess += 1;
      // Several pages of each: the first, the next, and one past the end.
      const pages = Math.max(1, Math.ceil((first?.count ?? 0) / pageSize));
      for (const page of [1, 2, 1 + r.int(0, pages)]) {
        const paged = { ...request, page };
        const expected = await listCourses(database.db, paged);
        const answer = await courseIdsFromIndex(database.db, paged, index);
        const label = JSON.stringify(paged);
        expect(answer?.count, label).toBe(expected.count);
        expect(answer?.ids, label).toEqual(expected.results.map((course) => course.id));
        if (expected.results.length > 0) nonEmpty += 1;
      }
    }
    // Every request was ranked in process (none left to PostgreSQL), and most pages hold cards.
    expect(inProcess).toBe(600);
    expect(nonEmpty).toBeGreaterThan(600);
  }, 1_500_000);

  it("keeps each lexeme's positions with its set, within the budget", async () => {
    const law = fullTexts.find((filters) => filters.text === "law");
    const text = law && (await matchText(database.db, index, law));
    await positionsSettled(database.db, index);
    const posting = text?.fullText?.postings.get("law");
    expect(posting?.positions).toBeDefined();
    // One entry per public programme holding the lexeme, its positions ascending.
    const held = (
      await database.query<{ count: number }>(
        `select count(*)::int as count from courses c join schools s on s.id = c.school_id
         where c.published and s.published and c.search_vector @@ 'law'::tsquery`,
      )
    ).rows[0]?.count;
    expect(posting?.positions?.docs.length).toBe(held);
    const { lexemes, bytes } = index.postingsHeld;
    expect(lexemes).toBeGreaterThan(0);
    expect(bytes).toBeGreaterThanOrEqual(posting?.bytes ?? Infinity);
    expect(bytes).toBeLessThanOrEqual(64 * 2 ** 20);
  });
});

describe("relevance left to PostgreSQL", () => {
  it("reads a word's positions only when its relevance order is asked", async () => {
    const fresh = await loadCourseIndex(database.db);
    fresh.vocabulary = await loadSearchVocabulary(database.db);
    const filters = fullTexts.find((f) => f.text === "law");
    expect(filters).toBeDefined();
    if (!filters) return;
    const request: CourseListRequest = {
      filters,
      ordering: "relevance",
      seed: 1,
      page: 1,
      pageSize: 20,
    };
    const expected = (await listCourses(database.db, request)).results.map((course) => course.id);
    // A first use in another order (or for the counts): the set is read, not the positions.
    const first = await matchText(database.db, fresh, filters);
    expect(first?.fullText?.postings.get("law")?.positions).toBeUndefined();
    const before = fresh.list(request, first);
    expect(before && "rankInSql" in before).toBe(true);
    expect((await courseIdsFromIndex(database.db, request, fresh))?.ids).toEqual(expected);
    // The relevance order waits for them: ranked in process, the SQL path's page.
    const other = await loadCourseIndex(database.db);
    other.vocabulary = fresh.vocabulary;
    const ranked = await matchText(database.db, other, filters, true);
    expect(ranked?.fullText?.postings.get("law")?.positions).toBeDefined();
    const answer = other.list(request, ranked);
    expect(answer && "ids" in answer ? answer.ids : undefined).toEqual(expected);
    expect((await courseIdsFromIndex(database.db, request, other))?.ids).toEqual(expected);
  });

  it("reads a new word's set with its positions, in one statement, for a relevance request", async () => {
    const fresh = await loadCourseIndex(database.db);
    fresh.vocabulary = await loadSearchVocabulary(database.db);
    // Another order: the mode probe reads the set only.
    await resolveCourseListRequest(
      database.db,
      CourseListQuerySchema.parse({ name: "nursing", ordering: "name" }),
      fresh,
    );
    expect(fresh.posting("nurs")?.docs).toBeDefined();
    expect(fresh.posting("nurs")?.positions).toBeUndefined();
    // No order with free text is relevance: the probe's read brings the positions too.
    const request = await resolveCourseListRequest(
      database.db,
      CourseListQuerySchema.parse({ name: "health" }),
      fresh,
    );
    expect(request.ordering).toBe("relevance");
    expect(fresh.posting("health")?.positions).toBeDefined();
    const held = (
      await database.query<{ count: number }>(
        `select count(*)::int as count from courses c join schools s on s.id = c.school_id
         where c.published and s.published and c.search_vector @@ 'health'::tsquery`,
      )
    ).rows[0]?.count;
    expect(fresh.posting("health")?.positions?.docs.length).toBe(held);
    const expected = (await listCourses(database.db, request)).results.map((course) => course.id);
    expect((await courseIdsFromIndex(database.db, request, fresh))?.ids).toEqual(expected);
  });

  it("ranks in SQL, with the same pages, when a matching name is outside ASCII", async () => {
    // A name whose word characters depend on the locale (pg_trgm): the index does not rank it.
    const [row] = (
      await database.query<{ id: number }>(
        `update courses set name = name || ' Право'
         where id = (select c.id from courses c join schools s on s.id = c.school_id
           where c.published and s.published and c.search_vector @@ 'law'::tsquery
           order by c.id limit 1)
         returning id`,
      )
    ).rows;
    expect(row).toBeDefined();
    const changed = await loadCourseIndex(database.db);
    changed.vocabulary = await loadSearchVocabulary(database.db);
    const { filters } = await resolveCourseListRequest(
      database.db,
      CourseListQuerySchema.parse({ name: "law" }),
      changed,
    );
    // 'law' and, from the seeded synonyms, its other readings (ADR 043).
    expect(filters.textQuery).toMatch(/^'law'( \| .*)?$/);
    const text = await matchText(database.db, changed, filters);
    await positionsSettled(database.db, changed);
    expect(text?.fullText?.postings.get("law")?.positions).toBeDefined();
    expect(text?.fullText && changed.relevanceOf(text.fullText, Number(row?.id))).toBeUndefined();
    for (const page of [1, 2, 3]) {
      const request: CourseListRequest = {
        filters,
        ordering: "relevance",
        seed: 1,
        page,
        pageSize: 5,
      };
      const answer = changed.list(request, text);
      expect(answer && "rankInSql" in answer).toBe(true);
      const expected = await listCourses(database.db, request);
      const ids = await courseIdsFromIndex(database.db, request, changed);
      expect(ids?.ids).toEqual(expected.results.map((course) => course.id));
      expect(ids?.count).toBe(expected.count);
    }
  });
});
