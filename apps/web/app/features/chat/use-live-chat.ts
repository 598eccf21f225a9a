// The browser's end of live delivery (docs/decisions/012-applications-and-live-chat.md): one
// WebSocket to /api/chats/live for the chat screen, authenticated by the session cookie. It
// reconnects with backoff after a drop (never after the server closed it because the session
// ended), and on every (re)connection and every `resync` asks the
// screen to catch up from its cursor, so a message sent while the socket was down is fetched once
// and shown once.
import { useEffect, useRef, useState } from "react";

import {
  CHAT_LIVE_PATH,
  CHAT_SESSION_ENDED_CLOSE_CODE,
  type LiveEvent,
} from "@studyatlas/schemas/chat.ts";

/** "ended": the server closed the socket because the session ended; no reconnecting. */
export type LiveStatus = "connecting" | "live" | "offline" | "ended";

export type ServerEvent = LiveEvent | { type: "chat"; chat_id: number };

const RETRY_DELAYS_MS = [500, 1000, 2000, 5000, 10_000];

export function useLiveChat(handlers: {
  onEvent: (event: ServerEvent) => void;
  /** After every (re)connection and every resync: fetch what may have been missed. */
  onCatchUp: () => void;
}): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    let socket: WebSocket | undefined;
    let attempt = 0;
    let retry: number | undefined;
    let stopped = false;

    const connect = () => {
      if (stopped) return;
      setStatus("connecting");
      const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
      const next = new WebSocket(`${scheme}//${window.location.host}${CHAT_LIVE_PATH}`);
      socket = next;
      next.addEventListener("message", (message: MessageEvent<string>) => {
        let event: ServerEvent;
        try {
          event = JSON.parse(message.data) as ServerEvent;
        } catch {
          return;
        }
        if (event.type === "ready") {
          attempt = 0;
          setStatus("live");
          latest.current.onCatchUp();
        } else if (event.type === "resync") {
          latest.current.onCatchUp();
        } else {
          latest.current.onEvent(event);
        }
      });
      next.addEventListener("close", (event: CloseEvent) => {
        if (socket !== next || stopped) return;
        if (event.code === CHAT_SESSION_ENDED_CLOSE_CODE) {
          stopped = true;
          setStatus("ended");
          return;
        }
        setStatus("offline");
        const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] ?? 10_000;
        attempt += 1;
        retry = window.setTimeout(connect, delay);
      });
    };

    // Back online or back to the tab: reconnect at once rather than at the next retry.
    const wake = () => {
      if (stopped || (socket && socket.readyState <= WebSocket.OPEN)) return;
      window.clearTimeout(retry);
      connect();
    };
    window.addEventListener("online", wake);
    document.addEventListener("visibilitychange", wake);
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      window.removeEventListener("online", wake);
      document.removeEventListener("visibilitychange", wake);
      socket?.close();
    };
  }, []);

  return status;
}
