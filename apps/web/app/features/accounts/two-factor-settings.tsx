// Settings' 'Two-factor authentication' section (docs/decisions/014-two-factor.md "Screens"):
// add an authenticator app (two-factor-enrolment.tsx), list the apps and remove one after a
// confirmation, and the recovery codes (recovery-codes.tsx, ADR 050). Results are toasts like the rest of /settings
// (docs/spec/accounts-and-details.md §8, 3 s).
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

import { SETTINGS_TOAST_MS } from "@studyatlas/schemas/account-rules.ts";
import { MFA_MESSAGES, type Factor } from "@studyatlas/schemas/mfa.ts";

import { accountApi, authErrorMessage } from "../../auth/account-api.ts";
import formStyles from "../../components/form/form.module.css";
import { BadgeCheckIcon } from "../../components/icons/icons.tsx";
import { useToast } from "../../components/toast/toast-provider.tsx";
import { RecoveryCodes } from "./recovery-codes.tsx";
import { Enrolment } from "./two-factor-enrolment.tsx";
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
  const [freshCodes, setFreshCodes] = useState<string[]>();
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
        <Enrolment
          onDone={(codes) => {
            setEnrolling(false);
            if (codes) setFreshCodes(codes);
            else focusSectionTitle();
          }}
        />
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
      {(on || freshCodes) && (
        <RecoveryCodes fresh={freshCodes} onFreshSeen={() => setFreshCodes(undefined)} />
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
