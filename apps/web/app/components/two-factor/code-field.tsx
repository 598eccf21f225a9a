// The 6-digit code input of the two-factor forms: numeric keyboard on phones, the browser's
// one-time-code autofill, and the field's own label and error tied to it for screen readers.
import { useId, type Ref } from "react";

import { MFA_MESSAGES } from "@studyatlas/schemas/mfa.ts";

import formStyles from "../form/form.module.css";
import styles from "./second-factor.module.css";

export function CodeField({
  ref,
  value,
  error,
  onChange,
  autoFocus,
  label = "6-digit code",
  describedBy,
}: {
  ref?: Ref<HTMLInputElement>;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  label?: string;
  /** What already explains the field; the standard hint is shown when none is given. */
  describedBy?: string;
}) {
  const id = useId();
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        name="code"
        className={`${formStyles.input} ${styles.codeInput}`}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={7}
        required
        autoFocus={autoFocus}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : (describedBy ?? `${id}-hint`)}
        onChange={(event) => onChange(event.target.value.replace(/[^\d ]/g, ""))}
      />
      {error ? (
        <p id={`${id}-error`} className={formStyles.error}>
          {error}
        </p>
      ) : (
        !describedBy && (
          <p id={`${id}-hint`} className={formStyles.hint}>
            {MFA_MESSAGES.codeRequired}
          </p>
        )
      )}
    </div>
  );
}
