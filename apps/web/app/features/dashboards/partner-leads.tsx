// The partner's leads (docs/decisions/016-organisations-and-dashboards.md "Leads"): every
// application to the organisation's programmes, newest first, with filters that live in the
// address (shareable, back button) and the CSV export of the same selection. Lead management
// (docs/decisions/056-organisation-membership.md): the team's saved views, each lead's owner, and
// the status of several selected leads changed at once; a viewer sees the list without the
// controls the API would refuse. One lead's page is lead-page.tsx.
import { useState, type FormEvent } from "react";
import { Form, Link, useRevalidator } from "react-router";

import {
  DASHBOARD_MESSAGES,
  LEAD_STATUS_LABELS,
  LEAD_STATUS_VALUES,
  type LeadSummary,
} from "@studyatlas/schemas/dashboards.ts";
import type { LeadView } from "@studyatlas/schemas/lead-management.ts";

import { authErrorMessage, callApi } from "../../auth/account-api.ts";
import { FormOutcome } from "../../components/form/form-parts.tsx";
import formStyles from "../../components/form/form.module.css";
import styles from "./dashboard.module.css";
import manageStyles from "./lead-management.module.css";
import { SavedViews } from "./lead-views.tsx";
import { Pager } from "./pager.tsx";

type LeadStatus = LeadSummary["status"];

export interface LeadListData {
  leads: { count: number; results: LeadSummary[] };
  filters: { status: string; q: string; from: string; to: string };
  page: number;
  pageSize: number;
  query: string;
  views: LeadView[];
  /** Editors and owners change leads; viewers read (ADR 056). */
  canEdit: boolean;
}

export const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });

export function PartnerLeads({ data }: { data: LeadListData }) {
  const exportParams = new URLSearchParams(data.query);
  exportParams.delete("page");
  const exportQuery = exportParams.toString();
  return (
    <>
      <div className={styles.toolbar}>
        <h1 tabIndex={-1}>Leads</h1>
        <div className={styles.exportLinks}>
          <a
            className={formStyles.secondary}
            href={`/api/dashboard/partner/leads.csv${exportQuery ? `?${exportQuery}` : ""}`}
            download
          >
            Export CSV
          </a>
          <a
            className={formStyles.secondary}
            href={`/api/dashboard/partner/leads.xlsx${exportQuery ? `?${exportQuery}` : ""}`}
            download
          >
            Export Excel
          </a>
        </div>
      </div>
      <LeadFilters filters={data.filters} />
      <SavedViews
        views={data.views}
        filters={Object.fromEntries(Object.entries(data.filters).filter(([, value]) => value))}
        canEdit={data.canEdit}
      />
      <p className={styles.muted} role="status">
        {data.leads.count === 1 ? "1 lead" : `${data.leads.count.toLocaleString("en")} leads`}
      </p>
      {data.leads.results.length > 0 &&
        (data.canEdit ? (
          <SelectableLeads leads={data.leads.results} />
        ) : (
          <LeadTable leads={data.leads.results} />
        ))}
      <Pager
        page={data.page}
        count={data.leads.count}
        pageSize={data.pageSize}
        query={data.query}
      />
    </>
  );
}

/** Status, name or e-mail and the application dates: a GET form, so the address keeps them. */
function LeadFilters({ filters }: { filters: LeadListData["filters"] }) {
  return (
    <Form method="get" className={styles.leadFilters} aria-label="Filter leads">
      <label>
        Status
        <select name="status" defaultValue={filters.status} className={formStyles.select}>
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
        <input name="q" type="search" defaultValue={filters.q} className={formStyles.input} />
      </label>
      <label>
        Applied from
        <input name="from" type="date" defaultValue={filters.from} className={formStyles.input} />
      </label>
      <label>
        Applied until
        <input name="to" type="date" defaultValue={filters.to} className={formStyles.input} />
      </label>
      <button type="submit" className={formStyles.primary}>
        Filter
      </button>
    </Form>
  );
}

interface Selection {
  selected: ReadonlySet<number>;
  toggle: (id: number, on: boolean) => void;
  toggleAll: (on: boolean) => void;
}

/** The list with a checkbox per lead and the bar that sets the selected leads' status. */
function SelectableLeads({ leads }: { leads: LeadSummary[] }) {
  const revalidator = useRevalidator();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [status, setStatus] = useState<LeadStatus>("contacted");
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [pending, setPending] = useState(false);
  const selection: Selection = {
    selected,
    toggle: (id, on) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    toggleAll: (on) => setSelected(new Set(on ? leads.map((lead) => lead.id) : [])),
  };
  const apply = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    const answer = await callApi<{ changed: number }>("/api/dashboard/partner/leads/bulk-status", {
      json: { ids: [...selected], status },
    });
    setPending(false);
    if (!answer.ok) {
      setDone(undefined);
      setError(
        answer.status === 0
          ? DASHBOARD_MESSAGES.networkError
          : (answer.data.errors?.ids?.[0] ?? authErrorMessage(answer.data)),
      );
      return;
    }
    const count = selected.size;
    setError(undefined);
    setDone(
      `${count === 1 ? "1 lead is" : `${count} leads are`} now ${LEAD_STATUS_LABELS[status]} (${answer.data.changed} changed).`,
    );
    setSelected(new Set());
    await revalidator.revalidate();
  };
  return (
    <>
      <form
        className={manageStyles.bulkBar}
        aria-label="Change the status of the selected leads"
        onSubmit={(event) => void apply(event)}
      >
        <label className={manageStyles.selectAll}>
          <input
            type="checkbox"
            checked={leads.every((lead) => selected.has(lead.id))}
            onChange={(event) => selection.toggleAll(event.target.checked)}
          />
          Select all on this page
        </label>
        <span aria-live="polite">
          {selected.size === 1 ? "1 lead selected" : `${selected.size} leads selected`}
        </span>
        <label htmlFor="bulk-status">New status</label>
        <select
          id="bulk-status"
          className={formStyles.select}
          value={status}
          onChange={(event) => setStatus(event.target.value as LeadStatus)}
        >
          {LEAD_STATUS_VALUES.map((value) => (
            <option key={value} value={value}>
              {LEAD_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className={formStyles.primary}
          disabled={pending || selected.size === 0}
        >
          Apply to selected
        </button>
      </form>
      <FormOutcome error={error} done={done} />
      <LeadTable leads={leads} selection={selection} />
    </>
  );
}

function LeadTable({ leads, selection }: { leads: LeadSummary[]; selection?: Selection }) {
  return (
    <table className={`${styles.table} ${styles.stacked}`}>
      <caption className={styles.visuallyHidden}>Leads, newest first</caption>
      <thead>
        <tr>
          {selection && (
            <th scope="col" className={manageStyles.selectCell}>
              <span className={styles.visuallyHidden}>Selected</span>
            </th>
          )}
          <th scope="col">Applicant</th>
          <th scope="col">Programme</th>
          <th scope="col">Country</th>
          <th scope="col">Applied</th>
          <th scope="col">Owner</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {leads.map((lead) => {
          const name = `${lead.applicant.first_name} ${lead.applicant.last_name}`;
          return (
            <tr key={lead.id}>
              {selection && (
                <td className={manageStyles.selectCell}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${name}`}
                    checked={selection.selected.has(lead.id)}
                    onChange={(event) => selection.toggle(lead.id, event.target.checked)}
                  />
                </td>
              )}
              <td>
                <Link to={`/dashboard/partner/leads/${lead.id}`}>{name}</Link>
                <br />
                <span className={styles.muted}>{lead.applicant.email}</span>
              </td>
              <td>{lead.programme.name}</td>
              <td>{lead.country.name}</td>
              <td>{dateOf(lead.created_at)}</td>
              <td>{lead.owner?.name ?? <span className={styles.muted}>Nobody</span>}</td>
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
          );
        })}
      </tbody>
    </table>
  );
}
