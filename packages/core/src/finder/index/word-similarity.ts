// word_similarity computed in process as pg_trgm computes it (ADR 029, ADR 032;
// contrib/pg_trgm/trgm_op.c calc_word_similarity, iterate_word_similarity): the greatest
// similarity between the query's trigrams and any stretch of the name's trigram sequence, in
// float4. Exact for ASCII text (words of letters and digits, other characters separate words); a
// name with other characters is left to PostgreSQL (its word characters depend on the locale, and
// its trigrams of multibyte characters are hashed): the caller ranks in SQL then.

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
