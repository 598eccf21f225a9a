// The advisor's "Taking new chats" switch above the inbox
// (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md): off, the round-robin of new
// chats skips them; the chats they already have stay theirs. The page's data is loaded again
// after each change, so the assignee list shows the new state too.
import { useState } from "react";
import { useRevalidator } from "react-router";

import { callApi } from "../../auth/account-api.ts";
import styles from "./inbox.module.css";

export function AcceptingSwitch({ accepting }: { accepting: boolean }) {
  const revalidator = useRevalidator();
  const [on, setOn] = useState(accepting);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState("");

  const change = async (next: boolean) => {
    setPending(true);
    setError("");
    setOn(next);
    const answer = await callApi<{ accepting: boolean }>("/api/inbox/accepting", {
      method: "PUT",
      json: { accepting: next },
    });
    setPending(false);
    if (!answer.ok) {
      setOn(!next);
      setError(answer.data.message ?? "That did not work. Please try again.");
      return;
    }
    await revalidator.revalidate();
  };

  return (
    <div className={styles.accepting}>
      <label className={styles.acceptingLabel}>
        <input
          type="checkbox"
          role="switch"
          className={styles.acceptingInput}
          checked={on}
          disabled={pending}
          aria-describedby="inbox-accepting-hint"
          onChange={(event) => void change(event.target.checked)}
        />
        Taking new chats
      </label>
      <p id="inbox-accepting-hint" className={styles.acceptingHint} role="status">
        {on
          ? "New chats come to you in turn."
          : "New chats go to the other advisors. Your open chats stay yours."}
      </p>
      {error && (
        <p className={styles.toolbarError} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
