// Misspelling correction from the vocabulary held in process (search-vocabulary.ts) against the
// SQL correction it stands in for (search-words.ts, pg_trgm in PostgreSQL): every vocabulary word
// misspelt four ways, nonsense and short words, the same corrected text on both engines; and a
// refreshed vocabulary reaches the finder index's copy after its notice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createRandom } from "@studyatlas/db/seed/random.ts";
import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";

import { createFinderIndex } from "./finder-index.ts";
import { currentIndex } from "./index/holder.ts";
import { loadSearchVocabulary, trigramsOf, type SearchVocabulary } from "./search-vocabulary.ts";
import { correctSearchText } from "./search-words.ts";
import { misspell } from "./testing/misspellings.ts";

let database: TestDatabase;
let vocabulary: SearchVocabulary;
let words: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  vocabulary = await loadSearchVocabulary(database.db);
  words = (
    await database.query<{ word: string }>("select word from search_words order by word")
  ).rows.map((row) => row.word);
});
afterAll(async () => {
  await database?.dispose();
});

describe("the vocabulary in process corrects as PostgreSQL does", () => {
  it("has pg_trgm's trigrams of a word", () => {
    expect(trigramsOf("cat").sort()).toEqual(["  c", " ca", "at ", "cat"]);
    expect(trigramsOf("aaa").sort()).toEqual(["  a", " aa", "aa ", "aaa"]);
  });

  it("holds the whole vocabulary", () => {
    expect(vocabulary.size).toBe(words.length);
    expect(words.length).toBeGreaterThan(100);
  });

  it("gives the SQL correction for every word misspelt four ways, and for nonsense", async () => {
    const r = createRandom(1405);
    const texts: string[] = [];
    // Six tokens a text, so that each SQL call checks several.
    const tokens = words.flatMap((word, n) => [
      word,
      misspell(word, n, r),
      misspell(word, n + 1, r),
    ]);
    tokens.push("zzzz", "qqqqqq", "xyzzy", "a1b2", "mba", "law", "art", "ai", "12345", "managment");
    for (let i = 0; i < tokens.length; i += 6) texts.push(tokens.slice(i, i + 6).join(" "));
    let corrected = 0;
    for (const text of texts) {
      const expected = await correctSearchText(database.db, text);
      expect(await correctSearchText(database.db, text, vocabulary), text).toBe(expected);
      if (expected !== text) corrected += 1;
    }
    // The cases exercise the correction, not only words already known.
    expect(corrected).toBeGreaterThan(texts.length / 2);
  });

  it("reads a refreshed vocabulary into the finder index after the notice", async () => {
    const finder = createFinderIndex(database.db, { enabled: true });
    await finder.settled();
    const before = currentIndex(finder)?.vocabulary;
    expect(before?.has("zyxoplantics")).toBe(false);
    await database.query(
      "update courses set name = name || ' Zyxoplantics' where id = (select min(id) from courses where published)",
    );
    await database.query("refresh materialized view search_words");
    finder.vocabularyChanged();
    // Until the new vocabulary is read, SQL corrects (no stale copy answers).
    expect(currentIndex(finder)?.vocabulary).toBeUndefined();
    await expect
      .poll(() => currentIndex(finder)?.vocabulary?.has("zyxoplantics"), { timeout: 5000 })
      .toBe(true);
  });
});
