// Settings' "Saved searches and alerts" section (docs/decisions/053-saved-searches-and-alerts.md):
// each saved search with the programmes added since the student last opened it, how often it
// alerts, rename, delete and open; and the wishlist's deadline reminders and change alerts.
// Read from /api/saved-searches once the page is shown; results are toasts like the rest of
// /settings (docs/spec/accounts-and-details.md §8).
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";

import { SETTINGS_TOAST_MS } from "@studyatlas/schemas/account-rules.ts";
import {
  ALERT_FREQUENCY_LABELS,
  ALERT_FREQUENCY_VALUES,
  SAVED_SEARCH_NAME_MAX_LENGTH,
  type AlertFrequencyValue,
  type SavedSearchView,
} from "@studyatlas/schemas/alerts.ts";

import { callApi } from "../../auth/account-api.ts";
import formStyles from "../../components/form/form.module.css";
import { useToast } from "../../components/toast/toast-provider.tsx";
import styles from "./saved-searches-settings.module.css";

interface WishlistAlerts {
  deadline_reminders: boolean;
  change_alerts: boolean;
}

type Loaded =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; searches: SavedSearchView[]; wishlist: WishlistAlerts };

const FAILED = "Something went wrong. Try again.";

export function SavedSearchesSettings({
  className,
  titleClassName,
}: {
  className?: string;
  titleClassName?: string;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const toast = useToast();
  const notify = (text: string, kind: "success" | "error" = "success") =>
    toast.show(text, { kind, durationMs: SETTINGS_TOAST_MS });

  useEffect(() => {
    let live = true;
    void callApi<{ results: SavedSearchView[]; wishlist_alerts: WishlistAlerts }>(
      "/api/saved-searches",
    ).then((answer) => {
      if (!live) return;
      setLoaded(
        answer.ok
          ? {
              status: "ready",
              searches: answer.data.results,
              wishlist: answer.data.wishlist_alerts,
            }
          : { status: "failed" },
      );
    });
    return () => {
      live = false;
    };
  }, []);

  function replace(search: SavedSearchView | undefined, removeId?: number) {
    setLoaded((current) => {
      if (current.status !== "ready") return current;
      const searches = current.searches
        .filter((s) => s.id !== removeId)
        .map((s) => (search && s.id === search.id ? search : s));
      return { ...current, searches };
    });
  }

  async function setWishlist(change: Partial<WishlistAlerts>) {
    const answer = await callApi<WishlistAlerts>("/api/alerts/wishlist", {
      method: "PATCH",
      json: change,
    });
    if (!answer.ok) return notify(answer.data.message ?? FAILED, "error");
    setLoaded((current) =>
      current.status === "ready"
        ? {
            ...current,
            wishlist: {
              deadline_reminders: answer.data.deadline_reminders,
              change_alerts: answer.data.change_alerts,
            },
          }
        : current,
    );
    notify(answer.data.message ?? "Alert updated.");
  }

  return (
    <section className={className} aria-labelledby="saved-searches-title" id="saved-searches">
      <h2 id="saved-searches-title" className={titleClassName}>
        Saved searches and alerts
      </h2>
      {loaded.status === "loading" ? <p className={styles.muted}>Loading your searches…</p> : null}
      {loaded.status === "failed" ? (
        <p className={formStyles.formError}>Your saved searches could not be loaded.</p>
      ) : null}
      {loaded.status === "ready" ? (
        <>
          {loaded.searches.length === 0 ? (
            <p className={styles.muted}>
              No saved searches yet. On the course finder, choose “Save this search” to be told when
              new programmes match.
            </p>
          ) : (
            <ul className={styles.list}>
              {loaded.searches.map((search) => (
                <SavedSearchRow
                  key={search.id}
                  search={search}
                  onChange={(next) => replace(next)}
                  onDelete={() => replace(undefined, search.id)}
                  notify={notify}
                />
              ))}
            </ul>
          )}
          <fieldset className={styles.wishlist}>
            <legend className={styles.legend}>Programmes on your wishlist</legend>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={loaded.wishlist.deadline_reminders}
                onChange={(event) => void setWishlist({ deadline_reminders: event.target.checked })}
              />
              Remind me 30 and 7 days before an application deadline
            </label>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={loaded.wishlist.change_alerts}
                onChange={(event) => void setWishlist({ change_alerts: event.target.checked })}
              />
              Tell me when a price or date changes
            </label>
          </fieldset>
        </>
      ) : null}
    </section>
  );
}

function SavedSearchRow({
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
  const [name, setName] = useState(search.name);
  const [error, setError] = useState<string | undefined>(undefined);
  const nameId = `saved-search-name-${search.id}`;

  async function update(change: { name?: string; frequency?: AlertFrequencyValue }) {
    const answer = await callApi<{ saved_search: SavedSearchView; message: string }>(
      `/api/saved-searches/${search.id}`,
      { method: "PATCH", json: change },
    );
    if (!answer.ok) {
      const message = answer.data.errors?.name?.[0] ?? answer.data.message ?? FAILED;
      if (change.name !== undefined) setError(message);
      else notify(message, "error");
      return false;
    }
    onChange(answer.data.saved_search);
    notify(answer.data.message);
    return true;
  }

  async function rename(event: FormEvent) {
    event.preventDefault();
    if (await update({ name })) {
      setRenaming(false);
      setError(undefined);
    }
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

  return (
    <li className={styles.item}>
      <div className={styles.head}>
        {renaming ? (
          <form className={styles.rename} onSubmit={(event) => void rename(event)} noValidate>
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
              <button
                type="button"
                className={formStyles.secondary}
                onClick={() => {
                  setRenaming(false);
                  setName(search.name);
                  setError(undefined);
                }}
              >
                Cancel
              </button>
            </div>
          </form>
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
          {search.new_matches === 0
            ? "No new matches"
            : `${search.new_matches.toLocaleString("en-US")} new ${search.new_matches === 1 ? "match" : "matches"}`}
        </span>
      </div>
      <div className={styles.controls}>
        <label className={styles.frequency}>
          <span>Alert</span>
          <select
            className={formStyles.select}
            value={search.frequency}
            onChange={(event) =>
              void update({ frequency: event.target.value as AlertFrequencyValue })
            }
          >
            {ALERT_FREQUENCY_VALUES.map((value) => (
              <option key={value} value={value}>
                {ALERT_FREQUENCY_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
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
