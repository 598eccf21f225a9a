// The sign-in modal (docs/spec/accounts-and-details.md §2 "Sign-in modal", §4, §8): login, register and
// reset modes with links between them, the Google button, and the success modal. A native
// <dialog> keeps focus inside and closes on Escape; the page body is marked modal-active while it
// is open (docs/spec/discovery.md §2 Header).
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from "react";

import { MESSAGES, RELOAD_AFTER_SUCCESS_MS } from "@studyatlas/schemas/account-rules.ts";
import type { MfaRequired } from "@studyatlas/schemas/mfa.ts";

import { useSignInModal, type SignInMode } from "../../auth/session-context.tsx";
import { CheckIcon, CloseIcon } from "../../components/icons/icons.tsx";
import { useToast } from "../../components/toast/toast-provider.tsx";
import formStyles from "../../components/form/form.module.css";
import styles from "./auth-forms.module.css";
import { GoogleSignIn } from "./google-button.tsx";

// The forms (and the zod schemas they validate with) load when the modal first opens, not with
// every page: they are most of the modal's weight and most visitors never open it.
const ModeForm = lazy(() =>
  import("./auth-forms.tsx").then((forms) => ({ default: forms.ModeForm })),
);
const SecondFactorForm = lazy(() =>
  import("../../components/two-factor/second-factor-form.tsx").then((forms) => ({
    default: forms.SecondFactorForm,
  })),
);

/** Focuses the dialog's first field once the lazily loaded form is in it. */
function FocusFirstField({ dialog }: { dialog: RefObject<HTMLDialogElement | null> }) {
  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>("input:not([type=hidden])")?.focus();
  }, [dialog]);
  return null;
}

const TITLES: Record<SignInMode, { title: string; subtitle: string }> = {
  login: { title: "Welcome back", subtitle: "Sign in to your StudyAtlas account." },
  register: {
    title: "Create an account",
    subtitle: "Save programmes, apply and chat with an advisor.",
  },
  reset: {
    title: "Reset password",
    subtitle: "Enter your e-mail and we will send you a reset link.",
  },
};

/** The outcome, in place of the form that had focus: focus moves to it. */
function SuccessPanel({ titleId, message }: { titleId: string; message: string }) {
  return (
    <div className={styles.success} role="status" tabIndex={-1} ref={(node) => node?.focus()}>
      <span className={styles.successMark} aria-hidden="true">
        <CheckIcon width={32} height={32} />
      </span>
      <h2 id={titleId} className={styles.title}>
        {message}
      </h2>
      <p className={styles.subtitle}>Reloading the page…</p>
      <button type="button" className={formStyles.primary} onClick={() => window.location.reload()}>
        Close
      </button>
    </div>
  );
}

/** The links between the modes: sign in, sign up, reset. */
function ModeSwitch({ mode, setMode }: { mode: SignInMode; setMode: (mode: SignInMode) => void }) {
  const link = (label: string, target: SignInMode) => (
    <button type="button" className={formStyles.linkButton} onClick={() => setMode(target)}>
      {label}
    </button>
  );
  return (
    <p className={styles.switch}>
      {mode === "login" && <>Don&apos;t have an account? {link("Sign Up", "register")}</>}
      {mode === "register" && <>Already have an account? {link("Sign In", "login")}</>}
      {mode === "reset" && (
        <>
          Remembered it? {link("Sign In", "login")} · {link("Create an account", "register")}
        </>
      )}
    </p>
  );
}

/** The native dialog follows `open`, and the first field (not the Close button) takes focus. */
function useModalDialog(open: boolean): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      element.querySelector<HTMLElement>("input:not([type=hidden])")?.focus();
    }
    if (!open && element.open) element.close();
    document.body.classList.toggle("modal-active", open);
  }, [open]);
  return dialog;
}

export function SignInModal() {
  const { open, mode, reason, closeSignIn, setMode, pendingSecondFactor } = useSignInModal();
  const toast = useToast();
  const dialog = useModalDialog(open);
  const [success, setSuccess] = useState<string>();
  // The code step after a right password (ADR 014): sign-up and Google do not apply there.
  const [answeredStep, setSecondStep] = useState<MfaRequired>();
  // A session that already owes its code (the page was reloaded, the modal closed) resumes at the
  // code step, until Cancel ends it (the server's value is then stale until the next page load).
  const [resumable, setResumable] = useState(true);
  const secondStep = answeredStep ?? (resumable ? (pendingSecondFactor ?? undefined) : undefined);

  const reloadSoon = (message: string) => {
    setSuccess(message);
    window.setTimeout(() => {
      closeSignIn();
      window.location.reload();
    }, RELOAD_AFTER_SUCCESS_MS);
  };

  // Opened again, the modal starts from the password (its forms start afresh too).
  const close = () => {
    setSecondStep(undefined);
    closeSignIn();
  };

  const { title, subtitle } = TITLES[mode];
  const titleId = "sign-in-title";

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={() => {
        if (open) close();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (event.target === dialog.current) close();
      }}
    >
      {open && (
        <div className={styles.dialogBody}>
          <button type="button" className={styles.dialogClose} aria-label="Close" onClick={close}>
            <CloseIcon />
          </button>
          {success ? (
            <SuccessPanel titleId={titleId} message={success} />
          ) : (
            <>
              <h2 id={titleId} className={styles.title}>
                {title}
              </h2>
              <p className={styles.subtitle}>{reason ?? subtitle}</p>
              <Suspense fallback={<p className={styles.subtitle}>Loading…</p>}>
                {secondStep ? (
                  <SecondFactorForm
                    factors={secondStep.factors}
                    onSuccess={() => reloadSoon(MESSAGES.loginSuccessful)}
                    onCancel={() => {
                      setSecondStep(undefined);
                      setResumable(false);
                    }}
                  />
                ) : (
                  <ModeForm
                    mode={mode}
                    onSignedIn={() => reloadSoon(MESSAGES.loginSuccessful)}
                    onSecondFactor={setSecondStep}
                    onSwitchToRegister={() => setMode("register")}
                    onForgotPassword={() => setMode("reset")}
                    onRegistered={(email) => {
                      window.location.assign(`/email-sent?email=${encodeURIComponent(email)}`);
                    }}
                    // The spec's toast, once (not a second notice in the form), and back to login.
                    onResetRequested={(message) => {
                      toast.show(message, { kind: "success" });
                      setMode("login");
                    }}
                  />
                )}
                <FocusFirstField dialog={dialog} />
              </Suspense>
              {mode !== "reset" && !secondStep && (
                <GoogleSignIn
                  intent={mode === "register" ? "signup" : "login"}
                  onSignedIn={() => reloadSoon(MESSAGES.loginSuccessful)}
                  onSignedUp={() => window.location.assign("/post-sign-up?google=true")}
                  onSecondFactor={setSecondStep}
                />
              )}
              {!secondStep && <ModeSwitch mode={mode} setMode={setMode} />}
            </>
          )}
        </div>
      )}
    </dialog>
  );
}
