// The newsletter block's 'Complete your subscription' dialog (docs/spec/discovery.md §4
// "Newsletter"): first and last name for the address given, then 'Confirm Subscription'.
import { CloseIcon } from "../../components/icons/icons.tsx";
import styles from "./newsletter-block.module.css";
import type { NewsletterSubscription } from "./use-newsletter-subscription.ts";

function NameField({
  label,
  name,
  autoComplete,
  value,
  error,
  errorId,
  onChange,
}: {
  label: string;
  name: string;
  autoComplete: string;
  value: string;
  error: string | undefined;
  errorId: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label className={styles.field}>
        <span>{label}</span>
        <input
          name={name}
          required
          autoComplete={autoComplete}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </>
  );
}

export function SubscriptionDialog({
  id,
  subscription,
}: {
  /** The block's id prefix. */
  id: string;
  subscription: NewsletterSubscription;
}) {
  const { dialog, email, firstName, lastName, nameErrors, busy, closeDialog } = subscription;
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={`${id}-dialog-title`}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (event.target === dialog.current) closeDialog();
      }}
    >
      <form
        className={styles.dialogForm}
        noValidate
        onSubmit={(event) => void subscription.confirm(event)}
      >
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
        <NameField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          value={firstName}
          error={nameErrors.firstName}
          errorId={`${id}-first-error`}
          onChange={subscription.setFirstName}
        />
        <NameField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          value={lastName}
          error={nameErrors.lastName}
          errorId={`${id}-last-error`}
          onChange={subscription.setLastName}
        />
        <button type="submit" className={styles.confirm} disabled={busy}>
          {busy ? "Subscribing…" : "Confirm Subscription"}
        </button>
      </form>
    </dialog>
  );
}
