// The relevance order's parts that need no database (relevance.ts); their agreement with
// PostgreSQL is the oracle integration test's (relevance-in-process.test.ts).
import { describe, expect, it } from "vitest";

import { fromDocs } from "./bitset.ts";
import {
  parsePostingPositions,
  rankOperands,
  topByRelevance,
  trigramSequence,
  tsRank,
  wordSimilarity,
  type PostingPositions,
} from "./relevance.ts";

const code = (weight: "A" | "B" | "C" | "D", position: number) =>
  ("DCBA".indexOf(weight) << 14) | position;

describe("reading a lexeme's positions", () => {
  it("reads tsvector output per programme, in document order, weights included", () => {
    const docOf = (id: number) => ({ 10: 2, 11: 0, 12: -1 })[id] ?? -1;
    const read = parsePostingPositions(
      "scienc",
      [10, 11, 12],
      "'scienc':4A,12B,20 'scienc':1C 'scienc':3",
      docOf,
      3,
    );
    expect(read && [...read.docs]).toEqual([0, 2]);
    expect(read && [...read.starts]).toEqual([0, 1, 4]);
    expect(read && [...read.codes]).toEqual([
      code("C", 1),
      code("A", 4),
      code("B", 12),
      code("D", 20),
    ]);
  });

  it("reads a lexeme PostgreSQL quotes, and nothing when no programme holds it", () => {
    const read = parsePostingPositions("o'neil", [1], "'o''neil':2A", () => 0, 1);
    expect(read && [...read.codes]).toEqual([code("A", 2)]);
    expect(parsePostingPositions("law", [], "", () => 0, 1)?.docs.length).toBe(0);
  });

  it("refuses what it cannot read exactly (SQL ranks then)", () => {
    expect(parsePostingPositions("law", [1], "'law'", () => 0, 1)).toBeUndefined();
    expect(parsePostingPositions("law", [1, 2], "'law':1A", () => 0, 1)).toBeUndefined();
    expect(parsePostingPositions("law", [1], "'lax':1A", () => 0, 1)).toBeUndefined();
    expect(parsePostingPositions("a b", [1], "'a b':1A", () => 0, 1)).toBeUndefined();
  });
});

describe("ts_rank's parts", () => {
  it("sorts and dedupes operands as PostgreSQL (bytes, shorter first)", () => {
    expect(rankOperands(["scienc", "data", "scienc", "dat"])).toEqual(["dat", "data", "scienc"]);
    expect(rankOperands(["café"])).toBeUndefined();
  });

  it("ranks one operand by its weighted occurrences, two by their distance", () => {
    const one = (codes: number[]) => ({
      codes: Uint16Array.from(codes),
      from: 0,
      to: codes.length,
    });
    const none = { codes: new Uint16Array(0), from: 0, to: 0 };
    // One A occurrence: (1 + 1 - 1) / 1.64493406685, in float4.
    expect(tsRank(false, [one([code("A", 1)])])).toBe(Math.fround(1 / 1.64493406685));
    // `&` with one operand missing finds no pair: 1e-20.
    expect(tsRank(true, [one([code("A", 1)]), none])).toBe(Math.fround(1e-20));
    // Adjacent A words rank above distant ones.
    const near = tsRank(true, [one([code("A", 1)]), one([code("A", 2)])]);
    const far = tsRank(true, [one([code("A", 1)]), one([code("A", 40)])]);
    expect(near).toBeGreaterThan(far);
  });
});

describe("word_similarity's parts", () => {
  it("makes pg_trgm's trigram sequence: padded words, lower case, other characters split", () => {
    const text = (codes: Int32Array | undefined) =>
      codes && [...codes].map((c) => String.fromCharCode(c >> 16, (c >> 8) & 255, c & 255));
    expect(text(trigramSequence("Ab-c"))).toEqual(["  a", " ab", "ab ", "  c", " c "]);
    expect(trigramSequence("é")).toBeUndefined();
  });

  it("is 1 for a word contained whole, less for a part of it", () => {
    const query = new Set(trigramSequence("law"));
    expect(wordSimilarity(query, trigramSequence("international law") as Int32Array)).toBe(1);
    const part = wordSimilarity(query, trigramSequence("lawyer") as Int32Array);
    expect(part).toBeGreaterThan(0);
    expect(part).toBeLessThan(1);
  });
});

describe("the top of the order", () => {
  it("takes the best scores, ties in document order, and only as many as asked", () => {
    const posting: PostingPositions = {
      docs: Int32Array.from([0, 1, 2, 3]),
      starts: Int32Array.from([0, 1, 2, 3, 4]),
      codes: Uint16Array.from([code("C", 5), code("A", 1), code("C", 5), code("A", 1)]),
    };
    const matching = fromDocs(4, [0, 1, 2, 3]);
    const noName = () => 0;
    expect(topByRelevance(matching, false, [posting], noName, 4)).toEqual([1, 3, 0, 2]);
    expect(topByRelevance(matching, false, [posting], noName, 3)).toEqual([1, 3, 0]);
    // The name's similarity adds to the rank.
    expect(topByRelevance(matching, false, [posting], (doc) => (doc === 2 ? 1 : 0), 1)).toEqual([
      2,
    ]);
    // A document that cannot be scored leaves the whole order to SQL.
    expect(topByRelevance(matching, false, [posting], () => undefined, 2)).toBeUndefined();
  });
});
