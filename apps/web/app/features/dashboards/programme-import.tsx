// The catalogue import page (docs/decisions/056-organisation-membership.md "Catalogue import";
// docs/programme-import.md): the columns and a template to download, a CSV or Excel file chosen
// and previewed (how many programmes it creates and updates, every row's errors), nothing written
// until the partner confirms, then what the import did. The confirmation sends the previewed
// file's SHA-256, so a file changed since its preview is refused rather than written.
import { useState, type FormEvent } from "react";
import { Link } from "react-router";

import { DASHBOARD_MESSAGES } from "@studyatlas/schemas/dashboards.ts";
import {
  IMPORT_MESSAGES,
  type ImportPreview,
  type ImportResult,
} from "@studyatlas/schemas/programme-import.ts";

import { authErrorMessage, callApi, type ApiAnswer } from "../../auth/account-api.ts";
import formStyles from "../../components/form/form.module.css";
import styles from "./dashboard.module.css";
import manageStyles from "./lead-management.module.css";
import { ImportColumns, ImportErrors } from "./programme-import-parts.tsx";

const API = "/api/dashboard/partner/programme-import";
const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString("en-GB")} ${count === 1 ? one : many}`;

function errorOf(answer: ApiAnswer<unknown>): string {
  if (answer.status === 0) return DASHBOARD_MESSAGES.networkError;
  return answer.data.errors?.file?.[0] ?? authErrorMessage(answer.data);
}

function useImport() {
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<ImportPreview>();
  const [result, setResult] = useState<ImportResult>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const upload = async <T,>(path: string) => {
    if (!file) {
      setError(IMPORT_MESSAGES.missingFile);
      return undefined;
    }
    const form = new FormData();
    form.append("file", file);
    setPending(true);
    setError(undefined);
    const answer = await callApi<T>(path, { form });
    setPending(false);
    if (answer.status === 200) return answer.data;
    setError(errorOf(answer));
    return undefined;
  };
  return {
    file,
    preview,
    result,
    error,
    pending,
    choose: (chosen: File | undefined) => {
      setFile(chosen);
      setPreview(undefined);
      setResult(undefined);
      setError(undefined);
    },
    runPreview: async (event: FormEvent) => {
      event.preventDefault();
      setResult(undefined);
      setPreview(await upload<ImportPreview>(`${API}/preview`));
    },
    confirm: async () => {
      if (!preview) return;
      const done = await upload<ImportResult>(`${API}?file_sha256=${preview.file_sha256}`);
      if (done) {
        setResult(done);
        setPreview(undefined);
      }
    },
  };
}

export function ProgrammeImport() {
  const state = useImport();
  const { preview, result, error, pending } = state;
  return (
    <>
      <p>
        <Link to="/dashboard/partner/programmes">← All programmes</Link>
      </p>
      <h1 tabIndex={-1}>Import programmes</h1>
      <p>
        Add or update up to 5,000 programmes at once from a CSV (UTF-8) or Excel (.xlsx) file. Each
        programme is matched by your own programme code: a new code creates a programme, a code
        imported before updates it. You see what will change before anything is saved.
      </p>
      <section className={styles.card} aria-labelledby="import-file">
        <h2 id="import-file">Your file</h2>
        <form
          className={manageStyles.importForm}
          onSubmit={(event) => void state.runPreview(event)}
        >
          <div className={formStyles.field}>
            <label className={formStyles.label} htmlFor="import-file-input">
              CSV or Excel file
            </label>
            <input
              id="import-file-input"
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(event) => state.choose(event.target.files?.[0])}
            />
          </div>
          <button type="submit" className={formStyles.primary} disabled={pending}>
            {pending && !preview ? "Reading the file..." : "Preview the import"}
          </button>
        </form>
        {error && (
          <p className={formStyles.formError} role="alert">
            {error}
          </p>
        )}
      </section>
      {preview && <PreviewPanel preview={preview} pending={pending} onConfirm={state.confirm} />}
      {result && <ResultPanel result={result} />}
      <ImportColumns />
    </>
  );
}

function PreviewPanel(props: {
  preview: ImportPreview;
  pending: boolean;
  onConfirm: () => Promise<void>;
}) {
  const { preview } = props;
  const writable = preview.create + preview.update;
  const rowsWithErrors = new Set(preview.errors.map((error) => error.row)).size;
  return (
    <section className={styles.card} aria-labelledby="import-preview">
      <h2 id="import-preview">Preview: nothing is saved yet</h2>
      <p role="status">
        {plural(preview.rows, "row", "rows")}:{" "}
        {plural(preview.create, "new programme", "new programmes")},{" "}
        {plural(preview.update, "programme", "programmes")} to update where something differs
        {rowsWithErrors > 0 ? `, ${plural(rowsWithErrors, "row", "rows")} with errors` : ""}.
      </p>
      {rowsWithErrors > 0 && (
        <>
          <p>
            Rows with errors are skipped. Correct them in your file and preview it again, or import
            the other rows now.
          </p>
          <ImportErrors errors={preview.errors} caption="Rows with errors" />
        </>
      )}
      {writable > 0 ? (
        <button
          type="button"
          className={`${formStyles.primary} ${manageStyles.confirmImport}`}
          disabled={props.pending}
          onClick={() => void props.onConfirm()}
        >
          {props.pending ? "Importing..." : `Import ${plural(writable, "programme", "programmes")}`}
        </button>
      ) : (
        <p className={styles.muted}>No row of this file can be imported.</p>
      )}
    </section>
  );
}

function ResultPanel({ result }: { result: ImportResult }) {
  return (
    <section className={styles.card} aria-labelledby="import-result">
      <h2 id="import-result">Import finished</h2>
      <p role="status">
        {plural(result.created, "programme", "programmes")} created,{" "}
        {plural(result.updated, "programme", "programmes")} updated,{" "}
        {plural(result.unchanged, "programme", "programmes")} unchanged
        {result.skipped > 0 ? `, ${plural(result.skipped, "row", "rows")} skipped` : ""}.
      </p>
      {result.errors.length > 0 && <ImportErrors errors={result.errors} caption="Skipped rows" />}
      <p>
        New programmes are unpublished unless the file says otherwise.{" "}
        <Link to="/dashboard/partner/programmes">See your programmes</Link>
      </p>
    </section>
  );
}
