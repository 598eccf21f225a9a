// What an advisor does with the open chat (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md):
// assign it to an advisor (or to nobody), close or reopen it, snooze it. After each, the page's
// data is loaded again; a chat moved to another advisor leaves this advisor's view.
import { useState, type FormEvent } from "react";
import { useNavigate, useRevalidator } from "react-router";

import type { ChatUser } from "@studyatlas/schemas/chat.ts";
import type { InboxState } from "@studyatlas/schemas/inbox.ts";

import { callApi } from "../../auth/account-api.ts";
import { fullName } from "./chat-state.ts";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { isSnoozed, snoozeChoices, snoozeTime } from "./inbox-time.ts";
import styles from "./inbox.module.css";

export interface InboxToolbarProps {
  chatId: number;
  me: { id: number };
  state: InboxState;
  advisors: (ChatUser & { accepting: boolean })[];
  /** The list's query string, kept when leaving a chat that moved away. */
  listSearch: string;
}

function useInboxAction(chatId: number) {
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const run = async (
    path: string,
    init: { method?: string; json?: unknown },
    success: string,
    reload = true,
  ): Promise<InboxState | undefined> => {
    setPending(true);
    setError("");
    setDone("");
    const answer = await callApi<InboxState>(`/api/chats/${chatId}/${path}`, {
      method: init.method ?? "POST",
      json: init.json ?? {},
    });
    setPending(false);
    if (!answer.ok) {
      setError(answer.data.message ?? "That did not work. Please try again.");
      return undefined;
    }
    setDone(success);
    if (reload) await revalidator.revalidate();
    return answer.data;
  };
  return { run, pending, error, done };
}

/** "Closed", "Snoozed until …" or nothing. */
function stateText(state: InboxState, snoozed: boolean, hydrated: boolean): string {
  if (state.closed_at !== null) return "Closed";
  if (!snoozed || state.snoozed_until === null) return "";
  return `Snoozed until ${snoozeTime(state.snoozed_until, hydrated ? undefined : "UTC")}`;
}

export function InboxToolbar({ chatId, me, state, advisors, listSearch }: InboxToolbarProps) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const action = useInboxAction(chatId);
  const [assignee, setAssignee] = useState(String(state.assignee?.id ?? ""));
  const [snooze, setSnooze] = useState("tomorrow");
  const now = new Date();
  const [snoozed, closed] = [isSnoozed(state.snoozed_until, now), state.closed_at !== null];

  const assign = async (event: FormEvent) => {
    event.preventDefault();
    const advisorId = assignee === "" ? null : Number(assignee);
    const name = fullName(advisors.find((advisor) => advisor.id === advisorId) ?? null);
    // Another advisor's chat is no longer this advisor's to see: back to the list.
    const movedAway = advisorId !== null && advisorId !== me.id;
    const next = await action.run(
      "assignee",
      { method: "PUT", json: { advisor_id: advisorId } },
      advisorId === null ? "The chat is now unassigned." : `Assigned to ${name}.`,
      !movedAway,
    );
    if (next && movedAway) void navigate(`/chat${listSearch}`, { replace: true });
  };

  const snoozeNow = async (event: FormEvent) => {
    event.preventDefault();
    const choice = snoozeChoices(new Date()).find((item) => item.value === snooze);
    if (!choice) return;
    await action.run(
      "snooze",
      { json: { until: choice.until.toISOString() } },
      `Snoozed until ${snoozeTime(choice.until.toISOString())}.`,
    );
  };

  return (
    <div className={styles.toolbar} aria-label="Work this chat" role="group">
      <form className={styles.toolbarForm} onSubmit={(event) => void assign(event)}>
        <label htmlFor="inbox-assignee">Assigned to</label>
        <select
          id="inbox-assignee"
          value={assignee}
          onChange={(event) => setAssignee(event.target.value)}
        >
          <option value="">Nobody (unassigned)</option>
          {advisors.map((advisor) => (
            <option key={advisor.id} value={advisor.id}>
              {fullName(advisor)}
              {advisor.id === me.id ? " (you)" : ""}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className={styles.toolbarButton}
          disabled={action.pending || assignee === String(state.assignee?.id ?? "")}
        >
          Assign
        </button>
      </form>
      <form className={styles.toolbarForm} onSubmit={(event) => void snoozeNow(event)}>
        <label htmlFor="inbox-snooze">Snooze</label>
        <select
          id="inbox-snooze"
          value={snooze}
          onChange={(event) => setSnooze(event.target.value)}
        >
          {snoozeChoices(now).map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <button type="submit" className={styles.toolbarButton} disabled={action.pending}>
          Snooze
        </button>
      </form>
      <button
        type="button"
        className={styles.toolbarButton}
        disabled={action.pending}
        onClick={() =>
          void (closed || snoozed
            ? action.run("reopen", {}, "The chat is open again.")
            : action.run("close", {}, "The chat is closed."))
        }
      >
        {closed || snoozed ? "Reopen" : "Close"}
      </button>
      <p className={styles.toolbarState} role="status">
        {action.done || stateText(state, snoozed, hydrated)}
      </p>
      {action.error && (
        <p className={styles.toolbarError} role="alert">
          {action.error}
        </p>
      )}
    </div>
  );
}
