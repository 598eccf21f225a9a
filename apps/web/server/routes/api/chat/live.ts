// GET /api/chats/live: the WebSocket of live chat delivery
// (docs/decisions/012-applications-and-live-chat.md). Authenticated before the upgrade by the
// session cookie or an `Authorization: Bearer` token (plugins/auth.ts); anything else answers 401
// and no socket opens. A cookie-authenticated upgrade must come from our own origin (a page of
// another site could otherwise open it with the visitor's cookies). The server only pushes
// (routes/api/chat/chat-hub.ts): `{"type":"ready"}` once registered, then `{"type":"message",...}`
// for the user's chats, `{"type":"chat","chat_id"}` when one is opened, and `{"type":"resync"}`
// when the client must catch up from its cursor.
import type { WebSocket } from "@fastify/websocket";
import type { FastifyInstance, FastifyRequest } from "fastify";

import { CHAT_LIVE_PATH } from "@studyatlas/schemas/chat.ts";

import { requireUser, signedInUser } from "../../../plugins/auth.ts";
import type { ChatHub } from "./chat-hub.ts";
import { CROSS_SITE_MESSAGE, crossOrigin } from "../../../plugins/csrf.ts";
import { HttpError } from "../../../plugins/errors.ts";

export async function chatLiveRoutes(
  app: FastifyInstance,
  options: { hub: ChatHub; publicBaseUrl: string },
) {
  const publicOrigin = new URL(options.publicBaseUrl).origin;
  const path = CHAT_LIVE_PATH.replace(/^\/api/, "");
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
      ],
      websocket: true,
    },
    (socket: WebSocket, request: FastifyRequest) => {
      const { user } = signedInUser(request);
      // Clients only listen; anything they send is ignored.
      socket.on("message", () => undefined);
      socket.on("error", () => socket.terminate());
      if (!options.hub.add(user.id, socket)) {
        socket.close(1008, "Too many live connections for this account");
        return;
      }
      socket.send(JSON.stringify({ type: "ready" }));
    },
  );
}
