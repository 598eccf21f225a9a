// The finder's synonyms in the dashboards (docs/decisions/044-synonyms-as-data.md): the list with
// a filter that lives in the address, for partners to read and for sales agents to edit (add an
// entry, edit one in the same form, delete one). Every change goes through the sales API, which
// audit-logs it and makes every process use it within a second.
import { useRef, useState, type FormEvent, type RefObject } from "react";
import { Form, Link, useRevalidator } from "react-router";

import { fieldErrorsOf, type FieldMessages } from "@studyatlas/schemas/form-errors.ts";
import {
  SynonymInputSchema,
  synonymWordsOf,
  synonymWordsText,
  type Synonym,
  type SynonymKindName,
  type SynonymList,
} from "@studyatlas/schemas/search-synonyms.ts";

import { callApi } from "../../auth/account-api.ts";
import { FormField } from "../../components/form/form-field.tsx";
import formStyles from "../../components/form/form.module.css";
import styles from "./dashboard.module.css";
import { dateOf } from "./partner-leads.tsx";
import synonymStyles from "./search-synonyms.module.css";

const SALES_API = "/api/dashboard/sales/search-synonyms";

const KIND_LABELS: Record<SynonymKindName, string> = {
  "two-way": "Two-way",
  "one-way": "One-way",
};

export interface SynonymPageData {
  list: SynonymList;
  q: string;
}

export function SynonymsPage({ data, editable }: { data: SynonymPageData; editable: boolean }) {
  const [editing, setEditing] = useState<Synonym>();
  // What the last edit said, shown by the "Add an entry" form that replaces the edit form.
  const [notice, setNotice] = useState<string>();
  const editorRef = useRef<HTMLHeadingElement>(null);
  const edit = (entry: Synonym) => {
    setNotice(undefined);
    setEditing(entry);
    // The form sits above the list: move there, so keyboard and screen reader users follow.
    requestAnimationFrame(() => editorRef.current?.focus());
  };
  return (
    <>
      <h1 tabIndex={-1}>Search synonyms</h1>
      <p className={synonymStyles.intro}>
        The finder searches for every word of a <strong>two-way</strong> entry when a student types
        any one of them (<em>mba</em> finds “Master of Business Administration” and the reverse). A{" "}
        <strong>one-way</strong> entry widens its first word only (<em>psych</em> also finds
        “psychology”, but not the reverse).
        {editable
          ? " Changes reach the search within a second and are kept in the change history."
          : " StudyAtlas sales agents keep this list: ask your account manager for a change."}
      </p>
      {editable && (
        <SynonymEditor
          key={editing?.id ?? "new"}
          editing={editing}
          headingRef={editorRef}
          notice={notice}
          onDone={(message) => {
            setNotice(message);
            setEditing(undefined);
          }}
        />
      )}
      <SynonymFilter q={data.q} />
      <p className={styles.muted} role="status">
        {data.q
          ? `${data.list.results.length} of ${data.list.total} entries contain “${data.q}”`
          : `${data.list.total} entries`}
      </p>
      {data.list.results.length > 0 && (
        <SynonymTable
          entries={data.list.results}
          {...(editable ? { onEdit: edit, onDeleted: () => setEditing(undefined) } : {})}
        />
      )}
    </>
  );
}

/** A GET form, so the address keeps the filter (shareable, back button). */
function SynonymFilter({ q }: { q: string }) {
  return (
    <Form method="get" className={synonymStyles.filter} role="search" aria-label="Synonyms">
      <label className={synonymStyles.filterLabel}>
        Find a word
        <input
          name="q"
          type="search"
          defaultValue={q}
          className={formStyles.input}
          placeholder="mba, psych, hospitality…"
        />
      </label>
      <button type="submit" className={formStyles.primary}>
        Search
      </button>
      {q && (
        <Link to="?" className={formStyles.secondary}>
          Show all
        </Link>
      )}
    </Form>
  );
}

function EntryWords({ entry }: { entry: Synonym }) {
  return (
    <span className={synonymStyles.words}>
      {entry.kind === "one-way" && (
        <>
          <span className={synonymStyles.word}>{entry.input}</span>
          <span aria-label="also finds">→</span>
        </>
      )}
      {entry.words.map((word, index) => (
        <span key={word}>
          {entry.kind === "two-way" && index > 0 && (
            <span aria-hidden="true" className={synonymStyles.joiner}>
              ={" "}
            </span>
          )}
          <span className={synonymStyles.word}>{word}</span>
        </span>
      ))}
    </span>
  );
}

function SynonymTable({
  entries,
  onEdit,
  onDeleted,
}: {
  entries: Synonym[];
  onEdit?: (entry: Synonym) => void;
  onDeleted?: () => void;
}) {
  const revalidator = useRevalidator();
  const [failure, setFailure] = useState<string>();
  const remove = async (entry: Synonym) => {
    const label = entry.input ?? entry.words[0] ?? "";
    if (!window.confirm(`Delete the entry “${label}”? The search stops using it at once.`)) return;
    const answer = await callApi(`${SALES_API}/${entry.id}`, { method: "DELETE" });
    if (!answer.ok && answer.status !== 404) {
      setFailure(answer.data.detail ?? "The entry could not be deleted. Please try again.");
      return;
    }
    setFailure(undefined);
    onDeleted?.();
    await revalidator.revalidate();
  };
  return (
    <>
      {failure && (
        <p className={formStyles.formError} role="alert">
          {failure}
        </p>
      )}
      <table className={`${styles.table} ${styles.stacked}`}>
        <caption className={styles.visuallyHidden}>Synonym entries, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Words</th>
            <th scope="col">Note</th>
            <th scope="col">Last changed</th>
            {onEdit && (
              <th scope="col">
                <span className={styles.visuallyHidden}>Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-synonym={entry.id}>
              <td className={synonymStyles.kindCell}>
                <span className={styles.badge} data-kind={entry.kind}>
                  {KIND_LABELS[entry.kind]}
                </span>
              </td>
              <td>
                <EntryWords entry={entry} />
              </td>
              <td className={synonymStyles.note}>{entry.note ?? ""}</td>
              <td className={styles.muted}>
                {entry.updated_by ? `${entry.updated_by}, ` : "Curated list, "}
                {dateOf(entry.updated_at)}
              </td>
              {onEdit && (
                <td className={synonymStyles.rowActions}>
                  <button
                    type="button"
                    className={formStyles.secondary}
                    onClick={() => onEdit(entry)}
                    aria-label={`Edit ${entry.input ?? entry.words[0] ?? "entry"}`}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={formStyles.secondary}
                    onClick={() => void remove(entry)}
                    aria-label={`Delete ${entry.input ?? entry.words[0] ?? "entry"}`}
                  >
                    Delete
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

type EditorField = "kind" | "input" | "words" | "note";

interface EditorProps {
  editing: Synonym | undefined;
  headingRef: RefObject<HTMLHeadingElement | null>;
  notice: string | undefined;
  onDone: (message?: string) => void;
}

/** The editor's fields and its one call: the schema the API applies checks the form first. */
function useSynonymEditor({ editing, notice, onDone }: EditorProps) {
  const revalidator = useRevalidator();
  const [kind, setKind] = useState<SynonymKindName>(editing?.kind ?? "two-way");
  const [input, setInput] = useState(editing?.input ?? "");
  const [words, setWords] = useState(editing ? synonymWordsText(editing.words) : "");
  const [note, setNote] = useState(editing?.note ?? "");
  const [errors, setErrors] = useState<FieldMessages<EditorField>>({});
  const [failure, setFailure] = useState<string>();
  const [message, setMessage] = useState<string | undefined>(notice);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      kind,
      input: kind === "one-way" ? input : null,
      words: synonymWordsOf(words),
      note,
    };
    const found = fieldErrorsOf(SynonymInputSchema, body);
    setErrors(found);
    setMessage(undefined);
    setFailure(undefined);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    const answer = await callApi(editing ? `${SALES_API}/${editing.id}` : SALES_API, {
      method: editing ? "PUT" : "POST",
      json: body,
    });
    setPending(false);
    if (!answer.ok) {
      const fieldErrors = answer.data.errors ?? {};
      setErrors(
        Object.fromEntries(Object.entries(fieldErrors).map(([field, list]) => [field, list[0]])),
      );
      if (!answer.data.errors) {
        setFailure(answer.data.detail ?? "The entry could not be saved. Please try again.");
      }
      return;
    }
    await revalidator.revalidate();
    if (editing) {
      onDone("Entry saved.");
      return;
    }
    setMessage("Entry added.");
    setInput("");
    setWords("");
    setNote("");
  };

  return {
    fields: { kind, input, words, note },
    set: { kind: setKind, input: setInput, words: setWords, note: setNote },
    errors,
    failure,
    message,
    pending,
    submit,
  };
}

/** Adds an entry, or edits `editing`. */
function SynonymEditor(props: EditorProps) {
  const { editing, headingRef, onDone } = props;
  const { fields, set, errors, failure, message, pending, submit } = useSynonymEditor(props);
  const { kind, input, words, note } = fields;
  return (
    <section className={styles.card} aria-labelledby="synonym-editor">
      <h2 id="synonym-editor" ref={headingRef} tabIndex={-1}>
        {editing ? `Edit entry “${editing.input ?? editing.words[0] ?? ""}”` : "Add an entry"}
      </h2>
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={synonymStyles.kinds}>
          <legend className={formStyles.label}>Kind</legend>
          {(["two-way", "one-way"] as const).map((value) => (
            <label key={value} className={synonymStyles.kind}>
              <input
                type="radio"
                name="kind"
                value={value}
                checked={kind === value}
                onChange={() => set.kind(value)}
              />
              {value === "two-way"
                ? "Two-way: every word stands for the others"
                : "One-way: a word also finds other words"}
            </label>
          ))}
          {errors.kind && <p className={formStyles.error}>{errors.kind}</p>}
        </fieldset>
        {kind === "one-way" && (
          <FormField
            label="Word typed"
            value={input}
            onChange={(event) => set.input(event.target.value)}
            error={errors.input}
            hint="What a student types, for example psych."
            autoComplete="off"
          />
        )}
        <FormField
          label={kind === "one-way" ? "Also finds" : "Words"}
          value={words}
          onChange={(event) => set.words(event.target.value)}
          error={errors.words}
          hint="Separate words or phrases with commas, for example: cs, computer science."
          autoComplete="off"
        />
        <FormField
          label="Note (optional)"
          value={note}
          onChange={(event) => set.note(event.target.value)}
          error={errors.note}
          hint="Why the entry exists, for the next person who edits it."
          autoComplete="off"
        />
        <div className={synonymStyles.editorActions}>
          <button type="submit" className={formStyles.primary} disabled={pending}>
            {pending ? "Saving..." : editing ? "Save entry" : "Add entry"}
          </button>
          {editing && (
            <button type="button" className={formStyles.secondary} onClick={() => onDone()}>
              Cancel
            </button>
          )}
        </div>
      </form>
      {message && (
        <p className={formStyles.formSuccess} role="status">
          {message}
        </p>
      )}
      {failure && (
        <p className={formStyles.formError} role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
