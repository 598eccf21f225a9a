// The programme's Apply button (docs/spec/accounts-and-details.md §4 Programme page: 'Apply Now'
// opens the sign-in flow for visitors and the application dialog for users), on the programme page
// and in each column of the compare page.
import { lazy, Suspense, useRef, useState } from "react";
import { useSearchParams } from "react-router";

import { useSession, useSignInPrompt } from "../../auth/session-context.tsx";

// The application dialog and its validation (zod) load after the page is interactive, and only for
// a signed-in student: a visitor's first paint never waits for them
// (docs/decisions/019-first-paint.md).
const ApplyDialog = lazy(async () => {
  const module = await import("./apply-dialog.tsx");
  return { default: module.ApplyDialog };
});

export function ApplyButton({
  courseId,
  courseName,
  className,
  label = "Apply Now",
  ariaLabel,
}: {
  courseId: number;
  courseName: string;
  className?: string | undefined;
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
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={className}
        aria-haspopup="dialog"
        aria-label={ariaLabel}
        onClick={() =>
          user ? setOpen(true) : promptSignIn({ reason: "Sign in to apply to this programme." })
        }
      >
        {label}
      </button>
      {user && (
        <Suspense fallback={null}>
          <ApplyDialog
            courseId={courseId}
            courseName={courseName}
            user={user}
            // §3: the referral code comes from the page address's ref parameter.
            referralCode={searchParams.get("ref")?.trim() ?? ""}
            open={open}
            onClose={() => {
              setOpen(false);
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
