// The partner's leads (issue 13 item 3 "Leads"): every application to the organisation's
// programmes, newest first, with filters that live in the address (shareable, back button), the
// CSV export of the same selection, and one lead's page with its status and notes.
import { useState, type FormEvent } from "react";
import { Form, Link, useRevalidator } from "react-router";

import {
  LEAD_STATUS_LABELS,
  LEAD_STATUS_VALUES,
  type LeadDetail,
  type LeadSummary,
} from "@studyatlas/schemas/dashboards.ts";

import { callApi } from "../../auth/account-api.ts";
import formStyles from "../../components/form/form.module.css";
import styles from "./dashboard.module.css";
import { Pager } from "./pager.tsx";

export interface LeadListData {
  leads: { count: number; results: LeadSummary[] };
  filters: { status: string; q: string; from: string; to: string };
  page: number;
  pageSize: number;
  query: string;
}

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });

export function PartnerLeads({ data }: { data: LeadListData }) {
  const exportParams = new URLSearchParams(data.query);
  exportParams.delete("page");
  const exportQuery = exportParams.toString();
  return (
    <>
      <div className={styles.toolbar}>
        <h1 tabIndex={-1}>Leads</h1>
        <a
          className={formStyles.secondary}
          href={`/api/dashboard/partner/leads.csv${exportQuery ? `?${exportQuery}` : ""}`}
          download
        >
          Export CSV
        </a>
      </div>
      <Form method="get" className={styles.leadFilters} aria-label="Filter leads">
        <label>
          Status
          <select name="status" defaultValue={data.filters.status} className={formStyles.select}>
            <option value="">Any status</option>
            {LEAD_STATUS_VALUES.map((status) => (
              <option key={status} value={status}>
                {LEAD_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Name or e-mail
          <input
            name="q"
            type="search"
            defaultValue={data.filters.q}
            className={formStyles.input}
          />
        </label>
        <label>
          Applied from
          <input
            name="from"
            type="date"
            defaultValue={data.filters.from}
            className={formStyles.input}
          />
        </label>
        <label>
          Applied until
          <input
            name="to"
            type="date"
            defaultValue={data.filters.to}
            className={formStyles.input}
          />
        </label>
        <button type="submit" className={formStyles.primary}>
          Filter
        </button>
      </Form>
      <p className={styles.muted} role="status">
        {data.leads.count === 1 ? "1 lead" : `${data.leads.count.toLocaleString("en")} leads`}
      </p>
      {data.leads.results.length > 0 && (
        <table className={`${styles.table} ${styles.stacked}`}>
          <caption className={styles.visuallyHidden}>Leads, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Applicant</th>
              <th scope="col">Programme</th>
              <th scope="col">Country</th>
              <th scope="col">Applied</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {data.leads.results.map((lead) => (
              <tr key={lead.id}>
                <td>
                  <Link to={`/dashboard/partner/leads/${lead.id}`}>
                    {lead.applicant.first_name} {lead.applicant.last_name}
                  </Link>
                  <br />
                  <span className={styles.muted}>{lead.applicant.email}</span>
                </td>
                <td>{lead.programme.name}</td>
                <td>{lead.country.name}</td>
                <td>{dateOf(lead.created_at)}</td>
                <td>
                  <span className={styles.badge} data-status={lead.status}>
                    {LEAD_STATUS_LABELS[lead.status]}
                  </span>
                  {lead.notes > 0 && (
                    <span className={styles.muted}>
                      {" "}
                      · {lead.notes === 1 ? "1 note" : `${lead.notes} notes`}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager
        page={data.page}
        count={data.leads.count}
        pageSize={data.pageSize}
        query={data.query}
      />
    </>
  );
}

export function LeadPage({ lead }: { lead: LeadDetail }) {
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
      </div>
    </>
  );
}
