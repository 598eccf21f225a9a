// The 'Apply Here' dialog (docs/spec/accounts-and-details.md §2 "Apply form", §4 "Application
// form", §5 "Application", §8 "Application", §9; docs/decisions/012-applications-and-live-chat.md).
// A native <dialog>: it traps focus, closes with Escape and gives the focus back to 'Apply Now'.
// Validated with the API's own schema (ApplicationSchema) before it is sent; the server's field
// errors show under their fields. On success: the spec's message, then after 2 s the dialog closes
// and the student is taken to the chat the application opened.
import { useEffect, useRef } from "react";
import { Link } from "react-router";

import { APPLICATION_MESSAGES } from "@studyatlas/schemas/applications.ts";
import type { ApplicantProfile } from "@studyatlas/schemas/my-applications.ts";

import type { SessionUser } from "../../auth/session-context.tsx";
import formStyles from "../../components/form/form.module.css";
import { ApplyEligibilityWarning } from "../../eligibility/apply-eligibility-warning.tsx";
import { CloseIcon } from "../../components/icons/icons.tsx";
import { PersonFields, PlaceFields } from "./application-fields.tsx";
import { useAllCountries, useApplicationForm } from "./use-application-form.ts";
import styles from "./apply-dialog.module.css";

/** A <dialog> shown as a modal while `open`, closed otherwise. */
function useShownAsModal(open: boolean) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return dialogRef;
}

export function ApplyDialog({
  courseId,
  courseName,
  user,
  profile,
  referralCode,
  open,
  onClose,
}: {
  courseId: number;
  courseName: string;
  user: SessionUser;
  /** The saved applicant profile the form starts with (ADR 057); null before the first. */
  profile: ApplicantProfile | null;
  referralCode: string;
  open: boolean;
  onClose: () => void;
}) {
  const dialogRef = useShownAsModal(open);
  const form = useApplicationForm({ courseId, user, profile, referralCode, onClose });
  const { pending } = form;
  const { countries, failed } = useAllCountries(open);
  const emailLocked = user.email !== "";

  const close = () => {
    if (pending) return;
    onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby="apply-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <form className={styles.body} noValidate onSubmit={(event) => void form.submit(event)}>
        <DialogHeader courseName={courseName} pending={pending} onClose={close} />

        {form.success ? (
          <p className={`${formStyles.formSuccess} ${styles.success}`} role="status">
            {APPLICATION_MESSAGES.submitted}
          </p>
        ) : (
          <>
            {failed && (
              <p className={formStyles.formError} role="alert">
                {APPLICATION_MESSAGES.countriesFailed}
              </p>
            )}
            {/* Before applying: the entry requirements they may not meet (ADR 054). */}
            <ApplyEligibilityWarning courseId={courseId} />
            <fieldset className={styles.fields} disabled={pending}>
              <legend className="visually-hidden">Your details</legend>
              <PersonFields bind={form.bind} errorOf={form.errorOf} emailLocked={emailLocked} />
              <PlaceFields bind={form.bind} errorOf={form.errorOf} countries={countries} />
            </fieldset>
            {form.formError && (
              <p className={formStyles.formError} role="alert">
                {form.formError}
                {form.existingChatId !== undefined && (
                  <>
                    {" "}
                    <Link to={`/chat/${form.existingChatId}`} onClick={onClose}>
                      Open the chat about your application
                    </Link>
                  </>
                )}
              </p>
            )}
            <div className={styles.actions}>
              <button
                type="button"
                className={formStyles.secondary}
                onClick={close}
                disabled={pending}
              >
                Cancel
              </button>
              <button type="submit" className={formStyles.primary} disabled={pending}>
                {pending ? "Submitting..." : "Submit"}
              </button>
            </div>
          </>
        )}
      </form>
    </dialog>
  );
}

/** The title, the programme, and a close button (not while the application is being sent). */
function DialogHeader({
  courseName,
  pending,
  onClose,
}: {
  courseName: string;
  pending: boolean;
  onClose: () => void;
}) {
  return (
    <div className={styles.header}>
      <div>
        <h2 id="apply-dialog-title" className={styles.title}>
          Apply Here
        </h2>
        <p className={styles.subtitle}>{courseName}</p>
      </div>
      <button
        type="button"
        className={styles.close}
        aria-label="Close"
        onClick={onClose}
        disabled={pending}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
