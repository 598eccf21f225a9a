// Structured entry requirements and a student's qualifications (docs/decisions/054-entry-
// requirements-and-eligibility.md): the education levels, the English tests with their score
// scales, and the schemas the partner form, the settings form and the server share.
import { z } from "zod";

import { MAX_INT4 } from "./limits.ts";
import { repeatable, wholeNumber } from "./query-params.ts";
import {
  EDUCATION_LEVELS,
  ENGLISH_TEST_KEYS,
  ENGLISH_TESTS,
  formatScore,
  isValidScore,
  type EnglishTest,
} from "./english-tests.ts";

export {
  EDUCATION_LABELS,
  EDUCATION_LEVELS,
  ENGLISH_TEST_KEYS,
  ENGLISH_TESTS,
  formatScore,
  isValidScore,
  type EducationLevel,
  type EnglishTest,
} from "./english-tests.ts";

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
