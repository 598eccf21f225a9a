import { describe, expect, it } from "vitest";

import { fromDocs, fullSet } from "./bitset.ts";
import { composeWebsearchQuery, evaluate, parseTsquery } from "./tsquery.ts";

describe("parseTsquery", () => {
  it("reads the and/or/not queries PostgreSQL prints", () => {
    expect(parseTsquery("'data' & 'scienc'")).toEqual({
      op: "and",
      left: { op: "term", lexeme: "data" },
      right: { op: "term", lexeme: "scienc" },
    });
    expect(parseTsquery("'law' | 'busi' & 'manag'")).toEqual({
      op: "or",
      left: { op: "term", lexeme: "law" },
      right: {
        op: "and",
        left: { op: "term", lexeme: "busi" },
        right: { op: "term", lexeme: "manag" },
      },
    });
    expect(parseTsquery("!( 'a' | 'b' ) & 'it''s'")).toEqual({
      op: "and",
      left: {
        op: "not",
        arg: { op: "or", left: { op: "term", lexeme: "a" }, right: { op: "term", lexeme: "b" } },
      },
      right: { op: "term", lexeme: "it's" },
    });
    expect(parseTsquery("")).toEqual({ op: "empty" });
  });

  it("refuses phrases, prefixes, weights and anything malformed", () => {
    for (const text of ["'a' <-> 'b'", "'a' <2> 'b'", "'a':*", "'a':AB", "'a' &", "'a", "a"]) {
      expect(parseTsquery(text), text).toBeUndefined();
    }
  });
});

describe("evaluate", () => {
  it("combines each lexeme's documents as PostgreSQL's operators do", () => {
    const all = fullSet(10);
    const postings = new Map([
      ["a", fromDocs(10, [1, 2, 3])],
      ["b", fromDocs(10, [2, 3, 4])],
    ]);
    const docs = (text: string) => {
      const node = parseTsquery(text);
      if (!node) throw new Error(text);
      const set = evaluate(node, postings, all);
      return [...Array(10).keys()].filter((doc) => (set[doc >>> 5]! & (1 << (doc & 31))) !== 0);
    };
    expect(docs("'a' & 'b'")).toEqual([2, 3]);
    expect(docs("'a' | 'b'")).toEqual([1, 2, 3, 4]);
    expect(docs("'a' & !'b'")).toEqual([1]);
    expect(docs("'a' & 'unknown'")).toEqual([]);
    expect(docs("")).toEqual([]);
    // The kept sets are not changed by evaluating.
    expect(docs("'a'")).toEqual([1, 2, 3]);
  });
});

describe("composeWebsearchQuery", () => {
  // Each word's tsquery as PostgreSQL's english_unaccent configuration makes it.
  const stems: Record<string, string> = {
    data: "'data'",
    science: "'scienc'",
    law: "'law'",
    business: "'busi'",
    the: "",
    or: "",
    mp3: "'mp3'",
    "12e5x": "'12e5' <-> 'x'",
  };
  const compose = (text: string) =>
    composeWebsearchQuery(
      text.split(" ").filter((word) => word.length > 0),
      (word) => stems[word],
    );

  it("joins words with & and splits at or, which binds looser", () => {
    expect(compose("data science")).toBe("'data' & 'scienc'");
    expect(compose("data science or law business")).toBe("'data' & 'scienc' | 'law' & 'busi'");
    expect(compose("data data")).toBe("'data' & 'data'");
    expect(compose("mp3 law")).toBe("'mp3' & 'law'");
  });

  it("drops stop words from their & and |, and an or with nothing after it", () => {
    expect(compose("the data")).toBe("'data'");
    expect(compose("the or data")).toBe("'data'");
    expect(compose("data or the")).toBe("'data'");
    expect(compose("or data or")).toBe("'data'");
    expect(compose("law or or business")).toBe("'law' | 'busi'");
    expect(compose("the")).toBe("");
    expect(compose("")).toBe("");
  });

  it("gives up on unknown words and on words that make more than one lexeme", () => {
    expect(compose("data unknownword")).toBeUndefined();
    expect(compose("12e5x law")).toBeUndefined();
  });
});
