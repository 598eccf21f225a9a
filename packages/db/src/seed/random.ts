// A small seeded pseudo-random generator (mulberry32) so the demo catalogue is identical for a
// given --seed. Never use Math.random or the clock in the generator.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** A uniformly chosen element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** An element chosen with the given cumulative weights (see cumulativeWeights). */
  pickWeighted<T>(items: readonly T[], cumulative: Float64Array): T;
  /** An index chosen with the given cumulative weights. */
  indexWeighted(cumulative: Float64Array): number;
  /** A new list with the items in random order (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** A 31-bit non-negative integer. */
  uint31(): number;
}

/** Mixes a seed and a stream number into a well-spread 32-bit state (splitmix-style). */
export function mixSeed(seed: number, stream = 0): number {
  let h = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(stream | 0, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

export function createRandom(seed: number, stream = 0): Random {
  let state = mixSeed(seed, stream);
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const indexWeighted = (cumulative: Float64Array): number => {
    const total = cumulative[cumulative.length - 1] ?? 0;
    const target = next() * total;
    // Binary search for the first cumulative weight above the target.
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((cumulative[middle] ?? 0) > target) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[Math.floor(next() * items.length)] as T;
    },
    pickWeighted<T>(items: readonly T[], cumulative: Float64Array): T {
      return items[indexWeighted(cumulative)] as T;
    },
    indexWeighted,
    shuffle<T>(items: readonly T[]): T[] {
      const copy = items.slice();
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        const tmp = copy[i] as T;
        copy[i] = copy[j] as T;
        copy[j] = tmp;
      }
      return copy;
    },
    uint31: () => Math.floor(next() * 2147483647),
  };
}

/** Running sums of weights, for Random.pickWeighted / indexWeighted. */
export function cumulativeWeights(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    sum += weights[i] ?? 0;
    out[i] = sum;
  }
  return out;
}

/** A stable 32-bit FNV-1a hash of a string (for colours, ids and tie-breaks). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
