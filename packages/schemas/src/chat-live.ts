// The live chat socket's constants, with no dependencies: the header's unread badge opens the
// socket on every page, so the browser imports these without the chat's zod schemas
// (docs/decisions/019-first-paint.md).

/** The WebSocket of live delivery. */
export const CHAT_LIVE_PATH = "/api/chats/live";

/** The close code of a live socket whose session has ended: the client stops reconnecting. */
export const CHAT_SESSION_ENDED_CLOSE_CODE = 4401;
