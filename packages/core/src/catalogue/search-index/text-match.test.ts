import { describe, expect, it } from "vitest";

import { fromDocs, fullSet } from "./bitset.ts";
import { evaluate, parseTsquery } from "./text-match.ts";

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
