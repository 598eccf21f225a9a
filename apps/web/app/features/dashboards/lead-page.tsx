// One lead on the partner dashboard (docs/decisions/016-organisations-and-dashboards.md "Leads";
// docs/decisions/056-organisation-membership.md "Lead management"): the applicant's answers, the
// lead's owner, status and notes, and its timeline in one place. A viewer reads; the controls
// are for editors and owners, as the API allows.
import { useState, type FormEvent } from "react";
import { Link, useRevalidator } from "react-router";

import {
  LEAD_STATUS_LABELS,
  LEAD_STATUS_VALUES,
  type LeadDetail,
} from "@studyatlas/schemas/dashboards.ts";
import type { LeadTimelineEvent } from "@studyatlas/schemas/lead-management.ts";

import { callApi } from "../../auth/account-api.ts";
import { FormOutcome } from "../../components/form/form-parts.tsx";
import formStyles from "../../components/form/form.module.css";
import styles from "./dashboard.module.css";
import { LeadEntryRequirements } from "./lead-entry-requirements.tsx";
import manageStyles from "./lead-management.module.css";
import { LeadTimeline } from "./lead-timeline.tsx";
import { dateOf } from "./partner-leads.tsx";

export interface LeadPageData {
  lead: LeadDetail;
  events: LeadTimelineEvent[];
  /** The organisation's members, who may own the lead. */
  members: { id: number; name: string }[];
  canEdit: boolean;
}

export function LeadPage({ data }: { data: LeadPageData }) {
  const { lead } = data;
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
        <LeadEntryRequirements lead={lead} />
        {data.canEdit ? (
          <LeadFollowUp lead={lead} members={data.members} />
        ) : (
          <section className={styles.card} aria-labelledby="lead-follow-up">
            <h2 id="lead-follow-up">Follow-up</h2>
            <dl className={styles.details}>
              <dt>Owner</dt>
              <dd>{lead.owner?.name ?? "Nobody"}</dd>
              <dt>Status</dt>
              <dd>{LEAD_STATUS_LABELS[lead.status]}</dd>
            </dl>
            <p className={styles.muted}>Your role (viewer) reads leads; editors change them.</p>
          </section>
        )}
      </div>
      <LeadTimeline events={data.events} />
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
  const [owner, setOwner] = useState(lead.owner ? String(lead.owner.id) : "");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const [pending, setPending] = useState(false);

  const send = async (path: string, json: unknown, done: string, method = "POST") => {
    setPending(true);
    setError(undefined);
    setSaved(undefined);
    const answer = await callApi(`/api/dashboard/partner/leads/${lead.id}${path}`, {
      json,
      method,
    });
    setPending(false);
    if (!answer.ok) {
      setError(
        answer.data.errors?.body?.[0] ??
          answer.data.errors?.owner_id?.[0] ??
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
  const saveOwner = async (event: FormEvent) => {
    event.preventDefault();
    await send("/owner", { owner_id: owner === "" ? null : Number(owner) }, "Owner saved.", "PUT");
  };
  return {
    status,
    setStatus,
    owner,
    setOwner,
    note,
    setNote,
    error,
    saved,
    pending,
    saveStatus,
    saveOwner,
    addNote,
  };
}

function LeadFollowUp({ lead, members }: { lead: LeadDetail; members: LeadPageData["members"] }) {
  const { status, setStatus, owner, setOwner, note, setNote, ...actions } = useLeadFollowUp(lead);
  const { error, saved, pending, saveStatus, saveOwner, addNote } = actions;
  return (
    <section className={styles.card} aria-labelledby="lead-follow-up">
      <h2 id="lead-follow-up">Follow-up</h2>
      <form onSubmit={(event) => void saveOwner(event)} className={manageStyles.followRow}>
        <label htmlFor="lead-owner" className={styles.label}>
          Owner
        </label>
        <select
          id="lead-owner"
          value={owner}
          onChange={(event) => setOwner(event.target.value)}
          className={formStyles.select}
        >
          <option value="">Nobody</option>
          {members.map((member) => (
            <option key={member.id} value={String(member.id)}>
              {member.name}
            </option>
          ))}
        </select>
        <button type="submit" className={formStyles.secondary} disabled={pending}>
          Save owner
        </button>
      </form>
      <form onSubmit={(event) => void saveStatus(event)} className={manageStyles.followRow}>
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
      <FormOutcome error={error} done={saved} />
    </section>
  );
}
