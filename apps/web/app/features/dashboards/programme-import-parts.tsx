// The import page's tables (docs/programme-import.md): the columns a file may have, with a
// template to download, and the rows with errors (row as the spreadsheet numbers it, the column,
// the form's message).
import {
  IMPORT_COLUMN_LABELS,
  IMPORT_COLUMNS,
  type ImportColumn,
  type ImportRowError,
} from "@studyatlas/schemas/programme-import.ts";

import formStyles from "../../components/form/form.module.css";
import styles from "./dashboard.module.css";

/** What each column holds, as the import reads it. */
const COLUMN_HINTS: Record<ImportColumn, string> = {
  code: "Required. Your own code of the programme (1 to 64 characters), unique in the file.",
  school: "The school's name; may stay empty when your organisation has one school.",
  name: "Required. The programme's name.",
  summary: "A short description.",
  programme_type: "A programme type from the form's list, e.g. Masters.",
  degree_type: "A degree from the form's list, by name or short name.",
  language: "The language of instruction, by name or code (English, en).",
  duration: "A number, e.g. 1 or 1.5.",
  duration_unit: "hours, days, weeks, months or years.",
  format: "Full-time or Part-time.",
  attendance: "On campus, Online or Blended.",
  start: "The next start, YYYY-MM or MM/YYYY.",
  deadline: "The application deadline, YYYY-MM or MM/YYYY.",
  tuition_fee:
    'A number ("18,500" and "18500.00" both read as 18,500), free, or empty when unknown.',
  currency: "A currency code, e.g. EUR.",
  fee_period: "year, semester, month, credit or programme (the whole programme). Default: year.",
  disciplines: "One or more disciplines of the form's list, separated by ;",
  website: "The programme's page on your website (https://…).",
  published: "yes to publish at once; otherwise the programme is saved unpublished.",
};

export function ImportColumns() {
  return (
    <section className={styles.card} aria-labelledby="import-columns">
      <h2 id="import-columns">Columns</h2>
      <p>
        The first row names the columns (in any order; case does not matter), one programme per row
        below.{" "}
        <a
          className={formStyles.secondary}
          href="/api/dashboard/partner/programme-import/template.csv"
          download
        >
          Download the template (CSV)
        </a>
      </p>
      <div className={styles.tableScroll}>
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>The columns of an import file</caption>
          <thead>
            <tr>
              <th scope="col">Column</th>
              <th scope="col">What it holds</th>
            </tr>
          </thead>
          <tbody>
            {IMPORT_COLUMNS.map((column) => (
              <tr key={column}>
                <th scope="row">{IMPORT_COLUMN_LABELS[column]}</th>
                <td>{COLUMN_HINTS[column]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** At most this many errors are listed; the count says how many there are. */
const SHOWN_ERRORS = 200;

export function ImportErrors({ errors, caption }: { errors: ImportRowError[]; caption: string }) {
  return (
    <div className={styles.tableScroll}>
      <table className={`${styles.table} ${styles.stacked}`}>
        <caption className={styles.visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {errors.slice(0, SHOWN_ERRORS).map((error, index) => (
            <tr key={`${error.row}-${error.column}-${index}`}>
              <td>Row {error.row}</td>
              <td>{IMPORT_COLUMN_LABELS[error.column]}</td>
              <td>{error.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {errors.length > SHOWN_ERRORS && (
        <p className={styles.muted}>
          The first {SHOWN_ERRORS} of {errors.length.toLocaleString("en-GB")} errors.
        </p>
      )}
    </div>
  );
}
