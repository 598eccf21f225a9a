// Free text in the finder's index (ADR 024): which public
// programmes match the typed text, as bitset work over the index's documents, without PostgreSQL
// sending every match per request.
//
// The query (ADR 005): the typed words are corrected (search-vocabulary.ts) and the corrected text
// becomes a tsquery as `websearch_to_tsquery` makes it. That tsquery is put together here from
// each word's own tsquery (its stem, or nothing for a stop word), which PostgreSQL made: read with
// the vocabulary for its words, asked once for any other word (ADR 028; read ahead: ADR 030).
// The index then evaluates it over per-lexeme sets: the programmes whose search_vector
// holds a lexeme are asked of PostgreSQL once per lexeme (one indexed query, `@@` on the GIN index
// with that lexeme alone, with its positions there for the relevance order: relevance.ts), kept
// by the index until the catalogue changes, and combined with `&`, `|` and `!` as PostgreSQL
// combines them. A tsquery with phrases (`<->`), prefixes or weights is not evaluated here (the
// caller answers from SQL); the finder's corrected text produces phrases only for the rare word
// that PostgreSQL's parser splits ('12e5x').
//
// The mode (full text, or similar names when the words match no published programme) is chosen
// from the same sets; when they cannot tell, the SQL probe decides (courses.ts chooseTextMatch).
//
// Similar names (the fallback when no programme matches the words): PostgreSQL lists the distinct
// names close to the text (programme_names, a few thousand rows) with their similarity; documents
// follow the name order, so each name is a range of documents, and the relevance order (similarity,
// then name) is those ranges by similarity.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { selectPrepared, textArrayLiteral } from "../../sql-rows.ts";
import type { CourseFilters } from "../courses.ts";
import { TEXT_SEARCH_CONFIG, type SearchVocabulary } from "../search-vocabulary.ts";
import { type Bitset, andInto, orInto } from "./bitset.ts";
import type { CourseIndex, LexemePosting, TextSet } from "./course-index.ts";
import { positionsBytes } from "./relevance.ts";

/** A parsed tsquery: lexemes combined with and, or and not. */
export type QueryNode =
  | { op: "term"; lexeme: string }
  | { op: "and" | "or"; left: QueryNode; right: QueryNode }
  | { op: "not"; arg: QueryNode }
  | { op: "empty" };

/**
 * Parses a tsquery as PostgreSQL prints it (`'data' & 'scienc'`, `'a' | !'b'`, parentheses).
 * Undefined for anything the index does not evaluate: phrases (`<->`, `<2>`), prefixes and weights
 * (`:*`, `:AB`).
 */
export function parseTsquery(text: string): QueryNode | undefined {
  let at = 0;
  const skip = () => {
    while (at < text.length && text[at] === " ") at += 1;
  };
  if (text.trim() === "") return { op: "empty" };

  const term = (): QueryNode | undefined => {
    skip();
    const c = text[at];
    if (c === "!") {
      at += 1;
      const arg = term();
      return arg && { op: "not", arg };
    }
    if (c === "(") {
      at += 1;
      const inner = or();
      skip();
      if (!inner || text[at] !== ")") return undefined;
      at += 1;
      return inner;
    }
    if (c !== "'") return undefined;
    at += 1;
    let lexeme = "";
    for (;;) {
      const ch = text[at];
      if (ch === undefined || ch === "\\") return undefined;
      if (ch === "'") {
        if (text[at + 1] === "'") {
          lexeme += "'";
          at += 2;
          continue;
        }
        at += 1;
        break;
      }
      lexeme += ch;
      at += 1;
    }
    // A prefix or weight marker follows the quote directly.
    if (text[at] === ":") return undefined;
    return { op: "term", lexeme };
  };
  const and = (): QueryNode | undefined => {
    let left = term();
    for (;;) {
      if (!left) return undefined;
      skip();
      if (text[at] !== "&") return left;
      at += 1;
      const right = term();
      if (!right) return undefined;
      left = { op: "and", left, right };
    }
  };
  const or = (): QueryNode | undefined => {
    let left = and();
    for (;;) {
      if (!left) return undefined;
      skip();
      if (text[at] !== "|") return left;
      at += 1;
      const right = and();
      if (!right) return undefined;
      left = { op: "or", left, right };
    }
  };
  const node = or();
  skip();
  return node && at === text.length ? node : undefined;
}

/** The lexemes of a parsed query, each once, in the query's order. */
export function lexemesOfQuery(node: QueryNode): Set<string> {
  return lexemesOf(node, new Set());
}

function lexemesOf(node: QueryNode, into: Set<string>): Set<string> {
  switch (node.op) {
    case "term":
      into.add(node.lexeme);
      break;
    case "and":
    case "or":
      lexemesOf(node.left, into);
      lexemesOf(node.right, into);
      break;
    case "not":
      lexemesOf(node.arg, into);
      break;
    case "empty":
      break;
  }
  return into;
}

/** Whether the query has a `!` anywhere. */
export function hasNot(node: QueryNode): boolean {
  switch (node.op) {
    case "not":
      return true;
    case "and":
    case "or":
      return hasNot(node.left) || hasNot(node.right);
    case "term":
    case "empty":
      return false;
  }
}

/** The documents a parsed query matches, from each lexeme's documents (a new set). */
export function evaluate(
  node: QueryNode,
  postings: ReadonlyMap<string, Bitset>,
  all: Bitset,
): Bitset {
  switch (node.op) {
    case "term":
      return Uint32Array.from(postings.get(node.lexeme) ?? new Uint32Array(all.length));
    case "and":
      return andInto(evaluate(node.left, postings, all), evaluate(node.right, postings, all));
    case "or":
      return orInto(evaluate(node.left, postings, all), evaluate(node.right, postings, all));
    case "not": {
      const set = evaluate(node.arg, postings, all);
      for (let i = 0; i < set.length; i += 1) set[i] = (all[i] as number) & ~(set[i] as number);
      return set;
    }
    case "empty":
      // PostgreSQL: a query of stop words only matches nothing.
      return new Uint32Array(all.length);
  }
}

/** A lexeme as a tsquery of that lexeme alone (PostgreSQL's quoting). */
function singleLexemeQuery(lexeme: string): string {
  return `'${lexeme.replace(/'/g, "''")}'`;
}

const pending = new WeakMap<CourseIndex, Map<string, Promise<LexemePosting>>>();

/**
 * The programmes holding a lexeme (every published one, as the mode probe counts them) with each
 * one's search_vector reduced to that lexeme (its positions and weights: relevance.ts), as text,
 * in the order of the ids (one group: the aggregates see the rows in one order). ts_delete of the
 * other lexemes measured 1.5–2 times cheaper than unnest and a filter.
 */
async function selectPositions(
  db: Database,
  lexeme: string,
): Promise<{ ids: number[]; occurrences: string }> {
  const [row] = await selectPrepared<{ ids: number[] | null; occurrences: string | null }>(
    db,
    sql`select array_agg(c.id) as ids,
          string_agg(ts_delete(c.search_vector,
            array_remove(tsvector_to_array(c.search_vector), ${lexeme}::text))::text, ' ')
            as occurrences
        from courses c
        where c.search_vector @@ ${singleLexemeQuery(lexeme)}::tsquery and c.published`,
  );
  return { ids: row?.ids ?? [], occurrences: row?.occurrences ?? "" };
}

/** Per index: each lexeme's positions being read (one statement per lexeme, shared). */
const positionLoads = new WeakMap<CourseIndex, Map<string, Promise<void>>>();

/**
 * One read per index and lexeme at a time: a second caller gets the promise of the read under
 * way; the entry goes when the read settles.
 */
function sharedRead<T>(
  reads: WeakMap<CourseIndex, Map<string, Promise<T>>>,
  index: CourseIndex,
  lexeme: string,
  read: () => Promise<T>,
): Promise<T> {
  let underWay = reads.get(index);
  if (!underWay) {
    underWay = new Map();
    reads.set(index, underWay);
  }
  const shared = underWay.get(lexeme);
  if (shared) return shared;
  const started = read().finally(() => underWay.delete(lexeme));
  underWay.set(lexeme, started);
  return started;
}

/**
 * Reads a kept lexeme's positions when a relevance request first needs them (`matchText`): they
 * cost PostgreSQL several times the set (about a second for a word in a fifth of a million
 * programmes), and the other orders and the counts need the set only (`selectPositions`). A
 * failure leaves the positions absent: SQL ranks that lexeme's requests.
 */
function readPositions(
  db: Database,
  index: CourseIndex,
  lexeme: string,
  posting: LexemePosting,
): Promise<void> {
  if (posting.positions || index.posting(lexeme) !== posting) return Promise.resolve();
  return sharedRead(positionLoads, index, lexeme, () =>
    selectPositions(db, lexeme)
      .then(({ ids, occurrences }) => index.attachPositions(lexeme, posting, ids, occurrences))
      .catch(() => {
        // The database went away or the statement failed: SQL keeps ranking this lexeme.
      }),
  );
}

/**
 * Reads the positions of every lexeme the index keeps without them, and resolves once all are
 * read (tests: what a relevance request of each would have read).
 */
export async function positionsSettled(db: Database, index: CourseIndex): Promise<void> {
  await Promise.all(
    index.keptLexemes().map(([lexeme, posting]) => readPositions(db, index, lexeme, posting)),
  );
}

/**
 * The programmes holding a lexeme: kept by the index, else asked of PostgreSQL once; with
 * `withPositions` (a relevance request), its positions in the same statement, which reads the
 * same rows: half the work of the set and then the positions (`readPositions`) for a word whose
 * set is not kept yet.
 */
async function postingOf(
  db: Database,
  index: CourseIndex,
  lexeme: string,
  withPositions = false,
): Promise<LexemePosting> {
  const kept = index.posting(lexeme);
  if (kept) return kept;
  // Every published programme, as the mode probe counts them; the index splits them.
  return sharedRead(pending, index, lexeme, () =>
    withPositions
      ? selectPositions(db, lexeme).then(({ ids, occurrences }) => {
          const posting = index.keepPosting(lexeme, ids);
          index.attachPositions(lexeme, posting, ids, occurrences);
          return posting;
        })
      : selectPrepared<{ ids: number[] | null }>(
          db,
          sql`select array_agg(c.id) as ids from courses c
              where c.search_vector @@ ${singleLexemeQuery(lexeme)}::tsquery and c.published`,
        ).then(([row]) => index.keepPosting(lexeme, row?.ids ?? [])),
  );
}

/**
 * Reads ahead, behind the scenes, what the first searches of the vocabulary's commonest lexemes
 * would read: their sets, one statement at a time, until `budget.sets` bytes of postings are
 * kept; then the positions of the commonest of them (what a relevance request waits for: several
 * times a set's cost to PostgreSQL), until `budget.positions` bytes of positions are read. Stops
 * when `current()` says the index or its vocabulary was replaced, and quietly on a database
 * error. Resolves with the numbers of sets and positions read.
 */
export async function readCommonPostings(
  db: Database,
  index: CourseIndex,
  budget: { sets: number; positions: number },
  current: () => boolean,
): Promise<{ sets: number; positions: number }> {
  const read = { sets: 0, positions: 0 };
  const common = index.vocabulary?.commonLexemes() ?? [];
  for (const lexeme of common) {
    if (!current() || index.postingsHeld.bytes >= budget.sets) break;
    if (index.posting(lexeme)) continue;
    try {
      await postingOf(db, index, lexeme);
    } catch {
      return read;
    }
    read.sets += 1;
  }
  let positionsBytesRead = 0;
  for (const lexeme of common) {
    if (!current() || positionsBytesRead >= budget.positions) break;
    const posting = index.posting(lexeme);
    if (!posting) break; // past the sets read ahead (or dropped since)
    if (posting.positions) continue;
    await readPositions(db, index, lexeme, posting);
    // Absent after the read: the database failed (readPositions keeps SQL ranking it).
    if (!posting.positions) break;
    positionsBytesRead += positionsBytes(posting.positions);
    read.positions += 1;
  }
  return read;
}

/** Each lexeme of the query with its programmes (kept, or asked of PostgreSQL together). */
async function postingsOf(
  db: Database,
  index: CourseIndex,
  query: QueryNode,
  withPositions = false,
): Promise<Map<string, LexemePosting>> {
  const lexemes = [...lexemesOf(query, new Set())];
  const postings = await Promise.all(
    lexemes.map((lexeme) => postingOf(db, index, lexeme, withPositions)),
  );
  return new Map(lexemes.map((lexeme, i) => [lexeme, postings[i] as LexemePosting]));
}

/** A word as `websearch_to_tsquery` reads the corrected text: letters and digits. */
const PLAIN_WORD = /^[a-z0-9]+$/;
/** A word's tsquery that the composition below takes: one lexeme of letters and digits. */
const SINGLE_LEXEME = /^'[a-z0-9]+'$/;

/**
 * `websearch_to_tsquery`'s text for words of letters and digits (the corrected text split on its
 * single spaces), from each word's own tsquery, as PostgreSQL's websearch parser (tsquery.c,
 * gettoken_query_websearch) builds it: a word where an operator may stand that is `or` with
 * another word after it is the `|` operator; every other word is an operand, joined to the
 * previous one by an implicit `&`, which binds tighter than `|`; an operand without lexemes (a
 * stop word) is dropped from its `&` and `|` (cleanup_tsquery_stopwords), and a query without any
 * is empty. PostgreSQL prints that left-deep tree without parentheses. Undefined when a word's
 * tsquery is unknown or more than one lexeme ('12e5x' gives a phrase): the caller asks SQL.
 */
export function composeWebsearchQuery(
  words: readonly string[],
  queryOfWord: (word: string) => string | undefined,
): string | undefined {
  const groups: string[][] = [[]];
  let waitingForOperand = true;
  for (const [position, word] of words.entries()) {
    if (!waitingForOperand && word === "or" && position < words.length - 1) {
      groups.push([]);
      waitingForOperand = true;
      continue;
    }
    const query = queryOfWord(word);
    if (query === undefined) return undefined;
    if (query !== "") {
      if (!SINGLE_LEXEME.test(query)) return undefined;
      groups[groups.length - 1]?.push(query);
    }
    waitingForOperand = false;
  }
  return groups
    .filter((group) => group.length > 0)
    .map((group) => group.join(" & "))
    .join(" | ");
}

/** Asks PostgreSQL for the tsquery of each word the vocabulary has none for (one statement). */
async function learnWordQueries(
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

/** How the corrected text matches (ADR 005), and its tsquery as PostgreSQL prints it. */
export interface TextMatchChoice {
  match: "fulltext" | "similar-name";
  query: string;
}

/**
 * The SQL mode probe's answer (courses.ts chooseTextMatch) from the index: the tsquery put
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
  const node = parseTsquery(query);
  if (!node) return undefined;
  const found = index.matchesAnyPublished(node, await postingsOf(db, index, node, forRelevance));
  if (found === undefined) return undefined;
  return { match: found ? "fulltext" : "similar-name", query };
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
  return {
    docs: index.evaluateText(query, postings),
    fullText: { query, postings, searchText: filters.searchText ?? filters.text },
  };
}
