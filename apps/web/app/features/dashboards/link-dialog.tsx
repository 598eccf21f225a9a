// The rich-text editor's link dialog (ADR 016 "Programme authoring"): a labelled, keyboard-usable
// modal <dialog> in place of the browser's prompt(), with the address checked as the sanitiser
// keeps it (http, https or mailto). Rendered into <body> so that its <form> is not nested in the
// programme form; the native modal dialog traps focus and closes on Esc.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { createPortal } from "react-dom";

import formStyles from "../../components/form/form.module.css";
import styles from "./programmes.module.css";

export const LINK_MESSAGE = "Enter an address that starts with https://, http:// or mailto:.";

export function LinkDialog({
  open,
  onClose,
  onSubmit,
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (href: string) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [href, setHref] = useState("https://");
  const [error, setError] = useState<string>();
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setHref("https://");
      setError(undefined);
      element.showModal();
    } else if (!open && element.open) element.close();
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React carries events up its own tree, through the portal: the programme form around the
    // editor must not see this form's submit (it would save the programme).
    event.stopPropagation();
    const address = href.trim();
    if (!/^(https?:\/\/[^\s/]+|mailto:\S+@\S+)/i.test(address)) {
      setError(LINK_MESSAGE);
      return;
    }
    onSubmit(address);
  };

  if (typeof document === "undefined") return null;
  return createPortal(
    <dialog
      ref={dialog}
      className={styles.linkDialog}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-title`}>Add a link</h2>
        <label htmlFor={`${id}-href`}>Link address</label>
        <input
          id={`${id}-href`}
          type="url"
          inputMode="url"
          autoComplete="url"
          className={formStyles.input}
          value={href}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setHref(event.target.value)}
        />
        <p id={`${id}-error`} role="alert" className={error ? formStyles.error : undefined}>
          {error}
        </p>
        <div className={styles.linkDialogActions}>
          <button type="submit" className={formStyles.primary}>
            Add link
          </button>
          <button type="button" className={formStyles.secondary} onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
