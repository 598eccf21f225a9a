// A tsquery as the finder's index evaluates it (ADR 024): parsed from PostgreSQL's text form,
// evaluated over per-lexeme sets of documents with `&`, `|` and `!` as PostgreSQL combines them,
// and put together from each word's own tsquery as `websearch_to_tsquery` builds it (ADR 028). A
// tsquery with phrases (`<->`), prefixes or weights is not evaluated here (the caller answers from
// SQL); the finder's corrected text produces phrases only for the rare word that PostgreSQL's
// parser splits ('12e5x').
import { type Bitset, andInto, orInto } from "./bitset.ts";

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

/** A word as `websearch_to_tsquery` reads the corrected text: letters and digits. */
export const PLAIN_WORD = /^[a-z0-9]+$/;
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
