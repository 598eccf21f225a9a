// The programme page's main action (docs/spec/accounts-and-details.md §4 Programme page;
// docs/decisions/057-student-loop.md): 'Apply Now' for a programme the student has not applied to,
// opening the dialog prefilled from their saved applicant profile; "You applied on <date>" with a
// link to the chat once they have. A visitor is asked to sign in, and the dialog reopens on this
// programme once they have. The page itself stays the same for everyone (a CDN may keep it): the
// student's own state is asked for after hydration.
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";

import type { ApplicationForCourse } from "@studyatlas/schemas/my-applications.ts";

import { callApi } from "../../auth/account-api.ts";
import { useSession, useSignInPrompt } from "../../auth/session-context.tsx";
import { rememberApplyIntent, takeApplyIntent } from "./apply-intent.ts";
import styles from "./apply-action.module.css";

// The dialog and its validation (zod) load after the page is interactive, and only for a signed-in
// student: a visitor's first paint never waits for them (docs/decisions/019-first-paint.md).
const ApplyDialog = lazy(async () => {
  const module = await import("./apply-dialog.tsx");
  return { default: module.ApplyDialog };
});

/** "27 November 2026", the same on every machine. */
export function appliedOn(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(iso));
}

/**
 * The signed-in student's application to the programme and profile; undefined while loading or
 * signed out. `onLoaded` hears each answer (the reopening after "Sign in to apply").
 */
function useApplicationForCourse(
  courseId: number,
  signedIn: boolean,
  onLoaded: (answer: ApplicationForCourse) => void,
) {
  const [loaded, setLoaded] = useState<{ key: string; value: ApplicationForCourse }>();
  const [generation, setGeneration] = useState(0);
  const latest = useRef(onLoaded);
  useEffect(() => {
    latest.current = onLoaded;
  });
  const key = `${courseId}:${generation}`;
  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    void callApi<ApplicationForCourse>(`/api/applications/for-course/${courseId}`).then(
      (answer) => {
        if (cancelled) return;
        // Unknown (offline, an error): the form, as before; the server still refuses a second one.
        const value = answer.ok ? answer.data : { application: null, profile: null };
        setLoaded({ key, value });
        latest.current(value);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [courseId, signedIn, key]);
  const state = signedIn && loaded?.key === key ? loaded.value : undefined;
  return { state, reload: () => setGeneration((value) => value + 1) };
}

export function ApplyAction({
  course,
  buttonClassName,
  label = "Apply Now",
  ariaLabel,
}: {
  course: { id: number; name: string };
  buttonClassName?: string | undefined;
  /** The button's visible text. */
  label?: string;
  /** A fuller accessible name where several Apply buttons share a page ("Apply to X"). */
  ariaLabel?: string;
}) {
  const { user } = useSession();
  const promptSignIn = useSignInPrompt();
  const [searchParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Back from "Sign in to apply": the dialog reopens on this programme (unless already applied).
  const { state, reload } = useApplicationForCourse(course.id, user !== null, (answer) => {
    if (!answer.application && takeApplyIntent(course.id)) setOpen(true);
  });

  const application = state?.application;
  if (application) {
    return (
      <div className={styles.applied} role="status">
        <p className={styles.appliedText}>You applied on {appliedOn(application.created_at)}</p>
        <p className={styles.appliedStatus}>Status: {application.status_label}</p>
        {application.chat_id !== null && (
          <Link to={`/chat/${application.chat_id}`} className={buttonClassName}>
            Open the chat with your advisor
          </Link>
        )}
      </div>
    );
  }
  // §4: 'Apply Now' opens the sign-in flow for visitors and the application dialog for users.
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-haspopup="dialog"
        aria-label={ariaLabel}
        onClick={() => {
          if (user) {
            setOpen(true);
            return;
          }
          rememberApplyIntent(course.id);
          promptSignIn({ reason: "Sign in to apply to this programme." });
        }}
      >
        {label}
      </button>
      {user && state && (
        <Suspense fallback={null}>
          <ApplyDialog
            courseId={course.id}
            courseName={course.name}
            user={user}
            profile={state.profile}
            // §3: the referral code comes from the page address's ref parameter.
            referralCode={searchParams.get("ref")?.trim() ?? ""}
            open={open}
            onClose={() => {
              setOpen(false);
              // After a 409 the page turns to "You applied" with the chat's link.
              reload();
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
