// The wishlist drawer's frame (discovery.md §2 "Wishlist panel": a 400 px right drawer titled
// 'My WishList' with a close button, closing on an outside click after a 500 ms animation).
// The wishlist issue fills it with the saved programmes.
import { useEffect, useRef, useState } from "react";

import { CloseIcon } from "../icons/icons.tsx";
import styles from "./user-menu.module.css";

const CLOSE_ANIMATION_MS = 500;

export function WishlistDrawer({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [closing, setClosing] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const close = () => {
    setClosing(true);
    window.setTimeout(onClose, CLOSE_ANIMATION_MS);
  };

  return (
    <dialog
      ref={dialog}
      className={styles.drawer}
      data-closing={closing || undefined}
      aria-labelledby="wishlist-title"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) close();
      }}
    >
      <div className={styles.drawerHeader}>
        <h2 id="wishlist-title" className={styles.drawerTitle}>
          My WishList
        </h2>
        <button
          type="button"
          className={styles.iconButtonDark}
          aria-label="Close wishlist"
          onClick={close}
        >
          <CloseIcon />
        </button>
      </div>
      <p className={styles.drawerEmpty}>Programmes you save with the heart appear here.</p>
    </dialog>
  );
}
