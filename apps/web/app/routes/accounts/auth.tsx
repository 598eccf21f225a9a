// The combined login and sign-up page /auth (docs/spec/accounts-and-details.md §2, §4): tabs Login and Sign
// Up, the Google button and Forgot password. Login success shows a confirmation for 2 s, then
// goes to / (or to the page that sent the visitor here); sign-up success goes to /email-sent.
import { useState } from "react";
import { redirect, useSearchParams } from "react-router";

import { MESSAGES, RELOAD_AFTER_SUCCESS_MS } from "@studyatlas/schemas/account-rules.ts";
import type { MfaRequired } from "@studyatlas/schemas/mfa.ts";

import { safeNextPath } from "../../auth/next-path.ts";
import { useSignInModal } from "../../auth/session-context.tsx";
import { LoginForm, RegisterForm, ResetRequestForm } from "../../features/accounts/auth-forms.tsx";
import formStyles from "../../components/form/form.module.css";
import authStyles from "../../features/accounts/auth-forms.module.css";
import { AuthPageLayout } from "../../features/accounts/auth-page-layout.tsx";
import { GoogleSignIn } from "../../features/accounts/google-button.tsx";
import { SecondFactorForm } from "../../components/two-factor/second-factor-form.tsx";
import { getSessionUser } from "../../context.ts";
import type { Route } from "./+types/auth";
import styles from "./account-pages.module.css";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Sign in or sign up — StudyAtlas" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  const next = safeNextPath(new URL(request.url).searchParams.get("next"));
  if (getSessionUser(context)) throw redirect(next);
  return null;
}

type Tab = "login" | "signup" | "reset";

function ResetTab({ onSent, onBack }: { onSent: (message: string) => void; onBack: () => void }) {
  return (
    <>
      <h2 className={styles.title}>Reset password</h2>
      <p className={styles.lead}>Enter your e-mail and we will send you a reset link.</p>
      <ResetRequestForm onSuccess={onSent} />
      <p className={authStyles.switch}>
        <button type="button" className={formStyles.linkButton} onClick={onBack}>
          Back to Login
        </button>
      </p>
    </>
  );
}

const TABS = [
  ["login", "Login"],
  ["signup", "Sign Up"],
] as const;

function TabList({ tab, setTab }: { tab: Tab; setTab: (tab: Tab) => void }) {
  return (
    <div className={styles.tabs} role="tablist" aria-label="Sign in or sign up">
      {TABS.map(([value, label]) => (
        <button
          key={value}
          type="button"
          role="tab"
          id={`tab-${value}`}
          aria-selected={tab === value}
          aria-controls={`panel-${value}`}
          className={styles.tab}
          onClick={() => setTab(value)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

function Confirmation({ message }: { message: string }) {
  return (
    <AuthPageLayout>
      <div className={styles.center} role="status">
        <h1 className={styles.title}>{message}</h1>
        <p className={styles.lead}>Taking you back…</p>
      </div>
    </AuthPageLayout>
  );
}

export default function AuthPage() {
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(params.get("tab") === "signup" ? "signup" : "login");
  const [confirmation, setConfirmation] = useState<string>();
  const [notice, setNotice] = useState<string>();
  // The code step after a right password (ADR 014): the tabs and Google do not apply there. A
  // session that already owes its code (a reload) starts there.
  const { pendingSecondFactor } = useSignInModal();
  const [secondStep, setSecondStep] = useState<MfaRequired | undefined>(
    pendingSecondFactor ?? undefined,
  );
  const next = safeNextPath(params.get("next"));

  const signedIn = () => {
    setConfirmation(MESSAGES.loginSuccessful);
    window.setTimeout(() => window.location.assign(next), RELOAD_AFTER_SUCCESS_MS);
  };

  if (confirmation) return <Confirmation message={confirmation} />;

  return (
    <AuthPageLayout>
      <h1 className="visually-hidden">Sign in or create an account</h1>
      {tab === "reset" ? (
        <ResetTab
          onSent={(message) => {
            setNotice(message);
            setTab("login");
          }}
          onBack={() => setTab("login")}
        />
      ) : (
        <>
          {!secondStep && <TabList tab={tab} setTab={setTab} />}
          <div
            // The code step stands alone: no tabs label it then.
            {...(secondStep
              ? {}
              : { role: "tabpanel", id: `panel-${tab}`, "aria-labelledby": `tab-${tab}` })}
          >
            {notice && tab === "login" && (
              <p className={formStyles.formSuccess} role="status">
                {notice}
              </p>
            )}
            {secondStep ? (
              <SecondFactorForm
                factors={secondStep.factors}
                onSuccess={signedIn}
                onCancel={() => setSecondStep(undefined)}
                headingLevel="h2"
              />
            ) : tab === "login" ? (
              <LoginForm
                onSuccess={signedIn}
                onSwitchToRegister={() => setTab("signup")}
                onForgotPassword={() => setTab("reset")}
                onSecondFactor={setSecondStep}
              />
            ) : (
              <RegisterForm
                onSuccess={(email) =>
                  window.location.assign(`/email-sent?email=${encodeURIComponent(email)}`)
                }
              />
            )}
            {!secondStep && (
              <GoogleSignIn
                intent={tab === "signup" ? "signup" : "login"}
                onSignedIn={signedIn}
                onSignedUp={() => window.location.assign("/post-sign-up?google=true")}
                onSecondFactor={setSecondStep}
              />
            )}
          </div>
        </>
      )}
    </AuthPageLayout>
  );
}
