// The relevance order of full-text matches computed in process (ADR 029): the SQL path orders them
// by `ts_rank(c.search_vector, q) + word_similarity(t, c.search_name)` descending, then by name
// (course-sql.ts relevanceScore, BY_NAME), after the exact matches of an expanded search (ADR 043). Both are PostgreSQL's C functions returning float4; they
// are computed here the same way (ts-rank.ts, word-similarity.ts), so that the scores are equal bit
// for bit and the order is PostgreSQL's (the oracle tests compare them for thousands of pairs). The
// best `take` matches are kept in a heap, and documents that cannot reach them are passed by
// without their similarity (ADR 032).

import { andInto, type Bitset } from "./bitset.ts";
import type { IndexNames } from "./names.ts";
import type { PostingPositions } from "./posting-positions.ts";
import type { FullTextMatch } from "./text-set.ts";
import { rankOperands, tsRank, type OperandPositions } from "./ts-rank.ts";
import { lexemesOfQuery } from "./tsquery.ts";
import {
  markQueryTrigrams,
  queryTrigrams,
  similarityBound,
  similarityOfMarked,
  trigramSequence,
} from "./word-similarity.ts";

/** `ts_rank(...) + word_similarity(...)`: float4 + float4 is float4. */
export function relevanceScore(rank: number, similarity: number): number {
  return Math.fround(rank + similarity);
}

/** The first index in `docs` at or after `from` whose document is ≥ `doc` (docs ascending). */
function seek(docs: Int32Array, from: number, doc: number): number {
  if (from >= docs.length || (docs[from] as number) >= doc) return from;
  // Gallop, then bisect: the matches may be a small part of a common lexeme's documents.
  let step = 1;
  let low = from;
  let high = from + 1;
  while (high < docs.length && (docs[high] as number) < doc) {
    low = high;
    step *= 2;
    high = from + step;
  }
  if (high > docs.length) high = docs.length;
  while (low + 1 < high) {
    const middle = (low + high) >>> 1;
    if ((docs[middle] as number) < doc) low = middle;
    else high = middle;
  }
  return high;
}

/** One document's positions for each operand (the documents' order: a search each). */
export function documentOperands(
  operands: readonly PostingPositions[],
  doc: number,
): OperandPositions[] {
  return operands.map((posting) => {
    const at = seek(posting.docs, 0, doc);
    return at < posting.docs.length && posting.docs[at] === doc
      ? {
          codes: posting.codes,
          from: posting.starts[at] as number,
          to: posting.starts[at + 1] as number,
        }
      : { codes: posting.codes, from: 0, to: 0 };
  });
}

/**
 * The first `take` documents of `matching` in relevance order: the score descending, then the
 * document (the name order, BY_NAME). `operands`: each query operand's positions (rankOperands
 * order); `similarityOf(doc, rank, worst)`: a document's word_similarity, or undefined when it
 * cannot be computed here (the whole ranking is then left to PostgreSQL: undefined); it may answer
 * instead an upper bound of it that cannot lift `rank` above `worst`, the score of the worst
 * document kept so far (-Infinity while fewer than `take` are kept).
 *
 * The similarity is at most 1: once `take` documents are kept, a document whose rank plus 1 does
 * not beat the worst of them is passed by without its similarity. Scores are float4 sums
 * (relevanceScore), and float4 rounding keeps their order, so this is exact; a document passed by
 * is never one PostgreSQL would have placed above them (an equal score loses to an earlier
 * document, as in BY_NAME).
 */
export function topByRelevance(
  matching: Uint32Array,
  and: boolean,
  operands: readonly PostingPositions[],
  similarityOf: (doc: number, rank: number, worst: number) => number | undefined,
  take: number,
): number[] | undefined {
  if (take <= 0) return [];
  const cursors = new Int32Array(operands.length);
  const views: OperandPositions[] = operands.map((o) => ({ codes: o.codes, from: 0, to: 0 }));
  // A heap of the best `take` so far, worst at the root: lowest score, then latest document.
  const heapScore = new Float64Array(take);
  const heapDoc = new Int32Array(take);
  let size = 0;
  const worse = (i: number, j: number) =>
    (heapScore[i] as number) < (heapScore[j] as number) ||
    (heapScore[i] === heapScore[j] && (heapDoc[i] as number) > (heapDoc[j] as number));
  const swap = (i: number, j: number) => {
    const s = heapScore[i] as number;
    heapScore[i] = heapScore[j] as number;
    heapScore[j] = s;
    const d = heapDoc[i] as number;
    heapDoc[i] = heapDoc[j] as number;
    heapDoc[j] = d;
  };
  const siftDown = (start: number) => {
    let i = start;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < size && worse(left, worst)) worst = left;
      if (right < size && worse(right, worst)) worst = right;
      if (worst === i) return;
      swap(i, worst);
      i = worst;
    }
  };
  const siftUp = (start: number) => {
    let i = start;
    while (i > 0) {
      const parent = (i - 1) >>> 1;
      if (!worse(i, parent)) return;
      swap(i, parent);
      i = parent;
    }
  };

  for (let word = 0; word < matching.length; word += 1) {
    let bits = matching[word] as number;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      const doc = (word << 5) + (31 - Math.clz32(low));
      for (let o = 0; o < operands.length; o += 1) {
        const posting = operands[o] as PostingPositions;
        const at = seek(posting.docs, cursors[o] as number, doc);
        cursors[o] = at;
        const view = views[o] as OperandPositions;
        if (at < posting.docs.length && posting.docs[at] === doc) {
          view.from = posting.starts[at] as number;
          view.to = posting.starts[at + 1] as number;
        } else {
          view.from = 0;
          view.to = 0;
        }
      }
      const rank = tsRank(and, views);
      const worst = size < take ? Number.NEGATIVE_INFINITY : (heapScore[0] as number);
      if (relevanceScore(rank, 1) <= worst) continue;
      const similarity = similarityOf(doc, rank, worst);
      if (similarity === undefined) return undefined;
      const score = relevanceScore(rank, similarity);
      // Documents come in ascending order: an equal score later is never better.
      if (size < take) {
        heapScore[size] = score;
        heapDoc[size] = doc;
        size += 1;
        siftUp(size - 1);
      } else if (score > (heapScore[0] as number)) {
        heapScore[0] = score;
        heapDoc[0] = doc;
        siftDown(0);
      }
    }
  }
  const order = Array.from({ length: size }, (_, i) => i);
  order.sort(
    (a, b) =>
      (heapScore[b] as number) - (heapScore[a] as number) ||
      (heapDoc[a] as number) - (heapDoc[b] as number),
  );
  return order.map((i) => heapDoc[i] as number);
}

/** What ranking a full-text query's matches needs: the query's kind, operands and similarities. */
export interface RelevanceScorer {
  /** ts_rank's choice (tsrank.c calc_rank): by proximity when the query's first item is `&`. */
  and: boolean;
  operands: PostingPositions[];
  similarityOf: (doc: number, rank?: number, worst?: number) => number | undefined;
}

/**
 * What ranking a full-text query's matches needs, or undefined when that cannot be done here
 * exactly (SQL ranks them then): no names indexed, text outside [a-z0-9 ], an operand outside
 * ASCII, a lexeme without its positions. Word similarities are computed once per name and
 * request; each name's trigram sequence once, when the index was built.
 */
export function relevanceScorer(
  names: IndexNames,
  fullText: FullTextMatch,
): RelevanceScorer | undefined {
  const nameOfDoc = names.nameOfDoc;
  if (!nameOfDoc) return undefined;
  const operandLexemes = rankOperands(lexemesOfQuery(fullText.query));
  if (!operandLexemes) return undefined;
  const operands: PostingPositions[] = [];
  for (const lexeme of operandLexemes) {
    const positions = fullText.postings.get(lexeme)?.positions;
    if (!positions) return undefined;
    operands.push(positions);
  }
  // The SQL side is lower(f_unaccent(corrected text)): the identity for words of [a-z0-9].
  if (!/^[a-z0-9]+( [a-z0-9]+)*$/.test(fullText.searchText)) return undefined;
  const query = queryTrigrams(trigramSequence(fullText.searchText) ?? new Int32Array());
  const ulen1 = query.length;
  // Each name's similarity once per request (names repeat across schools), with a stamp of the
  // request that computed it instead of clearing the array.
  const stamp = (names.similarityStamp = (names.similarityStamp + 1) >>> 0 || 1);
  const stamps = names.similarityStamps;
  const similarities = names.similarities;
  const table = names.trigrams;
  const similarityOf = (doc: number, rank = 0, worst = Number.NEGATIVE_INFINITY) => {
    const name = nameOfDoc[doc] as number;
    if (stamps[name] === stamp) return similarities[name] as number;
    if (!table.ascii[name]) return undefined;
    const present = markQueryTrigrams(query, table, name);
    let similarity = 0;
    if (present > 0) {
      // A bound that cannot lift this document above the worst kept does as well (not kept).
      const bound = similarityBound(present, ulen1);
      if (relevanceScore(rank, bound) <= worst) return bound;
      similarity = similarityOfMarked(table, name, ulen1);
    }
    similarities[name] = similarity;
    stamps[name] = stamp;
    return similarity;
  };
  return { and: fullText.query.op === "and", operands, similarityOf };
}

/**
 * The first `take` matching documents in relevance order, computed as PostgreSQL ranks them, or
 * undefined when that cannot be done here exactly (SQL ranks them then).
 */
export function rankFullText(
  names: IndexNames,
  matching: Bitset,
  fullText: FullTextMatch,
  take: number,
): number[] | undefined {
  const scorer = relevanceScorer(names, fullText);
  if (!scorer) return undefined;
  const keys: Bitset[] = [];
  if (fullText.wholeName) keys.push(namedDocs(names, matching, [fullText.wholeName]));
  if (fullText.namePatterns) keys.push(namedDocs(names, matching, fullText.namePatterns));
  if (fullText.exact) keys.push(fullText.exact);
  if (keys.length === 0) {
    return topByRelevance(matching, scorer.and, scorer.operands, scorer.similarityOf, take);
  }
  // Programmes whose name holds the search, then the exact matches (ADR 043; course-sql.ts
  // relevanceOrder), each part in score order.
  const ranked: number[] = [];
  for (const part of partsInOrder(matching, keys)) {
    if (ranked.length >= take) break;
    const top = topByRelevance(
      part,
      scorer.and,
      scorer.operands,
      scorer.similarityOf,
      take - ranked.length,
    );
    if (!top) return undefined;
    for (const doc of top) ranked.push(doc);
  }
  return ranked;
}

/**
 * `matching` split by the keys, in the order of `order by key1 desc, key2 desc`: documents in
 * every key first, then those in all but the last, and so on.
 */
export function partsInOrder(matching: Bitset, keys: readonly Bitset[]): Bitset[] {
  let parts: Bitset[] = [matching];
  for (const key of keys) {
    const next: Bitset[] = [];
    for (const part of parts) {
      const inside = andInto(Uint32Array.from(part), key);
      const outside = Uint32Array.from(part);
      for (let i = 0; i < outside.length; i += 1) {
        outside[i] = (outside[i] as number) & ~(key[i] as number);
      }
      next.push(inside, outside);
    }
    parts = next;
  }
  return parts;
}

/** The matching documents whose name matches every pattern (one test per distinct name). */
export function namedDocs(
  names: IndexNames,
  matching: Bitset,
  patterns: readonly RegExp[],
): Bitset {
  const named = new Uint32Array(matching.length);
  const nameOfDoc = names.nameOfDoc;
  if (!nameOfDoc) return named;
  const verdicts = new Map<number, boolean>();
  for (let word = 0; word < matching.length; word += 1) {
    let bits = matching[word] as number;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      const doc = (word << 5) + (31 - Math.clz32(low));
      const position = nameOfDoc[doc] as number;
      let verdict = verdicts.get(position);
      if (verdict === undefined) {
        const name = names.nameAt(position) ?? "";
        verdict = patterns.every((pattern) => pattern.test(name));
        verdicts.set(position, verdict);
      }
      if (verdict) named[word] = (named[word] as number) | low;
    }
  }
  return named;
}
