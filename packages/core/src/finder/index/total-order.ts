// The total-cost order of the index (docs/decisions/051-total-cost-and-rates.md): the documents
// by `tuition_total_usd asc nulls last, id asc` and the reverse, with prefixes of the ascending
// order kept as sets, so that the budget filter ("total cost up to") and each of its facet bands
// is a slice of the order found by binary search, as the fee ranges are (orders.ts, ADR 027).
import { type Bitset, add, andCount, emptySet, has } from "./bitset.ts";

/** About this many prefixes of the order are kept as sets. */
const PREFIXES = 64;
/** Fewer documents than this between two prefixes are not worth a set each. */
const MIN_STEP = 64;

/** The documents in rank order, from each document's 1-based rank (a permutation of 1..n). */
function permutationOfRanks(ranks: Int32Array): Int32Array {
  const order = new Int32Array(ranks.length);
  for (let doc = 0; doc < ranks.length; doc += 1) order[(ranks[doc] as number) - 1] = doc;
  return order;
}

export class TotalOrder {
  readonly ascending: Int32Array;
  readonly descending: Int32Array;
  private readonly size: number;
  private readonly totalUsd: Float64Array;
  private readonly prefixes: Bitset[];
  private readonly step: number;

  /** `totalUsd`: each document's total in USD (NaN: unknown); the ranks as load.ts gives them. */
  constructor(totalUsd: Float64Array, ascendingRank: Int32Array, descendingRank: Int32Array) {
    const size = totalUsd.length;
    this.size = size;
    this.totalUsd = totalUsd;
    this.ascending = permutationOfRanks(ascendingRank);
    this.descending = permutationOfRanks(descendingRank);
    this.step = Math.max(MIN_STEP, Math.ceil(size / PREFIXES));
    this.prefixes = [emptySet(size)];
    for (let from = 0; from + this.step <= size; from += this.step) {
      const prefix = Uint32Array.from(this.prefixes.at(-1) as Bitset);
      for (let i = from; i < from + this.step; i += 1) add(prefix, this.ascending[i] as number);
      this.prefixes.push(prefix);
    }
  }

  /** The number of documents whose total is known and at most `max` (the order's first ones). */
  private countUpTo(max: number): number {
    const total = this.totalUsd;
    const order = this.ascending;
    // NaN (unknown) compares false: it sorts after every known total and is never "up to" one.
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (!((total[order[middle] as number] as number) <= max)) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /**
   * How many documents of `set` have a known total of at most `max`: the budget's bands, counted
   * without building each band's set (its prefix's count, then the few documents after it).
   */
  countIn(set: Bitset, max: number): number {
    const to = this.countUpTo(max);
    const last = Math.floor(to / this.step);
    let counted = last === 0 ? 0 : andCount(set, this.prefixes[last] as Bitset);
    for (let i = last * this.step; i < to; i += 1) {
      if (has(set, this.ascending[i] as number)) counted += 1;
    }
    return counted;
  }

  /** The documents whose known total in USD is at most `max`. */
  upTo(max: number): Bitset {
    const to = this.countUpTo(max);
    const last = Math.floor(to / this.step);
    const set = Uint32Array.from(this.prefixes[last] as Bitset);
    for (let i = last * this.step; i < to; i += 1) add(set, this.ascending[i] as number);
    return set;
  }
}
