// 'Previous Chats' (docs/spec/accounts-and-details.md §2 "Chat"): the caller's chats, newest
// first, each with its counterpart, programme, last message and unread badge.
import type { ReactNode } from "react";
import { Link } from "react-router";

import type { ChatSummary } from "@studyatlas/schemas/chat.ts";
import type { InboxChat } from "@studyatlas/schemas/inbox.ts";

import { InitialsAvatar } from "../../components/initials-avatar/initials-avatar.tsx";
import { fullName, listTime, previewOf } from "./chat-state.ts";
import styles from "./chat-screen.module.css";
import inboxStyles from "./inbox.module.css";

/** The advisors' inbox shows who has a chat (ADR 058). */
function assigneeText(chat: ChatSummary | InboxChat): string | undefined {
  if (!("assignee" in chat)) return undefined;
  if (chat.closed_at !== null) return "Closed";
  return chat.assignee === null ? "Unassigned" : `With ${fullName(chat.assignee)}`;
}

export function ChatList({
  chats,
  selectedId,
  hydrated,
  advisor,
  toolbar,
  linkSearch = "",
}: {
  chats: ChatSummary[];
  selectedId: number | null;
  hydrated: boolean;
  advisor: boolean;
  /** Above the list: the advisors' search and filters. */
  toolbar?: ReactNode;
  /** Kept on every chat's link (the inbox's ?filter=&q=). */
  linkSearch?: string;
}) {
  const now = new Date();
  return (
    <nav className={styles.list} aria-labelledby="previous-chats-title">
      <h1 id="previous-chats-title" className={styles.listTitle}>
        Previous Chats
      </h1>
      {toolbar}
      {chats.length === 0 ? (
        advisor && toolbar ? (
          <p className={styles.empty}>No conversations here.</p>
        ) : advisor ? (
          <p className={styles.empty}>
            No conversations yet. When a student applies to a programme, their chat appears here.
          </p>
        ) : (
          <p className={styles.empty}>
            No conversations yet. Apply to a programme and an advisor will chat with you here.{" "}
            <Link to="/coursefinder">Find a programme</Link>
          </p>
        )
      ) : (
        <ul className={styles.items}>
          {chats.map((chat) => {
            const name = fullName(chat.counterpart);
            const when = chat.last_message?.sent_at ?? chat.created_at;
            return (
              <li key={chat.id}>
                <Link
                  to={`/chat/${chat.id}${linkSearch}`}
                  className={styles.item}
                  aria-current={chat.id === selectedId ? "page" : undefined}
                  preventScrollReset
                >
                  <InitialsAvatar name={name} size={40} className={styles.avatar} />
                  <span className={styles.itemBody}>
                    <span className={styles.itemTop}>
                      <span className={styles.itemName}>{name}</span>
                      <span className={styles.itemTime}>
                        {hydrated ? listTime(when, now) : listTime(when, now, "UTC")}
                      </span>
                    </span>
                    {chat.programme && (
                      <span className={styles.itemProgramme}>{chat.programme.name}</span>
                    )}
                    {assigneeText(chat) && (
                      <span className={inboxStyles.itemMeta}>{assigneeText(chat)}</span>
                    )}
                    <span className={styles.itemBottom}>
                      <span className={styles.preview}>{previewOf(chat)}</span>
                      {chat.unread > 0 && (
                        <span className={styles.unread}>
                          {chat.unread}
                          <span className="visually-hidden"> unread</span>
                        </span>
                      )}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
