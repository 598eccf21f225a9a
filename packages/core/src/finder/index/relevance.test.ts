// The relevance order's parts that need no database (relevance.ts); their agreement with
// PostgreSQL is the oracle integration test's (relevance-in-process.test.ts).
import { describe, expect, it } from "vitest";

import { fromDocs } from "./bitset.ts";
import { createRandom } from "@studyatlas/db/seed/random.ts";

import {
  markQueryTrigrams,
  parsePostingPositions,
  queryTrigrams,
  rankOperands,
  relevanceScore,
  similarityBound,
  similarityOfMarked,
  topByRelevance,
  trigramSequence,
  trigramTable,
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
    expect(wordSimilarity("law", "international law")).toBe(1);
    expect(wordSimilarity("law", "Droit in Québec")).toBeUndefined();
    const part = wordSimilarity("law", "lawyer") as number;
    expect(part).toBeGreaterThan(0);
    expect(part).toBeLessThan(1);
  });

  it("agrees with calc_word_similarity written plainly, and never exceeds its bound", () => {
    const r = createRandom(14);
    const words = ["law", "lawyer", "business", "busy", "bus", "admin", "ad", "sin", "in", "a1"];
    const phrase = (most: number) =>
      Array.from({ length: r.int(1, most) }, () =>
        r.chance(0.2) ? r.pick(words).slice(0, r.int(1, 3)) : r.pick(words),
      ).join(r.pick([" ", "-", " & "]));
    const texts = Array.from({ length: 3000 }, () => phrase(6));
    // One table for all, as the index builds it: each text's numbers stay its own.
    const table = trigramTable(texts);
    texts.forEach((text, t) => {
      const query = phrase(2);
      const queryCodes = queryTrigrams(trigramSequence(query) as Int32Array);
      const expected = plainWordSimilarity(
        new Set(trigramSequence(query)),
        trigramSequence(text) as Int32Array,
      );
      expect(wordSimilarity(query, text), `${query} / ${text}`).toBe(expected);
      const present = markQueryTrigrams(queryCodes, table, t);
      expect(similarityBound(present, queryCodes.length)).toBeGreaterThanOrEqual(expected);
      expect(present === 0 ? 0 : similarityOfMarked(table, t, queryCodes.length)).toBe(expected);
    });
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

/** calc_word_similarity (pg_trgm, flags 0) as plainly as it reads in C: the reference above. */
function plainWordSimilarity(queryTrigrams: ReadonlySet<number>, text: Int32Array): number {
  const ulen1 = queryTrigrams.size;
  const idOf = new Map<number, number>();
  const indexes = Array.from(text, (trigram) => {
    if (!idOf.has(trigram)) idOf.set(trigram, idOf.size);
    return idOf.get(trigram) as number;
  });
  const found = [...idOf.keys()].map((trigram) => queryTrigrams.has(trigram));
  const lastpos = new Array<number>(idOf.size).fill(-1);
  const similarity = (count: number, ulen2: number) => Math.fround(count / (ulen1 + ulen2 - count));
  let [ulen2, count, lower, max] = [0, 0, -1, 0];
  indexes.forEach((id, i) => {
    if (lower >= 0 || found[id]) {
      if ((lastpos[id] as number) < 0) {
        ulen2 += 1;
        if (found[id]) count += 1;
      }
      lastpos[id] = i;
    }
    if (!found[id]) return;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = similarity(count, ulen2);
    let [tmpCount, tmpUlen2] = [count, ulen2];
    const previousLower = lower;
    for (let tmpLower = lower; tmpLower <= i; tmpLower += 1) {
      const candidate = similarity(tmpCount, tmpUlen2);
      if (candidate > current)
        [current, ulen2, lower, count] = [candidate, tmpUlen2, tmpLower, tmpCount];
      const tmpId = indexes[tmpLower] as number;
      if (lastpos[tmpId] === tmpLower) {
        tmpUlen2 -= 1;
        if (found[tmpId]) tmpCount -= 1;
      }
    }
    max = Math.max(max, current);
    for (let tmpLower = previousLower; tmpLower < lower; tmpLower += 1) {
      const tmpId = indexes[tmpLower] as number;
      if (lastpos[tmpId] === tmpLower) lastpos[tmpId] = -1;
    }
  });
  return max;
}
