// What the chat page needs in one call (a loader calls one core function:
// docs/decisions/022-one-home-per-feature.md "Routes compose"): the caller's chats, the open chat
// (the one named, else the first) with its newest messages and how far the other side read, and,
// for the advisor, the application the chat is about and the inbox: its filtered, searched list,
// the open chat's assignee and state, the advisors and their saved replies
// (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md).
import type { Database } from "@studyatlas/db/client.ts";
import { CHAT_MESSAGES } from "@studyatlas/schemas/chat.ts";
import type { InboxFilter } from "@studyatlas/schemas/inbox.ts";

import { getChatApplication } from "../applications/applications.ts";
import { listChats, listMessages } from "./chats.ts";
import { listInbox } from "./inbox.ts";
import { getInboxState, listAdvisors } from "./inbox-actions.ts";
import { chatReceipts } from "./presence.ts";
import { listSavedReplies } from "./saved-replies.ts";

async function inboxExtras(
  db: Database,
  user: { id: number; role: string },
  selectedId: number | null,
  query: { filter: InboxFilter; q: string },
) {
  const [state, advisors, savedReplies] = await Promise.all([
    selectedId === null ? null : getInboxState(db, selectedId),
    listAdvisors(db),
    listSavedReplies(db, user),
  ]);
  return { ...query, state, advisors, savedReplies };
}

export async function loadChatScreen(
  db: Database,
  user: { id: number; role: string },
  options: { chatId: number | undefined; filter?: InboxFilter; q?: string },
) {
  const advisor = user.role === "advisor";
  const query = { filter: options.filter ?? "all", q: options.q ?? "" };
  const chats = advisor
    ? await listInbox(db, user.id, query)
    : await listChats(db, user.id, { unreadFirst: false });
  const selectedId = options.chatId ?? chats[0]?.id ?? null;
  const inbox = advisor ? await inboxExtras(db, user, selectedId, query) : null;
  if (selectedId === null) {
    return { chats, selectedId, messages: null, application: null, receipts: [], inbox };
  }
  const [messages, application, receipts] = await Promise.all([
    listMessages(db, user.id, selectedId),
    advisor ? getChatApplication(db, user.id, selectedId, CHAT_MESSAGES.notFound) : null,
    chatReceipts(db, user.id, selectedId),
  ]);
  return { chats, selectedId, messages, application, receipts, inbox };
}
