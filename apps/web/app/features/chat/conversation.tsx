// The right pane of the chat screen (docs/spec/accounts-and-details.md §2 "Chat"): the header
// (initials, name, role), the date lines and bubbles, and the input.
import type { FormEvent, KeyboardEvent, ReactNode, RefObject } from "react";
import { Link } from "react-router";

import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGES,
  type ChatMessage,
  type ChatSummary,
} from "@studyatlas/schemas/chat.ts";

import { draftLength } from "./chat-draft.ts";
import { ArrowLeftIcon, SendIcon, TrashIcon } from "../../components/icons/icons.tsx";
import { InitialsAvatar } from "../../components/initials-avatar/initials-avatar.tsx";
import { fullName, roleLabel } from "./chat-state.ts";
import { PaperclipIcon } from "./file-chip.tsx";
import { MessageBubbles } from "./message-bubbles.tsx";
import { ATTACHMENT_ACCEPT } from "./use-send-attachment.ts";
import inboxStyles from "./inbox.module.css";
import type { LiveStatus } from "./use-live-chat.ts";
import styles from "./chat-screen.module.css";

const STATUS_TEXT: Record<LiveStatus, string> = {
  connecting: "Connecting…",
  live: "Live",
  offline: "Reconnecting…",
  ended: "Signed out",
};

export function ConversationHeader({
  named,
  selected,
  status,
  onDelete,
}: {
  /** The address names the chat: on a phone, a back button to the list. */
  named: boolean;
  selected: ChatSummary | undefined;
  status: LiveStatus;
  onDelete: () => void;
}) {
  const counterpart = selected?.counterpart ?? null;
  const counterpartName = fullName(counterpart);
  return (
    <header className={styles.header}>
      {named && (
        <Link to="/chat" className={styles.back} aria-label="Back to all chats">
          <ArrowLeftIcon />
        </Link>
      )}
      {selected ? (
        <>
          <InitialsAvatar name={counterpartName} size={44} className={styles.avatar} />
          <div className={styles.headerText}>
            <h2 id="conversation-title" className={styles.headerName}>
              {counterpartName}
            </h2>
            <p className={styles.headerRole}>
              {roleLabel(counterpart?.role)}
              {selected.programme && (
                <>
                  {" · "}
                  <Link to={`/course/${selected.programme.slug}`}>{selected.programme.name}</Link>
                </>
              )}
            </p>
          </div>
          <span className={styles.status} data-status={status} role="status">
            {STATUS_TEXT[status]}
          </span>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={`Delete the conversation with ${counterpartName}`}
            onClick={onDelete}
          >
            <TrashIcon />
          </button>
        </>
      ) : (
        <h2 id="conversation-title" className={styles.headerName}>
          {CHAT_MESSAGES.selectChat}
        </h2>
      )}
    </header>
  );
}

/**
 * What scrolls: the terms-of-use notice, then placeholders while a chat loads, or the open chat's
 * messages with "Show earlier messages" above them.
 */
export function ConversationBody({
  loadingChat,
  open,
  hasMore,
  older,
  messages,
  ownUserId,
  counterpartName,
  hydrated,
  seenThrough = null,
  typingName = null,
}: {
  loadingChat: boolean;
  /** A chat is open (chosen, or named by the address). */
  open: boolean;
  hasMore: boolean;
  older: { loadingOlder: boolean; loadOlder: () => Promise<void> };
  messages: ChatMessage[];
  ownUserId: number;
  counterpartName: string;
  hydrated: boolean;
  seenThrough?: string | null;
  /** Who is typing in the open chat, if anybody (ADR 058). */
  typingName?: string | null;
}) {
  return (
    <>
      <p className={styles.notice}>{CHAT_MESSAGES.termsNotice}</p>
      {loadingChat ? (
        <ul className={styles.placeholders} aria-label="Loading messages">
          {[0, 1, 2, 3].map((index) => (
            <li key={index} className={styles.placeholder} data-own={index % 2 === 1} />
          ))}
        </ul>
      ) : open ? (
        <>
          {hasMore && (
            <button
              type="button"
              className={styles.older}
              onClick={() => void older.loadOlder()}
              disabled={older.loadingOlder}
            >
              {older.loadingOlder ? "Loading..." : "Show earlier messages"}
            </button>
          )}
          {messages.length === 0 && <p className={styles.empty}>{CHAT_MESSAGES.noMessages}</p>}
          <MessageBubbles
            messages={messages}
            ownUserId={ownUserId}
            counterpartName={counterpartName}
            hydrated={hydrated}
            seenThrough={seenThrough}
          />
          <p className={inboxStyles.typing} role="status">
            {typingName ? `${typingName} is typing…` : ""}
          </p>
        </>
      ) : (
        <p className={styles.empty}>{CHAT_MESSAGES.selectChat}</p>
      )}
    </>
  );
}

/** The paperclip: a labelled file input (ADR 058); the chosen file goes at once. */
function AttachButton({
  disabled,
  uploading,
  onFile,
}: {
  disabled: boolean;
  uploading: boolean;
  onFile: (file: File) => void;
}) {
  return (
    <label
      className={inboxStyles.attach}
      data-disabled={disabled}
      title="Attach a PDF, JPEG or PNG"
    >
      <input
        type="file"
        className="visually-hidden"
        accept={ATTACHMENT_ACCEPT}
        aria-label={uploading ? "Sending the file…" : "Attach a file (PDF, JPEG or PNG)"}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
      <PaperclipIcon />
    </label>
  );
}

export function Composer({
  inputRef,
  selectedId,
  draft,
  sending,
  sendError,
  onDraft,
  onSend,
  onKeyDown,
  attachment,
  extras,
}: {
  /** Sending a file (ADR 058). */
  attachment?: { uploading: boolean; onFile: (file: File) => void };
  /** Beside the input: the advisor's saved replies. */
  extras?: ReactNode;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  selectedId: number | null;
  draft: string;
  sending: boolean;
  sendError: string;
  onDraft: (text: string) => void;
  onSend: (event: FormEvent) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
}) {
  const { length, over, showCounter } = draftLength(draft);
  const describedBy =
    [showCounter ? "chat-counter" : "", sendError ? "chat-send-error" : ""]
      .filter(Boolean)
      .join(" ") || undefined;
  return (
    <>
      {/* Outside the message form: saved replies have a form of their own. */}
      {extras && <div className={inboxStyles.extras}>{extras}</div>}
      <form className={styles.composer} onSubmit={onSend}>
        {attachment && (
          <AttachButton
            disabled={selectedId === null || attachment.uploading}
            uploading={attachment.uploading}
            onFile={attachment.onFile}
          />
        )}
        <label htmlFor="chat-input" className="visually-hidden">
          Message
        </label>
        <textarea
          id="chat-input"
          ref={inputRef}
          className={styles.input}
          rows={1}
          placeholder={selectedId === null ? CHAT_MESSAGES.selectChat : "Type a message"}
          value={draft}
          disabled={selectedId === null}
          aria-invalid={over > 0 || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className={styles.send}
          aria-label="Send message"
          disabled={selectedId === null || sending || draft.trim() === ""}
        >
          <SendIcon />
        </button>
        {showCounter && (
          <p
            id="chat-counter"
            className={styles.counter}
            data-over={over > 0}
            aria-live={over > 0 ? "polite" : "off"}
          >
            {over > 0
              ? `${length.toLocaleString("en")} / ${CHAT_MESSAGE_MAX_LENGTH.toLocaleString("en")}: ${CHAT_MESSAGES.tooLong} Remove ${over.toLocaleString("en")} ${over === 1 ? "character" : "characters"}.`
              : `${length.toLocaleString("en")} / ${CHAT_MESSAGE_MAX_LENGTH.toLocaleString("en")}`}
          </p>
        )}
        {sendError && (
          <p id="chat-send-error" className={styles.sendError} role="alert">
            {sendError}
          </p>
        )}
      </form>
    </>
  );
}
