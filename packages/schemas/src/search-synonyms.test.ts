// The synonym editor's rules (docs/decisions/044-synonyms-as-data.md): words normalised as the
// finder compares them, and each malformed entry refused with its field's message.
import { describe, expect, it } from "vitest";

import {
  normaliseSynonymWord,
  SYNONYM_MESSAGES,
  SynonymInputSchema,
  synonymWordsOf,
} from "./search-synonyms.ts";

function messages(body: unknown): Record<string, string[]> {
  const result = SynonymInputSchema.safeParse(body);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    (out[String(issue.path[0] ?? "")] ??= []).push(issue.message);
  }
  return out;
}

describe("synonym words", () => {
  it("are lower case, unaccented and single-spaced, punctuation read as a space", () => {
    expect(normaliseSynonymWord("  Hôtellerie ")).toBe("hotellerie");
    expect(normaliseSynonymWord("Comp-Sci")).toBe("comp sci");
    expect(normaliseSynonymWord("M.B.A.")).toBe("m b a");
    expect(normaliseSynonymWord("Master   of\tArts")).toBe("master of arts");
    expect(normaliseSynonymWord("—")).toBe("");
  });

  it("come from the editor's field split at commas, blanks dropped", () => {
    expect(synonymWordsOf(" cs, computer science ,, comp sci ")).toEqual([
      "cs",
      "computer science",
      "comp sci",
    ]);
    expect(synonymWordsOf("")).toEqual([]);
  });
});

describe("a synonym entry", () => {
  it("is normalised: a two-way set drops an empty input, a blank note is none", () => {
    expect(
      SynonymInputSchema.parse({ kind: "two-way", input: "", words: ["MBA", "Master of B.A."] }),
    ).toEqual({ kind: "two-way", input: null, words: ["mba", "master of b a"], note: null });
    expect(
      SynonymInputSchema.parse({
        kind: "one-way",
        input: "Psych",
        words: ["Psychology"],
        note: "  Students' shorthand. ",
      }),
    ).toEqual({
      kind: "one-way",
      input: "psych",
      words: ["psychology"],
      note: "Students' shorthand.",
    });
  });

  it("is refused with the field's message when malformed", () => {
    expect(messages({ kind: "both", words: ["a", "b"] }).kind).toEqual([SYNONYM_MESSAGES.kind]);
    expect(messages({ kind: "two-way", words: ["a"] }).words).toEqual([
      SYNONYM_MESSAGES.twoWayWords,
    ]);
    expect(messages({ kind: "one-way", input: "a", words: [] }).words).toEqual([
      SYNONYM_MESSAGES.oneWayWords,
    ]);
    expect(messages({ kind: "one-way", words: ["a"] }).input).toEqual([
      SYNONYM_MESSAGES.inputRequired,
    ]);
    expect(messages({ kind: "two-way", input: "x", words: ["a", "b"] }).input).toEqual([
      SYNONYM_MESSAGES.inputOnTwoWay,
    ]);
    expect(messages({ kind: "two-way", words: ["Café", "cafe"] }).words).toEqual([
      SYNONYM_MESSAGES.repeatedWord("cafe"),
    ]);
    expect(messages({ kind: "one-way", input: "AI", words: ["ai "] }).input).toEqual([
      SYNONYM_MESSAGES.inputInWords,
    ]);
    expect(messages({ kind: "two-way", words: ["a", "?!"] }).words).toEqual([
      SYNONYM_MESSAGES.emptyWord,
    ]);
  });
});
