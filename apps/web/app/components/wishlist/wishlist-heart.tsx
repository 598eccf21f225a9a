// The wishlist heart on every course card (docs/spec/discovery.md §4 "Wishlist heart"): not saved → saving
// (spinner) → saved, and back through removing. A note shows for 2 seconds ('Added to
// wishlist!', 'Removed from wishlist!', 'Error updating wishlist'); on error the heart shows the
// state the server still has. Signed out, a click opens the sign-in modal.
import { useEffect, useRef, useState } from "react";

import { WISHLIST_MESSAGES, WISHLIST_NOTE_MS } from "@studyatlas/schemas/engagement-rules.ts";

import { useSignInPrompt } from "../../auth/session-context.tsx";
import { useWishlist } from "../../wishlist/wishlist-context.tsx";
import { heartView, noteFor, type HeartPhase } from "../../wishlist/wishlist-state.ts";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import styles from "./wishlist-heart.module.css";

export function WishlistHeart({
  courseId,
  courseName,
  variant = "card",
}: {
  courseId: number;
  courseName: string;
  /** "card": white round button over the picture; "inline": in the wishlist drawer. */
  variant?: "card" | "inline";
}) {
  const { signedIn, savedIds, add, remove } = useWishlist();
  const hydrated = useHydrated();
  const openSignIn = useSignInPrompt();
  const [phase, setPhase] = useState<HeartPhase>("idle");
  const [note, setNote] = useState<{ text: string; kind: "success" | "error" } | null>(null);
  const noteTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(noteTimer.current), []);

  const saved = signedIn && savedIds.has(courseId);
  const view = heartView(saved, phase);
  const busy = phase !== "idle";

  const showNote = (next: { text: string; kind: "success" | "error" } | null) => {
    window.clearTimeout(noteTimer.current);
    setNote(next);
    if (next) noteTimer.current = window.setTimeout(() => setNote(null), WISHLIST_NOTE_MS);
  };

  const onClick = async () => {
    if (busy) return;
    if (!signedIn) {
      openSignIn({ reason: WISHLIST_MESSAGES.signInReason });
      return;
    }
    setPhase(saved ? "removing" : "saving");
    const result = saved ? await remove(courseId) : await add(courseId);
    setPhase("idle");
    if (result === "signed-out") {
      showNote(noteFor("failed"));
      openSignIn({ reason: WISHLIST_MESSAGES.signInReason });
      return;
    }
    showNote(noteFor(result));
  };

  const label = saved ? `Remove ${courseName} from wishlist` : `Save ${courseName} to wishlist`;
  return (
    // The card variant is the default look: only the drawer's inline one is marked (one attribute
    // less on each of a page's cards).
    <div className={styles.wrap} data-variant={variant === "inline" ? variant : undefined}>
      <button
        type="button"
        className={styles.heart}
        data-state={view}
        aria-pressed={saved}
        aria-busy={busy || undefined}
        aria-label={label}
        title={saved ? "Remove from wishlist" : "Save to wishlist"}
        onClick={() => void onClick()}
      >
        {/* The heart itself is drawn by the stylesheet (::before): no element a card repeats. */}
        {busy && <span className={styles.spinner} aria-hidden="true" />}
      </button>
      {/* A polite live region rather than role=status: a page of cards has one per card, and the
          page's own status (the result count) stays the only status landmark. Only a script can
          fill it, so the server's HTML leaves it out; it is in place, empty, from hydration on,
          before any note it announces. */}
      {hydrated && (
        <span className={styles.note} aria-live="polite" aria-atomic="true" data-kind={note?.kind}>
          {note?.text}
        </span>
      )}
    </div>
  );
}
