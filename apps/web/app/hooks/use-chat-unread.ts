// The header's unread-messages badge: the root loader's count, then kept live on every page of a
// signed-in user through the tab's one live connection (live-socket.ts; ADR 057). On the chat
// pages the chat screen, which marks chats read, sets the count itself.
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useLocation, useRouteLoaderData } from "react-router";

import { callApi } from "../auth/account-api.ts";
import type { loadRootData as rootLoader } from "../root-data.ts";
import { subscribeLive } from "./live-socket.ts";

let latest: number | undefined;
const listeners = new Set<() => void>();

export function setChatUnread(count: number): void {
  if (latest === count) return;
  latest = count;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether `pathname` is a chat page, whose screen keeps the count. */
export function isChatPath(pathname: string): boolean {
  return pathname === "/chat" || pathname.startsWith("/chat/");
}

/** Keeps the badge live while `userId` is signed in; nothing (no socket) for a visitor. */
export function useLiveChatBadge(userId: number | undefined): void {
  const { pathname } = useLocation();
  // A ref, not a dependency: moving between pages keeps the tab's one connection open.
  const onChatPage = useRef(isChatPath(pathname));
  useEffect(() => {
    onChatPage.current = isChatPath(pathname);
  }, [pathname]);
  useEffect(() => {
    if (userId === undefined) return;
    let cancelled = false;
    const refresh = () => {
      if (onChatPage.current) return;
      void callApi<{ unread?: number }>("/api/chats/unread").then((answer) => {
        if (!cancelled && answer.ok && typeof answer.data.unread === "number") {
          setChatUnread(answer.data.unread);
        }
      });
    };
    const unsubscribe = subscribeLive({
      onEvent: (event) => {
        if (event.type === "chat") refresh();
        else if (event.type === "message" && event.message.sender.id !== userId) refresh();
      },
      onCatchUp: refresh,
    });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [userId]);
}

export function useChatUnread(): number {
  const fromLoader = useRouteLoaderData<typeof rootLoader>("root")?.chatUnread ?? 0;
  const known = useSyncExternalStore(
    subscribe,
    () => latest,
    () => undefined,
  );
  return known ?? fromLoader;
}
