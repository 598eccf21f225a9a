import { describe, expect, it } from "vitest";

import {
  ENGLISH_TESTS,
  EntryRequirementsSchema,
  QualificationsSchema,
  formatScore,
  isValidScore,
  type EnglishTest,
} from "@studyatlas/schemas/entry-requirements.ts";

import { checkEligibility, eligibilityNote, requirementChecks } from "./eligibility.ts";

const requirements = (value: unknown) => EntryRequirementsSchema.parse(value);
const qualifications = (value: unknown) => QualificationsSchema.parse(value);

describe("English test scales", () => {
  const cases: Array<[EnglishTest, number[], number[]]> = [
    ["ielts", [0, 5.5, 6, 6.5, 9], [6.25, 9.5, -0.5]],
    ["toefl_ibt", [0, 79, 100, 120], [80.5, 121]],
    ["duolingo", [10, 105, 120, 160], [107, 5, 165]],
    ["pte", [10, 58, 65, 90], [9, 91, 60.5]],
    ["cambridge", [80, 169, 176, 230], [79, 231, 180.5]],
  ];
  it.each(cases)("%s accepts its own scores and refuses others", (test, valid, invalid) => {
    for (const score of valid) expect(isValidScore(test, score), String(score)).toBe(true);
    for (const score of invalid) expect(isValidScore(test, score), String(score)).toBe(false);
  });

  it("prints IELTS with one decimal and the others as whole numbers", () => {
    expect(formatScore("ielts", 6)).toBe("6.0");
    expect(formatScore("toefl_ibt", 90)).toBe("90");
    expect(formatScore("duolingo", 115)).toBe("115");
  });

  it("refuses a score off the scale with the scale in the message", () => {
    const parsed = QualificationsSchema.safeParse({
      english_scores: [{ test: "ielts", score: 6.3 }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      "IELTS scores run from 0.0 to 9.0 in steps of 0.5.",
    );
    expect(Object.keys(ENGLISH_TESTS)).toEqual([
      "ielts",
      "toefl_ibt",
      "duolingo",
      "pte",
      "cambridge",
    ]);
  });
});

describe("eligibility", () => {
  const ielts65 = requirements({ english_tests: [{ test: "ielts", score: 6.5 }] });

  it("meets when a score reaches the minimum, and names the gap when it does not", () => {
    expect(
      checkEligibility(ielts65, qualifications({ english_scores: [{ test: "ielts", score: 7 }] })),
    ).toEqual({
      status: "meets",
    });
    const short = checkEligibility(
      ielts65,
      qualifications({ english_scores: [{ test: "ielts", score: 6 }] }),
    );
    expect(eligibilityNote(short)).toBe("You may not meet: IELTS 6.5 required (you have 6.0)");
  });

  it.each([
    ["toefl_ibt", 90, 89, "TOEFL iBT 90 required (you have 89)"],
    ["duolingo", 120, 115, "Duolingo English Test 120 required (you have 115)"],
    ["pte", 65, 58, "PTE Academic 65 required (you have 58)"],
    ["cambridge", 176, 169, "Cambridge English Scale 176 required (you have 169)"],
  ] as const)("compares %s on its own scale", (test, minimum, below, gap) => {
    const required = requirements({ english_tests: [{ test, score: minimum }] });
    expect(
      checkEligibility(required, qualifications({ english_scores: [{ test, score: minimum }] }))
        .status,
    ).toBe("meets");
    expect(
      checkEligibility(required, qualifications({ english_scores: [{ test, score: below }] })),
    ).toEqual({
      status: "may-not-meet",
      gaps: [gap],
    });
  });

  it("accepts any one of the accepted tests, and does not convert a test it does not accept", () => {
    const either = requirements({
      english_tests: [
        { test: "ielts", score: 6.5 },
        { test: "toefl_ibt", score: 90 },
      ],
    });
    const scores = qualifications({
      english_scores: [
        { test: "ielts", score: 6 },
        { test: "toefl_ibt", score: 95 },
      ],
    });
    expect(checkEligibility(either, scores).status).toBe("meets");
    const onlyPte = qualifications({ english_scores: [{ test: "pte", score: 90 }] });
    expect(checkEligibility(ielts65, onlyPte).status).toBe("unknown");
  });

  it("ranks education levels: a higher degree satisfies a lower requirement", () => {
    const bachelor = requirements({ min_education: "bachelor" });
    expect(checkEligibility(bachelor, qualifications({ education: "master" })).status).toBe(
      "meets",
    );
    expect(checkEligibility(bachelor, qualifications({ education: "bachelor" })).status).toBe(
      "meets",
    );
    expect(
      eligibilityNote(checkEligibility(bachelor, qualifications({ education: "secondary" }))),
    ).toBe("You may not meet: Bachelor's degree required (you have: secondary school)");
  });

  it("counts years of work experience", () => {
    const three = requirements({ min_work_years: 3 });
    expect(checkEligibility(three, qualifications({ work_years: 3 })).status).toBe("meets");
    expect(eligibilityNote(checkEligibility(three, qualifications({ work_years: 1 })))).toBe(
      "You may not meet: 3 years of work experience required (you have 1 year)",
    );
  });

  it("says nothing when something cannot be told, unless something is known to fail", () => {
    const both = requirements({ min_education: "bachelor", min_work_years: 2 });
    expect(checkEligibility(both, qualifications({ education: "master" })).status).toBe("unknown");
    expect(checkEligibility(both, qualifications({ work_years: 0 })).status).toBe("may-not-meet");
    expect(checkEligibility(both, null).status).toBe("unknown");
    expect(checkEligibility(null, qualifications({ education: "master" })).status).toBe("unknown");
    expect(checkEligibility(requirements({}), qualifications({ education: "master" })).status).toBe(
      "unknown",
    );
    expect(eligibilityNote({ status: "unknown" })).toBeUndefined();
  });

  it("lets everyone into a programme with no formal requirements", () => {
    const open = requirements({ no_formal_requirements: true });
    expect(checkEligibility(open, null)).toEqual({ status: "meets" });
    expect(eligibilityNote(checkEligibility(open, null))).toBe("You meet the entry requirements");
  });

  it("lists every gap at once", () => {
    const all = requirements({
      min_education: "master",
      english_tests: [{ test: "ielts", score: 7 }],
      min_work_years: 5,
    });
    const have = qualifications({
      education: "bachelor",
      english_scores: [{ test: "ielts", score: 6.5 }],
      work_years: 2,
    });
    const result = checkEligibility(all, have);
    expect(result.status === "may-not-meet" && result.gaps).toHaveLength(3);
  });
});

describe("each requirement for the partner's lead view", () => {
  const strict = requirements({
    min_education: "master",
    english_tests: [
      { test: "ielts", score: 7 },
      { test: "duolingo", score: 120 },
    ],
    min_work_years: 2,
  });

  it("says which the applicant meets, which not, and which cannot be told", () => {
    expect(
      requirementChecks(
        strict,
        qualifications({
          education: "master",
          english_scores: [{ test: "duolingo", score: 115 }],
        }),
      ),
    ).toEqual([
      { requirement: "Master's degree or higher", outcome: "met", detail: "Master's degree" },
      {
        requirement: "English: IELTS 7.0 or Duolingo English Test 120",
        outcome: "not-met",
        detail: "Duolingo English Test 115",
      },
      {
        requirement: "2 years of work experience",
        outcome: "unknown",
        detail: "Not recorded by the applicant",
      },
    ]);
  });

  it("lists every requirement as unknown for an applicant who recorded nothing", () => {
    expect(requirementChecks(strict, null).map((check) => check.outcome)).toEqual([
      "unknown",
      "unknown",
      "unknown",
    ]);
  });

  it("has one line for an open course and none when nothing is stated", () => {
    expect(requirementChecks(requirements({ no_formal_requirements: true }), null)).toEqual([
      { requirement: "No formal requirements", outcome: "met", detail: "Open to everyone" },
    ]);
    expect(requirementChecks(null, qualifications({ education: "master" }))).toEqual([]);
  });
});
