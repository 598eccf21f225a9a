// Adding an authenticator app in /settings (docs/decisions/014-two-factor.md "Screens"): an
// optional name, then the QR code to scan (or its key to type, in groups of four) and a code from
// the app to confirm it. Cancel removes the half-made factor at once.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";

import { SETTINGS_TOAST_MS } from "@studyatlas/schemas/account-rules.ts";
import { fieldErrorsOf } from "@studyatlas/schemas/form-errors.ts";
import {
  EnrollFormSchema,
  MFA_MESSAGES,
  TotpCodeFormSchema,
  type EnrolledFactor,
} from "@studyatlas/schemas/mfa.ts";

import { accountApi, authErrorMessage } from "../../auth/account-api.ts";
import formStyles from "../../components/form/form.module.css";
import { FormField } from "../../components/form/form-field.tsx";
import { useToast } from "../../components/toast/toast-provider.tsx";
import { CodeField } from "../../components/two-factor/code-field.tsx";
import { verifyCode } from "../../components/two-factor/two-factor-api.ts";
import { issueFirstRecoveryCodes } from "./recovery-codes.tsx";
import styles from "./two-factor.module.css";

/** The key in groups of four, as authenticator apps print it ("ABCD EFGH ..."). */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

function FormError({ error }: { error: string | undefined }) {
  return error ? (
    <p className={formStyles.formError} role="alert">
      {error}
    </p>
  ) : null;
}

/** Step one: a name for the app (optional); the server answers the factor to scan. */
function NameStep({
  onStarted,
  onCancel,
}: {
  onStarted: (factor: EnrolledFactor) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrorsOf(EnrollFormSchema, { friendly_name: name });
    setNameError(found.friendly_name);
    if (found.friendly_name) return;
    setPending(true);
    setError(undefined);
    const answer = await accountApi<EnrolledFactor>("factors", {
      json: { factor_type: "totp", ...(name.trim() ? { friendly_name: name.trim() } : {}) },
    });
    setPending(false);
    if (answer.ok) onStarted(answer.data);
    else setError(authErrorMessage(answer.data));
  };

  return (
    <form className={formStyles.form} onSubmit={(event) => void start(event)} noValidate>
      <FormField
        autoFocus
        label="Name for this app (optional)"
        hint="For example 'My phone', to tell your apps apart."
        maxLength={60}
        value={name}
        error={nameError}
        onChange={(event) => {
          setName(event.target.value);
          setNameError(undefined);
        }}
      />
      <FormError error={error} />
      <div className={styles.buttons}>
        <button type="submit" className={formStyles.primary} disabled={pending}>
          {pending ? "Loading..." : "Continue"}
        </button>
        <button type="button" className={formStyles.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The QR code and the key to type instead. */
function ScanInstructions({ factor }: { factor: EnrolledFactor }) {
  return (
    <>
      <h3 id="two-factor-scan-title" className={styles.stepTitle}>
        Scan the QR code with your authenticator app
      </h3>
      <ol className={styles.steps}>
        <li>
          In your authenticator app, add an account and scan this QR code.
          <br />
          Can&apos;t scan it? Enter this key instead:
          <br />
          <code className={styles.secret} data-totp-secret={factor.totp.secret}>
            {grouped(factor.totp.secret)}
          </code>
        </li>
        <li>Enter the 6-digit code the app now shows for StudyAtlas.</li>
      </ol>
    </>
  );
}

/** Step two: scan, then confirm with a code; a right one turns two-factor on. */
function ScanStep({
  factor,
  onDone,
  onCancel,
}: {
  factor: EnrolledFactor;
  /** With the first recovery codes when this turned two-factor on (ADR 050). */
  onDone: (codes?: string[]) => void;
  onCancel: () => void;
}) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const scanStep = useRef<HTMLDivElement>(null);

  // This step takes the focus from the form it replaces.
  useEffect(() => {
    scanStep.current?.focus();
  }, []);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrorsOf(TotpCodeFormSchema, { code });
    setCodeError(found.code);
    if (found.code) {
      codeInput.current?.focus();
      return;
    }
    setPending(true);
    setError(undefined);
    const failure = await verifyCode(factor.id, code);
    setPending(false);
    if (failure) {
      setError(failure);
      setCode("");
      codeInput.current?.focus();
      return;
    }
    toast.show(MFA_MESSAGES.enrolled, { kind: "success", durationMs: SETTINGS_TOAST_MS });
    // Turning two-factor on gives the first recovery codes, shown once (none when some exist).
    onDone(await issueFirstRecoveryCodes());
    await revalidator.revalidate();
  };

  const qrSource = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(factor.totp.qr_code)}`;
  return (
    <div
      ref={scanStep}
      className={styles.enrol}
      tabIndex={-1}
      aria-labelledby="two-factor-scan-title"
      role="group"
    >
      <img
        className={styles.qr}
        src={qrSource}
        width={200}
        height={200}
        alt="QR code to scan with your authenticator app"
      />
      <form className={formStyles.form} onSubmit={(event) => void confirm(event)} noValidate>
        <ScanInstructions factor={factor} />
        <CodeField
          ref={codeInput}
          value={code}
          error={codeError}
          onChange={(value) => {
            setCode(value);
            setCodeError(undefined);
          }}
        />
        <FormError error={error} />
        <div className={styles.buttons}>
          <button type="submit" className={formStyles.primary} disabled={pending}>
            {pending ? "Verifying..." : "Turn on two-factor authentication"}
          </button>
          <button type="button" className={formStyles.secondary} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}

/** The enrolment; `onDone` when it ends, turned on or cancelled. */
export function Enrolment({ onDone }: { onDone: (codes?: string[]) => void }) {
  const [factor, setFactor] = useState<EnrolledFactor>();

  const cancel = async (started: EnrolledFactor) => {
    // The half-made factor goes at once (it would expire in 5 minutes anyway).
    await accountApi(`factors/${encodeURIComponent(started.id)}`, { method: "DELETE" });
    onDone();
  };

  if (!factor) return <NameStep onStarted={setFactor} onCancel={() => onDone()} />;
  return <ScanStep factor={factor} onDone={onDone} onCancel={() => void cancel(factor)} />;
}
