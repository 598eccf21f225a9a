// The contact page's form (docs/spec/accounts-and-details.md §2 "Contact /contact-us", §5): Name *,
// Email *, Message * (4 rows) and Send ('Sending...'), with the outcome in a status line, failures
// in red.
import { useId } from "react";

import { CONTACT_MESSAGES } from "@studyatlas/schemas/engagement-rules.ts";

import styles from "./contact.module.css";
import { useContactForm } from "./use-contact-form.ts";

function RequiredLabel({ text }: { text: string }) {
  return (
    <span>
      {text} <span aria-hidden="true">*</span>
    </span>
  );
}

export function ContactMessageForm() {
  const id = useId();
  const { form, status, sending, update, submit } = useContactForm();
  const invalid = status.kind === "error";

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <label className={styles.field}>
        <RequiredLabel text="Name" />
        <input
          name="name"
          required
          autoComplete="name"
          maxLength={100}
          value={form.name}
          aria-invalid={invalid && !form.name.trim() ? true : undefined}
          onChange={(event) => update("name")(event.target.value)}
        />
      </label>
      <label className={styles.field}>
        <RequiredLabel text="Email" />
        <input
          name="email"
          type="email"
          required
          autoComplete="email"
          value={form.email}
          aria-invalid={invalid && status.text === CONTACT_MESSAGES.invalidEmail ? true : undefined}
          onChange={(event) => update("email")(event.target.value)}
        />
      </label>
      <label className={styles.field}>
        <RequiredLabel text="Message" />
        <textarea
          name="message"
          required
          rows={4}
          maxLength={5000}
          value={form.message}
          aria-invalid={invalid && !form.message.trim() ? true : undefined}
          onChange={(event) => update("message")(event.target.value)}
        />
      </label>
      <p id={`${id}-status`} className={styles.status} role="status" data-kind={status.kind}>
        {status.kind === "error" && status.text}
        {status.kind === "success" && CONTACT_MESSAGES.success}
      </p>
      <button
        type="submit"
        className={styles.send}
        disabled={sending}
        aria-busy={sending || undefined}
      >
        {sending ? CONTACT_MESSAGES.sending : "Send"}
      </button>
    </form>
  );
}
