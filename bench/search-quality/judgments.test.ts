import { describe, expect, it } from "vitest";

import { fold, gradeOf, judge, meets, type JudgedQuery, type Programme } from "./judgments.ts";
import { expandQuery } from "./orama.ts";
import { JUDGED_QUERIES } from "./queries.ts";

function programme(overrides: Partial<Programme>): Programme {
  return {
    id: 1,
    name: "MSc Psychology",
    disciplines: ["psychology"],
    level: "postgraduate",
    degree: "MSc",
    country: "GB",
    attendance: "ONLINE",
    format: "FULL",
    tuitionFee: 12_000,
    tuitionUsd: 15_000,
    language: "en",
    ...overrides,
  };
}

describe("fold", () => {
  it("lower-cases and drops accents", () => {
    expect(fold("Máster en Psicología Clínica")).toBe("master en psicologia clinica");
    expect(fold("Management de l'Hôtellerie")).toBe("management de l'hotellerie");
  });
});

describe("meets", () => {
  it("matches the name without case or accents", () => {
    expect(meets(programme({ name: "Máster en Psicología" }), { name: "psicologia" })).toBe(true);
    expect(meets(programme({}), { name: "^law" })).toBe(false);
    expect(meets(programme({}), { notName: "psych" })).toBe(false);
  });

  it("reads disciplines, level, degree, country, attendance and format", () => {
    const p = programme({ disciplines: ["psychology", "medicine"] });
    expect(meets(p, { discipline: ["medicine"] })).toBe(true);
    expect(meets(p, { primary: ["medicine"] })).toBe(false);
    expect(meets(p, { level: ["postgraduate"], degree: ["MSc"], country: ["GB"] })).toBe(true);
    expect(meets(p, { notDegree: ["MSc"] })).toBe(false);
    expect(meets(p, { attendance: ["SITE"] })).toBe(false);
    expect(meets(p, { format: ["FULL"] })).toBe(true);
  });

  it("reads the fee: free is 0, an unknown fee is never cheap", () => {
    expect(meets(programme({ tuitionFee: 0, tuitionUsd: 0 }), { free: true, maxUsd: 0 })).toBe(
      true,
    );
    expect(meets(programme({}), { maxUsd: 10_000 })).toBe(false);
    expect(meets(programme({}), { maxUsd: 15_000 })).toBe(true);
    expect(meets(programme({ tuitionFee: -1, tuitionUsd: null }), { maxUsd: 1e9 })).toBe(false);
  });

  it("combines with any and all", () => {
    const p = programme({});
    expect(meets(p, { any: [{ country: ["US"] }, { country: ["GB"] }] })).toBe(true);
    expect(meets(p, { all: [{ country: ["GB"] }, { degree: ["MBA"] }] })).toBe(false);
  });
});

describe("gradeOf", () => {
  const judged: JudgedQuery = {
    query: "psychology masters UK",
    kind: "natural",
    grades: [
      [3, { name: "psych", level: ["postgraduate"], country: ["GB"] }],
      [2, { name: "psych", level: ["postgraduate"] }],
      [1, { name: "psych" }],
    ],
  };

  it("is the highest tier met, else 0", () => {
    expect(gradeOf(programme({}), judged)).toBe(3);
    expect(gradeOf(programme({ country: "US" }), judged)).toBe(2);
    expect(gradeOf(programme({ country: "US", level: "undergraduate" }), judged)).toBe(1);
    expect(gradeOf(programme({ name: "MSc Law" }), judged)).toBe(0);
  });

  it("judge keeps only the programmes above 0", () => {
    const grades = judge([programme({ id: 1 }), programme({ id: 2, name: "BA Law" })], judged);
    expect([...grades]).toEqual([[1, 3]]);
  });
});

describe("the judged set", () => {
  it("has at least 150 distinct queries of every kind", () => {
    expect(JUDGED_QUERIES.length).toBeGreaterThanOrEqual(150);
    const queries = JUDGED_QUERIES.map((j) => j.query.toLowerCase());
    expect(new Set(queries).size).toBe(queries.length);
    const kinds = new Set(JUDGED_QUERIES.map((j) => j.kind));
    expect([...kinds].sort()).toEqual(
      [
        "abbreviation",
        "compound",
        "exact-name",
        "filter-word",
        "natural",
        "plain",
        "typo",
        "variant",
        "word-start",
      ].sort(),
    );
  });

  it("gives every query a grade 3 tier and valid name patterns", () => {
    for (const judged of JUDGED_QUERIES) {
      expect(judged.grades[0]?.[0], judged.query).toBe(3);
      expect(() => gradeOf(programme({}), judged), judged.query).not.toThrow();
    }
  });
});

describe("the peer's synonym expansion", () => {
  const synonyms = [
    { kind: "two-way" as const, input: null, words: ["mba", "master of business administration"] },
    { kind: "one-way" as const, input: "cs", words: ["computer science", "computing"] },
  ];

  it("adds the query with each phrase replaced by its equivalents, whole words only", () => {
    expect(expandQuery("Cheap MBA", synonyms)).toEqual([
      "cheap mba",
      "cheap master of business administration",
    ]);
    expect(expandQuery("master of business administration", synonyms)).toEqual([
      "master of business administration",
      "mba",
    ]);
    expect(expandQuery("cs masters", synonyms)).toEqual([
      "cs masters",
      "computer science masters",
      "computing masters",
    ]);
    expect(expandQuery("physics", synonyms)).toEqual(["physics"]);
  });

  it("never widens a one-way entry backwards", () => {
    expect(expandQuery("computer science", synonyms)).toEqual(["computer science"]);
  });
});
