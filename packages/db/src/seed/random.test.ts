import { describe, expect, it } from "vitest";

import { createRandom, cumulativeWeights, hashString } from "./random.ts";

describe("seeded random", () => {
  it("repeats the same sequence for the same seed and stream", () => {
    const a = createRandom(42, 1);
    const b = createRandom(42, 1);
    const c = createRandom(42, 2);
    const first = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(first);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(first);
    for (const value of first) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it("draws integers in range and follows weights", () => {
    const random = createRandom(7);
    const counts = [0, 0, 0];
    const weights = cumulativeWeights([1, 0, 3]);
    for (let i = 0; i < 4000; i++) {
      const n = random.int(3, 5);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(5);
      counts[random.indexWeighted(weights)]!++;
    }
    expect(counts[1]).toBe(0);
    expect((counts[2] ?? 0) / (counts[0] ?? 1)).toBeGreaterThan(2.4);
    expect(createRandom(1).shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(hashString("abc")).toBe(hashString("abc"));
  });
});
