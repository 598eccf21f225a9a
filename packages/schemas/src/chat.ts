// Chat payloads and answers (docs/spec/accounts-and-details.md §2 "Chat", §3 Chat/Message, §5
// "Chat", §6; docs/decisions/012-applications-and-live-chat.md).
import { z } from "zod";

import { ApplicationDetailSchema } from "./applications.ts";
import { MAX_INT4 } from "./limits.ts";

export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/** Messages per page of `GET /api/chats/{id}/messages`. */
export const CHAT_PAGE_SIZE = 50;
/** Messages a minute a sender may post: students, and advisors (who answer many chats). */
export const CHAT_RATE_LIMITS = { student: 30, advisor: 120 } as const;
export { CHAT_LIVE_PATH, CHAT_SESSION_ENDED_CLOSE_CODE } from "./chat-live.ts";

export const CHAT_MESSAGES = {
  empty: "Write a message before sending it.",
  tooLong: `A message can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters long.`,
  notFound: "This conversation does not exist or you are not part of it.",
  rateLimited: "You are sending messages too quickly. Please wait a moment and try again.",
  noMessages: "No messages yet",
  selectChat: "Select a chat",
  defaultRole: "User",
  termsNotice:
    "Messages are kept to help with your application. By chatting you agree to our terms of use; never share passwords or payment details here.",
} as const;

const Id = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)])
  .pipe(z.number().int().min(1).max(MAX_INT4));
/** Message ids are bigint in the database; a cursor is any non-negative safe integer. */
const Cursor = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER));

export const ChatParamsSchema = z.object({ id: Id });

export const ChatMessagesQuerySchema = z.object({
  /** Older than this message (scrolling back). */
  before: Cursor.optional(),
  /** Newer than this message (catching up after a reconnect); oldest first. */
  after: Cursor.optional(),
});

export const ChatMessageBodySchema = z.object({
  content: z
    .string({ error: CHAT_MESSAGES.empty })
    .max(CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGES.tooLong)
    .refine((value) => value.trim() !== "", CHAT_MESSAGES.empty),
});

export const ChatUserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
});
export type ChatUser = z.output<typeof ChatUserSchema>;

/** What a chat attachment may be; the bytes decide, never the name or the declared type (ADR 058). */
export const CHAT_ATTACHMENT_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;

export const ChatAttachmentSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  content_type: z.enum(CHAT_ATTACHMENT_TYPES),
  size_bytes: z.number().int(),
  /** Served to the chat's participants only, as a download. */
  url: z.string(),
});
export type ChatAttachment = z.output<typeof ChatAttachmentSchema>;

export const ChatMessageSchema = z.object({
  id: z.number().int(),
  chat_id: z.number().int(),
  sender: ChatUserSchema,
  content: z.string(),
  sent_at: z.string(),
  /** A file sent with the message (ADR 058); absent or null when none. */
  attachment: ChatAttachmentSchema.nullable().optional(),
});
export type ChatMessage = z.output<typeof ChatMessageSchema>;

export const ChatSummarySchema = z.object({
  id: z.number().int(),
  programme: z.object({ name: z.string(), slug: z.string() }).nullable(),
  counterpart: ChatUserSchema.nullable(),
  last_message: z.object({ content: z.string(), sent_at: z.string() }).nullable(),
  unread: z.number().int(),
  created_at: z.string(),
});
export type ChatSummary = z.output<typeof ChatSummarySchema>;

export const ChatListSchema = z.object({
  count: z.number().int(),
  unread: z.number().int(),
  results: z.array(ChatSummarySchema),
});

export const ChatMessagesSchema = z.object({
  results: z.array(ChatMessageSchema),
  /** Whether older messages exist before the first one. */
  has_more: z.boolean(),
});

export const ChatReadSchema = z.object({ chat_id: z.number().int(), unread: z.literal(0) });
export const ChatHiddenSchema = z.object({ chat_id: z.number().int(), hidden: z.literal(true) });

export const ChatApplicationSchema = z.object({ application: ApplicationDetailSchema.nullable() });

/** What the live socket pushes. */
export type LiveEvent =
  | { type: "message"; chat_id: number; message: ChatMessage }
  | { type: "ready" }
  | { type: "resync" }
  /** Someone else in the chat is typing (ADR 058). */
  | { type: "typing"; chat_id: number; user_id: number }
  /** Someone else in the chat read it up to `read_at` (read receipts, ADR 058). */
  | { type: "read"; chat_id: number; user_id: number; read_at: string };
