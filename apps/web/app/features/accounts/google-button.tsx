// Google sign-in (docs/spec/accounts-and-details.md §4, §7, §8): Google Identity Services renders its
// button and hands us an ID token (`credential`), which the server verifies. Without
// GOOGLE_CLIENT_ID the button is shown disabled with the reason, so nobody wonders why it fails.
import { useEffect, useEffectEvent, useRef, useState } from "react";

import type { MfaRequired } from "@studyatlas/schemas/mfa.ts";
import { MESSAGES } from "@studyatlas/schemas/account-rules.ts";

import { accountApi, authErrorMessage } from "../../auth/account-api.ts";
import { useSignInModal } from "../../auth/session-context.tsx";
import formStyles from "../../components/form/form.module.css";
import styles from "./auth-forms.module.css";

const GSI_SCRIPT = "https://accounts.google.com/gsi/client";

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (response: { credential?: string }) => void;
      }): void;
      renderButton(element: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

function loadGsi(): Promise<GoogleIdentity> {
  const existing = (window as unknown as { google?: GoogleIdentity }).google;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = GSI_SCRIPT;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { google?: GoogleIdentity }).google;
      if (loaded) resolve(loaded);
      else reject(new Error("Google Identity Services did not load"));
    };
    script.onerror = () => reject(new Error("Google Identity Services did not load"));
    document.head.append(script);
  });
}

/**
 * The 'or' divider, Google's button and what went wrong with it, below the e-mail forms of the
 * sign-in modal and the /auth page; nothing when Google sign-in is not configured.
 */
export function GoogleSignIn(props: {
  intent: "login" | "signup";
  onSignedIn: () => void;
  onSignedUp: () => void;
  /** The account has a verified factor: the host asks for the code (ADR 014). */
  onSecondFactor: (mfa: MfaRequired) => void;
}) {
  const { googleClientId } = useSignInModal();
  const [error, setError] = useState<string>();
  // The button shows only when GOOGLE_CLIENT_ID is set (docs/decisions/013-auth-service.md
  // "Google").
  if (!googleClientId) return null;
  return (
    <>
      <p className={styles.divider}>
        <span>or</span>
      </p>
      <GoogleButton {...props} googleClientId={googleClientId} onError={setError} />
      {error && (
        <p className={formStyles.formError} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

function GoogleButton({
  intent,
  googleClientId,
  onSignedIn,
  onSignedUp,
  onSecondFactor,
  onError,
}: {
  intent: "login" | "signup";
  googleClientId: string;
  onSignedIn: () => void;
  onSignedUp: () => void;
  onSecondFactor: (mfa: MfaRequired) => void;
  onError: (message: string) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [unavailable, setUnavailable] = useState(false);
  const handleCredential = useEffectEvent(async (credential: string | undefined) => {
    if (!credential) {
      onError(MESSAGES.genericError);
      return;
    }
    if (intent === "login") {
      const answer = await accountApi<{ mfa?: MfaRequired }>("google_login", {
        json: { credential },
      });
      if (answer.status === 200 && answer.data.mfa?.required) onSecondFactor(answer.data.mfa);
      else if (answer.status === 200) onSignedIn();
      else
        onError(answer.status === 404 ? authErrorMessage(answer.data) : MESSAGES.googleLoginFailed);
      return;
    }
    const signup = await accountApi("google_signup", { json: { credential } });
    if (signup.status !== 201) {
      onError(signup.data.detail ?? MESSAGES.googleSignupFailed);
      return;
    }
    const login = await accountApi("google_login", { json: { credential } });
    if (login.status === 200) onSignedUp();
    else onError(MESSAGES.googleSignupLoginFailed);
  });

  useEffect(() => {
    if (!googleClientId) return;
    let cancelled = false;
    loadGsi()
      .then((google) => {
        if (cancelled || !container.current) return;
        google.accounts.id.initialize({
          client_id: googleClientId,
          callback: (response) => {
            void handleCredential(response.credential);
          },
        });
        google.accounts.id.renderButton(container.current, {
          theme: "outline",
          size: "large",
          width: 320,
          text: intent === "signup" ? "signup_with" : "signin_with",
        });
      })
      .catch(() => {
        if (!cancelled) setUnavailable(true);
      });
    return () => {
      cancelled = true;
    };
  }, [googleClientId, intent]);

  if (unavailable) {
    return (
      <div className={styles.google}>
        <button
          type="button"
          className={styles.googleButton}
          disabled
          aria-describedby="google-unavailable"
        >
          <GoogleMark /> Continue with Google
        </button>
        <p id="google-unavailable" className={formStyles.hint}>
          Google sign-in could not be loaded. Please use your e-mail and password.
        </p>
      </div>
    );
  }
  return <div className={styles.google} ref={container} />;
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}
