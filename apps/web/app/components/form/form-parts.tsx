// Pieces every form repeats: the new-password pair (password and its confirmation) and the
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
