// The chat screen's state: the list and the open chat's messages as the page load gave them,
// then kept current by live events (use-live-chat.ts) and a catch-up from the cursor after every
// (re)connection, so a message is shown once and none is missed
// (docs/decisions/012-applications-and-live-chat.md).
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

import type { ApplicationDetail } from "@studyatlas/schemas/applications.ts";
import type { ChatMessage, ChatSummary, ChatUser } from "@studyatlas/schemas/chat.ts";
import type { InboxFilter, InboxState } from "@studyatlas/schemas/inbox.ts";

import { callApi } from "../../auth/account-api.ts";
import { setChatUnread } from "../../hooks/use-chat-unread.ts";
import {
  lastMessageId,
  mergeMessages,
  sortChats,
  totalUnread,
  withLiveMessage,
} from "./chat-state.ts";
import { inboxSearch } from "./inbox-filters.tsx";
import type { SavedReplyItem } from "./saved-replies.tsx";
import type { PresenceEvent } from "./use-chat-presence.ts";
import { useLiveChat, type LiveStatus, type ServerEvent } from "./use-live-chat.ts";

/** The advisors' inbox on the chat screen (ADR 058). */
export interface InboxScreenData {
  filter: InboxFilter;
  q: string;
  state: InboxState | null;
  advisors: (ChatUser & { accepting: boolean })[];
  savedReplies: SavedReplyItem[];
}

export interface ChatScreenData {
  me: { id: number; role: string };
  chats: ChatSummary[];
  selectedId: number | null;
  /** Whether the address names the chat (/chat/{id}): on a phone, the conversation shows. */
  named: boolean;
  messages: { results: ChatMessage[]; has_more: boolean } | null;
  application: ApplicationDetail | null;
  /** How far the other side read the open chat (read receipts). */
  receipts: { user_id: number; read_at: string }[];
  inbox: InboxScreenData | null;
}

/** The list with `chatId`'s unread count cleared (the chat the reader has open). */
function withChatRead(chats: ChatSummary[], chatId: number | null): ChatSummary[] {
  return chats.map((chat) =>
    chat.id === chatId && chat.unread > 0 ? { ...chat, unread: 0 } : chat,
  );
}

export function useChatScreenState(data: ChatScreenData) {
  // Opening a chat reads it: its badge goes at once (the server is told in an effect below).
  const [chats, setChats] = useState(() => withChatRead(data.chats, data.selectedId));
  const [messages, setMessages] = useState<ChatMessage[]>(data.messages?.results ?? []);
  const [hasMore, setHasMore] = useState(data.messages?.has_more ?? false);
  const [sendError, setSendError] = useState("");
  const selectedId = data.selectedId;

  // A new page load (another chat, or back to this one) replaces what the screen shows: state
  // adjusted while rendering, as React recommends, rather than in an effect after a stale paint.
  const [shownData, setShownData] = useState(data);
  if (shownData !== data) {
    setShownData(data);
    setChats(withChatRead(data.chats, data.selectedId));
    setMessages(data.messages?.results ?? []);
    setHasMore(data.messages?.has_more ?? false);
    setSendError("");
  }

  useEffect(() => {
    setChatUnread(totalUnread(chats));
  }, [chats]);

  // Opening a chat with unread messages tells the server it was read.
  useEffect(() => {
    const opened = data.chats.find((chat) => chat.id === selectedId);
    if (opened && opened.unread > 0) {
      void callApi(`/api/chats/${opened.id}/read`, { method: "POST", json: {} });
    }
  }, [selectedId, data.chats]);

  return {
    chats,
    setChats,
    messages,
    setMessages,
    hasMore,
    setHasMore,
    sendError,
    setSendError,
  };
}

export type ChatScreenState = ReturnType<typeof useChatScreenState>;

/** Live events and catch-ups; answers the socket's status. */
export function useChatLiveUpdates(
  data: ChatScreenData,
  state: ChatScreenState,
  presence?: {
    onPresence: (event: PresenceEvent) => void;
    onMessageFrom: (userId: number) => void;
  },
): LiveStatus {
  const { me, selectedId } = data;
  const { setChats, setMessages } = state;
  const messagesRef = useRef(state.messages);
  useLayoutEffect(() => {
    messagesRef.current = state.messages;
  }, [state.messages]);

  // Advisors keep their inbox's filter and search; its order (unread first) is the server's.
  const listUrl = data.inbox
    ? `/api/inbox${inboxSearch(data.inbox.filter, data.inbox.q)}`
    : "/api/chats";
  const reloadList = useCallback(async () => {
    const answer = await callApi<{ results: ChatSummary[] }>(listUrl);
    if (answer.ok) {
      setChats(listUrl === "/api/chats" ? sortChats(answer.data.results) : answer.data.results);
    }
  }, [setChats, listUrl]);

  const catchUp = useCallback(async () => {
    void reloadList();
    if (selectedId === null) return;
    // The cursor is what the screen had when the socket (re)opened: messages the new socket
    // delivers meanwhile must not move it past ones that were missed.
    let after = lastMessageId(messagesRef.current);
    for (let page = 0; page < 20; page += 1) {
      const answer = await callApi<{ results: ChatMessage[]; has_more: boolean }>(
        `/api/chats/${selectedId}/messages?after=${after}`,
      );
      if (!answer.ok) return;
      const { results } = answer.data;
      setMessages((current) => mergeMessages(current, results));
      after = results.at(-1)?.id ?? after;
      if (!answer.data.has_more) break;
    }
  }, [reloadList, selectedId, setMessages]);

  const onEvent = useCallback(
    (event: ServerEvent) => {
      if (event.type === "chat") {
        void reloadList();
        return;
      }
      if (event.type === "typing" || event.type === "read") {
        presence?.onPresence(event);
        return;
      }
      if (event.type !== "message") return;
      const { message } = event;
      presence?.onMessageFrom(message.sender.id);
      if (message.chat_id === selectedId) {
        setMessages((current) => mergeMessages(current, [message]));
        if (message.sender.id !== me.id && document.visibilityState === "visible") {
          void callApi(`/api/chats/${message.chat_id}/read`, { method: "POST", json: {} });
        }
      }
      let missing = false;
      setChats((current) => {
        const next = withLiveMessage(current, message, {
          ownUserId: me.id,
          openChatId: selectedId ?? undefined,
        });
        if (!next) {
          missing = true;
          return current;
        }
        return next;
      });
      if (missing) void reloadList();
    },
    [me.id, presence, reloadList, selectedId, setChats, setMessages],
  );

  return useLiveChat({ onEvent, onCatchUp: () => void catchUp() });
}
