// Fixed-size sets of document numbers as 32-bit words (ADR 011: facet counts whose cost does not
// depend on SQL plans). A set over n documents takes n / 8 bytes: 125 KB at a million programmes.
// Plain typed arrays rather than a native bitmap library, so every platform npm installs on runs
// it.

export type Bitset = Uint32Array;

export function emptySet(size: number): Bitset {
  return new Uint32Array((size + 31) >>> 5);
}

/** Every document 0..size-1. */
export function fullSet(size: number): Bitset {
  const set = emptySet(size);
  set.fill(0xffffffff);
  const tail = size & 31;
  if (tail !== 0) set[set.length - 1] = (1 << tail) - 1;
  return set;
}

export function add(set: Bitset, doc: number): void {
  set[doc >>> 5] = (set[doc >>> 5] as number) | (1 << (doc & 31));
}

export function has(set: Bitset, doc: number): boolean {
  return ((set[doc >>> 5] as number) & (1 << (doc & 31))) !== 0;
}

export function fromDocs(size: number, docs: ArrayLike<number>): Bitset {
  const set = emptySet(size);
  for (let i = 0; i < docs.length; i += 1) add(set, docs[i] as number);
  return set;
}

/** `target &= other`, in place. */
export function andInto(target: Bitset, other: Bitset): Bitset {
  for (let i = 0; i < target.length; i += 1)
    target[i] = (target[i] as number) & (other[i] as number);
  return target;
}

/** `target |= other`, in place. */
export function orInto(target: Bitset, other: Bitset): Bitset {
  for (let i = 0; i < target.length; i += 1)
    target[i] = (target[i] as number) | (other[i] as number);
  return target;
}

/** `a & ~b`, as a new set. */
export function difference(a: Bitset, b: Bitset): Bitset {
  const set = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i += 1) set[i] = (a[i] as number) & ~(b[i] as number);
  return set;
}

function popcount32(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * The bytes of a word's popcount, before they are summed: each byte holds its own count (≤ 8), so
 * two words' add up without carrying into the next byte (≤ 16) and one multiply sums them.
 */
function byteCounts(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (v + (v >>> 4)) & 0x0f0f0f0f;
}

/**
 * How many documents the set holds. Two words per step, and no test for empty words: a branch per
 * word costs more than it saves on the dense sets facets count (measured at a million programmes).
 */
export function count(set: Bitset): number {
  let total = 0;
  const pairs = set.length & ~1;
  for (let i = 0; i < pairs; i += 2) {
    total +=
      ((byteCounts(set[i] as number) + byteCounts(set[i + 1] as number)) * 0x01010101) >>> 24;
  }
  if (pairs < set.length) total += popcount32(set[pairs] as number);
  return total;
}

/** `a & b` counted without building the intersection (the facets' hot loop; as `count`). */
export function andCount(a: Bitset, b: Bitset): number {
  let total = 0;
  const pairs = a.length & ~1;
  for (let i = 0; i < pairs; i += 2) {
    const low = byteCounts((a[i] as number) & (b[i] as number));
    const high = byteCounts((a[i + 1] as number) & (b[i + 1] as number));
    total += ((low + high) * 0x01010101) >>> 24;
  }
  if (pairs < a.length) total += popcount32((a[pairs] as number) & (b[pairs] as number));
  return total;
}

/** Calls `visit` with every document of the set, in ascending order. */
export function forEachDoc(set: Bitset, visit: (doc: number) => void): void {
  for (let i = 0; i < set.length; i += 1) {
    let word = set[i] as number;
    while (word !== 0) {
      const low = word & -word;
      visit((i << 5) + (31 - Math.clz32(low)));
      word ^= low;
    }
  }
}

/**
 * Counts the set's documents by a column's value: `counts[values[doc] + 1] += 1` (so -1, "none",
 * lands in slot 0). Inline rather than through forEachDoc: the facet counts' hot loop.
 */
export function tally(set: Bitset, values: Int32Array, counts: Int32Array): Int32Array {
  for (let i = 0; i < set.length; i += 1) {
    let word = set[i] as number;
    while (word !== 0) {
      const low = word & -word;
      const doc = (i << 5) + (31 - Math.clz32(low));
      const slot = (values[doc] as number) + 1;
      counts[slot] = (counts[slot] as number) + 1;
      word ^= low;
    }
  }
  return counts;
}

/**
 * `tally` by two columns in one pass over the set's documents (two facets counted within the same
 * set: most requests filter neither).
 */
export function tallyTwo(
  set: Bitset,
  first: { values: Int32Array; counts: Int32Array },
  second: { values: Int32Array; counts: Int32Array },
): void {
  const { values: valuesA, counts: countsA } = first;
  const { values: valuesB, counts: countsB } = second;
  for (let i = 0; i < set.length; i += 1) {
    let word = set[i] as number;
    while (word !== 0) {
      const low = word & -word;
      const doc = (i << 5) + (31 - Math.clz32(low));
      const a = (valuesA[doc] as number) + 1;
      countsA[a] = (countsA[a] as number) + 1;
      const b = (valuesB[doc] as number) + 1;
      countsB[b] = (countsB[b] as number) + 1;
      word ^= low;
    }
  }
}
