// The public documents matching a request's free text (text-match.ts matchText), as the list, the
// facets and the relevance order read them.
import type { Bitset } from "./bitset.ts";
import type { LexemePosting } from "./postings.ts";
import type { QueryNode } from "./tsquery.ts";

export interface TextSet {
  docs: Bitset;
  /**
   * For similar names: the matching documents' ranges in relevance order (similarity, then name).
   * Absent for full-text matches.
   */
  ranked?: ReadonlyArray<{ from: number; to: number }>;
  /** For full-text matches: what their relevance order needs (relevance.ts). */
  fullText?: FullTextMatch;
}

/**
 * A full-text match as the relevance order reads it: the parsed tsquery, its lexemes' postings
 * with their positions, and the corrected text as word_similarity reads it.
 */
export interface FullTextMatch {
  query: QueryNode;
  postings: ReadonlyMap<string, LexemePosting>;
  searchText: string;
  /**
   * The documents the exact query matches (without completions and corrections, ADR 043), when
   * the search has one: they rank above the other matches.
   */
  exact?: Bitset;
  /** Name patterns of the search's spans (ADR 043): names matching all of them rank first. */
  namePatterns?: readonly RegExp[];
  /** The name that is the search itself (ADR 059): ranked before the name patterns. */
  wholeName?: RegExp;
}
