// The relevance order of full-text matches computed in process (ADR 029; passing documents by:
// ADR 032): the SQL path orders them by `ts_rank(c.search_vector, q) + word_similarity(t,
// c.search_name)` descending, then by name (courses.ts relevanceScore, BY_NAME). Both are
// PostgreSQL's C functions returning float4; they are computed here the same way, operation by
// operation, in the same float widths, so that the scores are equal bit for bit and the order is
// PostgreSQL's (the oracle tests compare them for thousands of pairs).
//
// ts_rank (src/backend/utils/adt/tsrank.c, default weights, normalization 0): the query's operands,
// sorted as PostgreSQL sorts them (bytes, shorter first) and each once, with their positions and
// weights in the document (read from the stored search_vector with the lexeme's set,
// text-match.ts). A query whose first item is `&` is ranked by how close its operands stand
// (calc_rank_and); any other (`|`, `!`, one operand) by how often and where each occurs
// (calc_rank_or). C stores every intermediate in a `float` (float4) and computes mixed with a
// `double` constant in double: Math.fround marks each float store.
//
// word_similarity (contrib/pg_trgm/trgm_op.c calc_word_similarity, iterate_word_similarity): the
// greatest similarity between the query's trigrams and any stretch of the name's trigram sequence.
// Exact for ASCII text (words of letters and digits, other characters separate words); a name with
// other characters is left to PostgreSQL (its word characters depend on the locale, and its
// trigrams of multibyte characters are hashed): the caller ranks in SQL then.

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

/** A trigram of three ASCII characters as one number. */
function trigramCode(a: number, b: number, c: number): number {
  return (a << 16) | (b << 8) | c;
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/**
 * pg_trgm's trigram sequence of an ASCII text (generate_trgm_only): each word of letters and
 * digits, lower-cased, padded with two blanks before and one after, every three consecutive
 * characters in order (not made unique). Undefined when the text has a character outside ASCII.
 */
export function trigramSequence(text: string): Int32Array | undefined {
  const out: number[] = [];
  let at = 0;
  const n = text.length;
  while (at < n) {
    const c = text.charCodeAt(at);
    if (c > 0x7f) return undefined;
    if (!isWordChar(c)) {
      at += 1;
      continue;
    }
    let end = at;
    while (end < n && isWordChar(text.charCodeAt(end))) end += 1;
    const lower = (i: number): number => {
      const ch = text.charCodeAt(i);
      return ch >= 65 && ch <= 90 ? ch + 32 : ch;
    };
    // "  word ": positions -2, -1 are blanks, then the word, then one blank.
    const charAt = (i: number): number => (i < at || i >= end ? 32 : lower(i));
    for (let i = at - 2; i <= end - 2; i += 1) {
      out.push(trigramCode(charAt(i), charAt(i + 1), charAt(i + 2)));
    }
    at = end;
  }
  return Int32Array.from(out);
}

/**
 * Texts' trigram sequences numbered as calc_word_similarity numbers them, in flat arrays: text t's
 * distinct trigrams in order of first appearance are `codes[codeStarts[t]..codeStarts[t + 1])`,
 * and each position's number among them `ids[idStarts[t]..idStarts[t + 1])`; `ascii[t]` is 0 for
 * a text with a character outside ASCII (no sequence: SQL ranks then). Made for every name when
 * the index is built, so that a request only marks which trigrams the query has.
 */
export interface TrigramTable {
  codes: Int32Array;
  codeStarts: Int32Array;
  ids: Uint16Array;
  idStarts: Int32Array;
  ascii: Uint8Array;
}

export function trigramTable(texts: readonly string[]): TrigramTable {
  const codes: number[] = [];
  const ids: number[] = [];
  const codeStarts = new Int32Array(texts.length + 1);
  const idStarts = new Int32Array(texts.length + 1);
  const ascii = new Uint8Array(texts.length);
  const idOf = new Map<number, number>();
  texts.forEach((text, t) => {
    const sequence = trigramSequence(text);
    if (sequence) {
      ascii[t] = 1;
      idOf.clear();
      for (const code of sequence) {
        let id = idOf.get(code);
        if (id === undefined) {
          id = idOf.size;
          idOf.set(code, id);
          codes.push(code);
        }
        ids.push(id);
      }
    }
    codeStarts[t + 1] = codes.length;
    idStarts[t + 1] = ids.length;
  });
  return { codes: Int32Array.from(codes), codeStarts, ids: Uint16Array.from(ids), idStarts, ascii };
}

/** The query's distinct trigrams, ascending (looked up by halving). */
export function queryTrigrams(sequence: Int32Array): Int32Array {
  return Int32Array.from(new Set(sequence)).sort();
}

function hasTrigram(sorted: Int32Array, code: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = sorted[middle] as number;
    if (value === code) return true;
    if (value < code) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

// Scratch of the last markQueryTrigrams call, by distinct trigram number (one thread: a request's
// ranking runs through without awaiting).
let found = new Uint8Array(128);
let lastpos = new Int32Array(128);

/**
 * Marks which of text `t`'s distinct trigrams the query has (for `similarityOfMarked`, called
 * next) and returns how many: word_similarity is at most that over the query's count (below).
 */
export function markQueryTrigrams(query: Int32Array, table: TrigramTable, t: number): number {
  const from = table.codeStarts[t] as number;
  const distinct = (table.codeStarts[t + 1] as number) - from;
  if (found.length < distinct) {
    found = new Uint8Array(distinct * 2);
    lastpos = new Int32Array(distinct * 2);
  }
  const { codes } = table;
  let present = 0;
  for (let id = 0; id < distinct; id += 1) {
    const has = hasTrigram(query, codes[from + id] as number) ? 1 : 0;
    found[id] = has;
    present += has;
  }
  return present;
}

/**
 * word_similarity's upper bound from markQueryTrigrams' count: a stretch holding `count` of the
 * query's `ulen1` trigrams among its own `ulen2 >= count` scores count / (ulen1 + ulen2 - count),
 * at most present / ulen1 (float4 rounding keeps the order).
 */
export function similarityBound(present: number, ulen1: number): number {
  return Math.fround(present / ulen1);
}

/**
 * word_similarity(query, text) as pg_trgm computes it (calc_word_similarity, flags 0) for text `t`
 * marked last by markQueryTrigrams, the query having `ulen1` distinct trigrams: float4. The
 * greatest similarity of any stretch of the text's sequence, each stretch ending at a trigram of
 * the query and its start moved up while that gains.
 */
export function similarityOfMarked(table: TrigramTable, t: number, ulen1: number): number {
  const { ids } = table;
  const start = table.idStarts[t] as number;
  const len2 = (table.idStarts[t + 1] as number) - start;
  lastpos.fill(-1, 0, (table.codeStarts[t + 1] as number) - (table.codeStarts[t] as number));
  const similarity = (count: number, ulen2: number) => Math.fround(count / (ulen1 + ulen2 - count));

  let ulen2 = 0;
  let count = 0;
  let lower = -1;
  let max = 0;
  for (let i = 0; i < len2; i += 1) {
    const id = ids[start + i] as number;
    if (lower >= 0 || found[id]) {
      if ((lastpos[id] as number) < 0) {
        ulen2 += 1;
        if (found[id]) count += 1;
      }
      lastpos[id] = i;
    }
    if (!found[id]) continue;
    const upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = similarity(count, ulen2);
    // Moving the lower bound up may give a greater similarity.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const previousLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower += 1) {
      const candidate = similarity(tmpCount, tmpUlen2);
      if (candidate > current) {
        current = candidate;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tmpId = ids[start + tmpLower] as number;
      if (lastpos[tmpId] === tmpLower) {
        tmpUlen2 -= 1;
        if (found[tmpId]) tmpCount -= 1;
      }
    }
    if (current > max) max = current;
    for (let tmpLower = previousLower; tmpLower < lower; tmpLower += 1) {
      const tmpId = ids[start + tmpLower] as number;
      if (lastpos[tmpId] === tmpLower) lastpos[tmpId] = -1;
    }
  }
  return max;
}

/**
 * word_similarity(query, text) as pg_trgm computes it (flags 0), for ASCII texts (undefined
 * otherwise): float4.
 */
export function wordSimilarity(query: string, text: string): number | undefined {
  const querySequence = trigramSequence(query);
  const table = trigramTable([text]);
  if (!querySequence || !table.ascii[0]) return undefined;
  const codes = queryTrigrams(querySequence);
  return markQueryTrigrams(codes, table, 0) === 0 ? 0 : similarityOfMarked(table, 0, codes.length);
}

/** `ts_rank(...) + word_similarity(...)`: float4 + float4 is float4. */
export function relevanceScore(rank: number, similarity: number): number {
  return Math.fround(rank + similarity);
}

/**
 * A lexeme's positions in the public documents holding it (kept with its set, text-match.ts): the
 * documents ascending, and each one's WordEntryPos codes `codes[starts[i]..starts[i + 1])` as the
 * stored search_vector has them.
 */
export interface PostingPositions {
  docs: Int32Array;
  starts: Int32Array;
  codes: Uint16Array;
}

/**
 * A lexeme's positions from PostgreSQL's answer (text-match.ts postingOf): per programme, in the
 * order of `ids`, its search_vector reduced to that lexeme as tsvector output
 * (`'scienc':4A,12B,20`: weight D is printed as nothing), joined with spaces; `docOf` maps an id
 * to its document below `documents` (-1: not public, left out). Undefined when the text does not
 * read as that (a lexeme with a space, a vector without positions): SQL ranks then. One pass over
 * the characters (half a million programmes hold the commonest lexemes at a million).
 */
export function parsePostingPositions(
  lexeme: string,
  ids: readonly number[],
  occurrences: string,
  docOf: (id: number) => number,
  documents: number,
): PostingPositions | undefined {
  if (lexeme.includes(" ")) return undefined;
  // tsvector output quotes a lexeme, doubling quotes and backslashes.
  const prefix = `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}':`;
  const n = ids.length;
  // Each programme's document and the span of its positions in the text.
  const spanOf = new Int32Array(n * 2);
  const entryOfDoc = new Int32Array(documents).fill(-1);
  let at = 0;
  let kept = 0;
  let total = 0;
  for (let i = 0; i < n; i += 1) {
    if (i > 0) {
      if (occurrences.charCodeAt(at) !== 32) return undefined;
      at += 1;
    }
    if (!occurrences.startsWith(prefix, at)) return undefined;
    at += prefix.length;
    const from = at;
    let count = 1;
    for (; at < occurrences.length; at += 1) {
      const c = occurrences.charCodeAt(at);
      if (c === 32) break;
      if (c === 44) count += 1;
    }
    spanOf[2 * i] = from;
    spanOf[2 * i + 1] = at;
    const doc = docOf(ids[i] as number);
    if (doc < 0 || doc >= documents) continue;
    entryOfDoc[doc] = i;
    kept += 1;
    total += count;
  }
  if (at !== occurrences.length) return undefined;
  const result: PostingPositions = {
    docs: new Int32Array(kept),
    starts: new Int32Array(kept + 1),
    codes: new Uint16Array(total),
  };
  let entry = 0;
  let written = 0;
  for (let doc = 0; doc < documents; doc += 1) {
    const i = entryOfDoc[doc] as number;
    if (i < 0) continue;
    result.docs[entry] = doc;
    result.starts[entry] = written;
    entry += 1;
    const to = spanOf[2 * i + 1] as number;
    let position = -1;
    let weight = 0;
    for (let c = spanOf[2 * i] as number; c <= to; c += 1) {
      const ch = c < to ? occurrences.charCodeAt(c) : 44;
      if (ch >= 48 && ch <= 57) {
        if (weight !== 0) return undefined;
        position = (position < 0 ? 0 : position * 10) + (ch - 48);
        if (position > 0x3fff) return undefined;
      } else if (ch >= 65 && ch <= 67 && position >= 0 && weight === 0) {
        // A, B, C: weight classes 3, 2, 1.
        weight = 68 - ch;
      } else if (ch === 44 && position >= 0) {
        result.codes[written] = (weight << 14) | position;
        written += 1;
        position = -1;
        weight = 0;
      } else {
        return undefined;
      }
    }
  }
  result.starts[kept] = written;
  return written === total ? result : undefined;
}

/** The bytes a lexeme's positions take (the index's memory budget). */
export function positionsBytes(positions: PostingPositions | undefined): number {
  return positions
    ? positions.docs.byteLength + positions.starts.byteLength + positions.codes.byteLength
    : 0;
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
