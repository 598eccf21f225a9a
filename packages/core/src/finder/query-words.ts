// Query understanding (docs/decisions/045-words-that-are-filters.md): the words of the typed text
// that are the finder's own filters or order — a country, a programme level, how a programme is
// attended or its study load, a price word — become that filter, shown as a removable chip, and
// the rest of the text is searched as before. A word is a filter only when the student has not set
// that filter already, and never inside a phrase that names a subject (query-words-data.ts).
import type { CourseListQuery } from "@studyatlas/schemas/catalogue.ts";
import type { QueryChip } from "@studyatlas/schemas/finder.ts";

import {
  ATTENDANCE_LABELS,
  ATTENDANCE_WORDS,
  CHEAP_WORDS,
  COUNTRY_ALIASES,
  FORMAT_LABELS,
  FORMAT_WORDS,
  FREE_WORDS,
  LEVEL_LABELS,
  LEVEL_WORDS,
  MASTERS_DEGREE_NAME,
  MASTERS_LABEL,
  MASTERS_WORDS,
  OPENING_PHRASES,
  SUBJECT_PHRASES,
} from "./query-words-data.ts";

/** The countries the finder can filter by (the countries table): slug and name. */
export interface CountryName {
  slug: string;
  name: string;
}

interface Token {
  /** Lower case, without accents, apostrophes or dots. */
  word: string;
  start: number;
  end: number;
}

/** The words of `text` with where each stands in it; hyphens and slashes separate words. */
export function queryTokens(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}'’.]+/gu)) {
    const word = match[0]
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase()
      .replace(/['’.]/g, "");
    if (word === "") continue;
    tokens.push({ word, start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

/** A phrase as the tokens' words joined by spaces ("Part-time" → "part time"). */
function phraseKey(text: string): string {
  return queryTokens(text)
    .map((token) => token.word)
    .join(" ");
}

type Meaning =
  | { kind: "country"; slug: string; label: string }
  | { kind: "level"; programme: NonNullable<CourseListQuery["programme"]> }
  | { kind: "degree"; ids: readonly number[]; label: string }
  | { kind: "attendance"; value: "SITE" | "ONLINE" | "BLENDED" }
  | { kind: "format"; value: "FULL" | "PART" }
  | { kind: "cheap" }
  | { kind: "free" };

/** Every phrase that means a filter, by its words; built once per list of countries. */
export class QueryWordLexicon {
  private readonly meanings = new Map<string, Meaning>();
  private readonly subjects: ReadonlySet<string>;
  /** Plain-language openings (query-words-data.ts OPENING_PHRASES), by their words, longest first. */
  readonly openings: readonly string[];
  readonly longest: number;
  /** Every country's name by its slug. */
  readonly countryNames: ReadonlyMap<string, string>;

  constructor(countries: readonly CountryName[], degreeTypes: readonly DegreeTypeName[] = []) {
    const add = (phrase: string, meaning: Meaning) => {
      const key = phraseKey(phrase);
      if (key !== "" && !this.meanings.has(key)) this.meanings.set(key, meaning);
    };
    const bySlug = new Map(countries.map((country) => [country.slug, country]));
    this.countryNames = new Map(countries.map((country) => [country.slug, country.name]));
    for (const country of countries) {
      add(country.name, { kind: "country", slug: country.slug, label: country.name });
    }
    for (const [alias, slug] of Object.entries(COUNTRY_ALIASES)) {
      const country = bySlug.get(slug);
      if (country) add(alias, { kind: "country", slug, label: country.name });
    }
    // Before the levels: "masters" is a master's degree where the catalogue has them.
    const masters = degreeTypes
      .filter((degreeType) => MASTERS_DEGREE_NAME.test(degreeType.name))
      .map((degreeType) => degreeType.id)
      .sort((a, b) => a - b);
    if (masters.length > 0) {
      for (const phrase of MASTERS_WORDS) {
        add(phrase, { kind: "degree", ids: masters, label: MASTERS_LABEL });
      }
    }
    for (const [phrase, programme] of Object.entries(LEVEL_WORDS)) {
      add(phrase, { kind: "level", programme });
    }
    for (const [phrase, value] of Object.entries(ATTENDANCE_WORDS)) {
      add(phrase, { kind: "attendance", value });
    }
    for (const [phrase, value] of Object.entries(FORMAT_WORDS)) {
      add(phrase, { kind: "format", value });
    }
    for (const phrase of CHEAP_WORDS) add(phrase, { kind: "cheap" });
    for (const phrase of FREE_WORDS) add(phrase, { kind: "free" });
    this.subjects = new Set(SUBJECT_PHRASES.map(phraseKey));
    this.openings = OPENING_PHRASES.map(phraseKey).sort(
      (a, b) => b.split(" ").length - a.split(" ").length,
    );
    this.longest = Math.max(
      ...[...this.meanings.keys(), ...this.subjects].map((key) => key.split(" ").length),
    );
  }

  meaningOf(words: string): Meaning | undefined {
    return this.meanings.get(words);
  }

  isSubject(words: string): boolean {
    return this.subjects.has(words);
  }
}

/** The degree types the finder can filter by: id and name ("Master of Science"). */
export interface DegreeTypeName {
  id: number;
  name: string;
}

/** What the typed text was understood as. */
export interface QueryUnderstanding {
  /** The query the finder answers: the rest of the text, with the words' filters and order. */
  query: CourseListQuery;
  /** The text left to search once the filter words are taken out ('' when none is left). */
  text: string;
  /** One chip per filter taken from the text, in the order its words were typed. */
  chips: QueryChip[];
}

/** The typed text without the span [start, end), spaces tidied. */
function textWithout(text: string, spans: ReadonlyArray<{ start: number; end: number }>): string {
  let rest = "";
  let from = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    // The word that joined a filter to the subject goes with it ("architecture in Italy").
    rest += `${text.slice(from, span.start).replace(/(?:^|\s)(?:in|at|from)(?:\s+the)?\s*$/i, "")} `;
    from = span.end;
  }
  rest += text.slice(from);
  return rest
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(?:in|at|from|for)(?:\s+the)?(?:\s+|$)/i, "")
    .replace(/(?:^|\s+)(?:in|at|from|for)(?:\s+the)?$/i, "");
}

/** Marks every token inside a subject phrase (those words are never filters). */
function subjectTokens(tokens: readonly Token[], lexicon: QueryWordLexicon): boolean[] {
  const inSubject = tokens.map(() => false);
  for (let start = 0; start < tokens.length; start += 1) {
    for (let length = Math.min(lexicon.longest, tokens.length - start); length > 1; length -= 1) {
      const words = tokens
        .slice(start, start + length)
        .map((token) => token.word)
        .join(" ");
      if (lexicon.isSubject(words)) {
        for (let index = start; index < start + length; index += 1) inSubject[index] = true;
      }
    }
  }
  return inSubject;
}

interface Found {
  meaning: Meaning;
  start: number;
  end: number;
}

/** The filter phrases of the text, longest first at each word, outside subject phrases. */
function findMeanings(tokens: readonly Token[], lexicon: QueryWordLexicon): Found[] {
  const inSubject = subjectTokens(tokens, lexicon);
  const found: Found[] = [];
  let position = 0;
  while (position < tokens.length) {
    let matched = 0;
    for (
      let length = Math.min(lexicon.longest, tokens.length - position);
      length > 0;
      length -= 1
    ) {
      const slice = tokens.slice(position, position + length);
      if (inSubject.slice(position, position + length).some(Boolean)) continue;
      const meaning = lexicon.meaningOf(slice.map((token) => token.word).join(" "));
      if (!meaning) continue;
      // "Master of Science", "Bachelor of Arts": a degree's name, searched as text.
      if (
        (meaning.kind === "level" || meaning.kind === "degree") &&
        tokens[position + length]?.word === "of"
      ) {
        continue;
      }
      found.push({
        meaning,
        start: slice[0]?.start ?? 0,
        end: slice.at(-1)?.end ?? 0,
      });
      matched = length;
      break;
    }
    position += Math.max(matched, 1);
  }
  return found;
}

/**
 * The plain-language opening the text starts with ("i want to study"), when words follow it: it
 * says what the student wants, not what to search, and is dropped without a chip.
 */
function openingSpan(
  tokens: readonly Token[],
  lexicon: QueryWordLexicon,
): { start: number; end: number } | undefined {
  for (const opening of lexicon.openings) {
    const length = opening.split(" ").length;
    if (length >= tokens.length) continue;
    const words = tokens
      .slice(0, length)
      .map((token) => token.word)
      .join(" ");
    if (words === opening) {
      return { start: tokens[0]?.start ?? 0, end: tokens[length - 1]?.end ?? 0 };
    }
  }
  return undefined;
}

const FREE_TUITION = { kind: "range", min: 0, max: 0 } as const;

type ChipMeaning = Omit<QueryChip, "words" | "text_without">;

/**
 * What one filter phrase does to the query being built (`next`, from the student's `query`): it
 * becomes a filter with a chip, or is taken without one (the student set the same filter, or it
 * repeats an earlier word), or stays text (undefined: the student set that filter otherwise).
 */
function takeMeaning(
  meaning: Meaning,
  query: CourseListQuery,
  next: CourseListQuery,
): { chip?: ChipMeaning } | undefined {
  switch (meaning.kind) {
    case "country": {
      // Countries typed add up ("UK Ireland"); the countries the student picked stay theirs.
      if (query.country.length > 0) return query.country.includes(meaning.slug) ? {} : undefined;
      if (next.country.includes(meaning.slug)) return {};
      next.country.push(meaning.slug);
      return { chip: { kind: "country", label: meaning.label } };
    }
    case "level": {
      // The programme may come from the query, a variant's path (finder-query.ts) or a word.
      if (next.programme === meaning.programme) return {};
      if (next.programme) return undefined;
      next.programme = meaning.programme;
      return { chip: { kind: "level", label: LEVEL_LABELS[meaning.programme] } };
    }
    case "degree": {
      // A degree type the student picked stays theirs, as does another level.
      if (query.degree_type.length > 0) {
        return meaning.ids.every((id) => query.degree_type.includes(id)) ? {} : undefined;
      }
      if (next.degree_type.length > 0) return {};
      if (next.programme && next.programme !== "postgraduate") return undefined;
      next.degree_type = [...meaning.ids];
      return { chip: { kind: "level", label: meaning.label } };
    }
    case "attendance": {
      if (query.attendance.length > 0) {
        return query.attendance.includes(meaning.value) ? {} : undefined;
      }
      if (next.attendance.includes(meaning.value)) return {};
      next.attendance = [...next.attendance, meaning.value];
      return { chip: { kind: "format", label: ATTENDANCE_LABELS[meaning.value] } };
    }
    case "format": {
      if (query.course_format.length > 0) {
        return query.course_format.includes(meaning.value) ? {} : undefined;
      }
      if (next.course_format.includes(meaning.value)) return {};
      next.course_format = [...next.course_format, meaning.value];
      return { chip: { kind: "format", label: FORMAT_LABELS[meaning.value] } };
    }
    case "cheap": {
      // A word about order never searches as text; an order the student picked wins.
      if (query.ordering || next.ordering === "tuition") return {};
      next.ordering = "tuition";
      return { chip: { kind: "price", label: "Cheapest first" } };
    }
    case "free": {
      const { tuition } = query;
      if (tuition) {
        return tuition.kind === "range" && tuition.min === 0 && tuition.max === 0 ? {} : undefined;
      }
      if (next.tuition) return {};
      next.tuition = FREE_TUITION;
      return { chip: { kind: "price", label: "Free" } };
    }
  }
}

/**
 * The filters and order the typed text names, and the text left to search. `query` is the
 * validated finder query; its `name` is the typed text.
 */
export function understandQuery(
  query: CourseListQuery,
  lexicon: QueryWordLexicon,
): QueryUnderstanding {
  const typed = query.name ?? "";
  const tokens = queryTokens(typed);
  const opening = openingSpan(tokens, lexicon);
  const found = findMeanings(tokens, lexicon).filter(
    (item) => !opening || item.start >= opening.end,
  );
  if (found.length === 0 && !opening) return { query, text: typed, chips: [] };

  const next: CourseListQuery = { ...query, country: [...query.country] };
  const taken: Array<{ found: Found; chip?: ChipMeaning }> = [];
  for (const item of found) {
    const taking = takeMeaning(item.meaning, query, next);
    if (taking) taken.push({ found: item, ...taking });
  }
  if (taken.length === 0 && !opening) return { query, text: typed, chips: [] };

  const text = textWithout(typed, [
    ...(opening ? [opening] : []),
    ...taken.map((entry) => entry.found),
  ]);
  const chips: QueryChip[] = taken.flatMap((entry) =>
    entry.chip
      ? [
          {
            ...entry.chip,
            words: typed.slice(entry.found.start, entry.found.end),
            text_without: textWithout(typed, [entry.found]),
          },
        ]
      : [],
  );
  const { name: _typed, ...rest } = next;
  return { query: text ? { ...rest, name: text } : rest, text, chips };
}
