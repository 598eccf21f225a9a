// The judged set's metrics (README.md in this folder): nDCG@10 with graded gains, precision@10,
// recall at the first 100 results, and the zero-result rate. A programme is relevant at grade 2 or
// 3; grade 1 ("related") counts only in nDCG's gains.

import type { Grade } from "./judgments.ts";

export const NDCG_DEPTH = 10;
export const PRECISION_DEPTH = 10;
/** The finder's largest page (MAX_PAGE_SIZE): recall is measured over one such page. */
export const RECALL_DEPTH = 100;
/** The lowest grade that counts as relevant for precision and recall. */
export const RELEVANT = 2;

/** A grade's gain: 2^grade − 1 (0, 1, 3, 7). */
export function gain(grade: number): number {
  return 2 ** grade - 1;
}

function dcg(grades: readonly number[], depth: number): number {
  let sum = 0;
  for (let i = 0; i < Math.min(depth, grades.length); i += 1) {
    sum += gain(grades[i] ?? 0) / Math.log2(i + 2);
  }
  return sum;
}

/**
 * nDCG@depth of a ranked list of ids: its DCG over the ideal DCG (every judged programme in grade
 * order). A query with no judged programme scores 0 (the set has none: every query has answers).
 */
export function ndcg(
  ranked: readonly number[],
  judged: ReadonlyMap<number, Grade>,
  depth = NDCG_DEPTH,
): number {
  const ideal = dcg(
    [...judged.values()].sort((a, b) => b - a),
    depth,
  );
  if (ideal === 0) return 0;
  return (
    dcg(
      ranked.map((id) => judged.get(id) ?? 0),
      depth,
    ) / ideal
  );
}

function relevantCount(judged: ReadonlyMap<number, Grade>): number {
  let count = 0;
  for (const grade of judged.values()) if (grade >= RELEVANT) count += 1;
  return count;
}

function relevantIn(ranked: readonly number[], judged: ReadonlyMap<number, Grade>, depth: number) {
  let count = 0;
  for (const id of ranked.slice(0, depth)) if ((judged.get(id) ?? 0) >= RELEVANT) count += 1;
  return count;
}

/**
 * Precision@depth: the relevant share of the first `depth` results, over min(depth, relevant
 * programmes in the catalogue) so that a perfect ranking scores 1 when fewer than `depth` exist.
 */
export function precision(
  ranked: readonly number[],
  judged: ReadonlyMap<number, Grade>,
  depth = PRECISION_DEPTH,
): number {
  const possible = Math.min(depth, relevantCount(judged));
  return possible === 0 ? 0 : relevantIn(ranked, judged, depth) / possible;
}

/**
 * Recall@depth: the relevant programmes among the first `depth` results, over the relevant
 * programmes that fit in `depth` (min(depth, relevant programmes)).
 */
export function recall(
  ranked: readonly number[],
  judged: ReadonlyMap<number, Grade>,
  depth = RECALL_DEPTH,
): number {
  const possible = Math.min(depth, relevantCount(judged));
  return possible === 0 ? 0 : relevantIn(ranked, judged, depth) / possible;
}

export interface QueryScore {
  ndcg: number;
  precision: number;
  recall: number;
  /** The search's total for the query (0: a zero-result answer). */
  count: number;
}

export function scoreQuery(
  ranked: readonly number[],
  count: number,
  judged: ReadonlyMap<number, Grade>,
): QueryScore {
  return {
    ndcg: ndcg(ranked, judged),
    precision: precision(ranked, judged),
    recall: recall(ranked, judged),
    count,
  };
}

export interface Totals {
  queries: number;
  ndcg: number;
  precision: number;
  recall: number;
  /** The share of queries answered with no result. */
  zeroResultRate: number;
}

/** The means over the queries, and the zero-result rate. */
export function totals(scores: readonly QueryScore[]): Totals {
  const mean = (pick: (score: QueryScore) => number) =>
    scores.length === 0 ? 0 : scores.reduce((sum, score) => sum + pick(score), 0) / scores.length;
  return {
    queries: scores.length,
    ndcg: mean((s) => s.ndcg),
    precision: mean((s) => s.precision),
    recall: mean((s) => s.recall),
    zeroResultRate: mean((s) => (s.count === 0 ? 1 : 0)),
  };
}
