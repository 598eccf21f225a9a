// An advisor's saved replies beside the message box
// (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md): insert one into the box to edit
// and send, save the box's text under a title, delete one.
import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";

import { callApi } from "../../auth/account-api.ts";
import styles from "./inbox.module.css";

export interface SavedReplyItem {
  id: number;
  title: string;
  body: string;
}

export function SavedReplies({
  replies,
  draft,
  onInsert,
}: {
  replies: SavedReplyItem[];
  draft: string;
  onInsert: (body: string) => void;
}) {
  const revalidator = useRevalidator();
  const [title, setTitle] = useState("");
  const [error, setError] = useState("");
  const [pending, setPending] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError("");
    const answer = await callApi("/api/inbox/saved-replies", { json: { title, body: draft } });
    setPending(false);
    if (!answer.ok) {
      const fields = answer.data.errors ?? {};
      setError(fields.title?.[0] ?? fields.body?.[0] ?? answer.data.message ?? "Not saved.");
      return;
    }
    setTitle("");
    await revalidator.revalidate();
  };

  const remove = async (id: number) => {
    const answer = await callApi(`/api/inbox/saved-replies/${id}`, { method: "DELETE" });
    if (answer.ok) await revalidator.revalidate();
  };

  return (
    <details className={styles.replies}>
      <summary>Saved replies ({replies.length})</summary>
      {replies.length > 0 && (
        <ul className={styles.replyList}>
          {replies.map((reply) => (
            <li key={reply.id} className={styles.reply}>
              <span className={styles.replyTitle}>{reply.title}</span>
              <button
                type="button"
                className={styles.toolbarButton}
                aria-label={`Insert “${reply.title}”`}
                onClick={() => onInsert(reply.body)}
              >
                Insert
              </button>
              <button
                type="button"
                className={styles.linkButton}
                aria-label={`Delete “${reply.title}”`}
                onClick={() => void remove(reply.id)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.toolbarForm} onSubmit={(event) => void save(event)}>
        <label htmlFor="saved-reply-title">Save the message box as</label>
        <input
          id="saved-reply-title"
          value={title}
          maxLength={80}
          placeholder="Title"
          onChange={(event) => setTitle(event.target.value)}
          aria-describedby={error ? "saved-reply-error" : undefined}
        />
        <button
          type="submit"
          className={styles.toolbarButton}
          disabled={pending || draft.trim() === "" || title.trim() === ""}
        >
          Save reply
        </button>
      </form>
      {error && (
        <p id="saved-reply-error" className={styles.toolbarError} role="alert">
          {error}
        </p>
      )}
    </details>
  );
}
