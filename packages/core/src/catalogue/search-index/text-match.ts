// Free text in the finder's index (issue 14; ADR 011 "Free text in process"): which public
// programmes match the typed text, as bitset work over the index's documents, without PostgreSQL
// sending every match per request.
//
// PostgreSQL still turns the typed text into the query (ADR 005): it corrects the words and gives
// the corrected text as a tsquery (`websearch_to_tsquery`, courses.ts resolveCourseListRequest).
// The index then evaluates that tsquery over per-lexeme sets: the programmes whose search_vector
// holds a lexeme are asked of PostgreSQL once per lexeme (one indexed query, `@@` on the GIN index
// with that lexeme alone), kept by the index until the catalogue changes, and combined with `&`,
// `|` and `!` as PostgreSQL combines them. A tsquery with phrases (`<->`), prefixes or weights is
// not evaluated here (the caller answers from SQL); the finder's corrected text never produces
// them (its words are letters and digits only).
//
// Similar names (the fallback when no programme matches the words): PostgreSQL lists the distinct
// names close to the text (programme_names, a few thousand rows) with their similarity; documents
// follow the name order, so each name is a range of documents, and the relevance order (similarity,
// then name) is those ranges by similarity.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { selectPrepared } from "../../sql-rows.ts";
import type { CourseFilters } from "../courses.ts";
import { type Bitset, andInto, orInto } from "./bitset.ts";
import type { CourseIndex, TextSet } from "./course-index.ts";

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

const pending = new WeakMap<CourseIndex, Map<string, Promise<Bitset>>>();

/** The index's documents holding a lexeme: kept by the index, else asked of PostgreSQL once. */
async function postingOf(db: Database, index: CourseIndex, lexeme: string): Promise<Bitset> {
  const kept = index.posting(lexeme);
  if (kept) return kept;
  let waiting = pending.get(index);
  if (!waiting) {
    waiting = new Map();
    pending.set(index, waiting);
  }
  const shared = waiting.get(lexeme);
  if (shared) return shared;
  const load = selectPrepared<{ ids: number[] | null }>(
    db,
    sql`select array_agg(c.id) as ids from courses c
        where c.search_vector @@ ${singleLexemeQuery(lexeme)}::tsquery and c.published`,
  )
    .then(([row]) => index.keepPosting(lexeme, row?.ids ?? []))
    .finally(() => waiting.delete(lexeme));
  waiting.set(lexeme, load);
  return load;
}

/**
 * The public documents matching the request's free text (and, for similar names, their relevance
 * order), or undefined when the index cannot evaluate it (the caller answers from SQL).
 */
export async function matchText(
  db: Database,
  index: CourseIndex,
  filters: CourseFilters,
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
  const lexemes = [...lexemesOf(query, new Set())];
  const sets = await Promise.all(lexemes.map((lexeme) => postingOf(db, index, lexeme)));
  const postings = new Map(lexemes.map((lexeme, i) => [lexeme, sets[i] as Bitset]));
  return { docs: index.evaluateText(query, postings) };
}
