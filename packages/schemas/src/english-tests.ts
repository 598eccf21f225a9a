// The education levels and the English tests with their score scales (docs/decisions/054-entry-
// requirements-and-eligibility.md), without zod: the programme page lists requirements with these
// and must not bring the validation library into the chunks it preloads.

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
