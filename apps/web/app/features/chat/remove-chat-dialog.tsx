// Deleting a conversation removes it from the caller's own list only; a confirmation first.
import { useEffect, useRef } from "react";

import styles from "./chat-screen.module.css";

export function RemoveChatDialog({
  open,
  name,
  onConfirm,
  onClose,
  pending,
}: {
  open: boolean;
  name: string;
  onConfirm: () => void;
  onClose: () => void;
  pending: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={styles.confirm}
      aria-labelledby="remove-chat-title"
      aria-describedby="remove-chat-text"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="remove-chat-title" className={styles.confirmTitle}>
        Delete this conversation?
      </h2>
      <p id="remove-chat-text">
        The conversation with {name} will be removed from your list. {name} keeps it; if a new
        message arrives, it comes back.
      </p>
      <div className={styles.confirmActions}>
        <button type="button" className={styles.secondaryButton} onClick={onClose} autoFocus>
          Cancel
        </button>
        <button
          type="button"
          className={styles.dangerButton}
          onClick={onConfirm}
          disabled={pending}
        >
          {pending ? "Deleting..." : "Delete"}
        </button>
      </div>
    </dialog>
  );
}
