// The chat events every app process hears (docs/decisions/012-applications-and-live-chat.md,
// ADR 058): the NOTIFY channel, what its notices carry, and the reads and notices live delivery
// needs beyond a message (routes/api/chat/chat-hub.ts).
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { selectRows } from "../sql-rows.ts";

/** The NOTIFY channel of chat events; every app process listens (live delivery). */
export const CHAT_EVENTS_CHANNEL = "chat_events";

/**
 * What the channel carries: ids only (a NOTIFY payload is limited to 8,000 bytes). `session`: a
 * session ended or lost its second factor, so its live sockets are checked (chat/session-notices.ts).
 */
export type ChatNotice =
  | { type: "message"; chat_id: number; id: number }
  | { type: "chat"; chat_id: number; user_ids?: number[]; advisors?: boolean }
  | { type: "session"; session_id: string }
  | { type: "typing"; chat_id: number; user_id: number }
  | { type: "read"; chat_id: number; user_id: number; read_at: string };

export function parseChatNotice(payload: string): ChatNotice | undefined {
  try {
    const value = JSON.parse(payload) as Partial<{
      type: string;
      chat_id: number;
      id: number;
      session_id: string;
      user_id: number;
      user_ids: number[];
      advisors: boolean;
      read_at: string;
    }>;
    if (value.type === "message" && Number.isInteger(value.chat_id) && Number.isInteger(value.id))
      return { type: "message", chat_id: value.chat_id!, id: value.id! };
    if (value.type === "chat" && Number.isInteger(value.chat_id)) {
      // user_ids: who else must hear of it (an advisor a chat was moved away from, ADR 058).
      const userIds = Array.isArray(value.user_ids) ? value.user_ids.filter(Number.isInteger) : [];
      // advisors: every advisor must hear of it (it was unassigned and was taken, ADR 058).
      return {
        type: "chat",
        chat_id: value.chat_id!,
        user_ids: userIds,
        ...(value.advisors === true ? { advisors: true } : {}),
      };
    }
    if (
      (value.type === "typing" || value.type === "read") &&
      Number.isInteger(value.chat_id) &&
      Number.isInteger(value.user_id)
    ) {
      if (value.type === "typing")
        return { type: "typing", chat_id: value.chat_id!, user_id: value.user_id! };
      if (typeof value.read_at === "string")
        return {
          type: "read",
          chat_id: value.chat_id!,
          user_id: value.user_id!,
          read_at: value.read_at,
        };
    }
    if (value.type === "session" && typeof value.session_id === "string")
      return { type: "session", session_id: value.session_id };
  } catch {
    // Not ours.
  }
  return undefined;
}

/** Who takes part in a chat, and whether it has no advisor (live delivery of a chat's news). */
export async function chatAudience(
  db: Database,
  chatId: number,
): Promise<{ userIds: number[]; unassigned: boolean }> {
  const rows = await selectRows<{ user_id: number; lead_user: boolean }>(
    db,
    sql`select user_id, lead_user from chat_participants where chat_id = ${chatId}`,
  );
  return {
    userIds: rows.map((row) => Number(row.user_id)),
    unassigned: !rows.some((row) => row.lead_user === false),
  };
}

/** Tells every advisor's socket about the chat (one that was unassigned was just taken). */
export async function announceToAdvisors(
  db: Pick<Database, "execute">,
  chatId: number,
): Promise<void> {
  const notice: ChatNotice = { type: "chat", chat_id: chatId, advisors: true };
  await db.execute(sql`select pg_notify(${CHAT_EVENTS_CHANNEL}, ${JSON.stringify(notice)})`);
}
