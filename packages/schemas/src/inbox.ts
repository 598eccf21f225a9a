// Chat attachments and the advisors' inbox (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md).
import { z } from "zod";

import { CHAT_MESSAGE_MAX_LENGTH, ChatSummarySchema, ChatUserSchema } from "./chat.ts";
import { MAX_INT4 } from "./limits.ts";

export const ATTACHMENT_MESSAGES = {
  missing: "Choose a file to send (PDF, JPEG or PNG).",
  wrongType: "Only PDF, JPEG and PNG files can be sent.",
  tooLarge: (maxBytes: number) =>
    `The file is too large: at most ${Math.round(maxBytes / 1024 / 1024)} MB.`,
  notFound: "This file does not exist or you are not part of its conversation.",
} as const;

export const INBOX_MESSAGES = {
  advisorsOnly: "Only advisors can do this.",
  unknownAdvisor: "Choose one of the advisors.",
  snoozeInPast: "Choose a time in the future to snooze until.",
  snoozeTooFar: "A chat can be snoozed for 90 days at most.",
  replyTitle: "Give the saved reply a title (1-80 characters).",
  replyBody: `Write the saved reply (1-${CHAT_MESSAGE_MAX_LENGTH} characters).`,
  replyDuplicate: "You already have a saved reply with this title.",
  replyNotFound: "This saved reply does not exist.",
  searchTooLong: "Search for at most 100 characters.",
} as const;

const Id = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)])
  .pipe(z.number().int().min(1).max(MAX_INT4));

export const AttachmentParamsSchema = z.object({ id: Id, attachmentId: Id });

export const INBOX_FILTERS = ["all", "unread", "mine", "unassigned", "snoozed", "closed"] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export const InboxQuerySchema = z.object({
  filter: z.enum(INBOX_FILTERS).default("all"),
  q: z.string().trim().max(100, INBOX_MESSAGES.searchTooLong).default(""),
});

export const InboxChatSchema = ChatSummarySchema.extend({
  assignee: ChatUserSchema.nullable(),
  closed_at: z.string().nullable(),
  snoozed_until: z.string().nullable(),
  /** A message that matched the search, when there was one. */
  match: z.object({ id: z.number().int(), content: z.string() }).nullable(),
});
export type InboxChat = z.output<typeof InboxChatSchema>;

export const InboxListSchema = z.object({
  count: z.number().int(),
  results: z.array(InboxChatSchema),
});

export const AdvisorSchema = ChatUserSchema.extend({ accepting: z.boolean() });
export const AdvisorListSchema = z.object({ results: z.array(AdvisorSchema) });

export const AssignBodySchema = z.object({
  /** The advisor to assign the chat to; null leaves it unassigned. */
  advisor_id: z.union([Id, z.null()], { error: INBOX_MESSAGES.unknownAdvisor }),
});

export const SnoozeBodySchema = z.object({
  until: z.iso.datetime({ offset: true, error: INBOX_MESSAGES.snoozeInPast }),
});

export const AcceptingBodySchema = z.object({ accepting: z.boolean() });

export const InboxStateSchema = z.object({
  chat_id: z.number().int(),
  assignee: ChatUserSchema.nullable(),
  closed_at: z.string().nullable(),
  snoozed_until: z.string().nullable(),
});
export type InboxState = z.output<typeof InboxStateSchema>;

export const SavedReplyBodySchema = z.object({
  title: z
    .string({ error: INBOX_MESSAGES.replyTitle })
    .trim()
    .min(1, INBOX_MESSAGES.replyTitle)
    .max(80, INBOX_MESSAGES.replyTitle),
  body: z
    .string({ error: INBOX_MESSAGES.replyBody })
    .max(CHAT_MESSAGE_MAX_LENGTH, INBOX_MESSAGES.replyBody)
    .refine((value) => value.trim() !== "", INBOX_MESSAGES.replyBody),
});

export const SavedReplySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
});
export const SavedReplyListSchema = z.object({ results: z.array(SavedReplySchema) });
export const SavedReplyParamsSchema = z.object({ replyId: Id });

/** Another participant's read position: read receipts. */
export const ChatReceiptSchema = z.object({ user_id: z.number().int(), read_at: z.string() });
export const ChatReceiptsSchema = z.object({ results: z.array(ChatReceiptSchema) });
