// Settings' 'Two-factor authentication' section (issue 12 item 4): add an authenticator app by
// scanning a QR code (or typing its key), confirm it with a code, list the apps and remove one
// after a confirmation. Results are toasts like the rest of /settings (§8, 3 s).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";

import { SETTINGS_TOAST_MS } from "@studyatlas/schemas/account-rules.ts";
import { fieldErrorsOf } from "@studyatlas/schemas/form-errors.ts";
import {
  EnrollFormSchema,
  MFA_MESSAGES,
  TotpCodeFormSchema,
  type EnrolledFactor,
  type Factor,
} from "@studyatlas/schemas/mfa.ts";

import { accountApi, authErrorMessage } from "../../auth/account-api.ts";
import formStyles from "../../components/form/form.module.css";
import { FormField } from "../../components/form/form-field.tsx";
import { BadgeCheckIcon } from "../../components/icons/icons.tsx";
import { useToast } from "../../components/toast/toast-provider.tsx";
import { CodeField } from "../../components/two-factor/code-field.tsx";
import { verifyCode } from "../../components/two-factor/two-factor-api.ts";
import styles from "./two-factor.module.css";

const DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });

function nameOf(factor: Pick<Factor, "friendly_name">, index: number): string {
  return (
    factor.friendly_name || (index === 0 ? "Authenticator app" : `Authenticator app ${index + 1}`)
  );
}

/** The form that had the focus is gone: the section's heading takes it, so the reader stays here. */
function focusSectionTitle(): void {
  const title = document.getElementById("two-factor-title");
  title?.setAttribute("tabindex", "-1");
  title?.focus();
}

/** The key in groups of four, as authenticator apps print it ("ABCD EFGH ..."). */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

export function TwoFactorSettings({
  factors,
  className,
  titleClassName,
}: {
  factors: Factor[];
  /** The settings page's panel look. */
  className?: string | undefined;
  titleClassName?: string | undefined;
}) {
  const verified = factors.filter((factor) => factor.status === "verified");
  const [enrolling, setEnrolling] = useState(false);
  const on = verified.length > 0;
  return (
    <section className={className} aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className={titleClassName}>
        Two-factor authentication
      </h2>
      <p className={`${styles.status} ${on ? styles.statusOn : styles.statusOff}`}>
        {on ? (
          <>
            <BadgeCheckIcon aria-hidden="true" /> On: signing in asks for a code from your app.
          </>
        ) : (
          "Off: signing in needs only your password."
        )}
      </p>
      <p className={styles.intro}>
        With two-factor authentication, signing in needs your password and a 6-digit code from an
        authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator,
        1Password or Authy), so a stolen password alone cannot open your account.
      </p>
      {on && <FactorList factors={verified} />}
      {enrolling ? (
        <Enrolment onDone={() => setEnrolling(false)} />
      ) : (
        verified.length < 10 && (
          <div>
            <button
              type="button"
              className={on ? formStyles.secondary : formStyles.primary}
              onClick={() => setEnrolling(true)}
            >
              {on ? "Add another authenticator app" : "Set up an authenticator app"}
            </button>
          </div>
        )
      )}
    </section>
  );
}

function FactorList({ factors }: { factors: Factor[] }) {
  return (
    <ul className={styles.factors} aria-label="Your authenticator apps">
      {factors.map((factor, index) => (
        <FactorRow key={factor.id} factor={factor} name={nameOf(factor, index)} />
      ))}
    </ul>
  );
}

function FactorRow({ factor, name }: { factor: Factor; name: string }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const confirmBox = useRef<HTMLDivElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmBox.current?.focus();
  }, [confirming]);

  const remove = async () => {
    setPending(true);
    const answer = await accountApi(`factors/${encodeURIComponent(factor.id)}`, {
      method: "DELETE",
    });
    setPending(false);
    if (answer.ok) {
      toast.show(MFA_MESSAGES.removed, { kind: "success", durationMs: SETTINGS_TOAST_MS });
      focusSectionTitle();
      await revalidator.revalidate();
    } else {
      toast.show(authErrorMessage(answer.data), { kind: "error", durationMs: SETTINGS_TOAST_MS });
    }
  };

  return (
    <li className={styles.factor}>
      <div>
        <p className={styles.factorName}>{name}</p>
        <p className={styles.factorMeta}>Added {DATE.format(new Date(factor.created_at))}</p>
      </div>
      {!confirming && (
        <button
          ref={removeButton}
          type="button"
          className={formStyles.secondary}
          aria-label={`Remove ${name}`}
          onClick={() => setConfirming(true)}
        >
          Remove
        </button>
      )}
      {confirming && (
        <div
          ref={confirmBox}
          className={styles.confirm}
          role="group"
          aria-labelledby={`confirm-${factor.id}`}
          tabIndex={-1}
          onKeyDown={(event) => {
            if (event.key === "Escape") setConfirming(false);
          }}
        >
          <p id={`confirm-${factor.id}`} className={styles.confirmText}>
            Remove {name}? Its codes will no longer be asked for or accepted when you sign in.
          </p>
          <div className={styles.buttons}>
            <button
              type="button"
              className={`${formStyles.primary} ${styles.danger}`}
              disabled={pending}
              onClick={() => void remove()}
            >
              {pending ? "Removing..." : "Yes, remove it"}
            </button>
            <button
              type="button"
              className={formStyles.secondary}
              disabled={pending}
              onClick={() => {
                setConfirming(false);
                // Back to where the person was.
                window.requestAnimationFrame(() => removeButton.current?.focus());
              }}
            >
              Keep it
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

function Enrolment({ onDone }: { onDone: () => void }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string>();
  const [factor, setFactor] = useState<EnrolledFactor>();
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const scanStep = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The next step takes the focus (the name field focuses itself).
    if (factor) scanStep.current?.focus();
  }, [factor]);

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
    if (answer.ok) setFactor(answer.data);
    else setError(authErrorMessage(answer.data));
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!factor) return;
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
    onDone();
    focusSectionTitle();
    await revalidator.revalidate();
  };

  const cancel = async () => {
    // The half-made factor goes at once (it would expire in 5 minutes anyway).
    if (factor) {
      await accountApi(`factors/${encodeURIComponent(factor.id)}`, { method: "DELETE" });
    }
    onDone();
    focusSectionTitle();
  };

  if (!factor) {
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
        {error && (
          <p className={formStyles.formError} role="alert">
            {error}
          </p>
        )}
        <div className={styles.buttons}>
          <button type="submit" className={formStyles.primary} disabled={pending}>
            {pending ? "Loading..." : "Continue"}
          </button>
          <button
            type="button"
            className={formStyles.secondary}
            onClick={() => {
              onDone();
              focusSectionTitle();
            }}
          >
            Cancel
          </button>
        </div>
      </form>
    );
  }

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
        <CodeField
          ref={codeInput}
          value={code}
          error={codeError}
          onChange={(value) => {
            setCode(value);
            setCodeError(undefined);
          }}
        />
        {error && (
          <p className={formStyles.formError} role="alert">
            {error}
          </p>
        )}
        <div className={styles.buttons}>
          <button type="submit" className={formStyles.primary} disabled={pending}>
            {pending ? "Verifying..." : "Turn on two-factor authentication"}
          </button>
          <button type="button" className={formStyles.secondary} onClick={() => void cancel()}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
