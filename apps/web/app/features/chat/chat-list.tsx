// 'Previous Chats' (docs/spec/accounts-and-details.md §2 "Chat"): the caller's chats, newest
// first, each with its counterpart, programme, last message and unread badge.
import { Link } from "react-router";

import type { ChatSummary } from "@studyatlas/schemas/chat.ts";

import { InitialsAvatar } from "../../components/initials-avatar/initials-avatar.tsx";
import { fullName, listTime, previewOf } from "./chat-state.ts";
import styles from "./chat-screen.module.css";

export function ChatList({
  chats,
  selectedId,
  hydrated,
  advisor,
}: {
  chats: ChatSummary[];
  selectedId: number | null;
  hydrated: boolean;
  advisor: boolean;
}) {
  const now = new Date();
  return (
    <nav className={styles.list} aria-labelledby="previous-chats-title">
      <h1 id="previous-chats-title" className={styles.listTitle}>
        Previous Chats
      </h1>
      {chats.length === 0 ? (
        advisor ? (
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
                  to={`/chat/${chat.id}`}
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
