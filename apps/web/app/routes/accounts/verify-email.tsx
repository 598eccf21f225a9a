// E-mail verification /verify-email/{token1}/{token2} (docs/spec/accounts-and-details.md §2, §4, §8): the
// link is checked once the page runs in the browser (so link scanners that only fetch the HTML do
// not use it up). Only the browser that registered is signed in by the link; any other is asked
// to sign in, so that someone else's link cannot sign a visitor in as them. A verified link
// counts down 5 s to the next page; a failed one stays, with a form for a new link
// (docs/spec-notes.md).
import { useEffect, useRef, useState } from "react";
import { useParams } from "react-router";

import { MESSAGES, REDIRECT_COUNTDOWN_SECONDS } from "@studyatlas/schemas/account-rules.ts";

import { accountApi } from "../../auth/account-api.ts";
import formStyles from "../../components/form/form.module.css";
import { ResendVerificationForm } from "../../features/accounts/auth-forms.tsx";
import { AuthPageLayout } from "../../features/accounts/auth-page-layout.tsx";
import { AlertCircleIcon, BadgeCheckIcon } from "../../components/icons/icons.tsx";
import type { Route } from "./+types/verify-email";
import styles from "./account-pages.module.css";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Verify your e-mail — StudyAtlas" }, { name: "robots", content: "noindex" }];
}

type Outcome =
  | { kind: "pending" }
  | { kind: "verified"; signedIn: boolean; next: string }
  | { kind: "failed"; detail: string };

/** Pages that are not the student's journey: a partner's or a sales agent's dashboard door. */
const isDashboard = (next: string) => next.startsWith("/dashboard/");

/** Uses the link once, when the page runs in the browser. */
function useVerifiedLink(token1: string, token2: string): Outcome {
  const [outcome, setOutcome] = useState<Outcome>({ kind: "pending" });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void accountApi<{ signed_in?: boolean; redirect_to?: string }>(
      `verify-email/${encodeURIComponent(token1)}/${encodeURIComponent(token2)}/`,
    ).then((answer) => {
      if (answer.ok) {
        const signedIn = answer.data.signed_in === true;
        // Only our own paths: the answer names a page of this site.
        const given = answer.data.redirect_to;
        const next =
          given && /^\/[a-z]/.test(given) ? given : signedIn ? "/post-sign-up" : "/welcome";
        setOutcome({ kind: "verified", signedIn, next });
      } else
        setOutcome({
          kind: "failed",
          detail: answer.data.detail ?? MESSAGES.verificationUnexpected,
        });
    });
  }, [token1, token2]);
  return outcome;
}

/**
 * Seconds left before a verified link moves on to `next` (a full load, so every page sees the
 * session).
 */
function useCountdown(outcome: Outcome, next: string): number {
  const [seconds, setSeconds] = useState(REDIRECT_COUNTDOWN_SECONDS);
  useEffect(() => {
    // A failed link stays on the page: the visitor may want a new one.
    if (outcome.kind !== "verified") return;
    if (seconds <= 0) {
      window.location.assign(next);
      return;
    }
    const timer = window.setTimeout(() => setSeconds((left) => left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [outcome.kind, seconds, next]);
  return seconds;
}

function Countdown({
  signedIn,
  next,
  seconds,
}: {
  signedIn: boolean;
  next: string;
  seconds: number;
}) {
  const plural = seconds === 1 ? "" : "s";
  return (
    <p className={styles.countdown}>
      {isDashboard(next) ? (
        <>
          Taking you to {signedIn ? "your dashboard" : "the partner sign-in"} in {seconds} second
          {plural}… <a href={next}>Go now</a>
        </>
      ) : signedIn ? (
        <>
          Taking you to choose your interests in {seconds} second{plural}…{" "}
          <a href="/post-sign-up">Go now</a>
        </>
      ) : (
        <>
          Redirecting to the welcome page in {seconds} second{plural}… <a href="/welcome">Go now</a>
        </>
      )}
    </p>
  );
}

/** A failed link: a form for a new one. */
function ResendSection() {
  const [resent, setResent] = useState<string>();
  return (
    <section className={styles.resend} aria-labelledby="resend-title">
      <h2 id="resend-title" className={styles.subtitle}>
        Get a new verification link
      </h2>
      {resent ? (
        <p className={formStyles.formSuccess} role="status">
          {resent}
        </p>
      ) : (
        <>
          <p className={styles.lead}>
            Enter the e-mail address you signed up with and we will send you a new link.
          </p>
          <ResendVerificationForm onSuccess={setResent} />
        </>
      )}
      <p className={styles.countdown}>
        <a href="/welcome">Go to the welcome page</a>
      </p>
    </section>
  );
}

export default function VerifyEmail() {
  const { token1 = "", token2 = "" } = useParams();
  const outcome = useVerifiedLink(token1, token2);
  // Signed in by the link (the browser that signed up): a student's interests come next (§2); a
  // partner's next step is its dashboard (docs/spec-notes.md "A partner's verification link").
  const next = outcome.kind === "verified" ? outcome.next : "/welcome";
  const seconds = useCountdown(outcome, next);

  return (
    <AuthPageLayout>
      <div className={styles.center} role="status" aria-live="polite">
        {outcome.kind === "pending" && <h1 className={styles.title}>Verifying your e-mail…</h1>}
        {outcome.kind === "verified" && (
          <>
            <BadgeCheckIcon className={styles.icon} />
            <h1 className={styles.title}>E-mail verified</h1>
            {isDashboard(outcome.next) ? (
              <>
                <p className={styles.lead}>
                  Thank you! Your e-mail address is confirmed.{" "}
                  {outcome.signedIn ? (
                    "You are signed in."
                  ) : (
                    <>
                      Please <a href={outcome.next}>sign in</a> to continue.
                    </>
                  )}
                </p>
                {outcome.next.startsWith("/dashboard/partner") && (
                  <p className={styles.lead}>
                    Your organisation is waiting for approval by our team; we will e-mail you as
                    soon as it is approved.
                  </p>
                )}
              </>
            ) : outcome.signedIn ? (
              <p className={styles.lead}>
                Thank you! Your e-mail address is confirmed and you are signed in.
              </p>
            ) : (
              <p className={styles.lead}>
                Thank you! Your e-mail address is confirmed. Please{" "}
                <a href="/auth?next=%2Fwelcome">sign in</a> to continue.
              </p>
            )}
          </>
        )}
        {outcome.kind === "failed" && (
          <>
            <AlertCircleIcon className={`${styles.icon} ${styles.iconError}`} />
            <h1 className={styles.title}>{MESSAGES.verificationFailedTitle}</h1>
            <p className={styles.lead}>{outcome.detail}</p>
          </>
        )}
        {outcome.kind === "verified" && (
          <Countdown signedIn={outcome.signedIn} next={outcome.next} seconds={seconds} />
        )}
      </div>
      {outcome.kind === "failed" && <ResendSection />}
    </AuthPageLayout>
  );
}
