// A lexeme's positions and weights in the public documents holding it, read from PostgreSQL's
// stored search_vector with the lexeme's set (posting-reads.ts) for the relevance order (ADR 029).

/**
 * A lexeme's positions in the public documents holding it (kept with its set, postings.ts): the
 * documents ascending, and each one's WordEntryPos codes `codes[starts[i]..starts[i + 1])` as the
 * stored search_vector has them.
 */
export interface PostingPositions {
  docs: Int32Array;
  starts: Int32Array;
  codes: Uint16Array;
}

/**
 * A lexeme's positions from PostgreSQL's answer (posting-reads.ts postingOf): per programme, in the
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
