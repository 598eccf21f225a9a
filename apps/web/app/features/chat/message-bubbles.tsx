// The bubbles of a conversation (docs/spec/accounts-and-details.md §2 "Chat"): own on the right,
// others on the left, each with its sender, text (links open in a new tab) and time, and a date
// line before each new day.
import type { ChatMessage } from "@studyatlas/schemas/chat.ts";

import { bubbleTime, dateLine, fullName, linkify } from "./chat-state.ts";
import { Time } from "./chat-time.tsx";
import { FileChip } from "./file-chip.tsx";
import styles from "./message-bubbles.module.css";

function MessageText({ text }: { text: string }) {
  return (
    <p className={styles.text}>
      {linkify(text).map((part, index) =>
        part.kind === "link" ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/** The bubbles, own on the right, with a date line before each new day. */
export function MessageBubbles({
  messages,
  ownUserId,
  counterpartName,
  hydrated,
  seenThrough = null,
}: {
  messages: ChatMessage[];
  ownUserId: number;
  counterpartName: string;
  hydrated: boolean;
  /** How far the other side has read (read receipts, ADR 058): "Seen" under that own message. */
  seenThrough?: string | null;
}) {
  const now = new Date();
  const seenId = lastSeenOwnMessage(messages, ownUserId, seenThrough);
  const day = (iso: string) => dateLine(iso, now, hydrated ? undefined : "UTC");
  return (
    <ol
      className={styles.bubbles}
      aria-label={`Messages with ${counterpartName}`}
      aria-live="polite"
    >
      {messages.map((message, index) => {
        const own = message.sender.id === ownUserId;
        const previous = messages[index - 1];
        const newDay = !previous || day(previous.sent_at) !== day(message.sent_at);
        return (
          <li key={message.id} className={styles.row} data-own={own}>
            {newDay && (
              <p className={styles.dateLine}>
                <span>{day(message.sent_at)}</span>
              </p>
            )}
            <div className={styles.bubble} data-own={own}>
              <p className={styles.sender}>{own ? "You" : fullName(message.sender)}</p>
              {message.attachment && <FileChip attachment={message.attachment} />}
              {message.content !== message.attachment?.file_name && (
                <MessageText text={message.content} />
              )}
              <p className={styles.time}>
                <Time iso={message.sent_at} format={bubbleTime} />
              </p>
            </div>
            {message.id === seenId && <p className={styles.seen}>Seen</p>}
          </li>
        );
      })}
    </ol>
  );
}

/** The newest own message the other side has read, or undefined. */
function lastSeenOwnMessage(
  messages: ChatMessage[],
  ownUserId: number,
  seenThrough: string | null,
): number | undefined {
  if (seenThrough === null) return undefined;
  const seen = Date.parse(seenThrough);
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index]!;
    if (message.sender.id === ownUserId && Date.parse(message.sent_at) <= seen) return message.id;
  }
  return undefined;
}
