// The rules of the wishlist heart (docs/spec/discovery.md §4 "Wishlist heart"), as pure functions so they
// can be tested without a browser: which ids are saved after a change, and what the heart shows.
import { WISHLIST_MESSAGES } from "@studyatlas/schemas/engagement-rules.ts";

export type HeartPhase = "idle" | "saving" | "removing";

export type HeartView = "not-saved" | "saving" | "saved" | "removing";

/** What the heart shows, from the shared saved set and the card's own pending request. */
export function heartView(saved: boolean, phase: HeartPhase): HeartView {
  if (phase === "saving") return "saving";
  if (phase === "removing") return "removing";
  return saved ? "saved" : "not-saved";
}

/** The saved ids after a successful change; the same Set when nothing changed. */
export function applyWishlistChange(
  ids: ReadonlySet<number>,
  change: { kind: "added" | "removed"; courseId: number },
): ReadonlySet<number> {
  if (change.kind === "added") {
    if (ids.has(change.courseId)) return ids;
    return new Set([...ids, change.courseId]);
  }
  if (!ids.has(change.courseId)) return ids;
  const next = new Set(ids);
  next.delete(change.courseId);
  return next;
}

export type WishlistChangeResult = "added" | "removed" | "failed" | "signed-out";

/** The 2-second note after a click. */
export function noteFor(
  result: WishlistChangeResult,
): { text: string; kind: "success" | "error" } | null {
  switch (result) {
    case "added":
      return { text: WISHLIST_MESSAGES.added, kind: "success" };
    case "removed":
      return { text: WISHLIST_MESSAGES.removed, kind: "success" };
    case "failed":
      return { text: WISHLIST_MESSAGES.failed, kind: "error" };
    case "signed-out":
      return null;
  }
}
