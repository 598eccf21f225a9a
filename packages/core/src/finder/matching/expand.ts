// What a search's words may mean (docs/decisions/043-search-understanding.md): the typed words,
// split into spans, each with the word sequences that may stand for it — the words as typed, a
// synonym (data: the `search_synonyms` table), a variant (variants.ts), a run-together pair of
// vocabulary words ('datascience'), the vocabulary words the last word starts when it is not one
// itself ('psych'), and, only
// when none of those exists, the spelling correction of ADR 005. The same function serves the SQL
// path and the in-process index; only where it reads the vocabulary differs (a `Lexicon`), so both
// paths expand a query alike.

/** A synonym as the synonyms table holds it (packages/core/src/finder/synonyms.ts SynonymEntry). */
export type SynonymRule =
  | { kind: "two-way"; words: readonly string[] }
  | { kind: "one-way"; input: string; words: readonly string[] };

/** How an alternative came about; ranking puts the first kinds above the last (ADR 043). */
export type AlternativeKind =
  "typed" | "variant" | "synonym" | "split" | "completion" | "correction";

export interface Alternative {
  /** Words of letters and digits, as searchTokens produces them. */
  words: readonly string[];
  kind: AlternativeKind;
}

/** Consecutive typed words and what they may mean (the typed words first). */
export interface Span {
  typed: readonly string[];
  alternatives: readonly Alternative[];
}

/** What expansion needs of the search vocabulary (the `search_words` view). */
export interface Lexicon {
  /** Whether the word is a vocabulary word. */
  has(word: string): boolean;
  /** Its frequency in the vocabulary (0 for others). */
  frequencyOf(word: string): number;
  /** Vocabulary words that start with `prefix` and are longer: commonest first, then by word. */
  completions(prefix: string): readonly string[];
  /** The spelling correction of ADR 005 for a typed word, if it has one. */
  correctionOf(word: string): string | undefined;
}

/** The last word completes to vocabulary words from this many letters on. */
export const MIN_PREFIX_LENGTH = 3;
/** At most this many completions of the last word (the commonest). */
export const MAX_COMPLETIONS = 6;
/** A run-together word is split into two vocabulary words from this length on. */
const MIN_SPLIT_LENGTH = 6;
/** Neither part of a split shorter than this ('datascience' → 'data' + 'science'). */
const MIN_SPLIT_PART = 3;

export interface ExpandOptions {
  synonyms: readonly SynonymRule[];
  variants: ReadonlyMap<string, readonly string[]>;
  /** Complete the last word (false when the student typed a space after it). */
  completeLast: boolean;
}

interface PhraseRule {
  phrase: readonly string[];
  alternatives: (readonly string[])[];
}

function wordsOf(phrase: string): string[] {
  return phrase.split(" ").filter((word) => word.length > 0);
}

/** The phrase rules of each list of synonyms (a process holds one list until it changes). */
const rulesOfList = new WeakMap<readonly SynonymRule[], Map<string, PhraseRule[]>>();

function phraseRules(synonyms: readonly SynonymRule[]): Map<string, PhraseRule[]> {
  let rules = rulesOfList.get(synonyms);
  if (!rules) {
    rules = makePhraseRules(synonyms);
    rulesOfList.set(synonyms, rules);
  }
  return rules;
}

/** Each synonym phrase that can start a span, with what it stands for. */
function makePhraseRules(synonyms: readonly SynonymRule[]): Map<string, PhraseRule[]> {
  const byFirstWord = new Map<string, PhraseRule[]>();
  const add = (phrase: readonly string[], alternatives: (readonly string[])[]) => {
    const first = phrase[0];
    if (first === undefined || alternatives.length === 0) return;
    const rules = byFirstWord.get(first) ?? [];
    const same = rules.find((rule) => rule.phrase.join(" ") === phrase.join(" "));
    if (same) {
      for (const alternative of alternatives) {
        if (!same.alternatives.some((known) => known.join(" ") === alternative.join(" "))) {
          same.alternatives.push(alternative);
        }
      }
    } else {
      rules.push({ phrase, alternatives: [...alternatives] });
      byFirstWord.set(first, rules);
    }
  };
  for (const rule of synonyms) {
    const words = rule.words.map(wordsOf).filter((words) => words.length > 0);
    if (rule.kind === "two-way") {
      for (const phrase of words) {
        add(
          phrase,
          words.filter((other) => other.join(" ") !== phrase.join(" ")),
        );
      }
    } else {
      const input = wordsOf(rule.input);
      add(
        input,
        words.filter((other) => other.join(" ") !== input.join(" ")),
      );
    }
  }
  // Longest phrase first: 'master of business administration' before 'master'.
  for (const rules of byFirstWord.values()) rules.sort((a, b) => b.phrase.length - a.phrase.length);
  return byFirstWord;
}

function startsAt(tokens: readonly string[], at: number, phrase: readonly string[]): boolean {
  if (at + phrase.length > tokens.length) return false;
  return phrase.every((word, i) => tokens[at + i] === word);
}

/** Whether a synonym of a typed word is a variant of it or the word it starts (ADR 060). */
function isVariantOf(
  typed: readonly string[],
  words: readonly string[],
  variants: ReadonlyMap<string, readonly string[]>,
): boolean {
  const [word] = typed;
  const [synonym] = words;
  if (typed.length !== 1 || words.length !== 1 || word === undefined || synonym === undefined) {
    return false;
  }
  return (variants.get(word)?.includes(synonym) ?? false) || synonym.startsWith(word);
}

/** A run-together pair of vocabulary words: the split whose rarer part is commonest. */
export function splitWord(word: string, lexicon: Lexicon): [string, string] | undefined {
  if (word.length < MIN_SPLIT_LENGTH || !/^[a-z]+$/.test(word)) return undefined;
  let best: [string, string] | undefined;
  let bestFrequency = 0;
  for (let at = MIN_SPLIT_PART; at <= word.length - MIN_SPLIT_PART; at += 1) {
    const left = word.slice(0, at);
    const right = word.slice(at);
    if (!lexicon.has(left) || !lexicon.has(right)) continue;
    const frequency = Math.min(lexicon.frequencyOf(left), lexicon.frequencyOf(right));
    if (frequency > bestFrequency) {
      best = [left, right];
      bestFrequency = frequency;
    }
  }
  return best;
}

/** Candidates for the two parts of a run-together word, for a lexicon read from SQL. */
export function splitCandidates(word: string): string[] {
  if (word.length < MIN_SPLIT_LENGTH || !/^[a-z]+$/.test(word)) return [];
  const parts: string[] = [];
  for (let at = MIN_SPLIT_PART; at <= word.length - MIN_SPLIT_PART; at += 1) {
    parts.push(word.slice(0, at), word.slice(at));
  }
  return parts;
}

function pushUnique(alternatives: Alternative[], alternative: Alternative): void {
  const key = alternative.words.join(" ");
  if (alternatives.some((known) => known.words.join(" ") === key)) return;
  alternatives.push(alternative);
}

/**
 * The synonym phrase starting at `at` once its misspelt words are corrected: the typed words after
 * the first that are not vocabulary words are corrected (ADR 005) only where a phrase of the first
 * word has another word there, so no other search asks for a correction.
 */
function correctedPhraseRule(
  tokens: readonly string[],
  at: number,
  rules: readonly PhraseRule[],
  lexicon: Lexicon,
): PhraseRule | undefined {
  for (const rule of rules) {
    if (rule.phrase.length < 2 || at + rule.phrase.length > tokens.length) continue;
    const fits = rule.phrase.every((word, i) => {
      const typed = tokens[at + i] as string;
      if (typed === word) return true;
      if (i === 0 || lexicon.has(typed)) return false;
      return lexicon.correctionOf(typed) === word;
    });
    if (fits) return rule;
  }
  return undefined;
}

/**
 * The spans of the typed words and their alternatives. Synonym phrases are matched left to right,
 * the longest first; every other word is a span of its own.
 */
export function expandWords(
  tokens: readonly string[],
  lexicon: Lexicon,
  options: ExpandOptions,
): Span[] {
  const rules = phraseRules(options.synonyms);
  const spans: Span[] = [];
  let at = 0;
  while (at < tokens.length) {
    const word = tokens[at] as string;
    const rule = (rules.get(word) ?? []).find((candidate) =>
      startsAt(tokens, at, candidate.phrase),
    );
    if (rule) {
      const alternatives: Alternative[] = [{ words: rule.phrase, kind: "typed" }];
      // A synonym matches in the name (ADR 060), but one that is a variant of the typed word
      // ('finance' / 'financial') or that the typed word starts ('psych' / 'psychology', as a
      // word start would) reads as a variant, matched anywhere.
      for (const words of rule.alternatives) {
        const kind = isVariantOf(rule.phrase, words, options.variants) ? "variant" : "synonym";
        pushUnique(alternatives, { words, kind });
      }
      spans.push({ typed: rule.phrase, alternatives });
      at += rule.phrase.length;
      continue;
    }
    const corrected = correctedPhraseRule(tokens, at, rules.get(word) ?? [], lexicon);
    if (corrected) {
      // A synonym phrase with a misspelt word after its first ('cyber securty'): read as the
      // phrase and what it stands for, all of them corrections for ranking (ADR 043).
      const length = corrected.phrase.length;
      const alternatives: Alternative[] = [{ words: corrected.phrase, kind: "correction" }];
      for (const words of corrected.alternatives) {
        pushUnique(alternatives, { words, kind: "correction" });
      }
      spans.push({ typed: tokens.slice(at, at + length), alternatives });
      at += length;
      continue;
    }
    const alternatives: Alternative[] = [{ words: [word], kind: "typed" }];
    for (const variant of options.variants.get(word) ?? []) {
      pushUnique(alternatives, { words: [variant], kind: "variant" });
    }
    const known = lexicon.has(word);
    if (!known) {
      const split = splitWord(word, lexicon);
      if (split) pushUnique(alternatives, { words: split, kind: "split" });
    }
    const last = at === tokens.length - 1;
    // A word start only: a vocabulary word typed whole is what the student meant ('art' is not
    // 'artificial'), and its completions would only widen the search.
    if (last && options.completeLast && !known && word.length >= MIN_PREFIX_LENGTH) {
      for (const completion of lexicon.completions(word).slice(0, MAX_COMPLETIONS)) {
        pushUnique(alternatives, { words: [completion], kind: "completion" });
      }
    }
    if (!known && alternatives.length === 1) {
      const correction = lexicon.correctionOf(word);
      if (correction !== undefined && correction !== word) {
        // Instead of the word, as ADR 005 has it: the word is in no name (not in the vocabulary),
        // and searching it beside its correction cost each misspelt search two more statements
        // (its tsquery and its lexeme set, unique per misspelling; ADR 043, "the correction").
        spans.push({ typed: [word], alternatives: [{ words: [correction], kind: "correction" }] });
        at += 1;
        continue;
      }
    }
    spans.push({ typed: [word], alternatives });
    at += 1;
  }
  return spans;
}

/** Whether an alternative counts as an exact hit for ranking (ADR 043 "Ranking"). */
export function isExact(kind: AlternativeKind): boolean {
  return kind !== "completion" && kind !== "correction";
}
