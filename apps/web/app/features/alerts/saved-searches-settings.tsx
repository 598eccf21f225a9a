// Settings' "Saved searches and alerts" section (docs/decisions/053-saved-searches-and-alerts.md):
// each saved search with the programmes added since the student last opened it, how often it
// alerts, rename, delete and open; and the wishlist's deadline reminders and change alerts.
// Read from /api/saved-searches once the page is shown; results are toasts like the rest of
// /settings (docs/spec/accounts-and-details.md §8).
import { useEffect, useState } from "react";

import { SETTINGS_TOAST_MS } from "@studyatlas/schemas/account-rules.ts";
import type { SavedSearchView } from "@studyatlas/schemas/alerts.ts";

import { callApi } from "../../auth/account-api.ts";
import formStyles from "../../components/form/form.module.css";
import { useToast } from "../../components/toast/toast-provider.tsx";
import { SavedSearchRow } from "./saved-search-row.tsx";
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
          <WishlistAlertsFieldset wishlist={loaded.wishlist} onChange={setWishlist} />
        </>
      ) : null}
    </section>
  );
}

function WishlistAlertsFieldset({
  wishlist,
  onChange,
}: {
  wishlist: WishlistAlerts;
  onChange: (change: Partial<WishlistAlerts>) => Promise<void>;
}) {
  return (
    <fieldset className={styles.wishlist}>
      <legend className={styles.legend}>Programmes on your wishlist</legend>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={wishlist.deadline_reminders}
          onChange={(event) => void onChange({ deadline_reminders: event.target.checked })}
        />
        Remind me 30 and 7 days before an application deadline
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={wishlist.change_alerts}
          onChange={(event) => void onChange({ change_alerts: event.target.checked })}
        />
        Tell me when a price or date changes
      </label>
    </fieldset>
  );
}
