// The programme form's entry requirements as typed, and as the API takes them (ADR 054).
import {
  ENGLISH_TEST_KEYS,
  formatScore,
  type EnglishTest,
  type EntryRequirements,
} from "@studyatlas/schemas/entry-requirements.ts";

/** The section's inputs as typed (text for numbers; "" for none). */
export interface RequirementsForm {
  no_formal: boolean;
  min_education: string;
  scores: Record<EnglishTest, string>;
  min_work_years: string;
}

export function requirementsToForm(requirements: EntryRequirements | null): RequirementsForm {
  const scoreOf = (test: EnglishTest) => {
    const found = requirements?.english_tests.find((t) => t.test === test);
    return found ? formatScore(test, found.score) : "";
  };
  return {
    no_formal: requirements?.no_formal_requirements ?? false,
    min_education: requirements?.min_education ?? "",
    scores: Object.fromEntries(ENGLISH_TEST_KEYS.map((test) => [test, scoreOf(test)])) as Record<
      EnglishTest,
      string
    >,
    min_work_years:
      requirements?.min_work_years === null || requirements?.min_work_years === undefined
        ? ""
        : String(requirements.min_work_years),
  };
}

/** The API's payload: numbers as typed (the server names what is off a scale); null for none. */
export function requirementsPayload(form: RequirementsForm): unknown {
  const number = (text: string) => Number(text.trim().replace(",", "."));
  if (form.no_formal) return { no_formal_requirements: true };
  const english_tests = ENGLISH_TEST_KEYS.filter((test) => form.scores[test].trim() !== "").map(
    (test) => ({ test, score: number(form.scores[test]) }),
  );
  const payload = {
    no_formal_requirements: false,
    min_education: form.min_education || null,
    english_tests,
    min_work_years: form.min_work_years.trim() === "" ? null : number(form.min_work_years),
  };
  const states =
    payload.min_education !== null || english_tests.length > 0 || payload.min_work_years !== null;
  return states ? payload : null;
}
