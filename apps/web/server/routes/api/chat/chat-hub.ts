// Live chat delivery in one process (docs/decisions/012-applications-and-live-chat.md).
// Every app process LISTENs on the `chat_events` channel; a message's transaction NOTIFYs its id
// when it commits (packages/core/src/chat/chats.ts), so every process hears every
// message, in commit order, whichever process wrote it. The hub loads the messages it heard for
// the users it has sockets of and pushes each to the sockets of the chat's participants, and to
// nobody else, except that a chat with no advisor is every advisor's news (ADR 058): its messages
// and changes go to every advisor's sockets too, and so does its being taken.
//
// Nothing is lost: when the LISTEN connection drops, notices may have been missed, so every
// socket gets `{"type":"resync"}` and its client catches up from its cursor
// (`GET /api/chats/{id}/messages?after=`), as it does after a reconnect of its own.
// Dead sockets: each is pinged every `heartbeatMs` (the "chat-heartbeat" job of the process's
// scheduler, server/jobs.ts); one that has not answered by the next ping is terminated.
//
// Sockets are counted and capped by the registry (socket-registry.ts) and live no longer than
// their session (docs/security.md, "Long-lived connections"): a `session` notice (core's
// chat/session-notices.ts, sent by whatever ends or lowers a session, from any process) makes each
// process check that session again and close its sockets with 4401; as a backstop, every
// `sessionCheckMs` all sessions holding sockets are checked. Shutdown tells every socket "going
// away" (1001) and ends the ones that do not close within SHUTDOWN_CLOSE_MS.
import type { WebSocket } from "ws";

import {
  getActiveSession,
  getActiveSessions,
  type ActiveSession,
} from "@studyatlas/core/accounts/sessions.ts";
import {
  CHAT_EVENTS_CHANNEL,
  chatAudience,
  parseChatNotice,
  type ChatNotice,
} from "@studyatlas/core/chat/chat-notices.ts";
import { type Delivery, loadDeliveries } from "@studyatlas/core/chat/chats.ts";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { DatabaseHandle } from "@studyatlas/db/client.ts";
import { CHAT_SESSION_ENDED_CLOSE_CODE, type LiveEvent } from "@studyatlas/schemas/chat.ts";

import type { Scheduler } from "../../../jobs.ts";
import { isSecondFactorPending } from "../../../plugins/auth.ts";
import {
  createSocketRegistry,
  type LiveSocket,
  type SocketCaps,
  type SocketOwner,
  type SocketRefusal,
  type SocketRegistry,
  type SocketReservation,
} from "./socket-registry.ts";

/** The close code and reason of a socket whose session ended (4000-4999: the application's own). */
export const SESSION_ENDED_CLOSE = {
  code: CHAT_SESSION_ENDED_CLOSE_CODE,
  reason: "Your session has ended.",
} as const;
/** How long shutdown waits for sockets to answer "going away" before ending them. */
export const SHUTDOWN_CLOSE_MS = 2000;

export interface ChatHub {
  /** Reserves a place for a socket before its upgrade, or names the cap that refuses it. */
  reserve(owner: SocketOwner): SocketReservation | SocketRefusal;
  /** Sockets connected to this process. */
  size(): number;
  /** Starts listening; resolves once the channel is heard. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

type HubEvent = LiveEvent | { type: "chat"; chat_id: number };

function send(socket: WebSocket, event: HubEvent): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
}

function sendTo(sockets: SocketRegistry, userId: number, event: HubEvent): void {
  for (const socket of sockets.ofUser(userId)) send(socket, event);
}

/** Every client catches up from its cursor: notices may have been missed. */
function resyncAll(sockets: SocketRegistry): void {
  for (const place of sockets.open()) if (place.socket) send(place.socket, { type: "resync" });
}

/**
 * Who hears of a chat: its participants, plus every advisor with a socket here when the chat is
 * unassigned (every advisor's inbox shows it, ADR 058) or the notice says so (it was just taken).
 */
function audience(sockets: SocketRegistry, participants: number[], advisorsToo: boolean) {
  return new Set(advisorsToo ? [...participants, ...sockets.usersOfRole("advisor")] : participants);
}

/** Pushes one loaded message to the sockets of the users it concerns. */
function pushMessage(sockets: SocketRegistry, delivery: Delivery): void {
  const event: LiveEvent = {
    type: "message",
    chat_id: delivery.message.chat_id,
    message: delivery.message,
  };
  for (const userId of audience(sockets, delivery.recipients, delivery.unassigned))
    sendTo(sockets, userId, event);
}

/**
 * Delivers the messages of consecutive notices, read in one query (under load many arrive while
 * the hub is busy; one query each would let the hub fall behind the writes), in the order heard.
 */
async function deliverMessages(
  database: DatabaseHandle,
  sockets: SocketRegistry,
  notices: readonly Extract<ChatNotice, { type: "message" }>[],
) {
  const loaded = await loadDeliveries(
    database.db,
    notices.map((notice) => notice.id),
  );
  for (const notice of notices) {
    const delivery = loaded.get(notice.id);
    if (delivery) pushMessage(sockets, delivery);
  }
}

/** Delivers one notice of a chat (typing, read, changed) to the sockets of the users it concerns. */
async function deliver(
  database: DatabaseHandle,
  sockets: SocketRegistry,
  notice: Exclude<ChatNotice, { type: "session" | "message" }>,
) {
  const chat = await chatAudience(database.db, notice.chat_id);
  if (notice.type === "typing" || notice.type === "read") {
    // The others in the chat only (ADR 058): nobody is told about their own typing or reading.
    for (const userId of chat.userIds)
      if (userId !== notice.user_id) sendTo(sockets, userId, notice);
    return;
  }
  // A chat moved away from an advisor is news to them too (ADR 058).
  const told = audience(
    sockets,
    [...chat.userIds, ...(notice.user_ids ?? [])],
    chat.unassigned || notice.advisors === true,
  );
  for (const userId of told) sendTo(sockets, userId, { type: "chat", chat_id: notice.chat_id });
}

/** Whether `session` (undefined: ended) still allows the socket `place`. */
function sessionAllows(session: ActiveSession | undefined, place: LiveSocket): boolean {
  return (
    session !== undefined &&
    session.user.id === place.userId &&
    !isSecondFactorPending(session) &&
    !(place.aal === "aal2" && session.aal !== "aal2")
  );
}

/** Closes the sockets of one session's `places` that the session, as just read, no longer allows. */
function closeDisallowed(places: LiveSocket[], session: ActiveSession | undefined): void {
  for (const place of places) {
    if (sessionAllows(session, place)) continue;
    place.ended = true;
    place.socket?.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
  }
}

/**
 * Checks a session again and closes the sockets it no longer allows: the session is gone (ended,
 * expired, revoked), is another user's, owes its second factor, or fell below the level the
 * socket was opened at.
 */
async function checkSession(database: DatabaseHandle, sockets: SocketRegistry, sessionId: string) {
  const places = sockets.ofSession(sessionId);
  if (places.length === 0) return;
  closeDisallowed(places, await getActiveSession(database.db, sessionId));
}

/** Sessions read per query by the periodic check of every socket's session. */
const SESSION_CHECK_BATCH = 500;

/**
 * The backstop check of every session holding sockets: a few queries for all of them, not one
 * per socket (a process with a thousand sockets would otherwise run a thousand queries a minute).
 */
async function checkAllSessions(database: DatabaseHandle, sockets: SocketRegistry) {
  const sessionIds = sockets.sessionIds();
  for (let start = 0; start < sessionIds.length; start += SESSION_CHECK_BATCH) {
    const batch = sessionIds.slice(start, start + SESSION_CHECK_BATCH);
    const live = await getActiveSessions(database.db, batch);
    for (const sessionId of batch)
      closeDisallowed(sockets.ofSession(sessionId), live.get(sessionId));
  }
}

/** One heartbeat: a socket that did not answer the last ping is terminated, the others pinged. */
function pingAll(sockets: SocketRegistry): void {
  for (const place of sockets.open()) {
    const socket = place.socket!;
    if (!place.alive) {
      socket.terminate();
      continue;
    }
    place.alive = false;
    socket.ping();
  }
}

/** Tells every socket "going away"; ends those that have not closed within SHUTDOWN_CLOSE_MS. */
async function closeAll(sockets: SocketRegistry): Promise<void> {
  const open = sockets.open().flatMap((place) => (place.socket ? [place.socket] : []));
  const closed = open.map(
    (socket) =>
      new Promise<void>((resolve) => {
        if (socket.readyState === socket.CLOSED) return resolve();
        socket.once("close", () => resolve());
        socket.close(1001, "Server shutting down");
      }),
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      for (const socket of open) socket.terminate();
      resolve();
    }, SHUTDOWN_CLOSE_MS);
  });
  await Promise.race([Promise.all(closed), late]);
  clearTimeout(timer);
}

/** Messages read per query when many notices wait (a bound on one answer's size). */
const DELIVERY_BATCH = 200;

export const CHAT_HEARTBEAT_JOB = "chat-heartbeat";
export const CHAT_SESSION_CHECK_JOB = "chat-session-check";

export function createChatHub(options: {
  database: DatabaseHandle;
  log: Logger;
  heartbeatMs: number;
  sessionCheckMs: number;
  caps: SocketCaps;
  scheduler: Scheduler;
}): ChatHub {
  const { database, log, scheduler } = options;
  const sockets = createSocketRegistry(options.caps);
  let pending: ChatNotice[] = [];
  let draining: Promise<void> | undefined;
  let stopListening: (() => Promise<void>) | undefined;

  /** Handles the notices heard so far, in the order heard. */
  const drain = async () => {
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      for (let index = 0; index < batch.length; index += 1) {
        const notice = batch[index] as ChatNotice;
        try {
          if (notice.type === "session") await checkSession(database, sockets, notice.session_id);
          else if (notice.type === "message") {
            // This message and the ones heard right after it, together.
            const run = [notice];
            while (batch[index + 1]?.type === "message" && run.length < DELIVERY_BATCH) {
              index += 1;
              run.push(batch[index] as typeof notice);
            }
            if (sockets.size() > 0) await deliverMessages(database, sockets, run);
          } else if (sockets.size() > 0) await deliver(database, sockets, notice);
        } catch (error) {
          // The database is briefly away: the clients cannot be told what they missed, so they
          // are asked to catch up themselves (an ended session is caught by the next check).
          log.warn({ err: error }, "live chat delivery failed; asking clients to resync");
          resyncAll(sockets);
        }
      }
    }
  };

  const onNotice = (payload: string) => {
    // '': the listening connection was lost and is back, so notices may have been missed.
    if (payload === "") return resyncAll(sockets);
    const notice = parseChatNotice(payload);
    if (!notice) return;
    pending.push(notice);
    draining ??= drain().finally(() => {
      draining = undefined;
    });
  };

  return {
    reserve: (owner) => sockets.reserve(owner),
    size: () => sockets.size(),
    async start() {
      stopListening = await database.listen(CHAT_EVENTS_CHANNEL, onNotice);
      scheduler.schedule(CHAT_HEARTBEAT_JOB, { everyMs: options.heartbeatMs }, () =>
        pingAll(sockets),
      );
      scheduler.schedule(CHAT_SESSION_CHECK_JOB, { everyMs: options.sessionCheckMs }, () =>
        checkAllSessions(database, sockets),
      );
    },
    async stop() {
      scheduler.stop(CHAT_HEARTBEAT_JOB);
      scheduler.stop(CHAT_SESSION_CHECK_JOB);
      await closeAll(sockets);
      await stopListening?.();
      await draining;
    },
  };
}
