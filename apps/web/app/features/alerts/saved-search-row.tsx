// One saved search in settings (docs/decisions/053-saved-searches-and-alerts.md): its name (a
// link that opens it and resets its new-match count), the count, the alert frequency, rename and
// delete. Results are the settings page's toasts.
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";

import {
  ALERT_FREQUENCY_LABELS,
  ALERT_FREQUENCY_VALUES,
  SAVED_SEARCH_NAME_MAX_LENGTH,
  type AlertFrequencyValue,
  type SavedSearchView,
} from "@studyatlas/schemas/alerts.ts";

import { callApi } from "../../auth/account-api.ts";
import formStyles from "../../components/form/form.module.css";
import styles from "./saved-searches-settings.module.css";

const FAILED = "Something went wrong. Try again.";

function newMatchesText(count: number): string {
  if (count === 0) return "No new matches";
  return `${count.toLocaleString("en-US")} new ${count === 1 ? "match" : "matches"}`;
}

function RenameForm({
  search,
  onSave,
  onCancel,
}: {
  search: SavedSearchView;
  onSave: (name: string) => Promise<string | undefined>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(search.name);
  const [error, setError] = useState<string | undefined>(undefined);
  const nameId = `saved-search-name-${search.id}`;
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(await onSave(name));
  }
  return (
    <form className={styles.rename} onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={nameId} className={formStyles.label}>
        Name
      </label>
      <input
        id={nameId}
        className={formStyles.input}
        value={name}
        maxLength={SAVED_SEARCH_NAME_MAX_LENGTH}
        onChange={(event) => setName(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${nameId}-error` : undefined}
      />
      {error ? (
        <p id={`${nameId}-error`} className={formStyles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.buttons}>
        <button type="submit" className={formStyles.primary}>
          Save name
        </button>
        <button type="button" className={formStyles.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function FrequencySelect({
  value,
  onChange,
}: {
  value: AlertFrequencyValue;
  onChange: (frequency: AlertFrequencyValue) => void;
}) {
  return (
    <label className={styles.frequency}>
      <span>Alert</span>
      <select
        className={formStyles.select}
        value={value}
        onChange={(event) => onChange(event.target.value as AlertFrequencyValue)}
      >
        {ALERT_FREQUENCY_VALUES.map((option) => (
          <option key={option} value={option}>
            {ALERT_FREQUENCY_LABELS[option]}
          </option>
        ))}
      </select>
    </label>
  );
}

export function SavedSearchRow({
  search,
  onChange,
  onDelete,
  notify,
}: {
  search: SavedSearchView;
  onChange: (search: SavedSearchView) => void;
  onDelete: () => void;
  notify: (text: string, kind?: "success" | "error") => void;
}) {
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);

  /** Sends the change; the error message when it was refused. */
  async function update(change: { name?: string; frequency?: AlertFrequencyValue }) {
    const answer = await callApi<{ saved_search: SavedSearchView; message: string }>(
      `/api/saved-searches/${search.id}`,
      { method: "PATCH", json: change },
    );
    if (!answer.ok) return answer.data.errors?.name?.[0] ?? answer.data.message ?? FAILED;
    onChange(answer.data.saved_search);
    notify(answer.data.message);
    return undefined;
  }

  async function remove() {
    const answer = await callApi(`/api/saved-searches/${search.id}`, { method: "DELETE" });
    if (!answer.ok) return notify(answer.data.message ?? FAILED, "error");
    onDelete();
    notify(answer.data.message ?? "Saved search deleted.");
  }

  async function open() {
    const answer = await callApi<{ path: string }>(`/api/saved-searches/${search.id}/seen`, {
      method: "POST",
    });
    void navigate(answer.ok ? answer.data.path : search.path);
  }

  async function setFrequency(frequency: AlertFrequencyValue) {
    const error = await update({ frequency });
    if (error) notify(error, "error");
  }

  return (
    <li className={styles.item}>
      <div className={styles.head}>
        {renaming ? (
          <RenameForm
            search={search}
            onCancel={() => setRenaming(false)}
            onSave={async (name) => {
              const error = await update({ name });
              if (!error) setRenaming(false);
              return error;
            }}
          />
        ) : (
          <h3 className={styles.name}>
            <a
              href={search.path}
              onClick={(event) => {
                event.preventDefault();
                void open();
              }}
            >
              {search.name}
            </a>
          </h3>
        )}
        <span className={styles.count} data-testid="new-matches">
          {newMatchesText(search.new_matches)}
        </span>
      </div>
      <div className={styles.controls}>
        <FrequencySelect value={search.frequency} onChange={(f) => void setFrequency(f)} />
        <div className={styles.buttons}>
          <button type="button" className={formStyles.secondary} onClick={() => void open()}>
            Open<span className={styles.visuallyHidden}> {search.name}</span>
          </button>
          {!renaming ? (
            <button
              type="button"
              className={formStyles.secondary}
              onClick={() => setRenaming(true)}
            >
              Rename<span className={styles.visuallyHidden}> {search.name}</span>
            </button>
          ) : null}
          <button type="button" className={formStyles.secondary} onClick={() => void remove()}>
            Delete<span className={styles.visuallyHidden}> {search.name}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
