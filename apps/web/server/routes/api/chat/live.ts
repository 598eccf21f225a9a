// GET /api/chats/live: the WebSocket of live chat delivery
// (docs/decisions/012-applications-and-live-chat.md). Authenticated before the upgrade by the
// session cookie or an `Authorization: Bearer` token (plugins/auth.ts); anything else answers 401
// and no socket opens. A cookie-authenticated upgrade must come from our own origin (a page of
// another site could otherwise open it with the visitor's cookies). Still before the upgrade, the
// socket takes a place under the caps (socket-registry.ts; docs/security.md, "Long-lived
// connections"): past the user's or the address's cap 429, past the process's 503, each with
// Retry-After, and the connection closes with the answer. The server only pushes
// (routes/api/chat/chat-hub.ts): `{"type":"ready"}` once registered, then `{"type":"message",...}`
// for the user's chats, `{"type":"chat","chat_id"}` when one is opened, and `{"type":"resync"}`
// when the client must catch up from its cursor. The socket closes with 4401 when its session ends.
import type { WebSocket } from "@fastify/websocket";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

import { CHAT_LIVE_PATH } from "@studyatlas/schemas/chat.ts";

import { requireUser, signedInUser } from "../../../plugins/auth.ts";
import { SESSION_ENDED_CLOSE, type ChatHub } from "./chat-hub.ts";
import type { SocketRefusal, SocketReservation } from "./socket-registry.ts";
import { CROSS_SITE_MESSAGE, crossOrigin } from "../../../plugins/csrf.ts";
import { HttpError } from "../../../plugins/errors.ts";
import { OVERLOAD_MESSAGE, OVERLOAD_RETRY_AFTER_SECONDS } from "../../../plugins/overload.ts";

export const TOO_MANY_SOCKETS_MESSAGES: Record<Exclude<SocketRefusal, "total">, string> = {
  user: "Too many live connections for this account. Close another tab and try again.",
  address: "Too many live connections from this network. Please try again later.",
};

/** Seconds a client refused by the user's or the address's cap is asked to wait. */
export const TOO_MANY_SOCKETS_RETRY_AFTER_SECONDS = 30;

function refusalError(refusal: SocketRefusal, reply: FastifyReply): HttpError {
  void reply.header("connection", "close");
  if (refusal === "total") {
    void reply.header("retry-after", String(OVERLOAD_RETRY_AFTER_SECONDS));
    return new HttpError(503, "overloaded", OVERLOAD_MESSAGE);
  }
  void reply.header("retry-after", String(TOO_MANY_SOCKETS_RETRY_AFTER_SECONDS));
  return new HttpError(429, "too_many_live_connections", TOO_MANY_SOCKETS_MESSAGES[refusal]);
}

export async function chatLiveRoutes(
  app: FastifyInstance,
  options: { hub: ChatHub; publicBaseUrl: string },
) {
  const publicOrigin = new URL(options.publicBaseUrl).origin;
  const path = CHAT_LIVE_PATH.replace(/^\/api/, "");
  const reservations = new WeakMap<FastifyRequest, SocketReservation>();
  app.get(
    path,
    {
      schema: { hide: true },
      preValidation: [
        requireUser,
        async (request: FastifyRequest) => {
          if (request.auth?.via === "cookie" && crossOrigin(request, publicOrigin)) {
            throw new HttpError(403, "cross_site_request", CROSS_SITE_MESSAGE);
          }
          if (request.headers.upgrade?.toLowerCase() !== "websocket") {
            throw new HttpError(426, "upgrade_required", "Open this address as a WebSocket.");
          }
        },
        async (request: FastifyRequest, reply: FastifyReply) => {
          const { user, sessionId, aal } = signedInUser(request);
          const place = options.hub.reserve({
            userId: user.id,
            role: user.role,
            sessionId,
            aal,
            address: request.ip,
          });
          if (typeof place === "string") throw refusalError(place, reply);
          reservations.set(request, place);
          // The place is given back when the connection closes, upgraded or not.
          request.raw.socket.once("close", () => place.release());
        },
      ],
      websocket: true,
    },
    (socket: WebSocket, request: FastifyRequest) => {
      // Clients only listen; anything they send is ignored.
      socket.on("message", () => undefined);
      if (!reservations.get(request)?.attach(socket)) {
        socket.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
        return;
      }
      socket.send(JSON.stringify({ type: "ready" }));
    },
  );
}
