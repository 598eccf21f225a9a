// ts_rank computed in process as PostgreSQL computes it (ADR 029; src/backend/utils/adt/tsrank.c,
// default weights, normalization 0), operation by operation in the same float widths, so that the
// ranks are equal bit for bit: the query's operands, sorted as PostgreSQL sorts them (bytes,
// shorter first) and each once, with their positions and weights in the document (read from the
// stored search_vector with the lexeme's set, posting-reads.ts). A query whose first item is `&` is
// ranked by how close its operands stand (calc_rank_and); any other (`|`, `!`, one operand) by how
// often and where each occurs (calc_rank_or). C stores every intermediate in a `float` (float4)
// and computes mixed with a `double` constant in double: Math.fround marks each float store.

/** The default weights of ts_rank, by weight class D, C, B, A (`float` in C). */
const WEIGHTS = [Math.fround(0.1), Math.fround(0.2), Math.fround(0.4), Math.fround(1.0)] as const;
/** A position's weight class is its top two bits; the position the other 14 (WordEntryPos). */
const POSITION_MASK = 0x3fff;
/** `1e-20f`: what ts_rank returns when calc_rank_and found no pair of positions. */
const NO_PAIR_RANK = Math.fround(1e-20);
/** `1e-30f`: word_distance of operands more than 100 positions apart. */
const FAR_APART = Math.fround(1e-30);
/** The sum of 1/i² for i ≥ 1 as tsrank.c writes it (a double constant). */
const PI_SQUARED_OVER_6 = 1.64493406685;

/** word_distance(1..100), computed once: `1.0 / (1.005 + 0.05 * exp((float4) w / 1.5 - 2))`. */
const WORD_DISTANCE = Float64Array.from({ length: 101 }, (_, distance) =>
  Math.fround(1.0 / (1.005 + 0.05 * Math.exp(Math.fround(distance) / 1.5 - 2))),
);

function wordDistance(distance: number): number {
  return distance > 100 ? FAR_APART : (WORD_DISTANCE[distance] as number);
}

function weightOf(code: number): number {
  return WEIGHTS[code >>> 14] as number;
}

/**
 * One document's positions for each of the query's operands (in `rankOperands` order): a slice
 * [from, to) of `codes` (WordEntryPos: weight class << 14 | position, ascending positions), or
 * from === to when the document lacks the operand.
 */
export interface OperandPositions {
  codes: Uint16Array;
  from: number;
  to: number;
}

/**
 * The query's operands as ts_rank takes them (SortAndUniqItems): each once, in byte order with a
 * shorter string first. Undefined for operands outside ASCII (JS string order differs from bytes).
 */
export function rankOperands(lexemes: Iterable<string>): string[] | undefined {
  const unique = [...new Set(lexemes)];
  const ascii = (lexeme: string) => [...lexeme].every((c) => c.charCodeAt(0) <= 0x7f);
  if (!unique.every(ascii)) return undefined;
  return unique.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** calc_rank_or: each present operand's weighted occurrences, averaged over all operands. */
function rankOr(operands: readonly OperandPositions[]): number {
  let res = 0;
  for (const { codes, from, to } of operands) {
    if (from === to) continue;
    let resj = 0;
    let wjm = -1;
    let jm = 0;
    for (let j = 0; j < to - from; j += 1) {
      const weight = weightOf(codes[from + j] as number);
      resj = Math.fround(resj + Math.fround(weight / ((j + 1) * (j + 1))));
      if (weight > wjm) {
        wjm = weight;
        jm = j;
      }
    }
    const sum = Math.fround(Math.fround(wjm + resj) - Math.fround(wjm / ((jm + 1) * (jm + 1))));
    res = Math.fround(res + sum / PI_SQUARED_OVER_6);
  }
  return operands.length > 0 ? Math.fround(res / operands.length) : res;
}

/** calc_rank_and: every pair of positions of two different operands, by their distance. */
function rankAnd(operands: readonly OperandPositions[]): number {
  if (operands.length < 2) return rankOr(operands);
  let res = -1;
  for (let i = 0; i < operands.length; i += 1) {
    const current = operands[i] as OperandPositions;
    if (current.from === current.to) continue;
    for (let k = 0; k < i; k += 1) {
      const before = operands[k] as OperandPositions;
      if (before.from === before.to) continue;
      for (let l = current.from; l < current.to; l += 1) {
        const a = current.codes[l] as number;
        for (let p = before.from; p < before.to; p += 1) {
          const b = before.codes[p] as number;
          const distance = Math.abs((a & POSITION_MASK) - (b & POSITION_MASK));
          // Two operands at one position (PostgreSQL only pairs them without positions).
          if (distance === 0) continue;
          const product = Math.fround(
            Math.fround(weightOf(a) * weightOf(b)) * wordDistance(distance),
          );
          const curw = Math.fround(Math.sqrt(product));
          res = res < 0 ? curw : Math.fround(1.0 - (1.0 - res) * (1.0 - curw));
        }
      }
    }
  }
  return res;
}

/**
 * ts_rank(document, query) with the default weights and normalization: `and` when the query's
 * first item is `&`, the positions of its operands (rankOperands order) in the document.
 */
export function tsRank(and: boolean, operands: readonly OperandPositions[]): number {
  if (operands.length === 0) return 0;
  const res = and ? rankAnd(operands) : rankOr(operands);
  return res < 0 ? NO_PAIR_RANK : res;
}
