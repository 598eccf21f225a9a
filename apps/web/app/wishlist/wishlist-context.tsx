// The signed-in user's saved programmes, shared by every heart on the page and the wishlist
// drawer (docs/spec/discovery.md §4 "Wishlist heart": a removal anywhere un-hearts the same course on every
// card). The server renders the hearts from the root loader's ids; after that this context is the
// truth and is updated by each successful call.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

import { callApi } from "../auth/account-api.ts";
import { applyWishlistChange, type WishlistChangeResult } from "./wishlist-state.ts";

interface WishlistContextValue {
  signedIn: boolean;
  savedIds: ReadonlySet<number>;
  add: (courseId: number) => Promise<WishlistChangeResult>;
  remove: (courseId: number) => Promise<WishlistChangeResult>;
  /** After the drawer loaded the list: the server's ids replace ours. */
  replaceAll: (courseIds: readonly number[]) => void;
}

const WishlistContext = createContext<WishlistContextValue | null>(null);

export function WishlistProvider({
  signedIn,
  initialCourseIds,
  children,
}: {
  signedIn: boolean;
  initialCourseIds: readonly number[];
  children: ReactNode;
}) {
  const [savedIds, setSavedIds] = useState<ReadonlySet<number>>(() => new Set(initialCourseIds));
  // A new root loader answer (another user, a reload after sign-in) starts from its ids:
  // adjusted while rendering, as https://react.dev/learn/you-might-not-need-an-effect advises.
  const initialKey = initialCourseIds.join(",");
  const [seenKey, setSeenKey] = useState(initialKey);
  if (seenKey !== initialKey) {
    setSeenKey(initialKey);
    setSavedIds(new Set(initialCourseIds));
  }

  const add = useCallback(async (courseId: number): Promise<WishlistChangeResult> => {
    const answer = await callApi("/api/wishlists/create", { json: { course: courseId } });
    if (answer.status === 401) return "signed-out";
    if (!answer.ok) return "failed";
    setSavedIds((ids) => applyWishlistChange(ids, { kind: "added", courseId }));
    return "added";
  }, []);

  const remove = useCallback(async (courseId: number): Promise<WishlistChangeResult> => {
    const answer = await callApi("/api/wishlists/delete", {
      method: "DELETE",
      json: { course: courseId },
    });
    if (answer.status === 401) return "signed-out";
    if (!answer.ok) return "failed";
    setSavedIds((ids) => applyWishlistChange(ids, { kind: "removed", courseId }));
    return "removed";
  }, []);

  const replaceAll = useCallback(
    (courseIds: readonly number[]) => setSavedIds(new Set(courseIds)),
    [],
  );

  const value = useMemo(
    () => ({ signedIn, savedIds, add, remove, replaceAll }),
    [signedIn, savedIds, add, remove, replaceAll],
  );
  return <WishlistContext.Provider value={value}>{children}</WishlistContext.Provider>;
}

export function useWishlist(): WishlistContextValue {
  const value = useContext(WishlistContext);
  if (!value) throw new Error("useWishlist needs the WishlistProvider (root.tsx).");
  return value;
}
