// Whether a student meets a programme's entry requirements (docs/decisions/054-entry-
// requirements-and-eligibility.md). Three answers: meets (every requirement is known to be met),
// may not meet (at least one is known not to be, each named: "IELTS 6.5 required (you have
// 6.0)"), or unknown (nothing is known to fail but something cannot be told), when the product
// shows nothing. Scores are compared on each test's own scale; a test the programme does not
// accept is not converted into one it does.
import {
  EDUCATION_LABELS,
  EDUCATION_LEVELS,
  ENGLISH_TESTS,
  formatScore,
  type EducationLevel,
  type EntryRequirements,
  type Qualifications,
} from "@studyatlas/schemas/entry-requirements.ts";

export type Eligibility =
  { status: "meets" } | { status: "may-not-meet"; gaps: string[] } | { status: "unknown" };

type Check = { outcome: "met" } | { outcome: "gap"; text: string } | { outcome: "unknown" };

const rank = (level: EducationLevel) => EDUCATION_LEVELS.indexOf(level);

function educationCheck(required: EducationLevel | null, has: EducationLevel | null): Check {
  if (required === null) return { outcome: "met" };
  if (has === null) return { outcome: "unknown" };
  if (rank(has) >= rank(required)) return { outcome: "met" };
  return {
    outcome: "gap",
    text: `${EDUCATION_LABELS[required]} required (you have: ${EDUCATION_LABELS[has].toLowerCase()})`,
  };
}

function englishCheck(
  accepted: EntryRequirements["english_tests"],
  scores: Qualifications["english_scores"],
): Check {
  if (accepted.length === 0) return { outcome: "met" };
  const relevant = accepted.flatMap((requirement) => {
    const own = scores.find((score) => score.test === requirement.test);
    return own ? [{ requirement, score: own.score }] : [];
  });
  // None of the accepted tests taken: cannot tell (other tests are not converted).
  if (relevant.length === 0) return { outcome: "unknown" };
  if (relevant.some(({ requirement, score }) => score >= requirement.score)) {
    return { outcome: "met" };
  }
  const [closest] = relevant;
  if (!closest) return { outcome: "unknown" };
  const { requirement, score } = closest;
  const label = ENGLISH_TESTS[requirement.test].label;
  return {
    outcome: "gap",
    text: `${label} ${formatScore(requirement.test, requirement.score)} required (you have ${formatScore(requirement.test, score)})`,
  };
}

function workCheck(required: number | null, has: number | null): Check {
  if (required === null || required === 0) return { outcome: "met" };
  if (has === null) return { outcome: "unknown" };
  if (has >= required) return { outcome: "met" };
  const years = (n: number) => `${n} ${n === 1 ? "year" : "years"}`;
  return {
    outcome: "gap",
    text: `${years(required)} of work experience required (you have ${years(has)})`,
  };
}

/**
 * The student's standing against a programme's requirements; `unknown` when the programme has no
 * structured requirements or the student has recorded nothing that decides.
 */
export function checkEligibility(
  requirements: EntryRequirements | null,
  qualifications: Qualifications | null,
): Eligibility {
  if (!requirements) return { status: "unknown" };
  if (requirements.no_formal_requirements) return { status: "meets" };
  const hasAny =
    requirements.min_education !== null ||
    requirements.english_tests.length > 0 ||
    (requirements.min_work_years ?? 0) > 0;
  if (!hasAny || !qualifications) return { status: "unknown" };
  const checks = [
    educationCheck(requirements.min_education, qualifications.education),
    englishCheck(requirements.english_tests, qualifications.english_scores),
    workCheck(requirements.min_work_years, qualifications.work_years),
  ];
  const gaps = checks.flatMap((check) => (check.outcome === "gap" ? [check.text] : []));
  if (gaps.length > 0) return { status: "may-not-meet", gaps };
  if (checks.some((check) => check.outcome === "unknown")) return { status: "unknown" };
  return { status: "meets" };
}

/** The note a card or a programme page shows; undefined when nothing is known. */
export function eligibilityNote(eligibility: Eligibility): string | undefined {
  if (eligibility.status === "meets") return "You meet the entry requirements";
  if (eligibility.status === "may-not-meet")
    return `You may not meet: ${eligibility.gaps.join("; ")}`;
  return undefined;
}

/** One requirement as the partner's lead view shows it against the application's qualifications. */
export interface RequirementCheck {
  requirement: string;
  outcome: "met" | "not-met" | "unknown";
  /** What the applicant has ("IELTS 7.0"), or why it cannot be told. */
  detail: string;
}

const NOT_RECORDED = "Not recorded by the applicant";

function outcomeOf(check: Check): RequirementCheck["outcome"] {
  return check.outcome === "met" ? "met" : check.outcome === "gap" ? "not-met" : "unknown";
}

/**
 * Each stated requirement with whether the application's qualifications meet it (ADR 054): the
 * same rules as checkEligibility, one line per requirement. Empty when nothing is stated.
 */
export function requirementChecks(
  requirements: EntryRequirements | null,
  qualifications: Qualifications | null,
): RequirementCheck[] {
  if (!requirements) return [];
  if (requirements.no_formal_requirements) {
    return [{ requirement: "No formal requirements", outcome: "met", detail: "Open to everyone" }];
  }
  const has: Qualifications = qualifications ?? {
    education: null,
    english_scores: [],
    work_years: null,
  };
  const checks: RequirementCheck[] = [];
  if (requirements.min_education) {
    checks.push({
      requirement: `${EDUCATION_LABELS[requirements.min_education]} or higher`,
      outcome: outcomeOf(educationCheck(requirements.min_education, has.education)),
      detail: has.education ? EDUCATION_LABELS[has.education] : NOT_RECORDED,
    });
  }
  if (requirements.english_tests.length > 0) {
    const accepted = requirements.english_tests.map(
      ({ test, score }) => `${ENGLISH_TESTS[test].label} ${formatScore(test, score)}`,
    );
    const taken = has.english_scores.map(
      ({ test, score }) => `${ENGLISH_TESTS[test].label} ${formatScore(test, score)}`,
    );
    checks.push({
      requirement: `English: ${accepted.join(" or ")}`,
      outcome: outcomeOf(englishCheck(requirements.english_tests, has.english_scores)),
      detail: taken.length > 0 ? taken.join(", ") : NOT_RECORDED,
    });
  }
  if ((requirements.min_work_years ?? 0) > 0) {
    const years = requirements.min_work_years ?? 0;
    checks.push({
      requirement: `${years} ${years === 1 ? "year" : "years"} of work experience`,
      outcome: outcomeOf(workCheck(years, has.work_years)),
      detail:
        has.work_years === null
          ? NOT_RECORDED
          : `${has.work_years} ${has.work_years === 1 ? "year" : "years"}`,
    });
  }
  return checks;
}
