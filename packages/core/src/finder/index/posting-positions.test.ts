// Reading a lexeme's positions from PostgreSQL's tsvector output (posting-positions.ts); the
// positions' agreement with PostgreSQL is the oracle integration test's
// (relevance.integration.test.ts).
import { describe, expect, it } from "vitest";

import { parsePostingPositions } from "./posting-positions.ts";

/** A WordEntryPos: weight class << 14 | position. */
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
