// The home page's newsletter block, desktop only (docs/spec/discovery.md §2 Home item 6, §4 "Newsletter",
// §5, §8): an e-mail field checked with the spec's rule ('Email is not valid!'); a valid address
// opens the 'Complete your subscription' dialog for first and last name ('Confirm Subscription');
// on 201 'Successfully subscribed!' shows, the e-mail field clears and the dialog closes; on
// failure the §8 message shows and the dialog closes. An address already subscribed gets the same
// answer (the server never tells whether an address is on the list).
import { useId, useRef, useState, type FormEvent } from "react";

import {
  NEWSLETTER_MESSAGES,
  newsletterErrorMessage,
} from "@studyatlas/schemas/engagement-rules.ts";

/** The checks, loaded on the first submit (newsletter-validation.ts). */
const loadValidation = () => import("./newsletter-validation.ts");

import { callApi } from "../../auth/account-api.ts";
import { CloseIcon } from "../../components/icons/icons.tsx";
import styles from "./newsletter-block.module.css";

type Outcome = { kind: "success" | "info" | "error"; text: string } | null;

export function NewsletterBlock() {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | undefined>();
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [nameErrors, setNameErrors] = useState<{ firstName?: string; lastName?: string }>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const openDialog = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const problem = (await loadValidation()).emailStepError(email);
    if (problem) {
      setEmailError(problem);
      return;
    }
    setEmailError(undefined);
    setNameErrors({});
    dialog.current?.showModal();
    // The first name field, not the dialog's close button (issue 16 item 16).
    dialog.current?.querySelector<HTMLElement>("input")?.focus();
  };

  const closeDialog = () => dialog.current?.close();

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = (await loadValidation()).nameStepErrors(firstName, lastName);
    setNameErrors(errors);
    if (errors.firstName || errors.lastName) return;
    setBusy(true);
    const answer = await callApi<{ status?: string }>("/api/subscription/add", {
      json: { email: email.trim(), first_name: firstName.trim(), last_name: lastName.trim() },
    });
    setBusy(false);
    closeDialog();
    if (answer.status === 201) {
      setOutcome({ kind: "success", text: NEWSLETTER_MESSAGES.success });
      setEmail("");
      setFirstName("");
      setLastName("");
    } else {
      setOutcome({
        kind: "error",
        text: newsletterErrorMessage({
          status: answer.status,
          message: answer.data.message ?? answer.data.detail,
        }),
      });
    }
  };

  return (
    <section className={styles.block} aria-labelledby={`${id}-title`}>
      <div className={styles.inner}>
        <div className={styles.copy}>
          <h2 id={`${id}-title`} className={styles.title}>
            Stay ahead with our newsletter
          </h2>
          <p className={styles.lead}>
            New online programmes, scholarships and application tips, about once a month.
            Unsubscribe with one click at any time.
          </p>
        </div>
        <form className={styles.form} noValidate onSubmit={(event) => void openDialog(event)}>
          <label htmlFor={`${id}-email`} className="visually-hidden">
            Email address
          </label>
          <div className={styles.row}>
            <input
              id={`${id}-email`}
              className={styles.input}
              type="email"
              name="email"
              required
              autoComplete="email"
              placeholder="Enter your email address"
              value={email}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-email-error` : undefined}
              onChange={(event) => {
                setEmail(event.target.value);
                if (emailError) setEmailError(undefined);
              }}
            />
            <button type="submit" className={styles.submit}>
              Subscribe
            </button>
          </div>
          {emailError && (
            <p id={`${id}-email-error`} className={styles.fieldError}>
              {emailError}
            </p>
          )}
          <p className={styles.outcome} role="status" data-kind={outcome?.kind}>
            {outcome?.text}
          </p>
        </form>
      </div>

      <dialog
        ref={dialog}
        className={styles.dialog}
        aria-labelledby={`${id}-dialog-title`}
        onClick={(event) => {
          // A click on the backdrop (the dialog element itself) closes it.
          if (event.target === dialog.current) closeDialog();
        }}
      >
        <form className={styles.dialogForm} noValidate onSubmit={(event) => void confirm(event)}>
          <div className={styles.dialogHeader}>
            <h2 id={`${id}-dialog-title`} className={styles.dialogTitle}>
              Complete your subscription
            </h2>
            <button type="button" className={styles.close} aria-label="Close" onClick={closeDialog}>
              <CloseIcon />
            </button>
          </div>
          <p className={styles.dialogLead}>
            Subscribing <strong>{email.trim()}</strong>. How should we greet you?
          </p>
          <label className={styles.field}>
            <span>First name</span>
            <input
              name="firstName"
              required
              autoComplete="given-name"
              value={firstName}
              aria-invalid={nameErrors.firstName ? true : undefined}
              aria-describedby={nameErrors.firstName ? `${id}-first-error` : undefined}
              onChange={(event) => setFirstName(event.target.value)}
            />
          </label>
          {nameErrors.firstName && (
            <p id={`${id}-first-error`} className={styles.fieldError}>
              {nameErrors.firstName}
            </p>
          )}
          <label className={styles.field}>
            <span>Last name</span>
            <input
              name="lastName"
              required
              autoComplete="family-name"
              value={lastName}
              aria-invalid={nameErrors.lastName ? true : undefined}
              aria-describedby={nameErrors.lastName ? `${id}-last-error` : undefined}
              onChange={(event) => setLastName(event.target.value)}
            />
          </label>
          {nameErrors.lastName && (
            <p id={`${id}-last-error`} className={styles.fieldError}>
              {nameErrors.lastName}
            </p>
          )}
          <button type="submit" className={styles.confirm} disabled={busy}>
            {busy ? "Subscribing…" : "Confirm Subscription"}
          </button>
        </form>
      </dialog>
    </section>
  );
}
