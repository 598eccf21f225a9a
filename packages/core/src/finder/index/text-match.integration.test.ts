// The free-text mode chosen in process (ADR 028) against the SQL probe it stands in for
// (course-sql.ts chooseTextMatch: `websearch_to_tsquery` and `exists` over published programmes):
// the same mode and the same tsquery text for every word of the vocabulary and its misspellings,
// several words, `or`, quotes and `-` as visitors type them, stop words only, punctuation, digits
// and non-Latin text; the tsquery put together from each word's own as PostgreSQL's websearch
// parser builds it, for random word sequences; programmes of an unpublished school counted as the
// probe counts them; and a changed catalogue decided as SQL decides it, before its notice (the
// index then cannot tell and SQL answers) and after. Both engines.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createRandom } from "@studyatlas/db/seed/random.ts";
import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";
import { CourseListQuerySchema } from "@studyatlas/schemas/catalogue.ts";

import { textArrayLiteral } from "../../sql-rows.ts";
import { chooseTextMatch } from "../course-sql.ts";
import { createFinderIndex } from "../finder-index.ts";
import { resolveCourseListRequest } from "../resolve-request.ts";
import { loadSearchVocabulary, TEXT_SEARCH_CONFIG } from "../search-vocabulary.ts";
import { correctSearchText } from "../search-words.ts";
import { misspell } from "../testing/misspellings.ts";
import { count } from "./bitset.ts";
import type { CourseIndex } from "./course-index.ts";
import { currentIndex } from "./holder.ts";
import { loadCourseIndex } from "./load.ts";
import { positionsBytes } from "./posting-positions.ts";
import { readAheadBudget } from "./postings.ts";
import { chooseTextMatchInIndex } from "./text-match.ts";
import { composeWebsearchQuery } from "./tsquery.ts";

let database: TestDatabase;
let index: CourseIndex;
let words: string[];

async function loadIndex(): Promise<CourseIndex> {
  const loaded = await loadCourseIndex(database.db);
  loaded.vocabulary = await loadSearchVocabulary(database.db);
  return loaded;
}

beforeAll(async () => {
  database = await createTestDatabase();
  index = await loadIndex();
  words = (
    await database.query<{ word: string }>("select word from search_words order by word")
  ).rows.map((row) => row.word);
});
afterAll(async () => {
  await database?.dispose();
});

/** Words PostgreSQL's parser splits into several lexemes: the index leaves them to SQL. */
const SPLIT_WORDS = ["12e5x", "3e2b"];

/** Free text as visitors type it, beyond the vocabulary's own words. */
const TYPED = [
  "",
  "the",
  "the and of",
  "a an the or",
  "or",
  "OR",
  "or law",
  "law or",
  "law or or business",
  "law OR business",
  "law | business",
  "business or the",
  "the or business",
  "law orange",
  "data -science",
  "-data science",
  "- data",
  '"data science"',
  '"data science" -law',
  '"data',
  '""',
  "data, science!",
  "c++ & c#",
  "e-learning",
  "o'neil's",
  "law/business",
  "(law)",
  "law:*",
  "'law'",
  "law & !business",
  "mp3",
  "3d design",
  "1e5",
  "2024",
  "12e5x",
  "3e2b law",
  "日本語",
  "наука",
  "Ελληνικά",
  "علوم الحاسوب",
  "Ökonomie",
  "économie",
  "data science management engineering health",
  "zzzz qqqq",
  "xyzzy",
  "lw",
  "managment",
  "compter science",
  "phychology",
  "!!!",
  "   ",
  "a".repeat(200),
];

/** The probe's answer both ways for a typed text, corrected as the finder corrects it. */
async function bothWays(typed: string, on: CourseIndex = index) {
  const searchText = await correctSearchText(database.db, typed, on.vocabulary);
  const viaSql = await chooseTextMatch(database.db, searchText);
  const viaIndex = await chooseTextMatchInIndex(database.db, on, searchText);
  return { searchText, viaSql, viaIndex };
}

describe("the text-match mode in process", () => {
  it("chooses as the SQL probe for every vocabulary word, misspelt, and as typed", async () => {
    const r = createRandom(1414);
    const texts = [
      ...words,
      ...words.flatMap((word, n) => [misspell(word, n, r), misspell(word, n + 1, r)]),
      ...TYPED,
    ];
    // Several words, `or` and stop words between them, now and then quoted or negated.
    for (let n = 0; n < 300; n += 1) {
      const parts = Array.from({ length: 2 + r.int(0, 3) }, () => {
        const word = r.pick(words);
        if (r.chance(0.15)) return "or";
        if (r.chance(0.1)) return r.pick(["the", "and", "of", "in", "for"]);
        if (r.chance(0.1)) return `-${word}`;
        return r.chance(0.2) ? misspell(word, n, r) : word;
      });
      texts.push(r.chance(0.1) ? `"${parts.join(" ")}"` : parts.join(" "));
    }
    const modes = new Set<string>();
    const leftToSql: string[] = [];
    for (const typed of texts) {
      const { searchText, viaSql, viaIndex } = await bothWays(typed);
      modes.add(viaSql.match);
      if (viaIndex === undefined) leftToSql.push(searchText);
      else expect(viaIndex, JSON.stringify({ typed, searchText })).toEqual(viaSql);
    }
    // Both modes are exercised, and the index decides all but the words PostgreSQL splits.
    expect(modes).toEqual(new Set(["fulltext", "similar-name"]));
    expect(leftToSql.filter((text) => !SPLIT_WORDS.some((word) => text.includes(word)))).toEqual(
      [],
    );
    expect(leftToSql.length).toBeGreaterThan(0);
    expect(texts.length).toBeGreaterThan(1000);
  }, 120_000);

  it("resolves a finder query to the same filters with and without the index", async () => {
    for (const name of TYPED.filter((text) => text.trim().length > 0)) {
      const query = CourseListQuerySchema.parse({ name, seed: "1" });
      const viaSql = await resolveCourseListRequest(database.db, query);
      expect(await resolveCourseListRequest(database.db, query, index), name).toEqual(viaSql);
    }
  });

  it("puts the tsquery together as websearch_to_tsquery does, for random word sequences", async () => {
    const r = createRandom(77);
    const pool = [
      ...words.slice(0, 200),
      ...["or", "or", "or", "the", "and", "a", "of", "not", "mp3", "1e5", "2024", "12e5x"],
    ];
    const sequences = Array.from({ length: 2000 }, () =>
      Array.from({ length: 1 + r.int(0, 6) }, () => r.pick(pool)),
    );
    const distinctWords = [...new Set(sequences.flat())];
    const single = await database.query<{ word: string; query: string }>(
      `select w as word, websearch_to_tsquery('${TEXT_SEARCH_CONFIG}'::regconfig, w)::text as query
       from unnest($1::text[]) as w`,
      [textArrayLiteral(distinctWords)],
    );
    const queryOfWord = new Map(single.rows.map((row) => [row.word, row.query]));
    const whole = await database.query<{ query: string }>(
      `select websearch_to_tsquery('${TEXT_SEARCH_CONFIG}'::regconfig, t)::text as query
       from unnest($1::text[]) with ordinality as s(t, n) order by n`,
      [textArrayLiteral(sequences.map((sequence) => sequence.join(" ")))],
    );
    let composed = 0;
    sequences.forEach((sequence, n) => {
      const expected = whole.rows[n]?.query;
      const actual = composeWebsearchQuery(sequence, (word) => queryOfWord.get(word));
      if (actual === undefined) {
        // Only a word that PostgreSQL splits into a phrase stops the composition.
        expect(sequence, sequence.join(" ")).toContain("12e5x");
        return;
      }
      composed += 1;
      expect(actual, sequence.join(" ")).toBe(expected);
    });
    expect(composed).toBeGreaterThan(1500);
  });

  it("asks PostgreSQL once for a word outside the vocabulary, then keeps its tsquery", async () => {
    const vocabulary = index.vocabulary;
    expect(vocabulary?.queryOfWord("science")).toBe("'scienc'");
    expect(vocabulary?.queryOfWord("the")).toBe("");
    expect(vocabulary?.queryOfWord("xyzzyq")).toBeUndefined();
    const { viaSql, viaIndex } = await bothWays("xyzzyq");
    expect(viaIndex).toEqual(viaSql);
    expect(vocabulary?.queryOfWord("xyzzyq")).toBe("'xyzzyq'");
  });
});

describe("reading ahead", () => {
  it("keeps the commonest vocabulary words' sets and positions before any search, within its shares", async () => {
    const finder = createFinderIndex(database.db, { enabled: true });
    await finder.settled();
    await finder.readAhead();
    const current = currentIndex(finder);
    if (!current?.vocabulary) throw new Error("no index or vocabulary");
    const common = current.vocabulary.commonLexemes();
    expect(common.length).toBeGreaterThan(10);
    const kept = common.filter((lexeme) => current.posting(lexeme) !== undefined);
    // In commonness order, within the read-ahead share (plus the set that crossed it).
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(common.slice(0, kept.length));
    const budget = readAheadBudget(current.size);
    let setBytes = 0;
    let positionBytes = 0;
    for (const lexeme of kept) {
      const posting = current.posting(lexeme);
      setBytes += (posting?.bytes ?? 0) - positionsBytes(posting?.positions);
      positionBytes += positionsBytes(posting?.positions);
    }
    const first = current.posting(common[0] as string);
    expect(setBytes).toBeLessThanOrEqual(budget.sets + (first?.docs.byteLength ?? 0));
    // Positions too, commonest first, within their share (plus the lexeme that crossed it): at
    // this catalogue's size, every kept set's.
    const withPositions = kept.filter((lexeme) => current.posting(lexeme)?.positions);
    expect(withPositions).toEqual(kept.slice(0, withPositions.length));
    expect(positionBytes).toBeLessThanOrEqual(budget.positions + positionsBytes(first?.positions));
    if (positionBytes < budget.positions) expect(withPositions).toEqual(kept);
    // Each kept set is the programmes PostgreSQL finds for the lexeme, as a search would read it,
    // and its positions are every occurrence of the lexeme in those programmes' search vectors.
    const lexeme = common[0] as string;
    const { rows } = await database.query<{ count: number; occurrences: number }>(
      `select count(*)::int as count, sum(array_length(u.positions, 1))::int as occurrences
       from courses c join schools s on s.id = c.school_id, unnest(c.search_vector) u
       where c.published and s.published and c.search_vector @@ $1::tsquery and u.lexeme = $2`,
      [`'${lexeme}'`, lexeme],
    );
    const docs = first?.docs;
    expect(docs && count(docs)).toBe(rows[0]?.count);
    expect(first?.positions?.docs.length).toBe(rows[0]?.count);
    expect(first?.positions?.codes.length).toBe(rows[0]?.occurrences);
  });
});

describe("the text-match mode when the catalogue changes", () => {
  it("counts the published programmes of an unpublished school, as the SQL probe does", async () => {
    const [row] = (
      await database.query<{ id: number; school_id: number }>(
        `select c.id, c.school_id from courses c where c.published
         order by c.id limit 1`,
      )
    ).rows;
    if (!row) throw new Error("no published programme");
    await database.query(`update courses set name = name || ' Quorvexian' where id = $1`, [row.id]);
    await database.query(`update schools set published = false where id = $1`, [row.school_id]);
    const hidden = await loadIndex();
    const { viaSql, viaIndex } = await bothWays("quorvexian", hidden);
    // No public programme has the word, yet the probe finds a published one: full text.
    expect(viaSql).toEqual({ match: "fulltext", query: "'quorvexian'" });
    expect(viaIndex).toEqual(viaSql);
    const { viaSql: unknownSql, viaIndex: unknownIndex } = await bothWays("quorvexiam", hidden);
    expect(unknownIndex).toEqual(unknownSql);
    await database.query(`update schools set published = true where id = $1`, [row.school_id]);
  });

  it("decides a new word as SQL does before the notice, and from the index after it", async () => {
    const finder = createFinderIndex(database.db, { enabled: true });
    await finder.settled();
    const before = currentIndex(finder);
    if (!before) throw new Error("no index");
    expect(await chooseTextMatch(database.db, "zentrophonics")).toEqual({
      match: "similar-name",
      query: "'zentrophon'",
    });

    // A new programme with a new word, its notice not yet heard: the index does not know the
    // programme the word's set names, so it cannot tell, and the SQL probe decides. (Had the
    // word's set been kept before the change, the index would answer from it until the notice,
    // as its lists and counts do: ADR 011 "Freshness".)
    const [course] = (
      await database.query<{ id: number }>(
        "select id from courses where published order by id desc limit 1",
      )
    ).rows;
    if (!course) throw new Error("no published programme");
    await database.query(
      `insert into courses (school_id, programme_type_id, degree_type_id, language_id,
         tuition_currency_id, name, slug, about, duration, duration_base, course_format,
         attendance, start_month, start_year, deadline_month, deadline_year, tuition_fee,
         tuition_fee_usd, tuition_fee_base, featured, published, shuffle_key, school_name,
         discipline_names)
       select school_id, programme_type_id, degree_type_id, language_id, tuition_currency_id,
         'Zentrophonics Studies', 'zentrophonics-studies', about, duration, duration_base,
         course_format, attendance, start_month, start_year, deadline_month, deadline_year,
         tuition_fee, tuition_fee_usd, tuition_fee_base, featured, true, shuffle_key,
         school_name, discipline_names
       from courses where id = $1`,
      [course.id],
    );
    const stale = await bothWays("zentrophonics", before);
    expect(stale.viaSql.match).toBe("fulltext");
    expect(stale.viaIndex).toBeUndefined();
    const resolved = await resolveCourseListRequest(
      database.db,
      CourseListQuerySchema.parse({ name: "zentrophonics", seed: "1" }),
      before,
    );
    expect(resolved.filters.textMatch).toBe("fulltext");

    // The notice: a new index, new lexeme sets; now the index decides, as SQL does.
    finder.invalidate();
    await finder.settled();
    const after = currentIndex(finder);
    if (!after) throw new Error("no index after the change");
    const fresh = await bothWays("zentrophonics", after);
    expect(fresh.viaIndex).toEqual({ match: "fulltext", query: "'zentrophon'" });
    expect(fresh.viaIndex).toEqual(fresh.viaSql);
    await database.query("delete from courses where slug = 'zentrophonics-studies'");
  });
});
