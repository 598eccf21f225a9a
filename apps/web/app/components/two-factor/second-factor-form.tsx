// The sign-in's second step (docs/decisions/014-two-factor.md "Screens"): after a right password,
// an account with a verified factor is asked for the 6-digit code of its authenticator app. Until
// the code is accepted the session stays aal1 and is not signed in; Cancel ends that half-open
// session. "Lost your device?" switches to a recovery code (recovery-code-form.tsx, ADR 050).
import { useId, useRef, useState, type FormEvent } from "react";

import { TotpCodeFormSchema, type MfaRequired } from "@studyatlas/schemas/mfa.ts";
import { fieldErrorsOf } from "@studyatlas/schemas/form-errors.ts";

import { accountApi } from "../../auth/account-api.ts";
import formStyles from "../form/form.module.css";
import { CodeField } from "./code-field.tsx";
import { RecoveryCodeForm } from "./recovery-code-form.tsx";
import styles from "./second-factor.module.css";
import { verifyCode } from "./two-factor-api.ts";

/** Which authenticator app, when the account has more than one. */
function FactorPicker({
  id,
  factors,
  value,
  onChange,
}: {
  id: string;
  factors: MfaRequired["factors"];
  value: string;
  onChange: (factorId: string) => void;
}) {
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        Authenticator app
      </label>
      <select
        id={id}
        className={formStyles.select}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {factors.map((factor, index) => (
          <option key={factor.id} value={factor.id}>
            {factor.friendly_name || `Authenticator app ${index + 1}`}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Under the code: a recovery code instead (ADR 050), or back to the password (the half-open
 * session ends first).
 */
function OtherWays({ onRecover, onCancel }: { onRecover: () => void; onCancel: () => void }) {
  const cancel = async () => {
    await accountApi("logout", { method: "POST", json: {} });
    onCancel();
  };
  return (
    <>
      <button
        type="button"
        className={`${formStyles.linkButton} ${styles.cancel}`}
        onClick={onRecover}
      >
        Lost your device? Use a recovery code
      </button>
      <button
        type="button"
        className={`${formStyles.linkButton} ${styles.cancel}`}
        onClick={() => void cancel()}
      >
        Cancel and sign in again
      </button>
    </>
  );
}

export function SecondFactorForm({
  factors,
  onSuccess,
  onCancel,
  headingLevel = "h3",
}: {
  factors: MfaRequired["factors"];
  onSuccess: () => void;
  onCancel: () => void;
  /** h3 under the sign-in modal's title; h2 on /auth, whose only h1 is the page's. */
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  const [factorId, setFactorId] = useState(factors[0]?.id ?? "");
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const [recovering, setRecovering] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrorsOf(TotpCodeFormSchema, { code });
    setFieldError(found.code);
    if (found.code) {
      input.current?.focus();
      return;
    }
    setPending(true);
    setError(undefined);
    const failure = await verifyCode(factorId, code);
    setPending(false);
    if (!failure) {
      onSuccess();
      return;
    }
    // A wrong code is gone from the field, ready for the next one the app shows.
    setError(failure);
    setCode("");
    input.current?.focus();
  };

  if (recovering) {
    return (
      <RecoveryCodeForm
        headingLevel={headingLevel}
        onSuccess={onSuccess}
        onUseApp={() => setRecovering(false)}
      />
    );
  }

  return (
    <form
      className={formStyles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={headingId}
    >
      <Heading id={headingId} className={styles.stepTitle}>
        Two-factor authentication
      </Heading>
      <p id={`${headingId}-lead`} className={styles.stepLead}>
        Open your authenticator app and enter the 6-digit code it shows for StudyAtlas.
      </p>
      {factors.length > 1 && (
        <FactorPicker
          id={`${headingId}-factor`}
          factors={factors}
          value={factorId}
          onChange={setFactorId}
        />
      )}
      <CodeField
        ref={input}
        value={code}
        error={fieldError}
        describedBy={`${headingId}-lead`}
        autoFocus
        onChange={(value) => {
          setCode(value);
          setFieldError(undefined);
        }}
      />
      {error && (
        <p className={formStyles.formError} role="alert">
          {error}
        </p>
      )}
      <button type="submit" className={formStyles.primary} disabled={pending}>
        {pending ? "Verifying..." : "Verify"}
      </button>
      <OtherWays onRecover={() => setRecovering(true)} onCancel={onCancel} />
    </form>
  );
}
