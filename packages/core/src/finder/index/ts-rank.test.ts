// ts_rank's parts that need no database (ts-rank.ts); their agreement with PostgreSQL is the
// oracle integration test's (relevance.integration.test.ts).
import { describe, expect, it } from "vitest";

import { rankOperands, tsRank } from "./ts-rank.ts";

/** A WordEntryPos: weight class << 14 | position. */
const code = (weight: "A" | "B" | "C" | "D", position: number) =>
  ("DCBA".indexOf(weight) << 14) | position;

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
