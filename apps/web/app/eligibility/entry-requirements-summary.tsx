// A programme's structured entry requirements as the programme page lists them (ADR 054): the
// minimum education, the English tests accepted (any one), the years of work experience, or
// "No formal requirements".
import type { EntryRequirements } from "@studyatlas/schemas/entry-requirements.ts";
import { EDUCATION_LABELS, ENGLISH_TESTS, formatScore } from "@studyatlas/schemas/english-tests.ts";

import styles from "./entry-requirements-summary.module.css";

/** Each stated requirement as a label and a value, in the order the page lists them. */
function requirementLines(requirements: EntryRequirements): Array<[string, string]> {
  if (requirements.no_formal_requirements) return [["Entry", "No formal requirements"]];
  const lines: Array<[string, string]> = [];
  if (requirements.min_education) {
    lines.push(["Education", `${EDUCATION_LABELS[requirements.min_education]} or higher`]);
  }
  if (requirements.english_tests.length > 0) {
    const tests = requirements.english_tests.map(
      ({ test, score }) => `${ENGLISH_TESTS[test].label} ${formatScore(test, score)}`,
    );
    lines.push(["English", tests.join(" or ")]);
  }
  if (requirements.min_work_years) {
    const years = requirements.min_work_years;
    lines.push(["Work experience", `${years} ${years === 1 ? "year" : "years"}`]);
  }
  return lines;
}

export function EntryRequirementsSummary({
  requirements,
}: {
  requirements: EntryRequirements | null;
}) {
  const lines = requirements ? requirementLines(requirements) : [];
  if (lines.length === 0) return null;
  return (
    <dl className={styles.list} aria-label="Entry requirements at a glance">
      {lines.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
