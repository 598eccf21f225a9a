// The wishlist drawer (docs/spec/discovery.md §2 "Wishlist panel"; §9): a 400 px right drawer titled
// 'My WishList' with a close button; it loads the wishlist when it opens and closes on the button,
// an outside click or Escape after a 500 ms animation, handing the focus back to the opener.
// Each card links to /course/{slug} and /school/{slug}; a removed card disappears at once.
import { useEffect, useRef, useState } from "react";

import type { WishlistEntry } from "@studyatlas/schemas/engagement.ts";
import { WISHLIST_DRAWER_CLOSE_MS } from "@studyatlas/schemas/engagement-rules.ts";

import { callApi } from "../../auth/account-api.ts";
import { useWishlist } from "../../wishlist/wishlist-context.tsx";
import { CloseIcon } from "../icons/icons.tsx";
import { WishlistCard } from "../wishlist/wishlist-card.tsx";
import styles from "./user-menu.module.css";

type LoadState =
  { kind: "loading" } | { kind: "failed" } | { kind: "loaded"; entries: WishlistEntry[] };

export function WishlistDrawer({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [closing, setClosing] = useState(false);
  const [load, setLoad] = useState<LoadState>({ kind: "loading" });
  const { savedIds, replaceAll } = useWishlist();

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  // docs/spec/discovery.md §2: "loads the wishlist on open".
  useEffect(() => {
    let cancelled = false;
    void callApi<{ results: WishlistEntry[] }>("/api/wishlists/list").then((answer) => {
      if (cancelled) return;
      if (!answer.ok || !Array.isArray(answer.data.results)) {
        setLoad({ kind: "failed" });
        return;
      }
      setLoad({ kind: "loaded", entries: answer.data.results });
      replaceAll(answer.data.results.map((entry) => entry.course.id));
    });
    return () => {
      cancelled = true;
    };
  }, [replaceAll]);

  const close = () => {
    if (closing) return;
    setClosing(true);
    window.setTimeout(() => {
      // close() hands the focus back to the button that opened the drawer.
      dialog.current?.close();
      onClose();
    }, WISHLIST_DRAWER_CLOSE_MS);
  };

  // A card removed here or by any heart on the page leaves the drawer.
  const entries =
    load.kind === "loaded" ? load.entries.filter((entry) => savedIds.has(entry.course.id)) : [];

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
      <div className={styles.drawerBody} aria-live="polite" aria-busy={load.kind === "loading"}>
        {load.kind === "loading" && <p className={styles.drawerEmpty}>Loading your wishlist…</p>}
        {load.kind === "failed" && (
          <p className={styles.drawerError} role="alert">
            Your wishlist could not be loaded. Please try again.
          </p>
        )}
        {load.kind === "loaded" && entries.length === 0 && (
          <p className={styles.drawerEmpty}>
            Your wishlist is empty. Programmes you save with the heart appear here.
          </p>
        )}
        {entries.length > 0 && (
          <ul className={styles.drawerList} aria-label="Saved programmes">
            {entries.map((entry) => (
              <li key={entry.course.id}>
                <WishlistCard course={entry.course} onNavigate={close} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </dialog>
  );
}
