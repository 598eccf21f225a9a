// The rules of search understanding (docs/decisions/043-search-understanding.md) on a small
// vocabulary: synonyms (two-way and one-way, phrases, longest first), variants, run-together
// words, the last word's completions, corrections only as a last resort, and the tsquery and
// exact query they make, printed as PostgreSQL prints a tsquery.
import { describe, expect, it } from "vitest";

import { SearchVocabulary } from "../search-vocabulary.ts";
import { TEST_SYNONYMS } from "../testing/synonyms-fixture.ts";
import { composeQuery, correctedText, namePattern } from "./compose.ts";
import { expandWords, splitWord, type Lexicon, type Span } from "./expand.ts";
import { variantTable, VARIANTS } from "./variants.ts";

/** Vocabulary words with their frequency and PostgreSQL's tsquery of each (stems as it makes them). */
const WORDS: Record<string, [number, string]> = {
  data: [40, "'data'"],
  science: [90, "'scienc'"],
  sciences: [5, "'scienc'"],
  scientific: [3, "'scientif'"],
  computer: [30, "'comput'"],
  computing: [10, "'comput'"],
  computational: [4, "'comput'"],
  mathematics: [12, "'mathemat'"],
  mathematical: [2, "'mathemat'"],
  maths: [6, "'math'"],
  psychology: [25, "'psycholog'"],
  psychological: [4, "'psycholog'"],
  finance: [20, "'financ'"],
  financial: [15, "'financi'"],
  business: [60, "'busi'"],
  administration: [20, "'administr'"],
  master: [50, "'master'"],
  intelligence: [8, "'intellig'"],
  artificial: [8, "'artifici'"],
  management: [70, "'manag'"],
  statistics: [5, "'statist'"],
  estate: [5, "'estat'"],
  the: [1, ""],
};
/** Other words' tsqueries, as PostgreSQL would answer them. */
const OTHER: Record<string, string> = {
  cs: "'cs'",
  comp: "'comp'",
  sci: "'sci'",
  ai: "'ai'",
  mba: "'mba'",
  of: "",
  math: "'math'",
  psych: "'psych'",
  stats: "'stat'",
  datascience: "'datasci'",
  datasci: "'datasci'",
  statz: "'statz'",
  hotellerie: "'hotelleri'",
  sciense: "'sciens'",
  statis: "'stati'",
  "12e5x": "'12e5' <-> 'x'",
};

const vocabulary = new SearchVocabulary(
  Object.entries(WORDS).map(([word, [frequency, query]]) => ({ word, frequency, query })),
);
const lexicon: Lexicon = {
  has: (word) => vocabulary.has(word),
  frequencyOf: (word) => vocabulary.frequencyOf(word),
  completions: (prefix) => vocabulary.completions(prefix, 6),
  correctionOf: (word) => vocabulary.correctionOf(word),
};
const queryOf = (word: string) => vocabulary.queryOfWord(word) ?? OTHER[word];

function expand(text: string, completeLast = true): Span[] {
  return expandWords(text.split(" "), lexicon, {
    synonyms: TEST_SYNONYMS,
    variants: VARIANTS,
    completeLast,
  });
}

function readings(spans: readonly Span[]): string[][] {
  return spans.map((span) =>
    span.alternatives.map((alternative) => `${alternative.kind}:${alternative.words.join(" ")}`),
  );
}

describe("expansion", () => {
  it("reads a two-way synonym both ways, phrases included", () => {
    expect(readings(expand("cs"))).toEqual([
      ["typed:cs", "synonym:computer science", "synonym:computing"],
    ]);
    expect(readings(expand("computer science data", false))).toEqual([
      ["typed:computer science", "synonym:cs", "synonym:computing"],
      ["typed:data"],
    ]);
  });

  it("reads a one-way synonym from its input only", () => {
    expect(readings(expand("comp sci"))).toEqual([
      ["typed:comp sci", "synonym:computer science", "synonym:computing"],
    ]);
    expect(readings(expand("statistics", false))).toEqual([
      ["typed:statistics", "variant:statistical", "variant:statistician"],
    ]);
    expect(readings(expand("stats"))).toEqual([["typed:stats", "synonym:statistics"]]);
    // A profession reads as its field ('how to become a psychologist').
    expect(readings(expand("psychologist", false))[0]).toContain("variant:psychology");
  });

  it("takes the longest synonym phrase first", () => {
    expect(readings(expand("master of business administration", false))).toEqual([
      ["typed:master of business administration", "synonym:mba"],
    ]);
    expect(readings(expand("master data", false))).toEqual([["typed:master"], ["typed:data"]]);
  });

  it("adds variants both ways", () => {
    expect(readings(expand("financial", false))).toEqual([["typed:financial", "variant:finance"]]);
    expect(readings(expand("finance", false))).toEqual([["typed:finance", "variant:financial"]]);
    expect(variantTable([["a", "b", "c"]]).get("b")).toEqual(["a", "c"]);
  });

  it("splits a run-together pair of vocabulary words", () => {
    expect(splitWord("datascience", lexicon)).toEqual(["data", "science"]);
    expect(splitWord("science", lexicon)).toBeUndefined();
    expect(readings(expand("datascience", false))).toEqual([
      ["typed:datascience", "split:data science"],
    ]);
  });

  it("completes the last word only, commonest completions first, not after a space", () => {
    expect(readings(expand("psych"))).toEqual([
      ["typed:psych", "completion:psychology", "completion:psychological"],
    ]);
    // A synonym reads the word: its readings stand, without completions.
    expect(readings(expand("math"))).toEqual([
      // Words that 'math' starts: read as variants, matched anywhere (ADR 060).
      ["typed:math", "variant:maths", "variant:mathematics"],
    ]);
    expect(readings(expand("mathem"))).toEqual([
      ["typed:mathem", "completion:mathematics", "completion:mathematical"],
    ]);
    // Not last: no completion, and so corrected as any unknown word (ADR 005).
    expect(readings(expand("psych data"))).toEqual([["correction:psychology"], ["typed:data"]]);
    expect(readings(expand("psych", false))).toEqual([["correction:psychology"]]);
    // A vocabulary word typed whole does not complete ('science' is not 'sciences').
    expect(readings(expand("science"))).toEqual([["typed:science"]]);
    // Shorter than three letters: no completion.
    expect(readings(expand("ma"))).toEqual([["typed:ma"]]);
  });

  it("corrects a word only when nothing else reads it, instead of the word (ADR 005)", () => {
    expect(readings(expand("sciense data"))).toEqual([["correction:science"], ["typed:data"]]);
    // Completions and synonyms read it: no correction.
    expect(readings(expand("stats"))[0]).not.toContain("correction:estate");
    expect(readings(expand("statis"))).toEqual([["typed:statis", "completion:statistics"]]);
    // Known words and short words are never corrected.
    expect(readings(expand("mba data", false))).toEqual([
      ["typed:mba", "synonym:master of business administration"],
      ["typed:data"],
    ]);
  });
});

describe("composition", () => {
  it("prints the tsquery as PostgreSQL does: & over spans, | over readings", () => {
    expect(composeQuery(expand("cs"), queryOf)).toEqual({
      query: "'cs' | 'comput' & 'scienc' | 'comput'",
      namePatterns: [namePattern([["cs"], ["computer", "science"], ["computing"]])],
      // The name that is the search, with a qualifier at most, ranks first (ADR 059).
      wholeNamePattern: "^(cs|computer[^a-z0-9]+science|computing)( ?\\(.*| [-–] .*)?$",
      // Synonyms count in the name only (ADR 060): 'computing' is not 'computer' anywhere.
      nameReadings: [
        {
          query: "'cs'",
          namePattern: namePattern([["computers?", "sciences?"], ["computings?"]]),
        },
      ],
    });
    expect(composeQuery(expand("data science", false), queryOf)).toEqual({
      query: "'data' & 'scienc'",
    });
    expect(composeQuery(expand("financial data", false), queryOf)?.query).toBe(
      "( 'financi' | 'financ' ) & 'data'",
    );
  });

  it("drops stop words, and a reading the same as another", () => {
    expect(composeQuery(expand("mba"), queryOf)?.query).toBe(
      "'mba' | 'master' & 'busi' & 'administr'",
    );
    expect(composeQuery(expand("mba"), queryOf)?.nameReadings).toEqual([
      {
        query: "'mba'",
        namePattern: namePattern([["masters?", "of", "business", "administrations?"]]),
      },
    ]);
    // 'sciences' is 'scienc' again: one reading, so no name patterns either.
    expect(composeQuery(expand("science"), queryOf)).toEqual({ query: "'scienc'" });
  });

  it("does not complete a stop word typed last", () => {
    expect(composeQuery(expand("data the"), queryOf)).toEqual({ query: "'data'" });
  });

  it("makes the exact query without completions and corrections", () => {
    expect(composeQuery(expand("psych"), queryOf)).toEqual({
      query: "'psych' | 'psycholog'",
      exactQuery: "'psych'",
      namePatterns: [namePattern([["psych"], ["psychology"], ["psychological"]])],
      // Completions are no exact hit: not in the whole name.
      wholeNamePattern: "^(psych)( ?\\(.*| [-–] .*)?$",
    });
    // A correction stands for its word in both.
    const corrected = expand("sciense psych");
    expect(composeQuery(corrected, queryOf)).toEqual({
      query: "'scienc' & ( 'psych' | 'psycholog' )",
      exactQuery: "'scienc' & 'psych'",
      namePatterns: [namePattern([["psych"], ["psychology"], ["psychological"]])],
      wholeNamePattern: "^(science)[^a-z0-9]+(psych)( ?\\(.*| [-–] .*)?$",
    });
    expect(correctedText(corrected)).toBe("science psych");
    expect(correctedText(expand("psych"))).toBe("psych");
  });

  it("leaves a word PostgreSQL splits, or one it was not asked about, to the text as typed", () => {
    expect(composeQuery(expand("12e5x"), queryOf)).toBeUndefined();
    expect(composeQuery(expand("unknownword"), () => undefined)).toBeUndefined();
  });

  it("reads a synonym that is a variant or the typed word's end as a variant (ADR 060)", () => {
    const spans = expandWords(["finance"], lexicon, {
      synonyms: [{ kind: "two-way", words: ["finance", "financial"] }],
      variants: VARIANTS,
      completeLast: false,
    });
    expect(readings(spans)).toEqual([["typed:finance", "variant:financial"]]);
    expect(composeQuery(spans, queryOf)?.nameReadings).toBeUndefined();
    // An abbreviation that is the word's start reads as the word, as a word start would.
    const psych = expandWords(["psych"], lexicon, {
      synonyms: [{ kind: "one-way", input: "psych", words: ["psychology"] }],
      variants: VARIANTS,
      completeLast: false,
    });
    expect(readings(psych)).toEqual([["typed:psych", "variant:psychology"]]);
  });

  it("matches a synonym phrase in the name only, its words also in the plural (ADR 060)", () => {
    const readings = composeQuery(expand("cs"), queryOf)?.nameReadings ?? [];
    const pattern = new RegExp(readings[0]?.namePattern ?? "^$");
    for (const name of ["computer science", "bsc computer sciences", "msc (computer science)"]) {
      expect(pattern.test(name)).toBe(true);
    }
    for (const name of ["computer engineering and data science", "computerscience", "computer"]) {
      expect(pattern.test(name)).toBe(false);
    }
    // A typed phrase is the student's own words: it matches anywhere, as before.
    expect(composeQuery(expand("data science", false), queryOf)?.nameReadings).toBeUndefined();
  });

  it("matches names holding a reading as whole words", () => {
    const pattern = new RegExp(namePattern([["computer", "science"], ["cs"]]));
    expect(pattern.test("bsc (hons) computer science")).toBe(true);
    expect(pattern.test("computer-science")).toBe(true);
    expect(pattern.test("cs")).toBe(true);
    expect(pattern.test("master of science in computer networks")).toBe(false);
    expect(pattern.test("physics")).toBe(false);
  });
});

describe("a synonym phrase with a misspelt word", () => {
  const synonyms = [{ kind: "two-way" as const, words: ["cybersecurity", "cyber security"] }];
  const known = new Set(["cyber", "security", "cybersecurity", "data"]);
  const asked: string[] = [];
  const fake: Lexicon = {
    has: (word) => known.has(word),
    frequencyOf: (word) => (known.has(word) ? 1 : 0),
    completions: () => [],
    correctionOf: (word) => {
      asked.push(word);
      return { securty: "security", dta: "data" }[word];
    },
  };
  const read = (text: string) =>
    readings(
      expandWords(text.split(" "), fake, { synonyms, variants: VARIANTS, completeLast: true }),
    );

  it("reads the corrected phrase and its synonyms, as corrections", () => {
    expect(read("cyber securty")).toEqual([
      ["correction:cyber security", "correction:cybersecurity"],
    ]);
    expect(
      correctedText(
        expandWords(["cyber", "securty"], fake, {
          synonyms,
          variants: VARIANTS,
          completeLast: true,
        }),
      ),
    ).toBe("cyber security");
  });

  it("asks for a correction only where a phrase has another word", () => {
    asked.length = 0;
    expect(read("cyber security")).toEqual([["typed:cyber security", "synonym:cybersecurity"]]);
    expect(read("data cyber")).toEqual([["typed:data"], ["typed:cyber"]]);
    expect(asked).toEqual([]);
    expect(read("cyber dta")).toEqual([["typed:cyber"], ["correction:data"]]);
  });
});

describe("the name that is the search, and a profession's field (ADR 059)", () => {
  it("matches the name that is a reading of the search, with a qualifier at most", () => {
    const whole = composeQuery(expand("mba"), queryOf)?.wholeNamePattern;
    expect(whole).toBeDefined();
    const pattern = new RegExp(whole as string);
    expect(pattern.test("mba")).toBe(true);
    expect(pattern.test("master of business administration")).toBe(true);
    expect(pattern.test("mba (online)")).toBe(true);
    expect(pattern.test("mba – evening cohort")).toBe(true);
    expect(pattern.test("mba in finance")).toBe(false);
    expect(pattern.test("global mba")).toBe(false);
  });

  it("compares a profession as its field, when the span reads it so", () => {
    const spans = expand("psychologist", false);
    expect(correctedText(spans)).toBe("psychology");
    expect(correctedText(expand("economist psychology", false))).toBe("economics psychology");
  });
});
