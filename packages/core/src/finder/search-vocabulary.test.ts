import { describe, expect, it } from "vitest";

import { SearchVocabulary } from "./search-vocabulary.ts";

describe("SearchVocabulary's word queries", () => {
  const vocabulary = () =>
    new SearchVocabulary([
      { word: "science", frequency: 10, query: "'scienc'" },
      { word: "the", frequency: 3, query: "" },
      { word: "law", frequency: 5 },
    ]);

  it("gives the tsquery read with each word, stop words included, and none it was not given", () => {
    const words = vocabulary();
    expect(words.queryOfWord("science")).toBe("'scienc'");
    expect(words.queryOfWord("the")).toBe("");
    expect(words.queryOfWord("law")).toBeUndefined();
    expect(words.queryOfWord("zzz")).toBeUndefined();
  });

  it("keeps what PostgreSQL answered for other words, not over a vocabulary word's", () => {
    const words = vocabulary();
    words.keepWordQuery("law", "'law'");
    words.keepWordQuery("science", "'wrong'");
    expect(words.queryOfWord("law")).toBe("'law'");
    expect(words.queryOfWord("science")).toBe("'scienc'");
  });

  it("keeps at most 10,000 other words, dropping the least recently used", () => {
    const words = vocabulary();
    words.keepWordQuery("w0", "'w0'");
    words.keepWordQuery("w1", "'w1'");
    // Used again: now the most recently used.
    expect(words.queryOfWord("w0")).toBe("'w0'");
    for (let n = 2; n <= 10_000; n += 1) words.keepWordQuery(`w${n}`, `'w${n}'`);
    expect(words.queryOfWord("w1")).toBeUndefined();
    expect(words.queryOfWord("w0")).toBe("'w0'");
    expect(words.queryOfWord("w10000")).toBe("'w10000'");
  });
});
