// The index's orders beside the documents' own (the name order, ADR 011): the tuition order both
// ways, with prefixes of it kept as sets for fee ranges (ADR 027), the shuffle order of random
// pages and the start dates; and one page of matching documents walked along an order, or sorted
// when the matches are few.
import { MAX_INT4 } from "@studyatlas/schemas/limits.ts";

import type { CourseListRequest } from "../course-request.ts";
import { type Bitset, add, difference, emptySet, forEachDoc, has } from "./bitset.ts";
import type { IndexColumns, IndexedCourse, IndexExtras } from "./columns.ts";
import { TotalOrder } from "./total-order.ts";

/** About this many prefixes of the tuition order are kept as sets (`tuitionBetween`). */
const TUITION_PREFIXES = 64;
/** Fewer documents than this between two prefixes are not worth a set each. */
const TUITION_MIN_STEP = 64;

/** The documents in rank order, from each document's 1-based rank (a permutation of 1..n). */
function permutationOfRanks(ranks: Int32Array): Int32Array {
  const order = new Int32Array(ranks.length);
  for (let doc = 0; doc < ranks.length; doc += 1) order[(ranks[doc] as number) - 1] = doc;
  return order;
}

/** Docs sorted by the given key (ties by the docs' own order, i.e. by id where the key says so). */
function orderBy(size: number, compare: (a: number, b: number) => number): Int32Array {
  const order = Int32Array.from({ length: size }, (_, doc) => doc);
  order.sort(compare);
  return order;
}

/** The first index in [from, to) of `order` whose doc satisfies a predicate monotone along it. */
function firstIndex(
  order: Int32Array,
  from: number,
  to: number,
  test: (doc: number) => boolean,
): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (test(order[middle] as number)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * A page's collector: `take(doc)` adds a matching document's id once `skip` matches are passed,
 * and says when the page is full.
 */
export function pageTaker(
  matching: Bitset,
  docIds: Int32Array,
  skip: number,
  pageSize: number,
  ids: number[],
): (doc: number) => boolean {
  let seen = 0;
  return (doc: number): boolean => {
    if (!has(matching, doc)) return false;
    seen += 1;
    if (seen <= skip) return false;
    ids.push(docIds[doc] as number);
    return ids.length >= pageSize;
  };
}

export class IndexOrders {
  private readonly size: number;
  private readonly ids: Int32Array;
  private readonly tuitionUsd: Float64Array;
  private readonly shuffleKey: Int32Array;
  private readonly startYm: Int32Array;
  private readonly tuitionOrder: Int32Array;
  /**
   * Prefixes of the tuition order as sets: `tuitionPrefixes[k]` holds the documents at positions
   * [0, k * tuitionStep). A fee range is a slice of the order: the difference of two prefixes plus
   * its two ends, so its set costs a pass over the words rather than one step per document
   * (about 64 sets: 8 MB at a million programmes).
   */
  private readonly tuitionPrefixes: Bitset[];
  private readonly tuitionStep: number;
  private readonly tuitionDescOrder: Int32Array;
  private readonly shuffleOrder: Int32Array;
  /** Announced start dates by (year, month, id), then the rest the same way. */
  private readonly startOrder: Int32Array;
  private readonly announcedCount: number;
  /** The total-cost order (ADR 051): the budget filter and its bands are slices of it. */
  readonly totals: TotalOrder;
  /** Each permutation's inverse (a document's position), built on first use. */
  private readonly positions = new Map<Int32Array, Int32Array>();

  constructor(columns: IndexColumns, courses: readonly IndexedCourse[], extras: IndexExtras) {
    const size = columns.size;
    this.size = size;
    this.ids = columns.ids;
    this.tuitionUsd = columns.tuitionUsd;
    this.shuffleKey = columns.shuffleKey;
    this.startYm = columns.startYm;
    // PostgreSQL ranked the tuition orders (1..n): each is a permutation already, no sort needed.
    this.tuitionOrder = permutationOfRanks(extras.tuitionRank);
    this.tuitionDescOrder = permutationOfRanks(extras.tuitionDescRank);
    this.totals = new TotalOrder(columns.totalUsd, extras.totalRank, extras.totalDescRank);
    this.tuitionStep = Math.max(TUITION_MIN_STEP, Math.ceil(size / TUITION_PREFIXES));
    this.tuitionPrefixes = [emptySet(size)];
    for (let from = 0; from + this.tuitionStep <= size; from += this.tuitionStep) {
      const prefix = Uint32Array.from(this.tuitionPrefixes.at(-1) as Bitset);
      for (let i = from; i < from + this.tuitionStep; i += 1) {
        add(prefix, this.tuitionOrder[i] as number);
      }
      this.tuitionPrefixes.push(prefix);
    }
    // The comparators read typed columns, not the course objects: a million-row sort stays cheap.
    const ids = this.ids;
    const shuffleKey = this.shuffleKey;
    this.shuffleOrder = orderBy(
      size,
      (a, b) =>
        (shuffleKey[a] as number) - (shuffleKey[b] as number) ||
        (ids[a] as number) - (ids[b] as number),
    );
    const announced = (c: IndexedCourse) => c.startYear !== 0 && c.startMonth !== 0;
    // Announced first, then by (year, month, id); months run 0..12, so year * 13 + month keeps
    // the (year, month) order exactly.
    const startKey = Float64Array.from(
      courses.map((c) => (announced(c) ? 0 : 1e9) + c.startYear * 13 + c.startMonth),
    );
    this.startOrder = orderBy(
      size,
      (a, b) =>
        (startKey[a] as number) - (startKey[b] as number) ||
        (ids[a] as number) - (ids[b] as number),
    );
    let announcedCount = 0;
    for (const course of courses) if (announced(course)) announcedCount += 1;
    this.announcedCount = announcedCount;
  }

  /**
   * The documents whose fee in USD lies in [min, max]: a slice of the tuition order (ascending,
   * unknown fees last), found by binary search, so the cost follows the answer, not the catalogue.
   */
  tuitionBetween(min: number, max: number): Bitset {
    const usd = this.tuitionUsd;
    const order = this.tuitionOrder;
    // NaN (unknown) compares false: it is never "below min", so it sorts after every known fee.
    const from = firstIndex(order, 0, this.size, (doc) => !((usd[doc] as number) < min));
    const to = firstIndex(order, from, this.size, (doc) => !((usd[doc] as number) <= max));
    const step = this.tuitionStep;
    const first = Math.ceil(from / step);
    const last = Math.floor(to / step);
    if (last <= first) {
      const set = emptySet(this.size);
      for (let i = from; i < to; i += 1) add(set, order[i] as number);
      return set;
    }
    const set = difference(
      this.tuitionPrefixes[last] as Bitset,
      this.tuitionPrefixes[first] as Bitset,
    );
    for (let i = from; i < first * step; i += 1) add(set, order[i] as number);
    for (let i = last * step; i < to; i += 1) add(set, order[i] as number);
    return set;
  }

  /**
   * One page of the matching documents' ids in the request's order (name, -name or a permutation;
   * not relevance with free text, which relevance.ts ranks), into `ids`.
   */
  page(
    matching: Bitset,
    total: number,
    request: CourseListRequest,
    skip: number,
    ids: number[],
  ): void {
    const take = pageTaker(matching, this.ids, skip, request.pageSize, ids);
    switch (request.ordering) {
      case "name":
      case "relevance":
        // Document order: the set's bits in ascending order, empty words skipped.
        for (let i = 0; i < matching.length; i += 1) {
          let word = matching[i] as number;
          while (word !== 0) {
            const low = word & -word;
            if (take((i << 5) + (31 - Math.clz32(low)))) return;
            word ^= low;
          }
        }
        return;
      case "-name":
        for (let i = matching.length - 1; i >= 0; i -= 1) {
          let word = matching[i] as number;
          while (word !== 0) {
            const high = 31 - Math.clz32(word);
            if (take((i << 5) + high)) return;
            word &= ~(1 << high);
          }
        }
        return;
      default: {
        // The other orders are runs of a permutation; walk them, or for few matches, sort them.
        const { order, runs } = this.permutationRuns(request);
        const expectedWalk = Math.min(this.size, ((skip + request.pageSize) * this.size) / total);
        if (total * 32 < expectedWalk) {
          this.sortedPage(matching, total, order, runs, skip, request.pageSize, ids);
          return;
        }
        for (const [from, to] of runs) {
          for (let i = from; i < to; i += 1) if (take(order[i] as number)) return;
        }
      }
    }
  }

  /** A permutation order as the runs of positions to walk, in turn (course-sql.ts courseOrder). */
  private permutationRuns(request: CourseListRequest): {
    order: Int32Array;
    runs: Array<[number, number]>;
  } {
    switch (request.ordering) {
      case "-tuition":
        return { order: this.tuitionDescOrder, runs: [[0, this.size]] };
      case "total_cost":
        return { order: this.totals.ascending, runs: [[0, this.size]] };
      case "-total_cost":
        return { order: this.totals.descending, runs: [[0, this.size]] };
      case "random": {
        // The same rotation as the SQL order (course-sql.ts): keys at or past the pivot first.
        const pivot = Number((BigInt(request.seed) * 2654435761n) % BigInt(MAX_INT4));
        const start = firstIndex(this.shuffleOrder, 0, this.size, (doc) => {
          return (this.shuffleKey[doc] as number) >= pivot;
        });
        return {
          order: this.shuffleOrder,
          runs: [
            [start, this.size],
            [0, start],
          ],
        };
      }
      case "start_date": {
        // Announced dates first, then the rest; in each, this month and later before the past.
        const now = new Date();
        const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
        const notPast = (doc: number) => (this.startYm[doc] as number) >= thisMonth;
        const runs: Array<[number, number]> = [];
        for (const [from, to] of [
          [0, this.announcedCount],
          [this.announcedCount, this.size],
        ] as const) {
          const split = firstIndex(this.startOrder, from, to, notPast);
          runs.push([split, to], [from, split]);
        }
        return { order: this.startOrder, runs };
      }
      default:
        return { order: this.tuitionOrder, runs: [[0, this.size]] };
    }
  }

  private positionsIn(order: Int32Array): Int32Array {
    let inverse = this.positions.get(order);
    if (!inverse) {
      inverse = new Int32Array(order.length);
      for (let i = 0; i < order.length; i += 1) inverse[order[i] as number] = i;
      this.positions.set(order, inverse);
    }
    return inverse;
  }

  /**
   * One page of a few matches in a permutation's runs: each match's rank along the runs, sorted,
   * rather than a walk through most of the catalogue to find them.
   */
  private sortedPage(
    matching: Bitset,
    total: number,
    order: Int32Array,
    runs: ReadonlyArray<readonly [number, number]>,
    skip: number,
    pageSize: number,
    ids: number[],
  ): void {
    const position = this.positionsIn(order);
    const offsets = runs.map((_, r) =>
      runs.slice(0, r).reduce((sum, [from, to]) => sum + (to - from), 0),
    );
    const ranks = new Int32Array(total);
    let n = 0;
    forEachDoc(matching, (doc) => {
      const at = position[doc] as number;
      for (let r = 0; r < runs.length; r += 1) {
        const [from, to] = runs[r] as readonly [number, number];
        if (at >= from && at < to) {
          ranks[n] = (offsets[r] as number) + at - from;
          break;
        }
      }
      n += 1;
    });
    ranks.sort();
    for (let i = skip; i < Math.min(total, skip + pageSize); i += 1) {
      const rank = ranks[i] as number;
      for (let r = runs.length - 1; r >= 0; r -= 1) {
        if (rank >= (offsets[r] as number)) {
          const [from] = runs[r] as readonly [number, number];
          ids.push(this.ids[order[from + rank - (offsets[r] as number)] as number] as number);
          break;
        }
      }
    }
  }
}
