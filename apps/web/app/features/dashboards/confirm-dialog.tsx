// A question before an action visitors would notice (unpublishing a programme): a labelled modal
// <dialog> with the action and a way back; Esc and "Keep it" close it and change nothing.
import { useEffect, useId, useRef } from "react";

import formStyles from "../../components/form/form.module.css";
import styles from "./programmes.module.css";

export function ConfirmDialog({
  open,
  title,
  text,
  confirm,
  cancel,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className={styles.linkDialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onClose}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{text}</p>
      <div className={styles.linkDialogActions}>
        <button type="button" className={formStyles.primary} onClick={onConfirm}>
          {confirm}
        </button>
        <button type="button" className={formStyles.secondary} onClick={onClose} autoFocus>
          {cancel}
        </button>
      </div>
    </dialog>
  );
}
