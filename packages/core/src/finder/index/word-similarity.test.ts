// word_similarity's parts that need no database (word-similarity.ts); their agreement with
// PostgreSQL is the oracle integration test's (relevance.integration.test.ts).
import { describe, expect, it } from "vitest";

import { createRandom } from "@studyatlas/db/seed/random.ts";

import {
  markQueryTrigrams,
  queryTrigrams,
  similarityBound,
  similarityOfMarked,
  trigramSequence,
  trigramTable,
  wordSimilarity,
} from "./word-similarity.ts";

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
