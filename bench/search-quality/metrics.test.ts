import { describe, expect, it } from "vitest";

import type { Grade } from "./judgments.ts";
import { gain, ndcg, precision, recall, scoreQuery, totals } from "./metrics.ts";

const judged = (entries: Array<[number, Grade]>) => new Map<number, Grade>(entries);

describe("gain", () => {
  it("grows exponentially with the grade (2^grade − 1)", () => {
    expect([0, 1, 2, 3].map(gain)).toEqual([0, 1, 3, 7]);
  });
});

describe("nDCG@10", () => {
  const grades = judged([
    [1, 3],
    [2, 2],
    [3, 1],
  ]);

  it("is 1 for the ideal order", () => {
    expect(ndcg([1, 2, 3], grades)).toBe(1);
  });

  it("is 0 when nothing judged is returned, and for an empty answer", () => {
    expect(ndcg([7, 8, 9], grades)).toBe(0);
    expect(ndcg([], grades)).toBe(0);
  });

  it("weighs graded gains by the log of the rank", () => {
    // DCG of [2, 3, 1] = 3/log2(2) + 7/log2(3) + 1/log2(4); ideal [3, 2, 1] = 7 + 3/log2(3) + 1/2.
    const expected = (3 + 7 / Math.log2(3) + 0.5) / (7 + 3 / Math.log2(3) + 0.5);
    expect(ndcg([2, 1, 3], grades)).toBeCloseTo(expected, 12);
    expect(ndcg([2, 1, 3], grades)).toBeLessThan(1);
  });

  it("prefers a grade 3 over a grade 1 at the top", () => {
    expect(ndcg([1, 3], grades)).toBeGreaterThan(ndcg([3, 1], grades));
  });

  it("only counts the first ten results, against the ten best judged programmes", () => {
    const many = judged(Array.from({ length: 20 }, (_, i): [number, Grade] => [i + 1, 3]));
    const unjudgedFirst = [...Array.from({ length: 10 }, (_, i) => 100 + i), 1, 2, 3];
    expect(ndcg(unjudgedFirst, many)).toBe(0);
    expect(
      ndcg(
        Array.from({ length: 10 }, (_, i) => i + 1),
        many,
      ),
    ).toBe(1);
  });

  it("is 0 for a query with no judged programme", () => {
    expect(ndcg([1, 2], judged([]))).toBe(0);
  });
});

describe("precision@10", () => {
  it("counts grades 2 and 3 as relevant, not grade 1", () => {
    const grades = judged(
      Array.from({ length: 30 }, (_, i): [number, Grade] => [i + 1, i < 10 ? 1 : 3]),
    );
    expect(
      precision(
        Array.from({ length: 10 }, (_, i) => i + 1),
        grades,
      ),
    ).toBe(0);
    expect(
      precision(
        Array.from({ length: 10 }, (_, i) => i + 11),
        grades,
      ),
    ).toBe(1);
    expect(precision([1, 11, 12, 2, 13], grades)).toBe(0.3);
  });

  it("is out of the relevant programmes there are when fewer than ten", () => {
    const grades = judged([
      [1, 3],
      [2, 2],
    ]);
    expect(precision([1, 2, 3, 4, 5], grades)).toBe(1);
    expect(precision([3, 1], grades)).toBe(0.5);
  });
});

describe("recall@100", () => {
  it("is the relevant share of the first 100 results, out of what fits in 100", () => {
    const grades = judged([
      [1, 3],
      [2, 3],
      [3, 2],
      [4, 1],
    ]);
    expect(recall([1, 4], grades)).toBeCloseTo(1 / 3, 12);
    expect(recall([3, 2, 1], grades)).toBe(1);
    const beyond = [...Array.from({ length: 100 }, (_, i) => 1000 + i), 1, 2, 3];
    expect(recall(beyond, grades)).toBe(0);
  });

  it("is capped at 100 relevant programmes", () => {
    const grades = judged(Array.from({ length: 250 }, (_, i): [number, Grade] => [i + 1, 2]));
    expect(
      recall(
        Array.from({ length: 100 }, (_, i) => i + 1),
        grades,
      ),
    ).toBe(1);
  });
});

describe("totals", () => {
  it("averages the scores and counts the zero-result answers", () => {
    const grades = judged([[1, 3]]);
    const result = totals([
      scoreQuery([1], 1, grades),
      scoreQuery([], 0, grades),
      scoreQuery([2], 5, grades),
      scoreQuery([], 0, grades),
    ]);
    expect(result).toEqual({
      queries: 4,
      ndcg: 0.25,
      precision: 0.25,
      recall: 0.25,
      zeroResultRate: 0.5,
    });
  });

  it("is all zeros for no query", () => {
    expect(totals([])).toEqual({
      queries: 0,
      ndcg: 0,
      precision: 0,
      recall: 0,
      zeroResultRate: 0,
    });
  });
});
