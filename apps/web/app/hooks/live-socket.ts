// One live connection per tab (docs/decisions/012-applications-and-live-chat.md, ADR 057): the
// header's chat badge on every page and the chat screen share one WebSocket to /api/chats/live,
// so a tab counts once against the per-user and per-address caps (ADR 041). It opens when the
// first listener subscribes (a signed-in page), closes when the last leaves (signing out unmounts
// the badge), reconnects with backoff and jitter after a drop or a refusal (never after the
// server closed it because the session ended), and on every (re)connection and every `resync`
// asks each listener to catch up from its cursor, so nothing is lost or shown twice.
import type { LiveEvent } from "@studyatlas/schemas/chat.ts";
import { CHAT_LIVE_PATH, CHAT_SESSION_ENDED_CLOSE_CODE } from "@studyatlas/schemas/chat-live.ts";

/** "ended": the server closed the socket because the session ended; no reconnecting. */
export type LiveStatus = "connecting" | "live" | "offline" | "ended";

export type ServerEvent = LiveEvent | { type: "chat"; chat_id: number };

export interface LiveListener {
  onEvent(event: ServerEvent): void;
  /** After every (re)connection and every resync: fetch what may have been missed. */
  onCatchUp(): void;
  onStatus?(status: LiveStatus): void;
}

const RETRY_DELAYS_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

/** The wait before attempt `attempt` (0-based): the step, plus up to a quarter more at random. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] ?? 30_000;
  return Math.round(base * (1 + random() / 4));
}

const listeners = new Set<LiveListener>();
let socket: WebSocket | undefined;
let status: LiveStatus = "connecting";
let attempt = 0;
let retry: number | undefined;
let running = false;

function setStatus(next: LiveStatus) {
  status = next;
  for (const listener of listeners) listener.onStatus?.(next);
}

function connect() {
  if (!running) return;
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
    }
    for (const listener of [...listeners]) {
      if (event.type === "ready" || event.type === "resync") listener.onCatchUp();
      else listener.onEvent(event);
    }
  });
  next.addEventListener("close", (event: CloseEvent) => {
    if (socket !== next || !running) return;
    socket = undefined;
    if (event.code === CHAT_SESSION_ENDED_CLOSE_CODE) {
      running = false;
      setStatus("ended");
      return;
    }
    setStatus("offline");
    retry = window.setTimeout(connect, retryDelay(attempt));
    attempt += 1;
  });
}

// Back online or back to the tab: reconnect at once rather than at the next retry.
function wake() {
  if (!running || (socket && socket.readyState <= WebSocket.OPEN)) return;
  window.clearTimeout(retry);
  connect();
}

function start() {
  running = true;
  attempt = 0;
  window.addEventListener("online", wake);
  document.addEventListener("visibilitychange", wake);
  connect();
}

function stop() {
  running = false;
  window.clearTimeout(retry);
  window.removeEventListener("online", wake);
  document.removeEventListener("visibilitychange", wake);
  const open = socket;
  socket = undefined;
  open?.close();
  status = "connecting";
}

/** Listens to the tab's live connection; returns the unsubscribe. */
export function subscribeLive(listener: LiveListener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) start();
  else {
    listener.onStatus?.(status);
    // Joining a connection already live: catch up once, as a new connection would.
    if (status === "live") listener.onCatchUp();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stop();
  };
}
