// Structured entry requirements and a student's qualifications (docs/decisions/054-entry-
// requirements-and-eligibility.md): the education levels, the English tests with their score
// scales, and the schemas the partner form, the settings form and the server share.
import { z } from "zod";

import { MAX_INT4 } from "./limits.ts";
import { repeatable, wholeNumber } from "./query-params.ts";

/** Prior education, lowest first (a higher level also satisfies a lower requirement). */
export const EDUCATION_LEVELS = ["secondary", "bachelor", "master"] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];

export const EDUCATION_LABELS: Record<EducationLevel, string> = {
  secondary: "Secondary school",
  bachelor: "Bachelor's degree",
  master: "Master's degree",
};

/** Each test's own scale: the lowest and highest score and the step between scores. */
export const ENGLISH_TESTS = {
  ielts: { label: "IELTS", min: 0, max: 9, step: 0.5, decimals: 1 },
  toefl_ibt: { label: "TOEFL iBT", min: 0, max: 120, step: 1, decimals: 0 },
  duolingo: { label: "Duolingo English Test", min: 10, max: 160, step: 5, decimals: 0 },
  pte: { label: "PTE Academic", min: 10, max: 90, step: 1, decimals: 0 },
  cambridge: { label: "Cambridge English Scale", min: 80, max: 230, step: 1, decimals: 0 },
} as const;
export type EnglishTest = keyof typeof ENGLISH_TESTS;
export const ENGLISH_TEST_KEYS = Object.keys(ENGLISH_TESTS) as EnglishTest[];

/** Whether `score` is a score the test gives: within its scale and on its steps. */
export function isValidScore(test: EnglishTest, score: number): boolean {
  const scale = ENGLISH_TESTS[test];
  if (!Number.isFinite(score) || score < scale.min || score > scale.max) return false;
  const steps = (score - scale.min) / scale.step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

/** "6.5" for IELTS, "90" for TOEFL iBT. */
export function formatScore(test: EnglishTest, score: number): string {
  return score.toFixed(ENGLISH_TESTS[test].decimals);
}

function scaleMessage(test: EnglishTest): string {
  const scale = ENGLISH_TESTS[test];
  return `${scale.label} scores run from ${formatScore(test, scale.min)} to ${formatScore(test, scale.max)} in steps of ${scale.step}.`;
}

const TestScoreSchema = z
  .object({
    test: z.enum(ENGLISH_TEST_KEYS as [EnglishTest, ...EnglishTest[]], {
      error: "Choose IELTS, TOEFL iBT, Duolingo, PTE or Cambridge.",
    }),
    score: z.number({ error: "Enter a score." }),
  })
  .superRefine((value, ctx) => {
    if (!isValidScore(value.test, value.score)) {
      ctx.addIssue({ code: "custom", path: ["score"], message: scaleMessage(value.test) });
    }
  });

const YearsSchema = z
  .number({ error: "Enter a number of years." })
  .int("Enter whole years.")
  .min(0, "Years cannot be negative.")
  .max(50, "At most 50 years.");

const EducationSchema = z.enum(EDUCATION_LEVELS, {
  error: "Choose secondary school, a bachelor's or a master's degree.",
});

/** What a programme asks of applicants; `no_formal_requirements` for open courses. */
export const EntryRequirementsSchema = z.object({
  no_formal_requirements: z.boolean().default(false),
  min_education: EducationSchema.nullable().default(null),
  /** Any one of these tests at its minimum score is enough. */
  english_tests: z
    .array(TestScoreSchema)
    .max(5)
    .refine((tests) => new Set(tests.map((t) => t.test)).size === tests.length, {
      message: "Name each test once.",
    })
    .default([]),
  min_work_years: YearsSchema.nullable().default(null),
});
export type EntryRequirements = z.output<typeof EntryRequirementsSchema>;

/** A student's own qualifications (all optional; shown to a school only in an application). */
export const QualificationsSchema = z.object({
  education: EducationSchema.nullable().default(null),
  english_scores: z
    .array(TestScoreSchema)
    .max(5)
    .refine((tests) => new Set(tests.map((t) => t.test)).size === tests.length, {
      message: "Enter each test once.",
    })
    .default([]),
  work_years: YearsSchema.nullable().default(null),
});
export type Qualifications = z.output<typeof QualificationsSchema>;

/** A student's standing against one programme (ADR 054); `note` is what a card or page shows. */
const CourseEligibilitySchema = z.object({
  course_id: z.number().int(),
  status: z.enum(["meets", "may-not-meet", "unknown"]),
  /** Each requirement not met, named ("IELTS 6.5 required (you have 6.0)"). */
  gaps: z.array(z.string()),
  /** "You meet the entry requirements", "You may not meet: …"; absent when unknown. */
  note: z.string().optional(),
});
export type CourseEligibility = z.infer<typeof CourseEligibilitySchema>;

export const CourseEligibilityListSchema = z.object({
  /** Whether the student has recorded any qualification (else every answer is unknown). */
  has_qualifications: z.boolean(),
  results: z.array(CourseEligibilitySchema),
});
export type CourseEligibilityList = z.infer<typeof CourseEligibilityListSchema>;

/** The programmes to check (`?course_id=1&course_id=2`), at most a finder page and its strips. */
export const EligibilityQuerySchema = z.object({
  course_id: repeatable(wholeNumber(1, MAX_INT4)).pipe(
    z.array(z.number()).min(1, "Name at least one programme.").max(100, "At most 100 programmes."),
  ),
});
