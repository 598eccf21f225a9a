// Pieces every form repeats: the sign-in pair, the new-password pair (password and its confirmation) and the
// footer with the form's error above its submit button, which reads `pendingLabel` while the
// request is under way.
import type { ReactNode } from "react";

import { FormField } from "./form-field.tsx";
import styles from "./form.module.css";

interface BoundField {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
}

interface PasswordForm {
  visibleError: (name: "password" | "confirm") => string | undefined;
  bind: (name: "password" | "confirm") => BoundField;
}

interface SignInForm {
  visibleError: (name: "email" | "password") => string | undefined;
  bind: (name: "email" | "password") => BoundField;
}

/** The sign-in pair: the e-mail (focused first) and the current password. */
export function SignInFields({ form }: { form: SignInForm }) {
  return (
    <>
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        required
        error={form.visibleError("email")}
        {...form.bind("email")}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={form.visibleError("password")}
        {...form.bind("password")}
      />
    </>
  );
}

export function NewPasswordFields({
  form,
  label = "Password",
}: {
  form: PasswordForm;
  label?: string;
}) {
  return (
    <>
      <FormField
        label={label}
        type="password"
        autoComplete="new-password"
        required
        error={form.visibleError("password")}
        {...form.bind("password")}
      />
      <FormField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
        error={form.visibleError("confirm")}
        {...form.bind("confirm")}
      />
    </>
  );
}

/** What a form's last request did: its error (an alert) or what it changed (a status). */
export function FormOutcome({ error, done, id }: { error?: string; done?: string; id?: string }) {
  return (
    <>
      {error && (
        <p id={id} className={styles.formError} role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className={styles.formSuccess} role="status">
          {done}
        </p>
      )}
    </>
  );
}

export function FormSubmit({
  error,
  pending,
  label,
  pendingLabel,
}: {
  error: ReactNode;
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <>
      {error && (
        <p className={styles.formError} role="alert">
          {error}
        </p>
      )}
      <button type="submit" className={styles.primary} disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
    </>
  );
}

interface NameForm {
  visibleError: (name: "first_name" | "last_name") => string | undefined;
  bind: (name: "first_name" | "last_name") => BoundField;
}

/** First and last name side by side (sign-up, partner and sales registration). */
export function NameFields({ form, autoFocus = false }: { form: NameForm; autoFocus?: boolean }) {
  return (
    <div className={styles.twoColumns}>
      <FormField
        label="First name"
        autoComplete="given-name"
        autoFocus={autoFocus}
        required
        error={form.visibleError("first_name")}
        {...form.bind("first_name")}
      />
      <FormField
        label="Last name"
        autoComplete="family-name"
        required
        error={form.visibleError("last_name")}
        {...form.bind("last_name")}
      />
    </div>
  );
}
