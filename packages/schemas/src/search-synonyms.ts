// The finder's synonym entries as the sales dashboard edits them and the partner dashboard lists
// them (docs/decisions/044-synonyms-as-data.md): one schema for the editor's form and the API's
// body. Words are stored as the finder compares them: lower case, without accents, anything other
// than letters and digits read as a space, single-spaced ("Comp-Sci" is "comp sci").
import { z } from "zod";

import { MAX_INT4 } from "./limits.ts";
import { single } from "./query-params.ts";

export const SYNONYM_KINDS = ["two-way", "one-way"] as const;
export type SynonymKindName = (typeof SYNONYM_KINDS)[number];

export const MAX_SYNONYM_WORDS = 20;
export const MAX_SYNONYM_WORD_LENGTH = 80;
export const MAX_SYNONYM_NOTE_LENGTH = 500;

export const SYNONYM_MESSAGES = {
  kind: "Choose two-way or one-way.",
  inputRequired: "Enter the word this entry widens.",
  inputOnTwoWay: "A two-way entry has no input word: each of its words stands for the others.",
  inputInWords: "The input word cannot also be one of its words.",
  emptyWord: "Each word needs at least one letter or digit.",
  wordTooLong: `Each word can have at most ${MAX_SYNONYM_WORD_LENGTH} characters.`,
  tooManyWords: `An entry can have at most ${MAX_SYNONYM_WORDS} words.`,
  twoWayWords: "A two-way entry needs at least two words.",
  oneWayWords: "A one-way entry needs at least one word.",
  repeatedWord: (word: string) => `"${word}" is listed twice.`,
  note: `The note can have at most ${MAX_SYNONYM_NOTE_LENGTH} characters.`,
  duplicate: "This entry already exists.",
  notFound: "This synonym entry does not exist.",
} as const;

/** A word or phrase as the finder compares it. */
export function normaliseSynonymWord(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((part) => part.length > 0)
    .join(" ");
}

/** The words of an entry as one line for the editor's field: "mba, master of business administration". */
export function synonymWordsText(words: readonly string[]): string {
  return words.join(", ");
}

/** The editor's one-line field split into words. */
export function synonymWordsOf(text: string): string[] {
  return text
    .split(",")
    .map((word) => word.trim())
    .filter((word) => word !== "");
}

const Word = z.string({ error: SYNONYM_MESSAGES.emptyWord }).max(MAX_SYNONYM_WORD_LENGTH, {
  error: SYNONYM_MESSAGES.wordTooLong,
});

/** The body of a create or an edit. */
export const SynonymInputSchema = z
  .object({
    kind: z.enum(SYNONYM_KINDS, { error: SYNONYM_MESSAGES.kind }),
    input: Word.nullish(),
    words: z
      .array(Word, { error: SYNONYM_MESSAGES.twoWayWords })
      .max(MAX_SYNONYM_WORDS, { error: SYNONYM_MESSAGES.tooManyWords }),
    note: z
      .string({ error: SYNONYM_MESSAGES.note })
      .max(MAX_SYNONYM_NOTE_LENGTH, { error: SYNONYM_MESSAGES.note })
      .nullish(),
  })
  .transform((value, ctx) => {
    const input = normaliseSynonymWord(value.input ?? "");
    const words = value.words.map(normaliseSynonymWord);
    const issue = (path: string, message: string) => {
      ctx.addIssue({ code: "custom", path: [path], message });
    };
    if (value.kind === "one-way" && input === "") {
      issue("input", value.input ? SYNONYM_MESSAGES.emptyWord : SYNONYM_MESSAGES.inputRequired);
    }
    if (value.kind === "two-way" && input !== "") issue("input", SYNONYM_MESSAGES.inputOnTwoWay);
    if (words.some((word) => word === "")) issue("words", SYNONYM_MESSAGES.emptyWord);
    else if (value.kind === "two-way" && words.length < 2) {
      issue("words", SYNONYM_MESSAGES.twoWayWords);
    } else if (value.kind === "one-way" && words.length < 1) {
      issue("words", SYNONYM_MESSAGES.oneWayWords);
    } else {
      const repeated = words.find((word, index) => words.indexOf(word) !== index);
      if (repeated !== undefined) issue("words", SYNONYM_MESSAGES.repeatedWord(repeated));
      else if (value.kind === "one-way" && words.includes(input)) {
        issue("input", SYNONYM_MESSAGES.inputInWords);
      }
    }
    const note = value.note?.trim() ?? "";
    return {
      kind: value.kind,
      input: value.kind === "one-way" ? input : null,
      words,
      note: note === "" ? null : note,
    };
  });

export type SynonymInput = z.output<typeof SynonymInputSchema>;

export const SynonymParamsSchema = z.object({
  id: z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)])
    .pipe(z.number().int().min(1).max(MAX_INT4)),
});

/** The list's filter: entries with a word, input or note containing `q`. */
export const SynonymListQuerySchema = z.object({
  q: single(z.string().max(200).optional()),
});

export const SynonymSchema = z.object({
  id: z.number(),
  kind: z.enum(SYNONYM_KINDS),
  input: z.string().nullable(),
  words: z.array(z.string()),
  note: z.string().nullable(),
  updated_at: z.string(),
  /** The sales agent who last changed it; null for the curated list or a deleted account. */
  updated_by: z.string().nullable(),
});

export const SynonymListSchema = z.object({
  /** Entries in the table, whatever the filter. */
  total: z.number(),
  results: z.array(SynonymSchema),
});

export type Synonym = z.infer<typeof SynonymSchema>;
export type SynonymList = z.infer<typeof SynonymListSchema>;
