// The relevance order's top and its passing documents by (relevance.ts, ADR 032), with no
// database; the order's agreement with PostgreSQL is the oracle integration test's
// (relevance.integration.test.ts).
import { describe, expect, it } from "vitest";

import { createRandom } from "@studyatlas/db/seed/random.ts";

import { fromDocs } from "./bitset.ts";
import type { PostingPositions } from "./posting-positions.ts";
import { relevanceScore, topByRelevance } from "./relevance.ts";
import { tsRank } from "./ts-rank.ts";

/** A WordEntryPos: weight class << 14 | position. */
const code = (weight: "A" | "B" | "C" | "D", position: number) =>
  ("DCBA".indexOf(weight) << 14) | position;

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

describe("passing documents by", () => {
  it("gives the same top as scoring every document, asking fewer similarities", () => {
    const r = createRandom(2026);
    for (let round = 0; round < 200; round += 1) {
      const size = r.int(1, 400);
      const docs = Array.from({ length: size }, (_, doc) => doc).filter(() => r.chance(0.7));
      const posting: PostingPositions = {
        docs: Int32Array.from(docs),
        starts: Int32Array.from({ length: docs.length + 1 }, (_, i) => i),
        codes: Uint16Array.from(docs, () => code(r.pick(["A", "B", "C", "D"]), r.int(1, 50))),
      };
      const similarity = Array.from({ length: size }, () =>
        r.chance(0.3) ? 1 : Math.fround(r.int(0, 20) / 20),
      );
      const take = r.int(1, 30);
      const matching = fromDocs(size, docs);
      // Every document scored, then sorted: what PostgreSQL's ORDER BY gives.
      const all = docs
        .map((doc, i) => ({
          doc,
          score: relevanceScore(
            tsRank(false, [{ codes: posting.codes, from: i, to: i + 1 }]),
            similarity[doc] as number,
          ),
        }))
        .sort((a, b) => b.score - a.score || a.doc - b.doc)
        .slice(0, take)
        .map((item) => item.doc);
      let asked = 0;
      // Answers a bound instead where it may (half the time), as the index's scorer does.
      const scorer = (doc: number, rank: number, worst: number) => {
        asked += 1;
        const bound = Math.min(1, (similarity[doc] as number) + 0.25);
        return r.chance(0.5) && relevanceScore(rank, bound) <= worst ? bound : similarity[doc];
      };
      expect(topByRelevance(matching, false, [posting], scorer, take)).toEqual(all);
      if (docs.length > 3 * take) expect(asked).toBeLessThanOrEqual(docs.length);
    }
  });

  it("asks no similarity of a document whose rank plus 1 cannot beat the kept ones", () => {
    // Two documents with the name's whole word (similarity 1), then many weak D-only ones.
    const count = 50;
    const posting: PostingPositions = {
      docs: Int32Array.from({ length: count }, (_, doc) => doc),
      starts: Int32Array.from({ length: count + 1 }, (_, i) => i),
      codes: Uint16Array.from({ length: count }, (_, doc) => code(doc < 2 ? "A" : "D", 1)),
    };
    const asked: number[] = [];
    const top = topByRelevance(
      fromDocs(
        count,
        Array.from({ length: count }, (_, doc) => doc),
      ),
      false,
      [posting],
      (doc) => {
        asked.push(doc);
        return doc < 2 ? 1 : 0;
      },
      2,
    );
    expect(top).toEqual([0, 1]);
    expect(asked).toEqual([0, 1]);
  });
});
