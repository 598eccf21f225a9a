// The header's unread-messages badge: the root loader's count, replaced by the newest count the
// chat page knows (it hears messages live and marks chats read).
import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";

import type { loadRootData as rootLoader } from "../root-data.ts";

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

export function useChatUnread(): number {
  const fromLoader = useRouteLoaderData<typeof rootLoader>("root")?.chatUnread ?? 0;
  const known = useSyncExternalStore(
    subscribe,
    () => latest,
    () => undefined,
  );
  return known ?? fromLoader;
}
