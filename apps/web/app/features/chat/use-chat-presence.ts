// Typing indicators and read receipts on the chat screen
// (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md). The other side's typing arrives
// live and shows for a few seconds; one's own typing is announced at most every few seconds. How
// far the other side read comes with the page and then live, and marks the newest own message
// they have seen.
import { useCallback, useEffect, useRef, useState } from "react";

import { callApi } from "../../auth/account-api.ts";

/** How long "… is typing" stays without news. */
export const TYPING_SHOWN_MS = 5000;
/** One's own typing is announced at most this often. */
export const TYPING_ANNOUNCE_MS = 3000;

export type PresenceEvent =
  | { type: "typing"; chat_id: number; user_id: number }
  | { type: "read"; chat_id: number; user_id: number; read_at: string };

/** The latest of the receipts' read times, or null. */
export function newestRead(receipts: { read_at: string }[]): string | null {
  let newest: string | null = null;
  for (const receipt of receipts) {
    if (newest === null || Date.parse(receipt.read_at) > Date.parse(newest)) {
      newest = receipt.read_at;
    }
  }
  return newest;
}

export function useChatPresence(
  selectedId: number | null,
  initialReceipts: { user_id: number; read_at: string }[],
) {
  const [seenThrough, setSeenThrough] = useState(() => newestRead(initialReceipts));
  const [typingUserId, setTypingUserId] = useState<number | null>(null);
  const typingTimer = useRef<number | undefined>(undefined);
  const lastAnnounced = useRef(0);

  // Another chat (or a reload): its own receipts, nobody typing.
  const [shownFor, setShownFor] = useState({ selectedId, initialReceipts });
  if (shownFor.selectedId !== selectedId || shownFor.initialReceipts !== initialReceipts) {
    setShownFor({ selectedId, initialReceipts });
    setSeenThrough(newestRead(initialReceipts));
    setTypingUserId(null);
  }

  useEffect(() => () => window.clearTimeout(typingTimer.current), []);

  const onPresence = useCallback(
    (event: PresenceEvent) => {
      if (event.chat_id !== selectedId) return;
      if (event.type === "read") {
        setSeenThrough((current) =>
          current !== null && Date.parse(current) >= Date.parse(event.read_at)
            ? current
            : event.read_at,
        );
        return;
      }
      setTypingUserId(event.user_id);
      window.clearTimeout(typingTimer.current);
      typingTimer.current = window.setTimeout(() => setTypingUserId(null), TYPING_SHOWN_MS);
    },
    [selectedId],
  );

  /** A message from the typer ends their typing. */
  const onMessageFrom = useCallback((userId: number) => {
    setTypingUserId((current) => (current === userId ? null : current));
  }, []);

  const announceTyping = useCallback(() => {
    if (selectedId === null) return;
    const now = Date.now();
    if (now - lastAnnounced.current < TYPING_ANNOUNCE_MS) return;
    lastAnnounced.current = now;
    void callApi(`/api/chats/${selectedId}/typing`, { method: "POST", json: {} });
  }, [selectedId]);

  return { seenThrough, typingUserId, onPresence, onMessageFrom, announceTyping };
}

export type ChatPresence = ReturnType<typeof useChatPresence>;
