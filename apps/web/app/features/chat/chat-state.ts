// The chat screen's rules, as pure functions (docs/decisions/012-applications-and-live-chat.md):
// merging messages that arrive from the page load, the live socket and a catch-up fetch (each once,
// in id order), keeping the list newest first, and how names, roles, times and links are shown.
import type { ChatMessage, ChatSummary } from "@studyatlas/schemas/chat.ts";
import { CHAT_MESSAGES } from "@studyatlas/schemas/chat.ts";

/** `current` with `incoming` added: no message twice, oldest first (ids grow within a chat). */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byId = new Map<number, ChatMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The newest message id the screen has, the cursor of a catch-up (`after=`). */
export function lastMessageId(messages: readonly ChatMessage[]): number {
  return messages.reduce((max, message) => Math.max(max, message.id), 0);
}

function activity(chat: ChatSummary): string {
  return chat.last_message?.sent_at ?? chat.created_at;
}

/** §2: "sorted by latest message descending" (a chat without messages by when it opened). */
export function sortChats(chats: readonly ChatSummary[]): ChatSummary[] {
  return [...chats].sort((a, b) => activity(b).localeCompare(activity(a)) || b.id - a.id);
}

/**
 * The list after a live message: its chat gets the message as its last one (and one more unread
 * unless it is the caller's own or the chat is open) and moves to the top. Undefined when the
 * chat is not in the list (a chat the caller had removed comes back: reload the list).
 */
export function withLiveMessage(
  chats: readonly ChatSummary[],
  message: ChatMessage,
  options: { ownUserId: number; openChatId: number | undefined },
): ChatSummary[] | undefined {
  const chat = chats.find((entry) => entry.id === message.chat_id);
  if (!chat) return undefined;
  const known = chat.last_message && chat.last_message.sent_at >= message.sent_at;
  const unread =
    message.sender.id === options.ownUserId || options.openChatId === message.chat_id
      ? chat.unread
      : chat.unread + 1;
  const updated: ChatSummary = {
    ...chat,
    last_message: known
      ? chat.last_message
      : { content: message.content, sent_at: message.sent_at },
    unread,
  };
  return sortChats(chats.map((entry) => (entry.id === chat.id ? updated : entry)));
}

export function totalUnread(chats: readonly ChatSummary[]): number {
  return chats.reduce((sum, chat) => sum + chat.unread, 0);
}

/** §2, §6: the header shows the counterpart's role, 'User' by default. */
export function roleLabel(role: string | undefined): string {
  if (!role) return CHAT_MESSAGES.defaultRole;
  const known: Record<string, string> = {
    advisor: "Advisor",
    student: "Student",
    partner: "Partner",
    sales: "Sales",
  };
  return known[role] ?? CHAT_MESSAGES.defaultRole;
}

export function fullName(user: { first_name: string; last_name: string } | null): string {
  if (!user) return "Unknown user";
  return `${user.first_name} ${user.last_name}`.trim() || "Unknown user";
}

/** A one-line preview of the last message (§2: 'No messages yet' if none). */
export function previewOf(chat: ChatSummary, maxLength = 60): string {
  const text = chat.last_message?.content.replace(/\s+/g, " ").trim();
  if (!text) return CHAT_MESSAGES.noMessages;
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

/** The list's time: the hour today, else the day and month (and the year if not this year). */
export function listTime(iso: string, now: Date, timeZone?: string): string {
  const date = new Date(iso);
  const options = timeZone ? { timeZone } : {};
  const day = (value: Date) => value.toLocaleDateString("en-GB", options);
  if (day(date) === day(now)) {
    return date.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", ...options });
  }
  const sameYear =
    date.toLocaleDateString("en-GB", { year: "numeric", ...options }) ===
    now.toLocaleDateString("en-GB", { year: "numeric", ...options });
  return date.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    ...(sameYear ? {} : { year: "numeric" }),
    ...options,
  });
}

export function bubbleTime(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleTimeString("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    ...(timeZone ? { timeZone } : {}),
  });
}

/** The date line above a day's first message: 'Today', 'Yesterday' or the date. */
export function dateLine(iso: string, now: Date, timeZone?: string): string {
  const options = timeZone ? { timeZone } : {};
  const day = (value: Date) => value.toLocaleDateString("en-GB", options);
  const date = new Date(iso);
  if (day(date) === day(now)) return "Today";
  if (day(date) === day(new Date(now.getTime() - 86_400_000))) return "Yesterday";
  return date.toLocaleDateString("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    ...options,
  });
}

export type TextPart =
  { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

const LINK = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;

/**
 * A message's text cut into plain text and web links (http and https only), so the links can be
 * made clickable while everything else stays text: a message is never HTML.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    if (start > last) parts.push({ kind: "text", text: text.slice(last, start) });
    parts.push({ kind: "link", text: match[0], href: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}
