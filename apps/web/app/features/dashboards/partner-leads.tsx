// The partner's leads (docs/decisions/016-organisations-and-dashboards.md "Leads"): every
// application to the organisation's programmes, newest first, with filters that live in the
// address (shareable, back button) and the CSV export of the same selection. One lead's page is
// lead-page.tsx.
import { Form, Link } from "react-router";

import {
  LEAD_STATUS_LABELS,
  LEAD_STATUS_VALUES,
  type LeadSummary,
} from "@studyatlas/schemas/dashboards.ts";

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
      <p className={styles.muted} role="status">
        {data.leads.count === 1 ? "1 lead" : `${data.leads.count.toLocaleString("en")} leads`}
      </p>
      {data.leads.results.length > 0 && <LeadTable leads={data.leads.results} />}
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

function LeadTable({ leads }: { leads: LeadSummary[] }) {
  return (
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
        {leads.map((lead) => (
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
  );
}
