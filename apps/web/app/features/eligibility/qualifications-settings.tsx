// "My qualifications" in /settings (docs/decisions/054-entry-requirements-and-eligibility.md):
// the highest education, English test scores and years of work experience, all optional. Used
// only to say whether the student meets a programme's entry requirements; a school sees them only
// in an application the student sends.
import { useState, type FormEvent } from "react";

import {
  EDUCATION_LABELS,
  EDUCATION_LEVELS,
  ENGLISH_TESTS,
  ENGLISH_TEST_KEYS,
  formatScore,
  type EnglishTest,
  type Qualifications,
} from "@studyatlas/schemas/entry-requirements.ts";

import { callApi } from "../../auth/account-api.ts";
import formStyles from "../../components/form/form.module.css";
import { FormField } from "../../components/form/form-field.tsx";
import { useToast } from "../../components/toast/toast-provider.tsx";
import { useForgetEligibility } from "../../eligibility/eligibility-context.tsx";
import { qualificationsFromForm } from "./qualifications-form.ts";
import styles from "./qualifications-settings.module.css";

const SAVED = "Your qualifications are saved.";
const FAILED = "Your qualifications could not be saved. Please try again.";

function scaleHint(test: EnglishTest): string {
  const scale = ENGLISH_TESTS[test];
  return `${formatScore(test, scale.min)}–${formatScore(test, scale.max)}`;
}

export function QualificationsSettings({
  initial,
  className,
  titleClassName,
}: {
  initial: Qualifications | null;
  className?: string;
  titleClassName?: string;
}) {
  const toast = useToast();
  const forgetEligibility = useForgetEligibility();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const scoreOf = (test: EnglishTest) => {
    const found = initial?.english_scores.find((score) => score.test === test);
    return found ? formatScore(test, found.score) : "";
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { value, errors: found } = qualificationsFromForm(new FormData(event.currentTarget));
    setErrors(found);
    if (!value) return;
    setPending(true);
    const answer = await callApi("/api/account/qualifications", { method: "PUT", json: value });
    setPending(false);
    if (!answer.ok) {
      toast.show(answer.data.message ?? FAILED, { kind: "error" });
      return;
    }
    forgetEligibility();
    toast.show(SAVED, { kind: "success" });
  };

  return (
    <section className={className} aria-labelledby="qualifications-title">
      <h2 id="qualifications-title" className={titleClassName}>
        My qualifications
      </h2>
      <p className={styles.intro}>
        Optional. We use them only to tell you whether you meet a programme&apos;s entry
        requirements. Schools never see them, unless you apply: then only in your application.
      </p>
      <form
        className={formStyles.form}
        noValidate
        aria-label="My qualifications"
        onSubmit={(event) => void submit(event)}
      >
        <EducationSelect initial={initial?.education ?? null} />
        <fieldset className={styles.tests}>
          <legend className={`${formStyles.label} ${styles.legend}`}>
            English test scores (leave empty if not taken)
          </legend>
          <div className={styles.grid}>
            {ENGLISH_TEST_KEYS.map((test) => (
              <FormField
                key={test}
                label={ENGLISH_TESTS[test].label}
                name={test}
                inputMode="decimal"
                defaultValue={scoreOf(test)}
                hint={scaleHint(test)}
                error={errors[test]}
              />
            ))}
          </div>
        </fieldset>
        <FormField
          label="Years of work experience"
          name="work_years"
          inputMode="numeric"
          defaultValue={initial?.work_years ?? ""}
          error={errors.work_years}
        />
        <div className={formStyles.rowEnd}>
          <button type="submit" className={formStyles.primary} disabled={pending}>
            {pending ? "Saving..." : "Save qualifications"}
          </button>
        </div>
      </form>
    </section>
  );
}

function EducationSelect({ initial }: { initial: Qualifications["education"] }) {
  return (
    <div className={formStyles.field}>
      <label htmlFor="qualifications-education" className={formStyles.label}>
        Highest education completed
      </label>
      <select
        id="qualifications-education"
        name="education"
        defaultValue={initial ?? ""}
        className={formStyles.select}
      >
        <option value="">Not recorded</option>
        {EDUCATION_LEVELS.map((level) => (
          <option key={level} value={level}>
            {EDUCATION_LABELS[level]}
          </option>
        ))}
      </select>
    </div>
  );
}
