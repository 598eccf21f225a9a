// Chats and messages (docs/spec/accounts-and-details.md §2 "Chat", §3, §4 "Chat", §5 "Chat";
// docs/decisions/012-applications-and-live-chat.md). Every function takes the caller's user id and
// answers 404 for a chat the caller does not take part in, whatever it was asked.
//
// Ordering: a message is written under its chat row's lock (the `update chats` that starts the
// transaction), so within one chat ids and `sent_at` grow in commit order, and a client that
// catches up with `after={last id}` never skips a message that commits late.
import { type SQL, sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import {
  CHAT_MESSAGES,
  CHAT_PAGE_SIZE,
  CHAT_RATE_LIMITS,
  type ChatAttachment,
  type ChatMessage,
  type ChatSummary,
} from "@studyatlas/schemas/chat.ts";

import { limitInTransaction, type RateLimitRule } from "../accounts/rate-limit.ts";
import { NotFoundError } from "../errors.ts";
import { selectOne, selectPrepared, selectRows } from "../sql-rows.ts";
import { inTransaction } from "../transactions.ts";
import { announceToAdvisors, CHAT_EVENTS_CHANNEL, type ChatNotice } from "./chat-notices.ts";

function notFound(): never {
  throw new NotFoundError(CHAT_MESSAGES.notFound, { code: "chat_not_found" });
}

const iso = (value: Date | string) => new Date(value).toISOString();

interface MessageRow {
  id: number | string;
  chat_id: number;
  content: string;
  sent_at: Date | string;
  sender_id: number;
  first_name: string;
  last_name: string;
  role: string;
  attachment?: AttachmentRow | string | null;
}

interface AttachmentRow {
  id: number;
  file_name: string;
  content_type: ChatAttachment["content_type"];
  size_bytes: number;
}

/** Where a chat's attachment is served (to its participants only, ADR 058). */
export function attachmentUrl(chatId: number, attachmentId: number): string {
  return `/api/chats/${chatId}/attachments/${attachmentId}`;
}

function toAttachment(chatId: number, value: MessageRow["attachment"]): ChatAttachment | null {
  if (value === null || value === undefined) return null;
  const row = typeof value === "string" ? (JSON.parse(value) as AttachmentRow) : value;
  return {
    id: Number(row.id),
    file_name: row.file_name,
    content_type: row.content_type,
    size_bytes: Number(row.size_bytes),
    url: attachmentUrl(chatId, Number(row.id)),
  };
}

function toMessage(row: MessageRow): ChatMessage {
  return {
    attachment: toAttachment(Number(row.chat_id), row.attachment),
    id: Number(row.id),
    chat_id: Number(row.chat_id),
    sender: {
      id: Number(row.sender_id),
      first_name: row.first_name,
      last_name: row.last_name,
      role: row.role,
    },
    content: row.content,
    sent_at: iso(row.sent_at),
  };
}

/**
 * The caller's row of the chat, or 404. An advisor also sees a chat no advisor is assigned to (the
 * inbox's "unassigned", ADR 058), from its first message.
 */
export async function participation(
  db: Database,
  userId: number,
  chatId: number,
): Promise<{ cleared_through_id: number }> {
  const row = await selectOne<{ cleared_through_id: number | string | null }>(
    db,
    sql`select coalesce(
          (select cleared_through_id from chat_participants
            where chat_id = ${chatId} and user_id = ${userId}),
          (select 0 from chats c where c.id = ${chatId}
             and exists (select 1 from users u where u.id = ${userId} and u.role = 'advisor')
             and not exists (select 1 from chat_participants q
                              where q.chat_id = c.id and not q.lead_user))) as cleared_through_id`,
  );
  if (!row || row.cleared_through_id === null) notFound();
  return { cleared_through_id: Number(row.cleared_through_id) };
}

interface SummaryRow {
  id: number;
  created_at: Date | string;
  course_name: string | null;
  course_slug: string | null;
  other_id: number | null;
  other_first_name: string | null;
  other_last_name: string | null;
  other_role: string | null;
  last_content: string | null;
  last_sent_at: Date | string | null;
  unread: number;
}

/**
 * The caller's chats, newest last message first (a chat without messages counts from its
 * creation). Advisors, who answer many students, see the chats with unread messages first.
 */
export async function listChats(
  db: Database,
  userId: number,
  options: { unreadFirst?: boolean } = {},
): Promise<ChatSummary[]> {
  const rows = await selectPrepared<SummaryRow>(
    db,
    sql`select c.id, c.created_at, co.name as course_name, co.slug as course_slug,
          o.id as other_id, o.first_name as other_first_name, o.last_name as other_last_name,
          o.role as other_role, lm.content as last_content, lm.sent_at as last_sent_at,
          (select count(*)::int from messages m
             where m.chat_id = c.id and m.id > p.cleared_through_id and m.sender_id <> p.user_id
               and (p.last_read_at is null or m.sent_at > p.last_read_at)) as unread
        from chat_participants p
        join chats c on c.id = p.chat_id
        left join courses co on co.id = c.course_id
        left join lateral (
          select u.id, u.first_name, u.last_name, u.role from chat_participants q
          join users u on u.id = q.user_id
          where q.chat_id = c.id and q.user_id <> p.user_id
          order by q.lead_user desc, q.user_id limit 1) o on true
        left join messages lm on lm.id = c.last_message_id and lm.id > p.cleared_through_id
        where p.user_id = ${userId} and p.hidden_at is null
        order by coalesce(c.last_message_at, c.created_at) desc, c.id desc`,
  );
  const chats = rows.map((row): ChatSummary => ({
    id: Number(row.id),
    programme:
      row.course_name !== null ? { name: row.course_name, slug: row.course_slug ?? "" } : null,
    counterpart:
      row.other_id === null
        ? null
        : {
            id: Number(row.other_id),
            first_name: row.other_first_name ?? "",
            last_name: row.other_last_name ?? "",
            role: row.other_role ?? "",
          },
    last_message:
      row.last_content === null || row.last_sent_at === null
        ? null
        : { content: row.last_content, sent_at: iso(row.last_sent_at) },
    unread: Number(row.unread),
    created_at: iso(row.created_at),
  }));
  if (options.unreadFirst) {
    // A stable sort keeps "newest first" within each group.
    chats.sort((a, b) => Number(b.unread > 0) - Number(a.unread > 0));
  }
  return chats;
}

const MESSAGE_COLUMNS = sql`m.id, m.chat_id, m.content, m.sent_at, m.sender_id,
  u.first_name, u.last_name, u.role,
  (select json_build_object('id', a.id, 'file_name', a.file_name, 'content_type', a.content_type,
     'size_bytes', a.size_bytes) from chat_attachments a where a.message_id = m.id) as attachment`;

/**
 * A page of the chat's messages, oldest first: the newest CHAT_PAGE_SIZE, or those before a
 * message (scrolling back), or those after one (catching up after a reconnect).
 */
export async function listMessages(
  db: Database,
  userId: number,
  chatId: number,
  cursor: { before?: number | undefined; after?: number | undefined } = {},
): Promise<{ results: ChatMessage[]; has_more: boolean }> {
  const { cleared_through_id: cleared } = await participation(db, userId, chatId);
  const limit = CHAT_PAGE_SIZE + 1;
  if (cursor.after !== undefined) {
    const rows = await selectRows<MessageRow>(
      db,
      sql`select ${MESSAGE_COLUMNS} from messages m join users u on u.id = m.sender_id
          where m.chat_id = ${chatId} and m.id > ${Math.max(cursor.after, cleared)}
          order by m.id asc limit ${limit}`,
    );
    return {
      results: rows.slice(0, CHAT_PAGE_SIZE).map(toMessage),
      has_more: rows.length > CHAT_PAGE_SIZE,
    };
  }
  const before = cursor.before ?? Number.MAX_SAFE_INTEGER;
  const rows = await selectRows<MessageRow>(
    db,
    sql`select ${MESSAGE_COLUMNS} from messages m join users u on u.id = m.sender_id
        where m.chat_id = ${chatId} and m.id > ${cleared} and m.id < ${before}
        order by m.id desc limit ${limit}`,
  );
  return {
    results: rows.slice(0, CHAT_PAGE_SIZE).reverse().map(toMessage),
    has_more: rows.length > CHAT_PAGE_SIZE,
  };
}

/** Messages a minute per sender: students 30, advisors 120. */
export function messageRateRule(role: string): RateLimitRule {
  return {
    name: "chat-message",
    max: role === "advisor" ? CHAT_RATE_LIMITS.advisor : CHAT_RATE_LIMITS.student,
    windowMs: 60_000,
    message: CHAT_MESSAGES.rateLimited,
  };
}

/** A file to send with a message, its type already read from its bytes (chat/attachments.ts). */
export interface NewAttachment {
  fileName: string;
  contentType: ChatAttachment["content_type"];
  data: Buffer;
  hash: string;
}

/** Posts `content` (already validated) to the chat as `userId`, and tells every process. */
export async function postMessage(
  db: Database,
  sender: { id: number; role: string },
  chatId: number,
  content: string,
  options: { attachment?: NewAttachment } = {},
): Promise<ChatMessage> {
  const limit = limitInTransaction(messageRateRule(sender.role), String(sender.id));
  const advisor = sender.role === "advisor";
  // Few statements, each a round trip (ADR 058, amendment): the locks, the sender's count, then
  // the message with every write it makes, in one statement.
  return inTransaction(db, async (tx) => {
    // The chat row's lock orders the chat's messages (see the header); the sender's rate-limit
    // lock makes their concurrent messages take turns. An advisor answering an unassigned chat
    // takes it (ADR 058), once the lock is held; a chat the caller does not take part in is 404.
    let taken = false;
    if (advisor) {
      const chat = await selectOne<{ id: number }>(
        tx,
        sql`select c.id, ${limit.lock} from chats c where c.id = ${chatId} for update of c`,
      );
      if (!chat) notFound();
      const inserted = await selectRows<{ user_id: number }>(
        tx,
        sql`insert into chat_participants (chat_id, user_id, lead_user)
            select ${chatId}, ${sender.id}, false where not exists (select 1
              from chat_participants q where q.chat_id = ${chatId} and not q.lead_user)
            returning user_id`,
      );
      taken = inserted.length > 0;
    }
    const member = await selectOne<{ id: number }>(
      tx,
      advisor
        ? sql`select p.chat_id as id from chat_participants p
              where p.chat_id = ${chatId} and p.user_id = ${sender.id}`
        : sql`select c.id, ${limit.lock} from chats c
              join chat_participants p on p.chat_id = c.id and p.user_id = ${sender.id}
              where c.id = ${chatId} for update of c`,
    );
    if (!member) notFound();
    await limit.check(tx);
    // The other advisors saw it under "Unassigned": it leaves their lists, live.
    if (taken) await announceToAdvisors(tx, chatId);
    const row = await selectOne<MessageRow>(
      tx,
      messageStatement(chatId, sender, content, limit.event),
    );
    if (!row) throw new Error("messages insert returned no row");
    const file = options.attachment;
    if (file) {
      const stored = await selectOne<AttachmentRow>(
        tx,
        sql`insert into chat_attachments
              (chat_id, message_id, uploaded_by, file_name, content_type, size_bytes, hash, data)
            values (${chatId}, ${row.id}, ${sender.id}, ${file.fileName}, ${file.contentType},
              ${file.data.length}, ${file.hash}, ${file.data})
            returning id, file_name, content_type, size_bytes`,
      );
      row.attachment = stored ?? null;
    }
    return toMessage(row);
  });
}

/**
 * The message and what it changes, as one statement: the chat's newest message; the chat back in
 * every participant's list, read by its sender; a closed or snoozed chat back in the inbox when
 * the student writes (ADR 058); the sender's rate-limit event; and the notice every process
 * hears once the transaction commits.
 */
function messageStatement(
  chatId: number,
  sender: { id: number; role: string },
  content: string,
  rateEvent: SQL,
): SQL {
  return sql`with inserted as (
        insert into messages (chat_id, sender_id, content, sent_at)
        values (${chatId}, ${sender.id}, ${content}, clock_timestamp())
        returning id, chat_id, content, sent_at, sender_id),
      chat as (
        update chats set last_message_id = i.id, last_message_at = i.sent_at
        from inserted i where chats.id = i.chat_id),
      participants as (
        update chat_participants p
        set hidden_at = null,
            last_read_at = case when p.user_id = ${sender.id} then i.sent_at else p.last_read_at end
        from inserted i where p.chat_id = i.chat_id),
      reopened as (
        delete from chat_inbox_states where chat_id = ${chatId} and ${sender.role !== "advisor"}),
      counted as (${rateEvent})
    select i.id, i.chat_id, i.content, i.sent_at, i.sender_id, u.first_name, u.last_name, u.role,
      pg_notify(${CHAT_EVENTS_CHANNEL},
        json_build_object('type', 'message', 'chat_id', i.chat_id, 'id', i.id)::text) as notified
    from inserted i join users u on u.id = i.sender_id`;
}

/**
 * Marks the chat read up to its newest message (not "now": a message committing a moment later
 * with an earlier time must still count as unread).
 */
export async function markChatRead(db: Database, userId: number, chatId: number): Promise<void> {
  const updated = await selectRows<{ chat_id: number; last_read_at: Date | string | null }>(
    db,
    sql`update chat_participants p
        set last_read_at = greatest(p.last_read_at,
          (select max(m.sent_at) from messages m where m.chat_id = p.chat_id))
        where p.chat_id = ${chatId} and p.user_id = ${userId}
        returning p.chat_id, p.last_read_at`,
  );
  const row = updated[0];
  if (!row) notFound();
  // Read receipts: the others in the chat see how far this participant read (ADR 058).
  if (row.last_read_at !== null) {
    const notice: ChatNotice = {
      type: "read",
      chat_id: chatId,
      user_id: userId,
      read_at: iso(row.last_read_at),
    };
    await db.execute(sql`select pg_notify(${CHAT_EVENTS_CHANNEL}, ${JSON.stringify(notice)})`);
  }
}

/**
 * Removes the chat from the caller's own list and view; the other side keeps it. A later message
 * brings it back, starting after what was removed.
 */
export async function hideChat(db: Database, userId: number, chatId: number): Promise<void> {
  const updated = await selectRows<{ chat_id: number }>(
    db,
    sql`update chat_participants p
        set hidden_at = now(),
            cleared_through_id = coalesce((select c.last_message_id from chats c where c.id = p.chat_id), 0),
            last_read_at = greatest(p.last_read_at,
              (select max(m.sent_at) from messages m where m.chat_id = p.chat_id))
        where p.chat_id = ${chatId} and p.user_id = ${userId}
        returning p.chat_id`,
  );
  if (updated.length === 0) notFound();
}

/** Unread messages over all of the caller's chats (the header's chat badge). */
export async function countUnread(db: Database, userId: number): Promise<number> {
  const row = await selectOne<{ count: number }>(
    db,
    sql`select count(*)::int as count from chat_participants p
        join messages m on m.chat_id = p.chat_id and m.id > p.cleared_through_id
          and m.sender_id <> p.user_id and (p.last_read_at is null or m.sent_at > p.last_read_at)
        where p.user_id = ${userId}`,
  );
  return Number(row?.count ?? 0);
}

/** A message as the live sockets get it, with who hears of it. */
export interface Delivery {
  message: ChatMessage;
  recipients: number[];
  unassigned: boolean;
}

/**
 * The messages the live hub heard of, by id, in one query however many arrived together (the hub
 * reads every notice heard while it was busy at once): each with its chat's participants and
 * whether no advisor is assigned to it yet. A message not found (deleted since) is left out.
 */
export async function loadDeliveries(
  db: Database,
  messageIds: readonly number[],
): Promise<Map<number, Delivery>> {
  const rows = await selectRows<MessageRow & { recipients: number[]; unassigned: boolean }>(
    db,
    sql`select ${MESSAGE_COLUMNS},
          array(select p.user_id from chat_participants p where p.chat_id = m.chat_id) as recipients,
          not exists (select 1 from chat_participants q
            where q.chat_id = m.chat_id and not q.lead_user) as unassigned
        from messages m join users u on u.id = m.sender_id
        where m.id = any(${`{${messageIds.map(Number).join(",")}}`}::bigint[])`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        message: toMessage(row),
        recipients: row.recipients.map(Number),
        unassigned: row.unassigned === true,
      },
    ]),
  );
}
