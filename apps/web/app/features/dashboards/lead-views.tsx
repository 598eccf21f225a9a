// The leads list's saved views (docs/decisions/056-organisation-membership.md "Lead management"):
// named filters shared by the team. Every member opens them; editors and owners save the list's
// current filters under a name and delete views (a viewer is not offered what the API refuses).
import { useState, type FormEvent } from "react";
import { Link, useRevalidator } from "react-router";

import { DASHBOARD_MESSAGES } from "@studyatlas/schemas/dashboards.ts";
import type { LeadView } from "@studyatlas/schemas/lead-management.ts";

import { authErrorMessage, callApi } from "../../auth/account-api.ts";
import { FormOutcome } from "../../components/form/form-parts.tsx";
import formStyles from "../../components/form/form.module.css";
import styles from "./lead-management.module.css";

/** The leads list's address for a view's filters. */
export function viewHref(filters: LeadView["filters"]): string {
  const query = new URLSearchParams(
    Object.entries(filters).map(([key, value]) => [key, String(value)]),
  ).toString();
  return `/dashboard/partner/leads${query ? `?${query}` : ""}`;
}

export function SavedViews({
  views,
  filters,
  canEdit,
}: {
  views: LeadView[];
  /** The list's current filters, blank ones left out. */
  filters: Record<string, string>;
  canEdit: boolean;
}) {
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const [pending, setPending] = useState(false);
  const hasFilters = Object.keys(filters).length > 0;

  const act = async (path: string, method: string, json: unknown, done: string) => {
    setPending(true);
    const answer = await callApi(path, { method, ...(json === undefined ? {} : { json }) });
    setPending(false);
    if (!answer.ok) {
      setSaved(undefined);
      setError(
        answer.status === 0
          ? DASHBOARD_MESSAGES.networkError
          : (answer.data.errors?.name?.[0] ?? authErrorMessage(answer.data)),
      );
      return false;
    }
    setError(undefined);
    setSaved(done);
    await revalidator.revalidate();
    return true;
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const done = `The view "${name.trim()}" is saved.`;
    if (await act("/api/dashboard/partner/lead-views", "POST", { name, filters }, done)) {
      setName("");
    }
  };

  return (
    <section className={styles.views} aria-labelledby="saved-views">
      <h2 id="saved-views" className={styles.viewsTitle}>
        Saved views
      </h2>
      {views.length === 0 ? (
        <p className={styles.muted}>
          No saved view yet.{canEdit ? " Filter the list, then save it under a name." : ""}
        </p>
      ) : (
        <ul className={styles.viewList}>
          {views.map((view) => (
            <li key={view.id} className={styles.viewChip}>
              <Link to={viewHref(view.filters)}>{view.name}</Link>
              {canEdit && (
                <button
                  type="button"
                  aria-label={`Delete the view ${view.name}`}
                  disabled={pending}
                  onClick={() =>
                    void act(
                      `/api/dashboard/partner/lead-views/${view.id}`,
                      "DELETE",
                      undefined,
                      `The view "${view.name}" is deleted.`,
                    )
                  }
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && hasFilters && (
        <form className={styles.saveView} onSubmit={(event) => void save(event)} noValidate>
          <label htmlFor="view-name">Save these filters as</label>
          <input
            id="view-name"
            className={formStyles.input}
            value={name}
            maxLength={80}
            placeholder="e.g. New from Germany"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "view-error" : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className={formStyles.secondary} disabled={pending}>
            Save view
          </button>
        </form>
      )}
      <FormOutcome id="view-error" error={error} done={saved} />
    </section>
  );
}
