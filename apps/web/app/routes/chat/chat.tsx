// /chat and /chat/{chatId} (docs/spec/accounts-and-details.md §2 route table and "Chat";
// docs/decisions/012-applications-and-live-chat.md).
// Server-rendered with the caller's chats and the open chat's newest messages; signed out, the
// visitor is sent to sign in and back. A chat the caller does not take part in is the not-found
// page, exactly like one that does not exist.
import { data, redirect } from "react-router";

import { loadChatScreen } from "@studyatlas/core/chat/chat-screen.ts";
import { NotFoundError } from "@studyatlas/core/errors.ts";
import { InboxQuerySchema } from "@studyatlas/schemas/inbox.ts";

import { getServices, getSessionUser } from "../../context.ts";
import { ChatScreen } from "../../features/chat/chat-screen.tsx";
import type { Route } from "./+types/chat";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Chat — StudyAtlas" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const user = getSessionUser(context);
  if (!user) {
    const path = new URL(request.url).pathname;
    throw redirect(`/auth?next=${encodeURIComponent(path)}`);
  }
  const named = params.chatId !== undefined;
  if (named && !/^\d{1,9}$/.test(params.chatId ?? "")) throw data(null, { status: 404 });
  // The advisors' inbox filter and search travel in the address (ADR 058); a bad one is ignored.
  const search = new URL(request.url).searchParams;
  const inboxQuery = InboxQuerySchema.safeParse({
    filter: search.get("filter") ?? undefined,
    q: search.get("q") ?? undefined,
  });
  try {
    const screen = await loadChatScreen(getServices(context).db, user, {
      chatId: named ? Number(params.chatId) : undefined,
      ...(inboxQuery.success ? inboxQuery.data : {}),
    });
    return { ...screen, me: { id: user.id, role: user.role }, named };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export default function Chat({ loaderData }: Route.ComponentProps) {
  return <ChatScreen data={loaderData} />;
}
