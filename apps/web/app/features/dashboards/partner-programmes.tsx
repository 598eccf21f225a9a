// The organisation's programmes (docs/decisions/016-organisations-and-dashboards.md "Programme
// authoring"): a search by name, a status filter (both in the address, so the back button and
// shared links keep them), a link to edit each one and 'New programme'.
import { Form, Link } from "react-router";

import type { ProgrammeList } from "@studyatlas/schemas/programmes.ts";

import formStyles from "../../components/form/form.module.css";
import styles from "./dashboard.module.css";
import { Pager } from "./pager.tsx";
import programmeStyles from "./programmes.module.css";

export interface ProgrammeListData {
  programmes: ProgrammeList;
  filters: { q: string; status: string };
  query: string;
  /** Editors and owners create and import programmes (ADR 056). */
  canEdit: boolean;
}

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });

export function PartnerProgrammes({ data }: { data: ProgrammeListData }) {
  const { programmes } = data;
  return (
    <>
      <div className={styles.toolbar}>
        <h1 tabIndex={-1}>Programmes</h1>
        {data.canEdit && (
          <div className={styles.exportLinks}>
            <Link to="/dashboard/partner/programmes/import" className={formStyles.secondary}>
              Import from a file
            </Link>
            <Link to="/dashboard/partner/programmes/new" className={formStyles.primary}>
              New programme
            </Link>
          </div>
        )}
      </div>
      <Form method="get" className={programmeStyles.filters} aria-label="Find programmes">
        <label>
          Name
          <input
            name="q"
            type="search"
            defaultValue={data.filters.q}
            className={formStyles.input}
          />
        </label>
        <label>
          Status
          <select name="status" defaultValue={data.filters.status} className={formStyles.select}>
            <option value="">Any status</option>
            <option value="published">Published</option>
            <option value="unpublished">Unpublished</option>
          </select>
        </label>
        <button type="submit" className={formStyles.primary}>
          Search
        </button>
      </Form>
      <p className={styles.muted} role="status">
        {programmes.count === 1
          ? "1 programme"
          : `${programmes.count.toLocaleString("en")} programmes`}
      </p>
      {programmes.results.length > 0 && (
        <table className={`${styles.table} ${styles.stacked}`}>
          <caption className={styles.visuallyHidden}>Programmes by name</caption>
          <thead>
            <tr>
              <th scope="col">Programme</th>
              <th scope="col">School</th>
              <th scope="col">Status</th>
              <th scope="col">Last change</th>
            </tr>
          </thead>
          <tbody>
            {programmes.results.map((programme) => (
              <tr key={programme.id}>
                <td>
                  <Link to={`/dashboard/partner/programmes/${programme.id}`}>{programme.name}</Link>
                  <br />
                  <span className={styles.muted}>{programme.programme_type}</span>
                </td>
                <td>{programme.school.name}</td>
                <td>
                  <span
                    className={styles.badge}
                    data-status={programme.published ? "approved" : "pending"}
                  >
                    {programme.published ? "Published" : "Unpublished"}
                  </span>
                </td>
                <td>{dateOf(programme.updated_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager
        page={programmes.page}
        count={programmes.count}
        pageSize={programmes.page_size}
        query={data.query}
      />
    </>
  );
}
