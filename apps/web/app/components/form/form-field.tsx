// A labelled input with its error below, tied together for screen readers; the password variant
// has a show/hide toggle (docs/spec/accounts-and-details.md §2 "a password show/hide toggle").
import { useId, useState, type InputHTMLAttributes } from "react";

import styles from "./form.module.css";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  error?: string | undefined;
  hint?: string;
}

export function FormField({ label, error, hint, type = "text", className, ...input }: FieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const password = type === "password";
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={`${styles.field} ${className ?? ""}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.inputWrap}>
        <input
          id={id}
          type={password && visible ? "text" : type}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          data-password={password || undefined}
          {...input}
        />
        {password && (
          <button
            type="button"
            className={styles.toggle}
            aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? "Hide" : "Show"}
          </button>
        )}
      </div>
      {hint && !error && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
