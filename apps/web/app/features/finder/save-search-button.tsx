// "Save this search" on the finder (docs/decisions/053-saved-searches-and-alerts.md): saves the
// filters and text in effect (the path's programme and discipline included) for the signed-in
// student, who then manages it and its alert in /settings. A visitor is asked to sign in first.
import { useState } from "react";
import { Link } from "react-router";

import { callApi } from "../../auth/account-api.ts";
import { useSession, useSignInPrompt } from "../../auth/session-context.tsx";
import { useFinder } from "./finder-data.ts";
import styles from "./save-search-button.module.css";

type SaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; name: string }
  | {
      kind: "error";
      message: string;
    };

/** The finder's query with the path's programme and discipline, as a saved search keeps it. */
function savedQueryOf(search: string, scope: { programme?: string; disciplineSlug?: string }) {
  const params = new URLSearchParams(search);
  if (scope.programme) params.set("programme", scope.programme);
  if (scope.disciplineSlug) params.set("discipline", scope.disciplineSlug);
  return params.toString();
}

export function SaveSearchButton() {
  const { user } = useSession();
  const openSignIn = useSignInPrompt();
  const { location } = useFinder();
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const query = savedQueryOf(location.search, location.scope);
  const [savedQuery, setSavedQuery] = useState<string | undefined>(undefined);
  const shown = savedQuery === query ? state : { kind: "idle" as const };

  async function save() {
    if (!user) {
      openSignIn({ reason: "Sign in to save this search and get alerts." });
      return;
    }
    setState({ kind: "saving" });
    setSavedQuery(query);
    const answer = await callApi<{ saved_search?: { name: string } }>("/api/saved-searches", {
      json: { query },
    });
    if (answer.ok && answer.data.saved_search) {
      setState({ kind: "saved", name: answer.data.saved_search.name });
    } else {
      setState({
        kind: "error",
        message: answer.data.message ?? "The search could not be saved. Try again.",
      });
    }
  }

  return (
    <div className={styles.saveSearch}>
      <button
        type="button"
        className={styles.button}
        onClick={() => void save()}
        disabled={shown.kind === "saving" || shown.kind === "saved"}
      >
        {shown.kind === "saved" ? "Search saved" : "Save this search"}
      </button>
      <p className={styles.status} role="status">
        {shown.kind === "saved" ? (
          <>
            Saved as “{shown.name}”. <Link to="/settings#saved-searches">Manage alerts</Link>
          </>
        ) : shown.kind === "error" ? (
          <span className={styles.error}>{shown.message}</span>
        ) : null}
      </p>
    </div>
  );
}
