// Applications and chat (docs/spec/accounts-and-details.md §3 "Application (interest) payload",
// "Chat", "Chat participant", "Message"; docs/decisions/012-applications-and-live-chat.md).
//
// An application opens one chat between the student (the lead user) and the advisor. Messages of
// one chat are written one at a time under the chat row's lock, so within a chat the message ids
// grow in commit order: a client that reconnects asks for `after={last id it has}` and misses
// nothing.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { users } from "./accounts.ts";
import { countries, courses } from "./catalogue.ts";

export const APPLICATION_TITLES = ["Mr", "Mrs", "Miss", "Dr"] as const;
export const APPLICATION_SEXES = ["Male", "Female", "Other"] as const;

export const applications = pgTable(
  "applications",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    sex: text("sex").notNull(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    nationalityId: integer("nationality_id")
      .notNull()
      .references(() => countries.id),
    dateOfBirth: date("date_of_birth", { mode: "string" }).notNull(),
    phoneNumber: text("phone_number").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    zipCode: text("zip_code").notNull(),
    /** As given (the page's ?ref=); kept even when it names no one. Empty when none. */
    referralCode: text("referral_code").notNull().default(""),
    /** The user whose referral code it is, when it is one. */
    referrerUserId: integer("referrer_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One application per student and programme; the second answers 409.
    uniqueIndex("applications_user_course_idx").on(t.userId, t.courseId),
    index("applications_course_idx").on(t.courseId, t.createdAt),
    // The sales dashboard counts every organisation's applications per day (ADR 015).
    index("applications_created_idx").on(t.createdAt),
    check("applications_title_check", sql`${t.title} in ('Mr', 'Mrs', 'Miss', 'Dr')`),
    check("applications_sex_check", sql`${t.sex} in ('Male', 'Female', 'Other')`),
  ],
);

export const chats = pgTable(
  "chats",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** The application the chat is about (one chat per application). */
    applicationId: integer("application_id")
      .unique()
      .references(() => applications.id, { onDelete: "cascade" }),
    courseId: integer("course_id").references(() => courses.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The newest message's id and time, kept with each message (the list sorts by them). */
    lastMessageId: bigint("last_message_id", { mode: "number" }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
  },
  (t) => [index("chats_last_message_idx").on(t.lastMessageAt)],
);

export const chatParticipants = pgTable(
  "chat_participants",
  {
    chatId: integer("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The student the chat is for (the spec's lead_user); the advisor is not. */
    leadUser: boolean("lead_user").notNull().default(false),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }),
    /** Set when this participant removed the chat from their list; a new message clears it. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /** Messages up to this id were removed from this participant's view of the chat. */
    clearedThroughId: bigint("cleared_through_id", { mode: "number" }).notNull().default(0),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.userId] }),
    index("chat_participants_user_idx").on(t.userId),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    chatId: integer("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    senderId: integer("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    /** The spec's optional file name (attachments are not offered yet). */
    fileName: text("file_name"),
  },
  (t) => [
    index("messages_chat_id_idx").on(t.chatId, t.id),
    // The advisors' inbox searches across messages (ADR 058): trigrams serve `ilike '%word%'`.
    index("messages_content_trgm_idx").using("gin", sql`lower(${t.content}) gin_trgm_ops`),
    check("messages_content_length_check", sql`char_length(${t.content}) between 1 and 4000`),
  ],
);
