// Search understanding (docs/decisions/043-search-understanding.md) on the test catalogue, both
// engines: for what students type — abbreviations (`CS`, `comp sci`, `AI`, `MBA` and its long
// form), word starts (`math`, `psych`), variants (`financial`, accents), a run-together word
// (`datascience`), `stats` — the finder returns what they meant (counts and leaders), and the
// in-process index and the SQL path return the same pages from the same tsquery. Ranking: names
// holding the words above descriptions, the phrase above scattered words, a word of a name never
// corrected and a misspelling corrected only when nothing else reads it. Synonyms are the curated
// list the catalogue is seeded with (the `search_synonyms` table).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createRandom } from "@studyatlas/db/seed/random.ts";
import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";
import { CourseListQuerySchema } from "@studyatlas/schemas/catalogue.ts";

import { courseIdsFromIndex, listCourses } from "../course-list.ts";
import type { CourseListRequest } from "../course-request.ts";
import type { CourseIndex } from "../index/course-index.ts";
import { loadCourseIndex } from "../index/load.ts";
import { positionsSettled } from "../index/posting-reads.ts";
import { resolveCourseListRequest } from "../resolve-request.ts";
import { loadSearchVocabulary } from "../search-vocabulary.ts";
import { refreshSearchWords } from "../search-words.ts";
import { loadSynonyms } from "../synonyms.ts";
import { misspell } from "../testing/misspellings.ts";
import { VARIANT_GROUPS } from "./variants.ts";

let database: TestDatabase;
let index: CourseIndex;

/** Programmes the test catalogue lacks, renamed from others so the examples have something to find. */
const RENAMED = [
  { from: "MSc Nursing", to: "MSc Statistics", about: "" },
  { from: "BSc Ecology", to: "BSc Applied Statistics", about: "" },
  { from: "BA Archaeology", to: "Bachelor Hôtellerie et Restauration", about: "" },
];

beforeAll(async () => {
  database = await createTestDatabase();
  for (const { from, to, about } of RENAMED) {
    await database.query(
      `update courses set name = $2, about = case when $3 = '' then about else $3 end
       where id = (select id from courses where name = $1 order by id limit 1)`,
      [from, to, about],
    );
  }
  await refreshSearchWords(database.db);
  index = await loadCourseIndex(database.db);
  index.vocabulary = await loadSearchVocabulary(database.db);
});
afterAll(async () => {
  await database?.dispose();
});

interface Found {
  count: number;
  names: string[];
  textQuery: string | undefined;
}

/** The first `pageSize` results both ways (the index, and SQL without it), checked equal. */
async function search(typed: string, pageSize = 100): Promise<Found> {
  const query = CourseListQuerySchema.parse({ name: typed, page_size: String(pageSize) });
  const viaIndex = await resolveCourseListRequest(database.db, query, index);
  const viaSql = await resolveCourseListRequest(database.db, query, undefined);
  expect(viaIndex.filters.textQuery).toBe(viaSql.filters.textQuery);
  expect(viaIndex.filters.textExactQuery).toBe(viaSql.filters.textExactQuery);
  expect(viaIndex.filters.searchText).toBe(viaSql.filters.searchText);
  if (viaSql.filters.textQuery) {
    // Printed as PostgreSQL prints it: the text is the query's canonical form.
    const printed = await database.query<{ query: string }>("select $1::tsquery::text as query", [
      viaSql.filters.textQuery,
    ]);
    expect(printed.rows[0]?.query).toBe(viaSql.filters.textQuery);
  }
  await positionsSettled(database.db, index);
  const fromIndex = await listCourses(database.db, viaIndex, index);
  const fromSql = await listCourses(database.db, viaSql);
  expect(fromIndex.count).toBe(fromSql.count);
  expect(fromIndex.results.map((course) => course.id)).toEqual(
    fromSql.results.map((course) => course.id),
  );
  // Ranked in process, not handed to PostgreSQL.
  const request: CourseListRequest = { ...viaIndex, page: 1 };
  expect((await courseIdsFromIndex(database.db, request, index, 0))?.ids).toEqual(
    fromSql.results.map((course) => course.id),
  );
  return {
    count: fromSql.count,
    names: fromSql.results.map((course) => course.name),
    textQuery: viaSql.filters.textQuery,
  };
}

/** Public programme names matching a regular expression (the catalogue's own answer). */
async function namesMatching(pattern: string): Promise<string[]> {
  return (
    await database.query<{ name: string }>(
      `select c.name from courses c join schools s on s.id = c.school_id
       where c.published and s.published and c.name ~* $1 order by c.name`,
      [pattern],
    )
  ).rows.map((row) => row.name);
}

/** Public programmes whose text matches a tsquery (the catalogue's own answer). */
async function countMatching(tsquery: string): Promise<number> {
  const { rows } = await database.query<{ count: number }>(
    `select count(*)::int as count from courses c join schools s on s.id = c.school_id
     where c.published and s.published and c.search_vector @@ $1::tsquery`,
    [tsquery],
  );
  return rows[0]?.count ?? 0;
}

function expectAllIn(expected: readonly string[], found: readonly string[]): void {
  for (const name of expected) expect(found).toContain(name);
}

describe("what students type, on both paths", () => {
  it("CS and comp sci find Computer Science and Computing, led by them, and little else", async () => {
    const meant = await namesMatching("\\m(computer science|computing)\\M");
    expect(meant.length).toBeGreaterThanOrEqual(2);
    // A synonym matches in the name (ADR 060): not every text with 'computer' and 'science'.
    const scattered = await countMatching("'comput' & 'scienc'");
    for (const typed of ["CS", "comp sci", "Comp Sci"]) {
      const found = await search(typed);
      expectAllIn(meant, found.names);
      for (const name of found.names.slice(0, meant.length)) {
        expect(name).toMatch(/computer science|computing/i);
      }
      expect(found.count).toBeLessThan(scattered);
      // Beyond the names, only programmes whose own words hold what was typed.
      const typedQuery = typed === "CS" ? "'cs'" : "'comp' & 'sci'";
      expect(found.count - meant.length).toBeLessThanOrEqual(await countMatching(typedQuery));
    }
  });

  it("math finds Mathematics, led by it", async () => {
    const meant = await namesMatching("\\mmath");
    expect(meant.length).toBeGreaterThanOrEqual(3);
    const found = await search("math");
    expectAllIn(meant, found.names);
    for (const name of found.names.slice(0, meant.length)) expect(name).toMatch(/math/i);
  });

  it("psych finds Psychology, as the header's type-ahead suggests", async () => {
    const meant = await namesMatching("\\mpsycholog");
    const found = await search("psych");
    expectAllIn(meant, found.names);
    for (const name of found.names.slice(0, meant.length)) expect(name).toMatch(/psycholog/i);
  });

  it("AI finds Artificial Intelligence as well as names with AI", async () => {
    const meant = await namesMatching("\\m(artificial intelligence|ai)\\M");
    expect(meant.some((name) => /artificial/i.test(name))).toBe(true);
    expect(meant.some((name) => /\bAI\b/.test(name))).toBe(true);
    const found = await search("AI");
    expectAllIn(meant, found.names);
    for (const name of found.names.slice(0, meant.length)) {
      expect(name).toMatch(/artificial intelligence|\bAI\b/i);
    }
  });

  it("MBA finds Master of Business Administration, and the reverse", async () => {
    const longForm = await namesMatching("master of business administration");
    const short = await namesMatching("\\mmba\\M");
    expect(longForm.length).toBeGreaterThanOrEqual(1);
    const mba = await search("MBA");
    expectAllIn([...short, ...longForm], mba.names);
    const reverse = await search("Master of Business Administration");
    expectAllIn([...short, ...longForm], reverse.names);
    expect(reverse.names[0]).toBe("Master of Business Administration");
  });

  it("financial finds Finance too, and finance finds Financial", async () => {
    const meant = await namesMatching("\\mfinanc");
    const financial = await search("financial");
    expectAllIn(meant, financial.names);
    const finance = await search("finance");
    expectAllIn(meant, finance.names);
    expect(financial.count).toBe(finance.count);
  });

  it("stats is led by Statistics, not Real Estate", async () => {
    const found = await search("stats");
    expect(found.count).toBeGreaterThanOrEqual(2);
    expect(found.names.slice(0, 2).every((name) => /statistics/i.test(name))).toBe(true);
    expect(found.names).not.toContain("MBA in Real Estate");
  });

  it("datascience finds Data Science, led by it", async () => {
    const meant = await namesMatching("data science");
    const found = await search("datascience");
    // The synonym 'data science' matches in the name (ADR 060); typed, the words match anywhere.
    expect(found.count).toBe(meant.length);
    expect(found.count).toBeLessThanOrEqual((await search("data science")).count);
    expectAllIn(meant, found.names);
    for (const name of found.names.slice(0, meant.length)) expect(name).toMatch(/data science/i);
  });

  it("hotellerie finds Hôtellerie, accents or not", async () => {
    for (const typed of ["hotellerie", "Hôtellerie", "HOTELLERIE"]) {
      const found = await search(typed);
      expect(found.names[0]).toBe("Bachelor Hôtellerie et Restauration");
    }
  });
});

describe("ranking, on both paths", () => {
  it("never corrects a word the names hold, and corrects a misspelling only as a last resort", async () => {
    // 'managment' is in no name and nothing else reads it: the correction of ADR 005 stands
    // for it.
    const corrected = await search("managment");
    expect(corrected.textQuery).toMatch(/^'[a-z]+'$/);
    expect(corrected.textQuery).not.toBe("'managment'");
    // 'economist' is in no name either, but reads as its field (variants.ts), not a correction.
    const profession = await search("economist");
    expect(profession.textQuery).toContain("'econom'");
    // A whole word of a name is searched as typed, with its variants, and leads.
    const exact = await search("economics");
    expect(exact.textQuery).toContain("'econom'");
    expect(exact.names[0]).toMatch(/economics/i);
    // A word start is not corrected ('statis' is not 'static'): it completes.
    const start = await search("statis");
    expect(start.names[0]).toMatch(/statistics/i);
  });

  it("puts programmes whose name matches above those that mention the words elsewhere", async () => {
    for (const typed of ["finance", "data science", "management", "psychology", "health"]) {
      const found = await search(typed, 100);
      const words = typed.split(" ");
      const named = found.names.map((name) =>
        words.every((word) => name.toLowerCase().includes(word.slice(0, 5))),
      );
      const firstUnnamed = named.indexOf(false);
      if (firstUnnamed >= 0) expect(named.slice(firstUnnamed)).not.toContain(true);
    }
  });

  it("puts the exact phrase above scattered words", async () => {
    const found = await search("data science");
    const phrase = found.names.map((name) => /data science/i.test(name));
    const firstScattered = phrase.indexOf(false);
    if (firstScattered >= 0) expect(phrase.slice(firstScattered)).not.toContain(true);
  });
});

describe("both paths agree on expanded searches", () => {
  it("gives the same tsquery, pages and totals for 150 random expanded searches", async () => {
    const words = (
      await database.query<{ word: string }>("select word from search_words order by word")
    ).rows.map((row) => row.word);
    const phrases = (await loadSynonyms(database.db)).flatMap((rule) =>
      rule.kind === "two-way" ? rule.words : [rule.input, ...rule.words],
    );
    const variants = VARIANT_GROUPS.flat();
    const r = createRandom(4343);
    const one = (n: number): string => {
      const word = r.pick(words);
      switch (r.int(0, 5)) {
        case 0:
          return word.slice(0, Math.max(3, word.length - r.int(1, 4)));
        case 1:
          return `${word}${r.pick(words)}`;
        case 2:
          return r.pick(phrases);
        case 3:
          return r.pick(variants);
        case 4:
          return misspell(word, n, r);
        default:
          return word;
      }
    };
    let expanded = 0;
    for (let n = 0; n < 150; n += 1) {
      const typed = Array.from({ length: 1 + r.int(0, 2) }, () => one(n)).join(" ");
      const found = await search(typed, 10);
      if (found.textQuery?.includes("|")) expanded += 1;
      const query = CourseListQuerySchema.parse({ name: typed, page: "2", page_size: "10" });
      const viaIndex = await resolveCourseListRequest(database.db, query, index);
      const viaSql = await resolveCourseListRequest(database.db, query, undefined);
      await positionsSettled(database.db, index);
      expect((await listCourses(database.db, viaIndex, index)).results.map((c) => c.id)).toEqual(
        (await listCourses(database.db, viaSql)).results.map((c) => c.id),
      );
    }
    expect(expanded).toBeGreaterThan(20);
  }, 300_000);
});
