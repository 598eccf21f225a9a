// What the chat page needs in one call (a loader calls one core function:
// docs/decisions/022-one-home-per-feature.md "Routes compose"): the caller's chats, the open chat
// (the one named, else the first) with its newest messages, and, for the advisor, the application
// the chat is about.
import type { Database } from "@studyatlas/db/client.ts";
import { CHAT_MESSAGES } from "@studyatlas/schemas/chat.ts";

import { getChatApplication } from "../applications/applications.ts";
import { listChats, listMessages } from "./chats.ts";

export async function loadChatScreen(
  db: Database,
  user: { id: number; role: string },
  options: { chatId: number | undefined },
) {
  const advisor = user.role === "advisor";
  const chats = await listChats(db, user.id, { unreadFirst: advisor });
  const selectedId = options.chatId ?? chats[0]?.id ?? null;
  if (selectedId === null) return { chats, selectedId, messages: null, application: null };
  const [messages, application] = await Promise.all([
    listMessages(db, user.id, selectedId),
    advisor ? getChatApplication(db, user.id, selectedId, CHAT_MESSAGES.notFound) : null,
  ]);
  return { chats, selectedId, messages, application };
}
