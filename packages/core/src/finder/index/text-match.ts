// Free text in the finder's index (ADR 024): which public programmes match the typed text, as
// bitset work over the index's documents, without PostgreSQL sending every match per request.
//
// The query (ADR 005): the typed words are corrected (search-vocabulary.ts) and the corrected text
// becomes a tsquery as `websearch_to_tsquery` makes it. That tsquery is put together from each
// word's own tsquery (its stem, or nothing for a stop word), which PostgreSQL made: read with the
// vocabulary for its words, asked once for any other word (ADR 028). The index then evaluates it
// over per-lexeme sets (tsquery.ts, posting-reads.ts).
//
// The mode (full text, or similar names when the words match no published programme) is chosen
// from the same sets; when they cannot tell, the SQL probe decides (course-sql.ts
// chooseTextMatch).
//
// Similar names (the fallback when no programme matches the words): PostgreSQL lists the distinct
// names close to the text (programme_names, a few thousand rows) with their similarity; documents
// follow the name order, so each name is a range of documents, and the relevance order (similarity,
// then name) is those ranges by similarity (names.ts).
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { selectPrepared, textArrayLiteral } from "../../sql-rows.ts";
import type { CourseFilters, TextMatchChoice } from "../course-request.ts";
import { TEXT_SEARCH_CONFIG, type SearchVocabulary } from "../search-vocabulary.ts";
import type { CourseIndex } from "./course-index.ts";
import { postingsOf, readPositions } from "./posting-reads.ts";
import type { TextSet } from "./text-set.ts";
import { count } from "./bitset.ts";
import { composeWebsearchQuery, parseTsquery, PLAIN_WORD, type QueryNode } from "./tsquery.ts";

/** Asks PostgreSQL for the tsquery of each word the vocabulary has none for (one statement). */
export async function learnWordQueries(
  db: Database,
  vocabulary: SearchVocabulary,
  words: readonly string[],
): Promise<void> {
  const missing = [...new Set(words)].filter((word) => vocabulary.queryOfWord(word) === undefined);
  if (missing.length === 0) return;
  const rows = await selectPrepared<{ word: string; query: string }>(
    db,
    sql`select w.word, websearch_to_tsquery(${TEXT_SEARCH_CONFIG}::regconfig, w.word)::text as query
        from unnest(${textArrayLiteral(missing)}::text[]) as w(word)`,
  );
  for (const row of rows) vocabulary.keepWordQuery(row.word, row.query);
}

/**
 * The SQL mode probe's answer (course-sql.ts chooseTextMatch) from the index: the tsquery put
 * together from each word's own, and "does it match any published programme" from the lexeme
 * sets. Undefined when the index cannot tell (no vocabulary read yet, a word PostgreSQL's parser
 * splits, nothing public matches and a lexeme set names programmes the index does not know): the
 * caller asks SQL. The lexeme sets asked for here are the ones the request's match then uses.
 */
export async function chooseTextMatchInIndex(
  db: Database,
  index: CourseIndex,
  searchText: string,
  /** The request will be in relevance order: read the sets not kept with their positions. */
  forRelevance = false,
): Promise<TextMatchChoice | undefined> {
  const vocabulary = index.vocabulary;
  if (!vocabulary) return undefined;
  const words = searchText.split(" ").filter((word) => word.length > 0);
  if (!words.every((word) => PLAIN_WORD.test(word))) return undefined;
  await learnWordQueries(db, vocabulary, words);
  const query = composeWebsearchQuery(words, (word) => vocabulary.queryOfWord(word));
  if (query === undefined) return undefined;
  const chosen = await chooseQueryMatchInIndex(db, index, query, [], forRelevance);
  // Without name readings there is nothing for them to hold: the SQL probe's answer, exactly.
  return chosen && { match: chosen.match, query: chosen.query };
}

/**
 * The same choice for a tsquery already put together (an expanded search, matching/compose.ts):
 * full text when it matches any published programme; with name readings (ADR 060), whether they
 * leave one (as course-sql.ts chooseQueryMatch). Undefined when the index cannot tell.
 */
export async function chooseQueryMatchInIndex(
  db: Database,
  index: CourseIndex,
  query: string,
  /** The spans matched in the name only (CourseFilters.textNameReadings, ADR 060). */
  readings: NonNullable<CourseFilters["textNameReadings"]> = [],
  forRelevance = false,
): Promise<(TextMatchChoice & { readingsHold: boolean }) | undefined> {
  const node = parseTsquery(query);
  const parsed = parseNameReadings(readings);
  if (!node || !parsed) return undefined;
  const postings = await postingsOf(db, index, node, forRelevance);
  const found = index.matchesAnyPublished(node, postings);
  if (found === undefined) return undefined;
  if (!found) return { match: "similar-name", query, readingsHold: false };
  if (parsed.length === 0) return { match: "fulltext", query, readingsHold: false };
  // None left among the public programmes: SQL's probe, which also counts the published
  // programmes of unpublished schools, decides.
  const docs = index.withNameReadings(index.evaluateText(node, postings), parsed, postings);
  return docs && count(docs) > 0 ? { match: "fulltext", query, readingsHold: true } : undefined;
}

/** The name readings as the index evaluates them; undefined if a query does not parse. */
function parseNameReadings(
  readings: NonNullable<CourseFilters["textNameReadings"]>,
): { query?: QueryNode; pattern: RegExp }[] | undefined {
  const parsed: { query?: QueryNode; pattern: RegExp }[] = [];
  for (const reading of readings) {
    const query = reading.query === undefined ? undefined : parseTsquery(reading.query);
    if (reading.query !== undefined && !query) return undefined;
    parsed.push({ ...(query ? { query } : {}), pattern: new RegExp(reading.namePattern) });
  }
  return parsed;
}

/**
 * The public documents matching the request's free text (and, for similar names, their relevance
 * order), or undefined when the index cannot evaluate it (the caller answers from SQL).
 */
export async function matchText(
  db: Database,
  index: CourseIndex,
  filters: CourseFilters,
  /** The relevance order will be asked: wait for the lexemes' positions (ranked in process). */
  forRelevance = false,
): Promise<TextSet | undefined> {
  if (filters.text === undefined) return undefined;
  if (filters.textMatch === "similar-name") {
    const rows = await selectPrepared<{ search_name: string; score: number }>(
      db,
      sql`select n.search_name, word_similarity(lower(public.f_unaccent(${filters.text})),
            n.search_name)::float8 as score
          from programme_names n where lower(public.f_unaccent(${filters.text})) <% n.search_name`,
    );
    return index.nameMatches(rows.map((row) => ({ name: row.search_name, score: row.score })));
  }
  if (filters.textMatch !== "fulltext" || filters.textQuery === undefined) return undefined;
  const query = parseTsquery(filters.textQuery);
  if (!query) return undefined;
  const postings = await postingsOf(db, index, query, forRelevance);
  if (forRelevance) {
    await Promise.all(
      [...postings].map(([lexeme, posting]) => readPositions(db, index, lexeme, posting)),
    );
  }
  // The exact query (ADR 043) is the query without some alternatives: its lexemes are among the
  // query's, so its documents come from the same sets.
  const exact =
    filters.textExactQuery === undefined ? undefined : parseTsquery(filters.textExactQuery);
  if (filters.textExactQuery !== undefined && !exact) return undefined;
  const readings = parseNameReadings(filters.textNameReadings ?? []);
  if (!readings) return undefined;
  const matching = index.evaluateText(query, postings);
  const docs =
    readings.length > 0 ? index.withNameReadings(matching, readings, postings) : matching;
  if (!docs) return undefined;
  return {
    docs,
    fullText: {
      query,
      postings,
      searchText: filters.searchText ?? filters.text,
      ...(exact ? { exact: index.evaluateText(exact, postings) } : {}),
      ...(filters.textNamePatterns
        ? { namePatterns: filters.textNamePatterns.map((pattern) => new RegExp(pattern)) }
        : {}),
      ...(filters.textWholeNamePattern !== undefined
        ? { wholeName: new RegExp(filters.textWholeNamePattern) }
        : {}),
    },
  };
}
