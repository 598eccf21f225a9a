// Typing indicators and read receipts (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md).
// Both travel as notices on the chat channel every app process listens to (chats.ts), so the other
// participant hears them whichever process their socket is on. Typing is never stored; read
// receipts are the participants' own read positions (chat_participants.last_read_at), announced
// when they move (chats.ts markChatRead) and read here when a chat opens.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { selectRows } from "../sql-rows.ts";
import { CHAT_EVENTS_CHANNEL, type ChatNotice } from "./chat-notices.ts";
import { participation } from "./chats.ts";

/** Tells the chat's other participants, live, that `userId` is typing. 404 for non-participants. */
export async function announceTyping(db: Database, userId: number, chatId: number): Promise<void> {
  await participation(db, userId, chatId);
  const notice: ChatNotice = { type: "typing", chat_id: chatId, user_id: userId };
  await db.execute(sql`select pg_notify(${CHAT_EVENTS_CHANNEL}, ${JSON.stringify(notice)})`);
}

/** How far the chat's other participants have read. */
export async function chatReceipts(
  db: Database,
  userId: number,
  chatId: number,
): Promise<{ user_id: number; read_at: string }[]> {
  await participation(db, userId, chatId);
  const rows = await selectRows<{ user_id: number; last_read_at: Date | string }>(
    db,
    sql`select user_id, last_read_at from chat_participants
        where chat_id = ${chatId} and user_id <> ${userId} and last_read_at is not null
        order by user_id`,
  );
  return rows.map((row) => ({
    user_id: Number(row.user_id),
    read_at: new Date(row.last_read_at).toISOString(),
  }));
}
