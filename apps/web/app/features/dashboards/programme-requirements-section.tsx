// The programme form's structured entry requirements (docs/decisions/054-entry-requirements-and-
// eligibility.md): "no formal requirements", or a minimum education, the English tests accepted
// (any one, each at its minimum on its own scale) and years of work experience. Beside the HTML
// text, which still says it in words; these are what students' eligibility is checked against.
import {
  EDUCATION_LABELS,
  EDUCATION_LEVELS,
  ENGLISH_TESTS,
  ENGLISH_TEST_KEYS,
  formatScore,
} from "@studyatlas/schemas/entry-requirements.ts";

import formStyles from "../../components/form/form.module.css";
import styles from "./dashboard.module.css";
import { ProgrammeInput as Input, ProgrammeSelect as Select } from "./programme-fields.tsx";
import type { RequirementsForm } from "./programme-requirements-values.ts";
import programmeStyles from "./programmes.module.css";
import type { ProgrammeFields } from "./use-programme-form.ts";

export function RequirementsSection({ fields }: { fields: ProgrammeFields }) {
  const { values, set, error } = fields;
  const form = values.entry_requirements;
  const change = (next: Partial<RequirementsForm>) =>
    set("entry_requirements")({ ...form, ...next });
  const problem = error("entry_requirements");
  return (
    <section
      className={styles.card}
      aria-labelledby="programme-entry-requirements"
      data-field="entry_requirements"
    >
      <h2 id="programme-entry-requirements">Entry requirements</h2>
      <p className={formStyles.hint}>
        What students&apos; qualifications are checked against. Leave everything empty when you
        state requirements only in the text.
      </p>
      <label className={programmeStyles.checkboxRow}>
        <input
          type="checkbox"
          checked={form.no_formal}
          onChange={(event) => change({ no_formal: event.target.checked })}
        />
        No formal requirements (open to everyone)
      </label>
      {!form.no_formal && (
        <div className={programmeStyles.grid}>
          <Select
            label="Minimum education"
            name="entry_min_education"
            value={form.min_education}
            onChange={(value) => change({ min_education: value })}
          >
            <option value="">None stated</option>
            {EDUCATION_LEVELS.map((level) => (
              <option key={level} value={level}>
                {EDUCATION_LABELS[level]}
              </option>
            ))}
          </Select>
          {ENGLISH_TEST_KEYS.map((test) => {
            const scale = ENGLISH_TESTS[test];
            return (
              <Input
                key={test}
                label={`Minimum ${scale.label}`}
                name={`entry_${test}`}
                inputMode="decimal"
                value={form.scores[test]}
                hint={`${formatScore(test, scale.min)}–${formatScore(test, scale.max)}; empty if not accepted`}
                onChange={(value) => change({ scores: { ...form.scores, [test]: value } })}
              />
            );
          })}
          <Input
            label="Minimum years of work experience"
            name="entry_min_work_years"
            inputMode="numeric"
            value={form.min_work_years}
            onChange={(value) => change({ min_work_years: value })}
          />
        </div>
      )}
      {problem && (
        <p className={formStyles.error} role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
