import { describe, expect, it } from "vitest";

import {
  add,
  andCount,
  andInto,
  count,
  difference,
  emptySet,
  forEachDoc,
  fromDocs,
  fullSet,
  has,
  orInto,
  tally,
  tallyTwo,
} from "./bitset.ts";

function docsOf(set: Uint32Array): number[] {
  const docs: number[] = [];
  forEachDoc(set, (doc) => docs.push(doc));
  return docs;
}

describe("bitset", () => {
  it("takes one set from another, leaving both as they were", () => {
    const a = fromDocs(70, [0, 5, 31, 32, 40, 69]);
    const b = fromDocs(70, [5, 32, 33, 69]);
    expect(docsOf(difference(a, b))).toEqual([0, 31, 40]);
    expect(docsOf(a)).toEqual([0, 5, 31, 32, 40, 69]);
    expect(docsOf(b)).toEqual([5, 32, 33, 69]);
  });

  it("holds exactly the documents added, across word boundaries", () => {
    const set = emptySet(100);
    for (const doc of [0, 31, 32, 63, 64, 99]) add(set, doc);
    expect(docsOf(set)).toEqual([0, 31, 32, 63, 64, 99]);
    expect(has(set, 31)).toBe(true);
    expect(has(set, 30)).toBe(false);
    expect(count(set)).toBe(6);
  });

  it("makes a full set without documents past the end", () => {
    for (const size of [1, 31, 32, 33, 64, 100]) {
      expect(count(fullSet(size))).toBe(size);
      expect(docsOf(fullSet(size)).at(-1)).toBe(size - 1);
    }
  });

  it("intersects and unites in place", () => {
    const a = fromDocs(70, [1, 2, 40, 69]);
    const b = fromDocs(70, [2, 40, 41]);
    expect(docsOf(andInto(Uint32Array.from(a), b))).toEqual([2, 40]);
    expect(docsOf(orInto(Uint32Array.from(a), b))).toEqual([1, 2, 40, 41, 69]);
  });

  it("counts every bit of a busy word, the sign bit included", () => {
    const set = fromDocs(
      32,
      Array.from({ length: 32 }, (_, i) => i),
    );
    expect(count(set)).toBe(32);
    expect(docsOf(set)).toHaveLength(32);
  });

  it("tallies the set's documents by a column, -1 in slot 0", () => {
    const values = Int32Array.from([3, -1, 3, 0, 2, 3, 40, 1].concat(Array(30).fill(2)));
    const set = fromDocs(values.length, [0, 1, 2, 3, 5, 33, 37]);
    expect([...tally(set, values, new Int32Array(5))]).toEqual([1, 1, 0, 2, 3]);
  });

  it("counts sets and intersections of any length and density as one bit at a time would", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (const size of [0, 1, 31, 32, 33, 64, 65, 95, 1000, 4097]) {
      for (const density of [0, 0.03, 0.5, 0.97, 1]) {
        const docs = (p: number) =>
          Array.from({ length: size }, (_, doc) => doc).filter(() => random() < p);
        const a = density === 1 ? fullSet(size) : fromDocs(size, docs(density));
        const b = fromDocs(size, docs(0.5));
        const both = docsOf(a).filter((doc) => has(b, doc)).length;
        expect(count(a), `${size} ${density}`).toBe(docsOf(a).length);
        expect(andCount(a, b), `${size} ${density}`).toBe(both);
        expect(andCount(b, a)).toBe(both);
      }
    }
  });

  it("tallies by two columns in one pass as by each alone", () => {
    const size = 200;
    const first = Int32Array.from({ length: size }, (_, doc) => ((doc * 7) % 5) - 1);
    const second = Int32Array.from({ length: size }, (_, doc) => (doc * 13) % 11);
    const set = fromDocs(
      size,
      Array.from({ length: size }, (_, doc) => doc).filter((doc) => doc % 3 !== 1),
    );
    const counts = { first: new Int32Array(5), second: new Int32Array(12) };
    tallyTwo(
      set,
      { values: first, counts: counts.first },
      { values: second, counts: counts.second },
    );
    expect([...counts.first]).toEqual([...tally(set, first, new Int32Array(5))]);
    expect([...counts.second]).toEqual([...tally(set, second, new Int32Array(12))]);
  });
});
