// The end of a session reaches every live socket opened with it, in every app process
// (docs/security.md, "Long-lived connections"; docs/decisions/012-applications-and-live-chat.md).
// Whatever ends a session (sign-out, password change or reset, a ban, refresh-token reuse, another
// session's second factor) or lowers it (a removed factor) announces it here, inside the
// transaction that changed it: the notice travels on the chat channel every process already
// LISTENs to and is heard when the change commits, never before. Each process then checks the
// session again and closes the sockets it no longer allows (routes/api/chat/chat-hub.ts).
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { CHAT_EVENTS_CHANNEL, type ChatNotice } from "./chat-notices.ts";

/** Anything that runs SQL: the database or a transaction of it. */
type Executor = Pick<Database, "execute">;

export async function announceSessionsChanged(
  tx: Executor,
  sessionIds: readonly string[],
): Promise<void> {
  for (const sessionId of new Set(sessionIds)) {
    const notice: ChatNotice = { type: "session", session_id: sessionId };
    await tx.execute(sql`select pg_notify(${CHAT_EVENTS_CHANNEL}, ${JSON.stringify(notice)})`);
  }
}
