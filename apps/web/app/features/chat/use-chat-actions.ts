// What the reader does on the chat screen: load earlier messages, send one, delete the
// conversation from their own list (docs/spec/accounts-and-details.md §5 "Chat").
import { useState, type FormEvent, type KeyboardEvent, type RefObject } from "react";
import { useNavigate, useRevalidator } from "react-router";

import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGES,
  type ChatMessage,
} from "@studyatlas/schemas/chat.ts";

import { callApi } from "../../auth/account-api.ts";
import { readDraft, writeDraft } from "./chat-draft.ts";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { mergeMessages, withLiveMessage } from "./chat-state.ts";
import type { ChatScreenState } from "./use-chat-screen.ts";

/** "Show earlier messages", keeping the reader's place in the scrolled view. */
export function useOlderMessages(
  selectedId: number | null,
  state: ChatScreenState,
  scrollRef: RefObject<HTMLDivElement | null>,
  stickToBottomRef: RefObject<boolean>,
) {
  const [loadingOlder, setLoadingOlder] = useState(false);
  const { messages, setMessages, setHasMore } = state;
  const loadOlder = async () => {
    if (selectedId === null || messages.length === 0) return;
    setLoadingOlder(true);
    const box = scrollRef.current;
    const fromBottom = box ? box.scrollHeight - box.scrollTop : 0;
    const answer = await callApi<{ results: ChatMessage[]; has_more: boolean }>(
      `/api/chats/${selectedId}/messages?before=${messages[0]!.id}`,
    );
    setLoadingOlder(false);
    if (!answer.ok) return;
    stickToBottomRef.current = false;
    setMessages((current) => mergeMessages(current, answer.data.results));
    setHasMore(answer.data.has_more);
    requestAnimationFrame(() => {
      if (box) box.scrollTop = box.scrollHeight - fromBottom;
    });
  };
  return { loadingOlder, loadOlder };
}

/**
 * The message input: Enter or the send button sends; a failure says why. The draft is kept per
 * chat across reloads (chat-draft.ts); text over the limit is refused with a message, never cut.
 */
export function useChatComposer(
  me: { id: number },
  selectedId: number | null,
  state: ChatScreenState,
  inputRef: RefObject<HTMLTextAreaElement | null>,
  stickToBottomRef: RefObject<boolean>,
  /** An advisor's open chat has nobody: their first message takes it (ADR 058). */
  takesChat = false,
) {
  const revalidator = useRevalidator();
  // What was typed in this chat since it opened; until then, the kept draft. Storage is read
  // once hydrated (the server has none, and the first render must match its HTML).
  const [typed, setTyped] = useState<{ chatId: number | null; text: string }>();
  const hydrated = useHydrated();
  const [sending, setSending] = useState(false);
  const { setMessages, setChats, setSendError } = state;
  const draft =
    typed && typed.chatId === selectedId
      ? typed.text
      : hydrated && selectedId !== null
        ? readDraft(me.id, selectedId)
        : "";

  const setDraft = (text: string) => {
    setTyped({ chatId: selectedId, text });
    if (selectedId !== null) writeDraft(me.id, selectedId, text);
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    // §5: empty or whitespace-only text, or no chat selected, is not sent.
    if (selectedId === null || draft.trim() === "" || sending) return;
    if (draft.length > CHAT_MESSAGE_MAX_LENGTH) {
      setSendError(CHAT_MESSAGES.tooLong);
      return;
    }
    setSending(true);
    setSendError("");
    const answer = await callApi<ChatMessage>(`/api/chats/${selectedId}/messages`, {
      json: { content: draft },
    });
    setSending(false);
    if (answer.status === 201) {
      stickToBottomRef.current = true;
      setDraft("");
      setMessages((current) => mergeMessages(current, [answer.data]));
      setChats(
        (current) =>
          withLiveMessage(current, answer.data, { ownUserId: me.id, openChatId: selectedId }) ??
          current,
      );
      inputRef.current?.focus();
      // The chat is now theirs: the toolbar's assignee comes from the page's data.
      if (takesChat) void revalidator.revalidate();
      return;
    }
    setSendError(
      answer.status === 0
        ? "You are offline. Your message was not sent; try again once you are back online."
        : (answer.data.message ?? "Your message could not be sent. Please try again."),
    );
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter starts a new line (and composing an accented letter is not sent).
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return { draft, setDraft, sending, send, onInputKeyDown };
}

/** Deleting the open conversation from the reader's list, after a confirmation. */
export function useRemoveChat(selectedId: number | null, state: ChatScreenState) {
  const navigate = useNavigate();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [removing, setRemoving] = useState(false);
  const { setChats } = state;
  const removeChat = async () => {
    if (selectedId === null) return;
    setRemoving(true);
    const answer = await callApi(`/api/chats/${selectedId}`, { method: "DELETE" });
    setRemoving(false);
    setConfirmOpen(false);
    if (answer.ok) {
      setChats((current) => current.filter((chat) => chat.id !== selectedId));
      void navigate("/chat", { replace: true });
    }
  };
  return { confirmOpen, setConfirmOpen, removing, removeChat };
}
