// Live chat delivery in one process (issue 11 item 5; docs/decisions/012-applications-and-live-chat.md).
// Every app process LISTENs on the `chat_events` channel; a message's transaction NOTIFYs its id
// when it commits (packages/core/src/chat/chats.ts), so every process hears every
// message, in commit order, whichever process wrote it. The hub loads the messages it heard for
// the users it has sockets of (one query per batch of notices) and pushes each to the sockets of
// the chat's participants, and to nobody else.
//
// Nothing is lost: when the LISTEN connection drops, notices may have been missed, so every
// socket gets `{"type":"resync"}` and its client catches up from its cursor
// (`GET /api/chats/{id}/messages?after=`), as it does after a reconnect of its own.
// Dead sockets: each is pinged every `heartbeatMs`; one that has not answered by the next ping
// is terminated.
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";

import {
  CHAT_EVENTS_CHANNEL,
  chatParticipantIds,
  loadDelivery,
  parseChatNotice,
  type ChatNotice,
} from "@studyatlas/core/chat/chats.ts";
import type { DatabaseHandle } from "@studyatlas/db/client.ts";
import type { LiveEvent } from "@studyatlas/schemas/chat.ts";

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

export function createChatHub(options: {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  heartbeatMs: number;
}): ChatHub {
  const { database, log } = options;
  const socketsOf = new Map<number, Set<WebSocket>>();
  const tracked = new WeakMap<WebSocket, Tracked>();
  let pending: ChatNotice[] = [];
  let draining: Promise<void> | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const send = (socket: WebSocket, event: LiveEvent | { type: "chat"; chat_id: number }) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
  };
  const sendTo = (userId: number, event: LiveEvent | { type: "chat"; chat_id: number }) => {
    for (const socket of socketsOf.get(userId) ?? []) send(socket, event);
  };

  /** Delivers the notices heard so far, in the order heard; one query per batch. */
  const drain = async () => {
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      if (socketsOf.size === 0) continue;
      for (const notice of batch) {
        try {
          if (notice.type === "message") {
            const delivery = await loadDelivery(database.db, notice.id);
            if (!delivery) continue;
            const event: LiveEvent = {
              type: "message",
              chat_id: delivery.message.chat_id,
              message: delivery.message,
            };
            for (const userId of delivery.recipients) sendTo(userId, event);
          } else {
            for (const userId of await chatParticipantIds(database.db, notice.chat_id)) {
              sendTo(userId, { type: "chat", chat_id: notice.chat_id });
            }
          }
        } catch (error) {
          // The database is briefly away: the clients cannot be told what they missed, so they
          // are asked to catch up themselves.
          log.warn({ err: error }, "live chat delivery failed; asking clients to resync");
          for (const sockets of socketsOf.values())
            for (const socket of sockets) send(socket, { type: "resync" });
        }
      }
    }
  };

  const onNotice = (payload: string) => {
    if (payload === "") {
      // The listening connection was lost and is back: notices may have been missed.
      for (const sockets of socketsOf.values())
        for (const socket of sockets) send(socket, { type: "resync" });
      return;
    }
    const notice = parseChatNotice(payload);
    if (!notice) return;
    pending.push(notice);
    draining ??= drain().finally(() => {
      draining = undefined;
    });
  };

  return {
    add(userId, socket) {
      let sockets = socketsOf.get(userId);
      if (sockets && sockets.size >= MAX_SOCKETS_PER_USER) return false;
      if (!sockets) socketsOf.set(userId, (sockets = new Set()));
      sockets.add(socket);
      tracked.set(socket, { alive: true });
      socket.on("pong", () => {
        const state = tracked.get(socket);
        if (state) state.alive = true;
      });
      socket.on("close", () => {
        const set = socketsOf.get(userId);
        set?.delete(socket);
        if (set && set.size === 0) socketsOf.delete(userId);
      });
      return true;
    },
    size() {
      let count = 0;
      for (const sockets of socketsOf.values()) count += sockets.size;
      return count;
    },
    async start() {
      stopListening = await database.listen(CHAT_EVENTS_CHANNEL, onNotice);
      heartbeat = setInterval(() => {
        for (const sockets of socketsOf.values()) {
          for (const socket of sockets) {
            const state = tracked.get(socket);
            if (!state) continue;
            if (!state.alive) {
              socket.terminate();
              continue;
            }
            state.alive = false;
            socket.ping();
          }
        }
      }, options.heartbeatMs);
      heartbeat.unref();
    },
    async stop() {
      if (heartbeat) clearInterval(heartbeat);
      await stopListening?.();
      await draining;
      for (const sockets of socketsOf.values())
        for (const socket of sockets) socket.close(1001, "Server shutting down");
      socketsOf.clear();
    },
  };
}
