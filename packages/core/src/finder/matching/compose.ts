// The tsquery of an expanded search (docs/decisions/043-search-understanding.md "One tsquery for
// both paths"): every span must match (`&`), a span by any of its alternatives (`|`), an
// alternative by all of its words (`&`), each word as PostgreSQL's `websearch_to_tsquery` makes it
// alone (its stem, or nothing for a stop word). Printed as PostgreSQL prints a tsquery, so that the
// SQL path reads it with `::tsquery` and the in-process index parses the same text (tsquery.ts):
// both evaluate and rank one query.
import { isExact, type Span } from "./expand.ts";
import { PROFESSION_FIELDS } from "./variants.ts";

/** A word's tsquery that composes: one lexeme of letters and digits, or '' for a stop word. */
const SINGLE_LEXEME = /^'[a-z0-9]+'$/;

/** Between the words of a phrase in a name (`search_name`: lower case, unaccented). */
const NAME_GAP = "[^a-z0-9]+";

/**
 * A regular expression, read alike by PostgreSQL (`~`) and JavaScript, for a name holding one of
 * the phrases as whole words.
 */
export function namePattern(phrases: readonly (readonly string[])[]): string {
  const alternatives = phrases.map((words) => words.join(NAME_GAP));
  return `(^|[^a-z0-9])(${alternatives.join("|")})([^a-z0-9]|$)`;
}

/**
 * A span with a synonym reading of several words (ADR 060): the span matches a programme by its
 * other readings (`query`, a tsquery; absent when they are only stop words) or by its name holding
 * one of those phrases (`namePattern`, namePattern over `search_name`). Multi-word synonyms are
 * phrases, as Meilisearch and Algolia treat them: 'cs' does not find a programme whose text has
 * 'computer' in one place and 'science' in another.
 */
export interface NameReading {
  query?: string;
  namePattern: string;
}

export interface ComposedQuery {
  /**
   * Every alternative: what the search matches, restricted by `nameReadings` when there are any
   * (the query is then the superset both paths evaluate first).
   */
  query: string;
  /** The spans whose synonym phrases match only in the name (NameReading). */
  nameReadings?: NameReading[];
  /**
   * Without completions and corrections, when the search has any: the documents it matches rank
   * above the others (a correction or a word start never outranks an exact hit).
   */
  exactQuery?: string;
  /**
   * When a span has several readings: for each span, a name pattern (namePattern) of its readings
   * other than a correction. Programmes whose name holds a reading of every span rank first.
   */
  namePatterns?: string[];
  /**
   * With the name patterns: the name is the search itself, a reading of each span in turn and
   * nothing else but a qualifier in brackets or after a dash ("Executive MBA (Online)"). These
   * programmes rank first: the exact phrase above the phrase with more words (ADR 059).
   */
  wholeNamePattern?: string;
}

function alternativeText(
  words: readonly string[],
  queryOfWord: (word: string) => string,
): string | undefined {
  const lexemes = words.map(queryOfWord).filter((query) => query !== "");
  return lexemes.length === 0 ? undefined : lexemes.join(" & ");
}

function compose(
  spans: readonly Span[],
  queryOfWord: (word: string) => string,
  exactOnly: boolean,
): string {
  const parts: string[] = [];
  for (const span of spans) {
    const typed = span.alternatives[0];
    // A stop word typed last does not complete ('master of' is not 'master office').
    const typedIsStopWord =
      typed !== undefined && alternativeText(typed.words, queryOfWord) === undefined;
    const texts: string[] = [];
    // A span read only by its correction is the same in the exact query.
    const exactSpan = span.alternatives.some((alternative) => isExact(alternative.kind));
    for (const alternative of span.alternatives) {
      if (exactOnly && exactSpan && !isExact(alternative.kind)) continue;
      if (typedIsStopWord && alternative.kind === "completion") continue;
      const text = alternativeText(alternative.words, queryOfWord);
      if (text !== undefined && !texts.includes(text)) texts.push(text);
    }
    if (texts.length === 0) continue;
    parts.push(texts.join(" | "));
  }
  if (parts.length === 1) return parts[0] as string;
  return parts.map((part) => (part.includes(" | ") ? `( ${part} )` : part)).join(" & ");
}

/**
 * The search's tsquery and, when it has completions or corrections, the exact one; undefined
 * when a word's own tsquery is unknown or more than one lexeme ('12e5x' is a phrase): the caller
 * then matches the text as typed, as before expansion.
 */
export function composeQuery(
  spans: readonly Span[],
  queryOfWord: (word: string) => string | undefined,
): ComposedQuery | undefined {
  const queries = new Map<string, string>();
  for (const span of spans) {
    for (const alternative of span.alternatives) {
      for (const word of alternative.words) {
        const query = queryOfWord(word);
        if (query === undefined || (query !== "" && !SINGLE_LEXEME.test(query))) return undefined;
        queries.set(word, query);
      }
    }
  }
  const of = (word: string) => queries.get(word) ?? "";
  const query = compose(spans, of, false);
  const patterns = namePatterns(spans, of);
  const readings = nameReadings(spans, of);
  const named = {
    ...(patterns ? { namePatterns: patterns, wholeNamePattern: wholeNamePattern(spans, of) } : {}),
    ...(readings.length > 0 ? { nameReadings: readings } : {}),
  };
  const inexact = spans.some((span) =>
    span.alternatives.some((alternative) => !isExact(alternative.kind)),
  );
  if (!inexact) return { query, ...named };
  const exactQuery = compose(spans, of, true);
  return exactQuery === query ? { query, ...named } : { query, exactQuery, ...named };
}

/** A word of a name pattern, or its plural ('resource' in "Human Resources"; not 'of'). */
function withPlural(word: string): string {
  return word.length < 3 || word.endsWith("s") ? word : `${word}s?`;
}

/** A synonym reading of several words that compose (a phrase matched in the name only). */
function isNamePhrase(
  alternative: Span["alternatives"][number],
  queryOfWord: (word: string) => string,
): boolean {
  return (
    alternative.kind === "synonym" && alternativeText(alternative.words, queryOfWord) !== undefined
  );
}

/**
 * Each span's name reading (NameReading): its synonym phrases as a name pattern, each word also
 * in its plural, and the query of its other readings.
 */
function nameReadings(
  spans: readonly Span[],
  queryOfWord: (word: string) => string,
): NameReading[] {
  const readings: NameReading[] = [];
  for (const span of spans) {
    const phrases = span.alternatives.filter((alternative) =>
      isNamePhrase(alternative, queryOfWord),
    );
    if (phrases.length === 0) continue;
    const others = span.alternatives.filter(
      (alternative) => !isNamePhrase(alternative, queryOfWord),
    );
    const query =
      others.length > 0 ? compose([{ ...span, alternatives: others }], queryOfWord, false) : "";
    readings.push({
      ...(query !== "" ? { query } : {}),
      namePattern: namePattern(phrases.map((alternative) => alternative.words.map(withPlural))),
    });
  }
  return readings;
}

/** The spans' name patterns, when a span has several readings (ComposedQuery.namePatterns). */
function namePatterns(
  spans: readonly Span[],
  queryOfWord: (word: string) => string,
): string[] | undefined {
  const patterns: string[] = [];
  let expanded = false;
  for (const span of spans) {
    const phrases: (readonly string[])[] = [];
    const texts = new Set<string>();
    for (const alternative of span.alternatives) {
      if (alternative.kind === "correction") continue;
      const text = alternativeText(alternative.words, queryOfWord);
      if (text === undefined) continue;
      texts.add(text);
      phrases.push(alternative.words);
    }
    if (phrases.length === 0) continue;
    if (texts.size > 1) expanded = true;
    patterns.push(namePattern(phrases));
  }
  return expanded ? patterns : undefined;
}

/** The name that is the search (ComposedQuery.wholeNamePattern): each span's readings in turn. */
function wholeNamePattern(spans: readonly Span[], queryOfWord: (word: string) => string): string {
  const parts = spans.map((span) => {
    const usable = span.alternatives.filter(
      (alternative) => alternativeText(alternative.words, queryOfWord) !== undefined,
    );
    // Exact readings only: a word start never outranks the word as typed; a span read only as
    // its correction is the correction, and one of stop words alone the words as typed.
    const exact = usable.filter((alternative) => isExact(alternative.kind));
    const corrections = usable.filter((alternative) => alternative.kind === "correction");
    const chosen = exact.length > 0 ? exact : corrections;
    const readings =
      chosen.length > 0 ? chosen.map((alternative) => alternative.words) : [span.typed];
    return `(${readings.map((words) => words.join(NAME_GAP)).join("|")})`;
  });
  return `^${parts.join(NAME_GAP)}( ?\\(.*| [-–] .*)?$`;
}

/** Every word the spans' alternatives use, each once. */
export function wordsOfSpans(spans: readonly Span[]): string[] {
  const words = new Set<string>();
  for (const span of spans) {
    for (const alternative of span.alternatives)
      for (const word of alternative.words) words.add(word);
  }
  return [...words];
}

/**
 * The text word_similarity and the similar-name match read (the finder's "corrected text"): the
 * typed words, each corrected where its only reading is the correction.
 */
export function correctedText(spans: readonly Span[]): string {
  return spans
    .flatMap((span) => {
      const correction = span.alternatives.find((alternative) => alternative.kind === "correction");
      // A profession is compared as its field ('psychologist' as 'psychology', variants.ts).
      return correction ? correction.words : span.typed.map((word) => fieldOf(word, span));
    })
    .join(" ");
}

/** The profession's field when the span reads it so (variants.ts PROFESSION_FIELDS). */
function fieldOf(word: string, span: Span): string {
  const field = PROFESSION_FIELDS.get(word);
  if (field === undefined) return word;
  return span.alternatives.some((alternative) => alternative.words.join(" ") === field)
    ? field
    : word;
}
