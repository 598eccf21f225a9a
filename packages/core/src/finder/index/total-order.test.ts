import { describe, expect, it } from "vitest";

import { createRandom } from "@studyatlas/db/seed/random.ts";

import { add, andCount, emptySet } from "./bitset.ts";
import { TotalOrder } from "./total-order.ts";

/** 1-based ranks of `values` ascending (NaN last), ties by document, as load.ts gives them. */
function ranksOf(values: Float64Array, direction: 1 | -1): Int32Array {
  const docs = [...values.keys()].sort((a, b) => {
    const x = values[a] as number;
    const y = values[b] as number;
    if (Number.isNaN(x) !== Number.isNaN(y)) return Number.isNaN(x) ? 1 : -1;
    return (Number.isNaN(x) ? 0 : direction * (x - y)) || a - b;
  });
  const ranks = new Int32Array(values.length);
  docs.forEach((doc, position) => (ranks[doc] = position + 1));
  return ranks;
}

describe("TotalOrder.countIn", () => {
  it("counts a set's documents up to each budget as the band's own set would", () => {
    const r = createRandom(51);
    for (const size of [0, 1, 63, 64, 65, 1000, 5003]) {
      const totals = new Float64Array(size);
      for (let doc = 0; doc < size; doc += 1) {
        totals[doc] = r.next() < 0.1 ? Number.NaN : Math.round(r.next() * 100_000);
      }
      const order = new TotalOrder(totals, ranksOf(totals, 1), ranksOf(totals, -1));
      const set = emptySet(size);
      for (let doc = 0; doc < size; doc += 1) if (r.next() < 0.4) add(set, doc);
      for (const max of [-1, 0, 500, 25_000, 50_000, 99_999, 100_000, Number.POSITIVE_INFINITY]) {
        expect(order.countIn(set, max)).toBe(andCount(set, order.upTo(max)));
      }
    }
  });
});
