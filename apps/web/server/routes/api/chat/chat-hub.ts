// Live chat delivery in one process (docs/decisions/012-applications-and-live-chat.md).
// Every app process LISTENs on the `chat_events` channel; a message's transaction NOTIFYs its id
// when it commits (packages/core/src/chat/chats.ts), so every process hears every
// message, in commit order, whichever process wrote it. The hub loads the messages it heard for
// the users it has sockets of (one query per batch of notices) and pushes each to the sockets of
// the chat's participants, and to nobody else.
//
// Nothing is lost: when the LISTEN connection drops, notices may have been missed, so every
// socket gets `{"type":"resync"}` and its client catches up from its cursor
// (`GET /api/chats/{id}/messages?after=`), as it does after a reconnect of its own.
// Dead sockets: each is pinged every `heartbeatMs` (the "chat-heartbeat" job of the process's
// scheduler, server/jobs.ts); one that has not answered by the next ping is terminated.
import type { WebSocket } from "ws";

import {
  CHAT_EVENTS_CHANNEL,
  chatParticipantIds,
  loadDelivery,
  parseChatNotice,
  type ChatNotice,
} from "@studyatlas/core/chat/chats.ts";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { DatabaseHandle } from "@studyatlas/db/client.ts";
import type { LiveEvent } from "@studyatlas/schemas/chat.ts";

import type { Scheduler } from "../../../jobs.ts";

/** Sockets one user may hold at once in one process (tabs and devices). */
export const MAX_SOCKETS_PER_USER = 20;

export interface ChatHub {
  /** Registers the socket of `userId`; false when the user already holds too many. */
  add(userId: number, socket: WebSocket): boolean;
  /** Sockets connected to this process. */
  size(): number;
  /** Starts listening; resolves once the channel is heard. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

interface Tracked {
  alive: boolean;
}

type HubEvent = LiveEvent | { type: "chat"; chat_id: number };

/** The sockets of this process by user, and whether each answered its last ping. */
interface Sockets {
  byUser: Map<number, Set<WebSocket>>;
  tracked: WeakMap<WebSocket, Tracked>;
}

function send(socket: WebSocket, event: HubEvent): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
}

function sendTo(sockets: Sockets, userId: number, event: HubEvent): void {
  for (const socket of sockets.byUser.get(userId) ?? []) send(socket, event);
}

/** Every client catches up from its cursor: notices may have been missed. */
function resyncAll(sockets: Sockets): void {
  for (const set of sockets.byUser.values())
    for (const socket of set) send(socket, { type: "resync" });
}

/** Delivers one notice to the sockets of the users it concerns. */
async function deliver(database: DatabaseHandle, sockets: Sockets, notice: ChatNotice) {
  if (notice.type === "message") {
    const delivery = await loadDelivery(database.db, notice.id);
    if (!delivery) return;
    const event: LiveEvent = {
      type: "message",
      chat_id: delivery.message.chat_id,
      message: delivery.message,
    };
    for (const userId of delivery.recipients) sendTo(sockets, userId, event);
    return;
  }
  for (const userId of await chatParticipantIds(database.db, notice.chat_id)) {
    sendTo(sockets, userId, { type: "chat", chat_id: notice.chat_id });
  }
}

/** One heartbeat: a socket that did not answer the last ping is terminated, the others pinged. */
function pingAll(sockets: Sockets): void {
  for (const set of sockets.byUser.values()) {
    for (const socket of set) {
      const state = sockets.tracked.get(socket);
      if (!state) continue;
      if (!state.alive) {
        socket.terminate();
        continue;
      }
      state.alive = false;
      socket.ping();
    }
  }
}

/** Registers `socket` as one of `userId`'s; false when the user already holds too many. */
function addSocket(sockets: Sockets, userId: number, socket: WebSocket): boolean {
  let set = sockets.byUser.get(userId);
  if (set && set.size >= MAX_SOCKETS_PER_USER) return false;
  if (!set) sockets.byUser.set(userId, (set = new Set()));
  set.add(socket);
  sockets.tracked.set(socket, { alive: true });
  socket.on("pong", () => {
    const state = sockets.tracked.get(socket);
    if (state) state.alive = true;
  });
  socket.on("close", () => {
    const current = sockets.byUser.get(userId);
    current?.delete(socket);
    if (current && current.size === 0) sockets.byUser.delete(userId);
  });
  return true;
}

export const CHAT_HEARTBEAT_JOB = "chat-heartbeat";

export function createChatHub(options: {
  database: DatabaseHandle;
  log: Logger;
  heartbeatMs: number;
  scheduler: Scheduler;
}): ChatHub {
  const { database, log, scheduler } = options;
  const sockets: Sockets = { byUser: new Map(), tracked: new WeakMap() };
  let pending: ChatNotice[] = [];
  let draining: Promise<void> | undefined;
  let stopListening: (() => Promise<void>) | undefined;

  /** Delivers the notices heard so far, in the order heard; one query per batch. */
  const drain = async () => {
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      if (sockets.byUser.size === 0) continue;
      for (const notice of batch) {
        try {
          await deliver(database, sockets, notice);
        } catch (error) {
          // The database is briefly away: the clients cannot be told what they missed, so they
          // are asked to catch up themselves.
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
    add: (userId, socket) => addSocket(sockets, userId, socket),
    size() {
      let count = 0;
      for (const set of sockets.byUser.values()) count += set.size;
      return count;
    },
    async start() {
      stopListening = await database.listen(CHAT_EVENTS_CHANNEL, onNotice);
      scheduler.schedule(CHAT_HEARTBEAT_JOB, { everyMs: options.heartbeatMs }, () =>
        pingAll(sockets),
      );
    },
    async stop() {
      scheduler.stop(CHAT_HEARTBEAT_JOB);
      await stopListening?.();
      await draining;
      for (const set of sockets.byUser.values())
        for (const socket of set) socket.close(1001, "Server shutting down");
      sockets.byUser.clear();
    },
  };
}
