// One lead on the partner dashboard (docs/decisions/016-organisations-and-dashboards.md "Leads"):
// the whole application, its status and the partner's notes.
import { useState, type FormEvent } from "react";
import { Link, useRevalidator } from "react-router";

import {
  LEAD_STATUS_LABELS,
  LEAD_STATUS_VALUES,
  type LeadDetail,
} from "@studyatlas/schemas/dashboards.ts";

import { callApi } from "../../auth/account-api.ts";
import formStyles from "../../components/form/form.module.css";
import styles from "./dashboard.module.css";
import { LeadEntryRequirements } from "./lead-entry-requirements.tsx";
import { dateOf } from "./partner-leads.tsx";

export function LeadPage({ lead }: { lead: LeadDetail }) {
  const { applicant } = lead;
  return (
    <>
      <p>
        <Link to="/dashboard/partner/leads">← All leads</Link>
      </p>
      <div className={styles.heading}>
        <h1 tabIndex={-1}>
          {applicant.title} {applicant.first_name} {applicant.last_name}
        </h1>
        <span className={styles.badge} data-status={lead.status}>
          {LEAD_STATUS_LABELS[lead.status]}
        </span>
      </div>
      <div className={styles.columns}>
        <LeadApplication lead={lead} />
        <LeadFollowUp lead={lead} />
        <LeadEntryRequirements lead={lead} />
      </div>
    </>
  );
}

function LeadApplication({ lead }: { lead: LeadDetail }) {
  const { applicant } = lead;
  return (
    <section className={styles.card} aria-labelledby="lead-application">
      <h2 id="lead-application">Application</h2>
      <dl className={styles.details}>
        <dt>Programme</dt>
        <dd>
          <a href={`/course/${lead.programme.slug}`}>{lead.programme.name}</a>
        </dd>
        <dt>School</dt>
        <dd>{lead.school.name}</dd>
        <dt>Applied</dt>
        <dd>{dateOf(lead.created_at)}</dd>
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${applicant.email}`}>{applicant.email}</a>
        </dd>
        <dt>Phone</dt>
        <dd>
          <a href={`tel:${applicant.phone_number.replace(/[^\d+]/g, "")}`}>
            {applicant.phone_number}
          </a>
        </dd>
        <dt>Country</dt>
        <dd>{lead.country.name}</dd>
        <dt>Nationality</dt>
        <dd>{applicant.nationality}</dd>
        <dt>Date of birth</dt>
        <dd>{applicant.date_of_birth}</dd>
        <dt>Sex</dt>
        <dd>{applicant.sex}</dd>
        <dt>Address</dt>
        <dd>
          {applicant.address}, {applicant.zip_code} {applicant.city}
        </dd>
        {lead.referral_code && (
          <>
            <dt>Referral</dt>
            <dd>{lead.referral_code}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** The status and notes: each change is posted, then the page's data is read again. */
function useLeadFollowUp(lead: LeadDetail) {
  const revalidator = useRevalidator();
  const [status, setStatus] = useState(lead.status);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const [pending, setPending] = useState(false);

  const send = async (path: string, json: unknown, done: string) => {
    setPending(true);
    setError(undefined);
    setSaved(undefined);
    const answer = await callApi(`/api/dashboard/partner/leads/${lead.id}${path}`, { json });
    setPending(false);
    if (!answer.ok) {
      setError(
        answer.data.errors?.body?.[0] ??
          answer.data.detail ??
          "Something went wrong. Please try again.",
      );
      return false;
    }
    setSaved(done);
    await revalidator.revalidate();
    return true;
  };

  const saveStatus = async (event: FormEvent) => {
    event.preventDefault();
    await send("/status", { status }, "Status saved.");
  };
  const addNote = async (event: FormEvent) => {
    event.preventDefault();
    if (await send("/notes", { body: note }, "Note added.")) setNote("");
  };
  return { status, setStatus, note, setNote, error, saved, pending, saveStatus, addNote };
}

function LeadFollowUp({ lead }: { lead: LeadDetail }) {
  const { status, setStatus, note, setNote, error, saved, pending, saveStatus, addNote } =
    useLeadFollowUp(lead);
  return (
    <section className={styles.card} aria-labelledby="lead-follow-up">
      <h2 id="lead-follow-up">Follow-up</h2>
      <form onSubmit={(event) => void saveStatus(event)} className={styles.search}>
        <label htmlFor="lead-status" className={styles.label}>
          Status
        </label>
        <select
          id="lead-status"
          value={status}
          onChange={(event) => setStatus(event.target.value as LeadDetail["status"])}
          className={formStyles.select}
        >
          {LEAD_STATUS_VALUES.map((value) => (
            <option key={value} value={value}>
              {LEAD_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
        <button type="submit" className={formStyles.secondary} disabled={pending}>
          Save status
        </button>
      </form>
      <h3>Notes</h3>
      {lead.notes_list.length === 0 ? (
        <p className={styles.muted}>No notes yet.</p>
      ) : (
        <ul className={styles.notes}>
          {lead.notes_list.map((item) => (
            <li key={item.id}>
              {item.body}
              <br />
              <span className={styles.muted}>
                {item.author ?? "Someone"}, {dateOf(item.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void addNote(event)} className={formStyles.form} noValidate>
        <label htmlFor="lead-note" className={styles.label}>
          New note
        </label>
        <textarea
          id="lead-note"
          rows={3}
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          className={formStyles.input}
        />
        <button type="submit" className={formStyles.primary} disabled={pending}>
          Add note
        </button>
      </form>
      {error && (
        <p className={formStyles.formError} role="alert">
          {error}
        </p>
      )}
      {saved && (
        <p className={formStyles.formSuccess} role="status">
          {saved}
        </p>
      )}
    </section>
  );
}
