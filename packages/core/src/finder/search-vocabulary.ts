// The search vocabulary (the `search_words` view) held in process (ADR 025), so that correcting a
// query's misspellings (search-words.ts, ADR 005) costs no round trip to PostgreSQL: that query was
// the largest share of PostgreSQL's work per free-text request (bench/RESULTS.md). It answers
// exactly as the SQL does: an unknown word of MIN_CORRECTABLE_LENGTH letters or more becomes the
// vocabulary word of highest pg_trgm similarity (at least MIN_SIMILARITY), then the most frequent,
// then the first in order. The vocabulary is a few thousand words; the finder index holder
// (finder-index.ts) reloads it on every catalogue notice.
//
// It also holds each word's tsquery as PostgreSQL makes it (`websearch_to_tsquery` of the word
// alone: its stem, or nothing for a stop word), read with the vocabulary, and the same for other
// words once PostgreSQL was asked (index/text-match.ts), so that the query of a corrected text is
// put together in process (ADR 028).
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { selectRows } from "../sql-rows.ts";
import { MIN_CORRECTABLE_LENGTH, MIN_SIMILARITY } from "./correction-thresholds.ts";

/**
 * pg_trgm's trigrams of one word of letters and digits: the word padded with two blanks before
 * and one after, every three consecutive characters, each once.
 */
export function trigramsOf(word: string): string[] {
  const padded = `  ${word} `;
  const seen = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) seen.add(padded.slice(i, i + 3));
  return [...seen];
}

/** pg_trgm's similarity as PostgreSQL computes it: shared over all trigrams, in float4. */
export function trigramSimilarity(shared: number, left: number, right: number): number {
  return Math.fround(shared / (left + right - shared));
}

/** The threshold as PostgreSQL compares it: `similarity(...) >= $1` makes the parameter a real. */
const THRESHOLD = Math.fround(MIN_SIMILARITY);

/** Words outside the vocabulary whose tsquery is kept (least recently used dropped beyond). */
const MAX_OTHER_WORD_QUERIES = 10_000;

/** The text search configuration of `courses.search_vector` (migration 0008). */
export const TEXT_SEARCH_CONFIG = "public.english_unaccent";

export class SearchVocabulary {
  private readonly words: string[];
  private readonly frequency: Int32Array;
  private readonly trigramCount: Int32Array;
  private readonly index = new Set<string>();
  /** Each trigram's words (their positions in `words`). */
  private readonly byTrigram = new Map<string, number[]>();
  /** Each vocabulary word's tsquery text (`websearch_to_tsquery` of the word alone), if read. */
  private readonly wordQueries = new Map<string, string>();
  /** The same for other words, as PostgreSQL answered them; least recently used first. */
  private readonly otherWordQueries = new Map<string, string>();
  /** Positions in word order, and each word's position: made on first use. */
  private sorted: Int32Array | undefined;
  private positions: Map<string, number> | undefined;

  /**
   * The lexemes of the vocabulary's one-lexeme words, commonest word first, each once: what a
   * process reads ahead of the searches (finder-index.ts).
   */
  commonLexemes(): string[] {
    const positions = Array.from(this.words.keys()).sort(
      (a, b) => (this.frequency[b] as number) - (this.frequency[a] as number) || a - b,
    );
    const lexemes = new Set<string>();
    for (const position of positions) {
      const query = this.wordQueries.get(this.words[position] as string);
      const lexeme = query && /^'([a-z0-9]+)'$/.exec(query)?.[1];
      if (lexeme) lexemes.add(lexeme);
    }
    return [...lexemes];
  }

  constructor(rows: ReadonlyArray<{ word: string; frequency: number; query?: string | null }>) {
    this.words = rows.map((row) => row.word);
    for (const row of rows) {
      if (typeof row.query === "string") this.wordQueries.set(row.word, row.query);
    }
    this.frequency = Int32Array.from(rows, (row) => row.frequency);
    this.trigramCount = new Int32Array(rows.length);
    rows.forEach((row, position) => {
      this.index.add(row.word);
      const trigrams = trigramsOf(row.word);
      this.trigramCount[position] = trigrams.length;
      for (const trigram of trigrams) {
        const list = this.byTrigram.get(trigram);
        if (list) list.push(position);
        else this.byTrigram.set(trigram, [position]);
      }
    });
  }

  get size(): number {
    return this.words.length;
  }

  has(word: string): boolean {
    return this.index.has(word);
  }

  /** The word's frequency in the vocabulary, 0 for a word outside it. */
  frequencyOf(word: string): number {
    const position = this.positionOf(word);
    return position === undefined ? 0 : (this.frequency[position] as number);
  }

  /**
   * Vocabulary words that start with `prefix` and are longer, commonest first, then by word
   * (matching/expand.ts: the last word of a search completes to them, ADR 043).
   */
  completions(prefix: string, limit: number): string[] {
    this.sorted ??= Int32Array.from(this.words.keys()).sort((a, b) =>
      (this.words[a] as string) < (this.words[b] as string) ? -1 : 1,
    );
    const sorted = this.sorted;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.words[sorted[middle] as number] as string) < prefix) low = middle + 1;
      else high = middle;
    }
    const found: number[] = [];
    for (let i = low; i < sorted.length; i += 1) {
      const word = this.words[sorted[i] as number] as string;
      if (!word.startsWith(prefix)) break;
      if (word.length > prefix.length) found.push(sorted[i] as number);
    }
    found.sort(
      (a, b) =>
        (this.frequency[b] as number) - (this.frequency[a] as number) ||
        ((this.words[a] as string) < (this.words[b] as string) ? -1 : 1),
    );
    return found.slice(0, limit).map((position) => this.words[position] as string);
  }

  /** The spelling correction of one typed word (as `correct` makes it), if it has one. */
  correctionOf(token: string): string | undefined {
    if (token.length < MIN_CORRECTABLE_LENGTH || this.has(token)) return undefined;
    return this.closest(token);
  }

  private positionOf(word: string): number | undefined {
    this.positions ??= new Map(this.words.map((known, position) => [known, position]));
    return this.positions.get(word);
  }

  /** The vocabulary word closest to `token` (as the SQL orders them), or undefined. */
  closest(token: string): string | undefined {
    const trigrams = trigramsOf(token);
    const shared = new Map<number, number>();
    for (const trigram of trigrams) {
      for (const position of this.byTrigram.get(trigram) ?? []) {
        shared.set(position, (shared.get(position) ?? 0) + 1);
      }
    }
    let best = -1;
    let bestSimilarity = -1;
    for (const [position, count] of shared) {
      const similarity = trigramSimilarity(
        count,
        trigrams.length,
        this.trigramCount[position] as number,
      );
      if (similarity < THRESHOLD) continue;
      if (best === -1 || this.before(position, similarity, best, bestSimilarity)) {
        best = position;
        bestSimilarity = similarity;
      }
    }
    return best === -1 ? undefined : this.words[best];
  }

  /** The word's tsquery as PostgreSQL prints it (`'scienc'`, or '' for a stop word), if known. */
  queryOfWord(word: string): string | undefined {
    const query = this.wordQueries.get(word);
    if (query !== undefined) return query;
    const other = this.otherWordQueries.get(word);
    if (other !== undefined) {
      this.otherWordQueries.delete(word);
      this.otherWordQueries.set(word, other);
    }
    return other;
  }

  /** Keeps a word's tsquery as PostgreSQL made it (index/text-match.ts asks for words it lacks). */
  keepWordQuery(word: string, query: string): void {
    if (this.wordQueries.has(word)) return;
    this.otherWordQueries.delete(word);
    this.otherWordQueries.set(word, query);
    if (this.otherWordQueries.size > MAX_OTHER_WORD_QUERIES) {
      this.otherWordQueries.delete(this.otherWordQueries.keys().next().value as string);
    }
  }

  /** Tokens with each unknown, correctable one replaced by its closest word (search-words.ts). */
  correct(tokens: readonly string[]): string {
    return tokens
      .map((token) =>
        token.length < MIN_CORRECTABLE_LENGTH || this.has(token)
          ? token
          : (this.closest(token) ?? token),
      )
      .join(" ");
  }

  /** `order by similarity desc, frequency desc, word` (letters and digits: code-point order). */
  private before(a: number, similarityA: number, b: number, similarityB: number): boolean {
    if (similarityA !== similarityB) return similarityA > similarityB;
    const frequencyA = this.frequency[a] as number;
    const frequencyB = this.frequency[b] as number;
    if (frequencyA !== frequencyB) return frequencyA > frequencyB;
    return (this.words[a] as string) < (this.words[b] as string);
  }
}

export async function loadSearchVocabulary(db: Database): Promise<SearchVocabulary> {
  const rows = await selectRows<{ word: string; frequency: number; query: string }>(
    db,
    sql`select word, frequency,
          websearch_to_tsquery(${TEXT_SEARCH_CONFIG}::regconfig, word)::text as query
        from search_words`,
  );
  return new SearchVocabulary(rows);
}
