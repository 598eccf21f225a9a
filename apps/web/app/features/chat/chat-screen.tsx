// The chat screen /chat and /chat/{chatId} (docs/spec/accounts-and-details.md §2 "Chat", §4
// "Chat", §5 "Chat", §6; docs/decisions/012-applications-and-live-chat.md). Left: 'Previous
// Chats', newest first, with unread badges (chat-list.tsx). Right: the conversation, its header
// (initials, name, role), date lines, the terms-of-use notice, the bubbles and the input (Enter or
// the send button; conversation.tsx). Messages arrive live (use-chat-screen.ts). The advisor also
// sees the student's application beside the conversation (above the messages, as a disclosure,
// on narrower screens). At 375 px: the list on /chat, the conversation with a back button on
// /chat/{id}. Files go and come as chips; the other side's typing and reading show live; an advisor
// works an inbox: search and filters above the list, assignment, close, snooze and saved replies
// (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md).
import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";
import { useNavigation } from "react-router";

import { ApplicationDisclosure, ApplicationPanel } from "./application-panel.tsx";
import { ChatList } from "./chat-list.tsx";
import { fullName } from "./chat-state.ts";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { Composer, ConversationBody, ConversationHeader } from "./conversation.tsx";
import { InboxFilters, inboxSearch } from "./inbox-filters.tsx";
import { InboxToolbar } from "./inbox-toolbar.tsx";
import { SavedReplies } from "./saved-replies.tsx";
import { useChatPresence, type ChatPresence } from "./use-chat-presence.ts";
import { useSendAttachment } from "./use-send-attachment.ts";
import { RemoveChatDialog } from "./remove-chat-dialog.tsx";
import { useChatComposer, useOlderMessages, useRemoveChat } from "./use-chat-actions.ts";
import { useChatLiveUpdates, useChatScreenState, type ChatScreenData } from "./use-chat-screen.ts";
import styles from "./chat-screen.module.css";

/** The message form, with the paperclip, typing announcements and (advisors) saved replies. */
function ScreenComposer({
  data,
  composer,
  files,
  presence,
  sendError,
  inputRef,
}: {
  data: ChatScreenData;
  composer: ReturnType<typeof useChatComposer>;
  files: ReturnType<typeof useSendAttachment>;
  presence: ChatPresence;
  sendError: string;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const { selectedId, inbox } = data;
  return (
    <Composer
      inputRef={inputRef}
      selectedId={selectedId}
      draft={composer.draft}
      sending={composer.sending}
      sendError={sendError}
      onDraft={(text) => {
        composer.setDraft(text);
        if (text.trim() !== "") presence.announceTyping();
      }}
      attachment={{ uploading: files.uploading, onFile: (file) => void files.sendFile(file) }}
      extras={
        inbox && selectedId !== null ? (
          <SavedReplies
            replies={inbox.savedReplies}
            draft={composer.draft}
            onInsert={(body) => {
              composer.setDraft(body);
              inputRef.current?.focus();
            }}
          />
        ) : undefined
      }
      onSend={(event) => void composer.send(event)}
      onKeyDown={composer.onInputKeyDown}
    />
  );
}

/** The screen's state and what the reader does with it. */
function useChatScreen(data: ChatScreenData) {
  const { me, selectedId } = data;
  const scrollRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const stickToBottomRef = useRef(true);
  const state = useChatScreenState(data);
  const presence = useChatPresence(selectedId, data.receipts);
  const status = useChatLiveUpdates(data, state, presence);
  const older = useOlderMessages(selectedId, state, scrollRef, stickToBottomRef);
  const takesChat = data.inbox?.state?.assignee === null;
  const composer = useChatComposer(me, selectedId, state, inputRef, stickToBottomRef, takesChat);
  const files = useSendAttachment(me, selectedId, state, stickToBottomRef);
  const removal = useRemoveChat(selectedId, state);

  useEffect(() => {
    stickToBottomRef.current = true;
  }, [data]);

  // The view follows the newest message unless the reader scrolled up to read older ones.
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (box && stickToBottomRef.current) box.scrollTop = box.scrollHeight;
  }, [state.messages, selectedId, presence.typingUserId]);
  const screen = { scrollRef, inputRef, stickToBottomRef, state, presence, status, older };
  return { ...screen, composer, files, removal };
}

export function ChatScreen({ data }: { data: ChatScreenData }) {
  const { me, selectedId, inbox } = data;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const screen = useChatScreen(data);
  const { scrollRef, inputRef, stickToBottomRef, state, presence, status, older } = screen;
  const { composer, files, removal } = screen;
  const listSearch = inbox ? inboxSearch(inbox.filter, inbox.q) : "";
  const { chats, messages } = state;

  const selected = chats.find((chat) => chat.id === selectedId);
  const counterpartName = fullName(selected?.counterpart ?? null);
  const loadingChat =
    navigation.state === "loading" && navigation.location.pathname.startsWith("/chat");

  return (
    <div
      className={styles.screen}
      data-named={data.named}
      data-panel={data.application !== null}
      data-live={status}
    >
      <ChatList
        chats={chats}
        selectedId={selectedId}
        hydrated={hydrated}
        advisor={me.role === "advisor"}
        toolbar={inbox ? <InboxFilters inbox={inbox} meId={me.id} /> : undefined}
        linkSearch={listSearch}
      />

      <section className={styles.conversation} aria-labelledby="conversation-title">
        <ConversationHeader
          named={data.named}
          selected={selected}
          status={status}
          onDelete={() => removal.setConfirmOpen(true)}
        />

        {inbox?.state && selectedId !== null && (
          <InboxToolbar
            key={`${selectedId}-${inbox.state.assignee?.id ?? ""}`}
            chatId={selectedId}
            me={me}
            state={inbox.state}
            advisors={inbox.advisors}
            listSearch={listSearch}
          />
        )}

        {data.application && <ApplicationDisclosure application={data.application} />}

        <div
          ref={scrollRef}
          className={styles.messages}
          // Scrollable, so reachable from the keyboard even when it holds no link (WCAG 2.1.1).
          tabIndex={0}
          role="region"
          aria-label="Conversation"
          onScroll={(event) => {
            const box = event.currentTarget;
            stickToBottomRef.current = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
          }}
        >
          <ConversationBody
            loadingChat={loadingChat}
            open={selected !== undefined || selectedId !== null}
            hasMore={state.hasMore}
            older={older}
            messages={messages}
            ownUserId={me.id}
            counterpartName={counterpartName}
            hydrated={hydrated}
            seenThrough={presence.seenThrough}
            typingName={presence.typingUserId === null ? null : counterpartName}
          />
        </div>

        <ScreenComposer
          data={data}
          composer={composer}
          files={files}
          presence={presence}
          sendError={state.sendError}
          inputRef={inputRef}
        />
      </section>

      {data.application && <ApplicationPanel application={data.application} />}

      <RemoveChatDialog
        open={removal.confirmOpen}
        name={counterpartName}
        pending={removal.removing}
        onClose={() => removal.setConfirmOpen(false)}
        onConfirm={() => void removal.removeChat()}
      />
    </div>
  );
}
