// The advisors' inbox and chat attachments (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md).
//
// - `chat_attachments`: a file sent in a chat (PDF, JPEG or PNG, the type read from its bytes),
//   kept in the database like uploaded images (ADR 037) so every app process serves it, but in a
//   table of its own: uploaded images are public, attachments are for the chat's participants.
// - `chat_inbox_states`: a chat's place in the advisors' inbox (closed, snoozed until a time).
// - `inbox_advisors`: the advisors who take new chats in turn (round-robin by last assignment).
// - `saved_replies`: an advisor's own canned answers.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { users } from "./accounts.ts";
import { chats, messages } from "./chat.ts";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return "bytea";
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});

export const CHAT_ATTACHMENT_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;

export const chatAttachments = pgTable(
  "chat_attachments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    chatId: integer("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    /** The message that carries it (one attachment per message). */
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    /** Cleaned of paths and control characters; its extension matches the type. */
    fileName: text("file_name").notNull(),
    /** Read from the bytes, never from the upload's declared type. */
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** Lower-case hex SHA-256 of `data`. */
    hash: text("hash").notNull(),
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("chat_attachments_message_idx").on(t.messageId),
    index("chat_attachments_chat_idx").on(t.chatId),
    check(
      "chat_attachments_type_check",
      sql`${t.contentType} in ('application/pdf', 'image/jpeg', 'image/png')`,
    ),
    check("chat_attachments_hash_check", sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
  ],
);

export const chatInboxStates = pgTable(
  "chat_inbox_states",
  {
    chatId: integer("chat_id")
      .primaryKey()
      .references(() => chats.id, { onDelete: "cascade" }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: integer("closed_by").references(() => users.id, { onDelete: "set null" }),
    /** Out of the inbox until this time (or until the student writes). */
    snoozedUntil: timestamp("snoozed_until", { withTimezone: true }),
  },
  (t) => [index("chat_inbox_states_snoozed_idx").on(t.snoozedUntil)],
);

export const inboxAdvisors = pgTable("inbox_advisors", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Whether new chats are assigned to this advisor (off while away). */
  accepting: boolean("accepting").notNull().default(true),
  lastAssignedAt: timestamp("last_assigned_at", { withTimezone: true }),
});

export const savedReplies = pgTable(
  "saved_replies",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("saved_replies_owner_title_idx").on(t.ownerId, t.title),
    check("saved_replies_title_check", sql`char_length(${t.title}) between 1 and 80`),
    check("saved_replies_body_check", sql`char_length(${t.body}) between 1 and 4000`),
  ],
);
