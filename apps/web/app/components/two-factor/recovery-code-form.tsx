// The sign-in's second step with a recovery code, for someone who lost their device
// (docs/decisions/050-recovery-codes-and-real-names.md): one of the ten codes kept at enrolment
// instead of the authenticator's code. A right code is spent; the person is told how many are
// left before going on (and is e-mailed that a code was used).
import { useEffect, useId, useRef, useState, type FormEvent } from "react";

import { MFA_MESSAGES } from "@studyatlas/schemas/mfa.ts";

import formStyles from "../form/form.module.css";
import styles from "./second-factor.module.css";
import { verifyRecoveryCode } from "./two-factor-api.ts";

/** Signed in: how many codes are left, then on. */
function RecoveryDone({
  headingLevel,
  remaining,
  onContinue,
}: {
  headingLevel: "h2" | "h3";
  remaining: number;
  onContinue: () => void;
}) {
  const Heading = headingLevel;
  const id = useId();
  const continueButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    continueButton.current?.focus();
  }, []);
  return (
    <div className={formStyles.form} role="status" aria-labelledby={`${id}-done`}>
      <Heading id={`${id}-done`} className={styles.stepTitle}>
        You are signed in
      </Heading>
      <p className={styles.stepLead}>
        That recovery code is now used up.{" "}
        <strong>
          {remaining} {remaining === 1 ? "recovery code is" : "recovery codes are"} left.
        </strong>{" "}
        {remaining <= 3
          ? "Create new ones in your settings soon."
          : "You can create new ones in your settings."}
      </p>
      <button
        ref={continueButton}
        type="button"
        className={formStyles.primary}
        onClick={onContinue}
      >
        Continue
      </button>
    </div>
  );
}

export function RecoveryCodeForm({
  headingLevel,
  onSuccess,
  onUseApp,
}: {
  headingLevel: "h2" | "h3";
  onSuccess: () => void;
  /** Back to the authenticator's code. */
  onUseApp: () => void;
}) {
  const Heading = headingLevel;
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [remaining, setRemaining] = useState<number>();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === "") {
      setError(MFA_MESSAGES.recoveryCodeRequired);
      input.current?.focus();
      return;
    }
    setPending(true);
    setError(undefined);
    const answer = await verifyRecoveryCode(code);
    setPending(false);
    if ("remaining" in answer) {
      setRemaining(answer.remaining);
      return;
    }
    setError(answer.error);
    input.current?.focus();
  };

  if (remaining !== undefined) {
    return (
      <RecoveryDone headingLevel={headingLevel} remaining={remaining} onContinue={onSuccess} />
    );
  }

  return (
    <form
      className={formStyles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <Heading id={`${id}-title`} className={styles.stepTitle}>
        Use a recovery code
      </Heading>
      <p id={`${id}-lead`} className={styles.stepLead}>
        Enter one of the recovery codes you kept when you turned on two-factor authentication. Each
        code works once.
      </p>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-code`} className={formStyles.label}>
          Recovery code
        </label>
        <input
          ref={input}
          id={`${id}-code`}
          name="recovery_code"
          className={`${formStyles.input} ${styles.recoveryInput}`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          autoFocus
          value={code}
          placeholder="xxxxx-xxxxx"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-lead`}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
        />
        {error && (
          <p id={`${id}-error`} className={formStyles.error} role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className={formStyles.primary} disabled={pending}>
        {pending ? "Verifying..." : "Verify"}
      </button>
      <button
        type="button"
        className={`${formStyles.linkButton} ${styles.cancel}`}
        onClick={onUseApp}
      >
        Use your authenticator app instead
      </button>
    </form>
  );
}
