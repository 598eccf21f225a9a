// A search's free text as the finder matches it (docs/decisions/043-search-understanding.md): the
// typed words expanded (expand.ts) with synonyms, variants, run-together words, the last word's
// completions and, as a last resort, corrections; one tsquery put together (compose.ts); and the
// match chosen (full text, or similar names when nothing matches, ADR 005). With the finder index
// the vocabulary and the words' tsqueries are the ones it holds (ADR 025, 028) and the choice is
// made from its lexeme sets; without it, PostgreSQL answers the same questions in two small
// statements. Both make the same query text, so both paths match and rank alike.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { selectPrepared, textArrayLiteral } from "../../sql-rows.ts";
import type { TextMatchChoice } from "../course-request.ts";
import { chooseQueryMatch, chooseTextMatch } from "../course-sql.ts";
import type { CourseIndex } from "../index/course-index.ts";
import {
  chooseQueryMatchInIndex,
  chooseTextMatchInIndex,
  learnWordQueries,
} from "../index/text-match.ts";
import { TEXT_SEARCH_CONFIG, type SearchVocabulary } from "../search-vocabulary.ts";
import { correctSearchText, searchTokens } from "../search-words.ts";
import { composeQuery, correctedText, wordsOfSpans, type NameReading } from "./compose.ts";
import {
  expandWords,
  MAX_COMPLETIONS,
  MIN_PREFIX_LENGTH,
  splitCandidates,
  type Lexicon,
  type Span,
  type SynonymRule,
} from "./expand.ts";
import { VARIANTS } from "./variants.ts";

export interface UnderstoodText {
  /** The typed words, corrected where a correction is their only reading (word_similarity). */
  searchText: string;
  match: TextMatchChoice["match"];
  /** For full text: the tsquery both paths evaluate. */
  query?: string;
  /** For full text with completions or corrections: the query without them (ranked first). */
  exactQuery?: string;
  /** For full text with several readings of a span: name patterns (compose.ts), ranked first. */
  namePatterns?: string[];
  /** With the name patterns: the name that is the search itself (compose.ts), ranked first. */
  wholeNamePattern?: string;
  /** Spans whose synonym phrases match in the name only (compose.ts NameReading, ADR 060). */
  nameReadings?: NameReading[];
}

function vocabularyLexicon(vocabulary: SearchVocabulary): Lexicon {
  return {
    has: (word) => vocabulary.has(word),
    frequencyOf: (word) => vocabulary.frequencyOf(word),
    completions: (prefix) => vocabulary.completions(prefix, MAX_COMPLETIONS),
    correctionOf: (word) => vocabulary.correctionOf(word),
  };
}

/** A lexicon read from PostgreSQL for one search (the SQL path), with the words' tsqueries. */
interface SqlLexicon extends Lexicon {
  /** Each word's tsquery as PostgreSQL made it, for the vocabulary words read. */
  queries: Map<string, string>;
  /** The typed words whose correction was asked for while expanding (none read yet). */
  wanted: Set<string>;
}

/**
 * The vocabulary words the expansion of `tokens` can ask about, read from PostgreSQL (the SQL
 * path, without the index) in one statement: the words themselves, the parts of run-together
 * words and the last word's completions, each with its tsquery.
 */
async function sqlLexicon(db: Database, tokens: readonly string[]): Promise<SqlLexicon> {
  const last = tokens[tokens.length - 1] ?? "";
  const asked = [...new Set([...tokens, ...tokens.flatMap(splitCandidates)])];
  const prefix = last.length >= MIN_PREFIX_LENGTH ? `${last}%` : "";
  const rows = await selectPrepared<{ word: string; frequency: number; query: string }>(
    db,
    sql`select word, frequency,
          websearch_to_tsquery(${TEXT_SEARCH_CONFIG}::regconfig, word)::text as query
        from search_words
        where word = any(${textArrayLiteral(asked)}::text[]) or word like ${prefix}`,
  );
  const frequency = new Map(rows.map((row) => [row.word, row.frequency]));
  const wanted = new Set<string>();
  return {
    queries: new Map(rows.map((row) => [row.word, row.query])),
    wanted,
    has: (word) => frequency.has(word),
    frequencyOf: (word) => frequency.get(word) ?? 0,
    completions: (start) =>
      [...frequency.keys()]
        .filter((word) => word.startsWith(start) && word.length > start.length)
        .sort(
          (a, b) => (frequency.get(b) as number) - (frequency.get(a) as number) || (a < b ? -1 : 1),
        )
        .slice(0, MAX_COMPLETIONS),
    correctionOf: (word) => {
      wanted.add(word);
      return undefined;
    },
  };
}

/** Each word's tsquery as PostgreSQL makes it alone (one statement), for the SQL path. */
async function sqlWordQueries(
  db: Database,
  words: readonly string[],
  into: Map<string, string>,
): Promise<void> {
  const missing = words.filter((word) => !into.has(word));
  if (missing.length === 0) return;
  const rows = await selectPrepared<{ word: string; query: string }>(
    db,
    sql`select w.word, websearch_to_tsquery(${TEXT_SEARCH_CONFIG}::regconfig, w.word)::text as query
        from unnest(${textArrayLiteral(missing)}::text[]) as w(word)`,
  );
  for (const row of rows) into.set(row.word, row.query);
}

/**
 * The spans of a typed text, and on the SQL path the tsqueries read with the vocabulary (exported
 * for the tests: both paths expand alike).
 */
export async function expandText(
  db: Database,
  text: string,
  index: CourseIndex | undefined,
  synonyms: readonly SynonymRule[],
): Promise<{ spans: Span[]; queries?: Map<string, string> }> {
  const tokens = searchTokens(text);
  const options = {
    synonyms,
    variants: VARIANTS,
    // A space after the last word: the student finished it.
    completeLast: !/[\s]$/u.test(text),
  };
  const vocabulary = index?.vocabulary;
  if (vocabulary) return { spans: expandWords(tokens, vocabularyLexicon(vocabulary), options) };
  const lexicon = await sqlLexicon(db, tokens);
  const spans = expandWords(tokens, lexicon, options);
  if (lexicon.wanted.size === 0) return { spans, queries: lexicon.queries };
  // Some word has no reading but itself: corrected as the SQL correction does (ADR 005), then
  // expanded again with the corrections.
  const wanted = [...lexicon.wanted];
  const corrected = (await correctSearchText(db, wanted.join(" "))).split(" ");
  const corrections = new Map<string, string>();
  if (corrected.length === wanted.length) {
    wanted.forEach((word, i) => {
      const correction = corrected[i] as string;
      if (correction !== word) corrections.set(word, correction);
    });
  }
  return {
    spans: expandWords(
      tokens,
      { ...lexicon, correctionOf: (word) => corrections.get(word) },
      options,
    ),
    queries: lexicon.queries,
  };
}

/**
 * The free text understood: expanded, composed, and its match chosen, from the index when it can
 * tell, else by PostgreSQL. Text with `or` between words keeps PostgreSQL's websearch reading,
 * unexpanded (ADR 005).
 */
export async function understandText(
  db: Database,
  text: string,
  index: CourseIndex | undefined,
  synonyms: readonly SynonymRule[],
  forRelevance: boolean,
): Promise<UnderstoodText> {
  const tokens = searchTokens(text);
  const plain = async (): Promise<UnderstoodText> => {
    const searchText = await correctSearchText(db, text, index?.vocabulary);
    const chosen =
      (index && (await chooseTextMatchInIndex(db, index, searchText, forRelevance))) ??
      (await chooseTextMatch(db, searchText));
    return {
      searchText,
      match: chosen.match,
      ...(chosen.match === "fulltext" ? { query: chosen.query } : {}),
    };
  };
  if (tokens.length === 0 || tokens.includes("or")) return plain();
  const { spans, queries } = await expandText(db, text, index, synonyms);
  const words = wordsOfSpans(spans);
  const vocabulary = index?.vocabulary;
  let queryOf: (word: string) => string | undefined;
  if (queries) {
    await sqlWordQueries(db, words, queries);
    queryOf = (word) => queries.get(word);
  } else if (vocabulary) {
    await learnWordQueries(db, vocabulary, words);
    queryOf = (word) => vocabulary.queryOfWord(word);
  } else {
    return plain();
  }
  const composed = composeQuery(spans, queryOf);
  if (!composed) return plain();
  const searchText = correctedText(spans);
  const readings = composed.nameReadings ?? [];
  const chosen =
    (index && (await chooseQueryMatchInIndex(db, index, composed.query, readings, forRelevance))) ??
    (await chooseQueryMatch(db, composed.query, readings));
  if (chosen.match !== "fulltext") return { searchText, match: chosen.match };
  // Name readings narrow the search only when they leave a programme (ADR 060): else the
  // readings match anywhere, as a last resort before similar names.
  const nameReadings = chosen.readingsHold ? composed.nameReadings : undefined;
  return {
    searchText,
    match: "fulltext",
    query: composed.query,
    ...(composed.exactQuery !== undefined ? { exactQuery: composed.exactQuery } : {}),
    ...(composed.namePatterns ? { namePatterns: composed.namePatterns } : {}),
    ...(composed.wholeNamePattern ? { wholeNamePattern: composed.wholeNamePattern } : {}),
    ...(nameReadings ? { nameReadings } : {}),
  };
}
