// Sending a file in a chat (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md): the
// chosen file goes up at once as its own message; a refusal (type, size) says why under the input.
import { useState, type RefObject } from "react";

import type { ChatMessage } from "@studyatlas/schemas/chat.ts";

import { callApi } from "../../auth/account-api.ts";
import { mergeMessages, withLiveMessage } from "./chat-state.ts";
import type { ChatScreenState } from "./use-chat-screen.ts";

export const ATTACHMENT_ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";

export function useSendAttachment(
  me: { id: number },
  selectedId: number | null,
  state: ChatScreenState,
  stickToBottomRef: RefObject<boolean>,
) {
  const [uploading, setUploading] = useState(false);
  const { setMessages, setChats, setSendError } = state;

  const sendFile = async (file: File) => {
    if (selectedId === null || uploading) return;
    setUploading(true);
    setSendError("");
    const form = new FormData();
    form.append("file", file, file.name);
    const answer = await callApi<ChatMessage>(`/api/chats/${selectedId}/attachments`, { form });
    setUploading(false);
    if (answer.status === 201) {
      stickToBottomRef.current = true;
      setMessages((current) => mergeMessages(current, [answer.data]));
      setChats(
        (current) =>
          withLiveMessage(current, answer.data, { ownUserId: me.id, openChatId: selectedId }) ??
          current,
      );
      return;
    }
    setSendError(
      answer.status === 0
        ? "You are offline. Your file was not sent; try again once you are back online."
        : (answer.data.message ?? "Your file could not be sent. Please try again."),
    );
  };

  return { uploading, sendFile };
}
