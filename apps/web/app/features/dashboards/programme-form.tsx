// The programme form (issue 13 "Programmes"): every field the public programme page shows, the
// HTML sections in a rich-text editor, publish/unpublish, a link to the public page and the
// programme's own audit history. The same zod schema checks the payload here and on the server;
// the server's answer (field messages) is what the form shows.
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useLocation, useNavigate, useRevalidator } from "react-router";

import {
  ATTENDANCE_LABELS,
  ATTENDANCE_VALUES,
  COURSE_FORMAT_VALUES,
  DURATION_BASE_VALUES,
  FEE_BASE_LABELS,
  FEE_BASE_VALUES,
  FORMAT_LABELS,
  PROGRAMME_HTML_FIELDS,
  PROGRAMME_HTML_LABELS,
  type AuditPage,
  type ProgrammeDetail,
  type ProgrammeOptions,
  type ProgrammeValues,
} from "@studyatlas/schemas/programmes.ts";

import { callApi } from "../../auth/account-api.ts";
import formStyles from "../../components/form/form.module.css";
import { AuditLogList } from "./audit-log.tsx";
import styles from "./dashboard.module.css";
import programmeStyles from "./programmes.module.css";
import { RichTextField } from "./rich-text-field.tsx";
import { MONTH_NAMES } from "@studyatlas/schemas/catalogue-constants.ts";

const UNIT_LABELS = {
  hours: "Hours",
  days: "Days",
  weeks: "Weeks",
  months: "Months",
  years: "Years",
} as const;

/** The form's state: what the inputs hold (text for numbers; "" for none). */
type FormValues = Omit<Record<keyof ProgrammeValues, string>, "discipline_ids" | "tuition_kind"> & {
  discipline_ids: number[];
  tuition_kind: ProgrammeValues["tuition_kind"];
};

function toForm(values: ProgrammeValues): FormValues {
  const text = (value: number | null) => (value === null || value === 0 ? "" : String(value));
  return {
    ...values,
    school_id: String(values.school_id),
    programme_type_id: String(values.programme_type_id),
    degree_type_id: text(values.degree_type_id),
    language_id: text(values.language_id),
    duration: String(values.duration),
    start_month: text(values.start_month),
    start_year: text(values.start_year),
    deadline_month: text(values.deadline_month),
    deadline_year: text(values.deadline_year),
    tuition_fee: text(values.tuition_fee),
    tuition_currency_id: String(values.tuition_currency_id),
  };
}

/** A new programme's starting values. */
function blankForm(options: ProgrammeOptions): FormValues {
  const usd = options.currencies.find((currency) => currency.short_code === "USD");
  const english = options.languages.find((language) => language.name === "English");
  return {
    name: "",
    about: "",
    school_id: String(options.schools[0]?.id ?? ""),
    programme_type_id: String(options.programme_types[0]?.id ?? ""),
    degree_type_id: "",
    language_id: english ? String(english.id) : "",
    duration: "",
    duration_base: "years",
    course_format: "FULL",
    attendance: "SITE",
    start_month: "",
    start_year: "",
    deadline_month: "",
    deadline_year: "",
    tuition_kind: "amount",
    tuition_fee: "",
    tuition_currency_id: String(usd?.id ?? options.currencies[0]?.id ?? ""),
    tuition_fee_base: "year",
    discipline_ids: [],
    overview: "",
    why_chose: "",
    who_for: "",
    admission_requirements: "",
    other_requirements: "",
    programme_structure: "",
    syllabus: "",
    tuition_and_aid: "",
    scholarship: "",
    video: "",
    official_programme_website: "",
  };
}

function Select({
  label,
  name,
  value,
  onChange,
  error,
  children,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  children: ReactNode;
}) {
  const id = `programme-${name}`;
  return (
    <div className={formStyles.field} data-field={name}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={formStyles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className={formStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

function Input({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  type = "text",
  inputMode,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  type?: string;
  inputMode?: "numeric" | "decimal";
}) {
  const id = `programme-${name}`;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].join(" ").trim();
  return (
    <div className={formStyles.field} data-field={name}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={formStyles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <p id={`${id}-hint`} className={formStyles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={formStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

export function ProgrammeForm({
  options,
  programme,
  history,
}: {
  options: ProgrammeOptions;
  programme: ProgrammeDetail | null;
  history: AuditPage | null;
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<FormValues>(() =>
    programme ? toForm(programme.values) : blankForm(options),
  );
  const [publishNow, setPublishNow] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const location = useLocation();
  const [message, setMessage] = useState<string | undefined>(
    () => (location.state as { saved?: string } | null)?.saved,
  );
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);
  const set =
    <K extends keyof FormValues>(key: K) =>
    (value: FormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const error = (key: string) => errors[key]?.[0];

  const degreeTypes = options.degree_types.filter(
    (degree) => String(degree.programme_type_id) === values.programme_type_id,
  );
  const setProgrammeType = (value: string) =>
    setValues((current) => ({
      ...current,
      programme_type_id: value,
      degree_type_id: options.degree_types.some(
        (degree) =>
          String(degree.id) === current.degree_type_id &&
          String(degree.programme_type_id) === value,
      )
        ? current.degree_type_id
        : "",
    }));
  const toggleDiscipline = (id: number, on: boolean) =>
    setValues((current) => ({
      ...current,
      discipline_ids: on
        ? [...current.discipline_ids, id]
        : current.discipline_ids.filter((other) => other !== id),
    }));

  const showErrors = (fieldErrors: Record<string, string[]>) => {
    setErrors(fieldErrors);
    setFailure("Please correct the marked fields.");
    // Focus the first field with a message, in the form's order.
    requestAnimationFrame(() => {
      const first = [
        ...(formRef.current?.querySelectorAll<HTMLElement>("[data-field]") ?? []),
      ].find((element) => element.dataset.field && fieldErrors[element.dataset.field]);
      first
        ?.querySelector<HTMLElement>("input, select, textarea, [contenteditable='true']")
        ?.focus();
    });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setMessage(undefined);
    setFailure(undefined);
    const payload = programme ? values : { ...values, published: publishNow };
    const answer = await callApi<ProgrammeDetail>(
      programme
        ? `/api/dashboard/partner/programmes/${programme.id}`
        : "/api/dashboard/partner/programmes",
      { method: programme ? "PUT" : "POST", json: payload },
    );
    setPending(false);
    if (!answer.ok) {
      if (answer.data.errors) showErrors(answer.data.errors);
      else {
        setErrors({});
        setFailure(answer.data.detail ?? "Something went wrong. Please try again.");
      }
      return;
    }
    setErrors({});
    if (!programme) {
      await navigate(`/dashboard/partner/programmes/${answer.data.id}`, {
        state: { saved: "The programme is created." },
      });
      return;
    }
    setValues(toForm(answer.data.values));
    setMessage(
      answer.data.published
        ? "Saved. The public page and the search show the change now."
        : "Saved. The programme is not published, so visitors do not see it.",
    );
    await revalidator.revalidate();
  };

  const publish = async (on: boolean) => {
    if (!programme) return;
    setPending(true);
    setMessage(undefined);
    setFailure(undefined);
    const answer = await callApi(
      `/api/dashboard/partner/programmes/${programme.id}/${on ? "publish" : "unpublish"}`,
      { json: {} },
    );
    setPending(false);
    if (!answer.ok) {
      setFailure(answer.data.detail ?? "Something went wrong. Please try again.");
      return;
    }
    setMessage(
      on ? "Published: visitors see the programme now." : "Unpublished: visitors no longer see it.",
    );
    await revalidator.revalidate();
  };

  const publicHref = programme ? `/course/${programme.slug}` : undefined;
  return (
    <>
      <p>
        <Link to="/dashboard/partner/programmes">← All programmes</Link>
      </p>
      <div className={styles.heading}>
        <h1 tabIndex={-1}>{programme ? programme.values.name : "New programme"}</h1>
        {programme && (
          <span className={styles.badge} data-status={programme.published ? "approved" : "pending"}>
            {programme.published ? "Published" : "Unpublished"}
          </span>
        )}
      </div>
      {programme && (
        <div className={programmeStyles.headingActions}>
          {programme.published && programme.school.published && publicHref && (
            <a href={publicHref} target="_blank" rel="noopener">
              View the public page (opens in a new tab)
            </a>
          )}
          {!programme.school.published && (
            <span className={styles.muted}>
              The school's page is not published, so visitors do not see its programmes.
            </span>
          )}
        </div>
      )}
      <form ref={formRef} onSubmit={(event) => void save(event)} noValidate aria-label="Programme">
        <section className={styles.card} aria-labelledby="programme-basics">
          <h2 id="programme-basics">Programme</h2>
          <div className={formStyles.form}>
            <Input
              label="Name"
              name="name"
              value={values.name}
              onChange={set("name")}
              error={error("name")}
            />
            <div className={formStyles.field} data-field="about">
              <label htmlFor="programme-about" className={formStyles.label}>
                Summary
              </label>
              <textarea
                id="programme-about"
                className={programmeStyles.textarea}
                value={values.about}
                maxLength={600}
                onChange={(event) => set("about")(event.target.value)}
                aria-invalid={error("about") ? true : undefined}
                aria-describedby="programme-about-hint"
              />
              <p id="programme-about-hint" className={formStyles.hint}>
                Shown on the programme's card in search results (at most 600 characters).
              </p>
              {error("about") && <p className={formStyles.error}>{error("about")}</p>}
            </div>
            <div className={programmeStyles.grid}>
              <Select
                label="School"
                name="school_id"
                value={values.school_id}
                onChange={set("school_id")}
                error={error("school_id")}
              >
                {options.schools.map((school) => (
                  <option key={school.id} value={school.id}>
                    {school.name}
                  </option>
                ))}
              </Select>
              <Select
                label="Programme type"
                name="programme_type_id"
                value={values.programme_type_id}
                onChange={setProgrammeType}
                error={error("programme_type_id")}
              >
                {options.programme_types.map((type) => (
                  <option key={type.id} value={type.id}>
                    {type.name}
                  </option>
                ))}
              </Select>
              <Select
                label="Degree type"
                name="degree_type_id"
                value={values.degree_type_id}
                onChange={set("degree_type_id")}
                error={error("degree_type_id")}
              >
                <option value="">None</option>
                {degreeTypes.map((degree) => (
                  <option key={degree.id} value={degree.id}>
                    {degree.name}
                  </option>
                ))}
              </Select>
              <Select
                label="Language"
                name="language_id"
                value={values.language_id}
                onChange={set("language_id")}
                error={error("language_id")}
              >
                <option value="">Not given</option>
                {options.languages.map((language) => (
                  <option key={language.id} value={language.id}>
                    {language.name}
                  </option>
                ))}
              </Select>
            </div>
          </div>
        </section>

        <section className={styles.card} aria-labelledby="programme-schedule">
          <h2 id="programme-schedule">Length and dates</h2>
          <div className={programmeStyles.grid}>
            <Input
              label="Duration"
              name="duration"
              type="text"
              inputMode="numeric"
              value={values.duration}
              onChange={set("duration")}
              error={error("duration")}
            />
            <Select
              label="Duration unit"
              name="duration_base"
              value={values.duration_base}
              onChange={set("duration_base")}
              error={error("duration_base")}
            >
              {DURATION_BASE_VALUES.map((unit) => (
                <option key={unit} value={unit}>
                  {UNIT_LABELS[unit]}
                </option>
              ))}
            </Select>
            <Select
              label="Format"
              name="course_format"
              value={values.course_format}
              onChange={set("course_format")}
              error={error("course_format")}
            >
              {COURSE_FORMAT_VALUES.map((format) => (
                <option key={format} value={format}>
                  {FORMAT_LABELS[format]}
                </option>
              ))}
            </Select>
            <Select
              label="Attendance"
              name="attendance"
              value={values.attendance}
              onChange={set("attendance")}
              error={error("attendance")}
            >
              {ATTENDANCE_VALUES.map((mode) => (
                <option key={mode} value={mode}>
                  {ATTENDANCE_LABELS[mode]}
                </option>
              ))}
            </Select>
          </div>
          <div className={programmeStyles.grid} style={{ marginTop: "1rem" }}>
            {(["start", "deadline"] as const).map((kind) => (
              <fieldset key={kind} className={programmeStyles.fieldset}>
                <legend>{kind === "start" ? "Start" : "Application deadline"}</legend>
                <div className={formStyles.twoColumns}>
                  <Select
                    label="Month"
                    name={`${kind}_month`}
                    value={values[`${kind}_month`]}
                    onChange={set(`${kind}_month`)}
                    error={error(`${kind}_month`)}
                  >
                    <option value="">Not announced</option>
                    {MONTH_NAMES.map((month, index) => (
                      <option key={month} value={index + 1}>
                        {month}
                      </option>
                    ))}
                  </Select>
                  <Input
                    label="Year"
                    name={`${kind}_year`}
                    inputMode="numeric"
                    value={values[`${kind}_year`]}
                    onChange={set(`${kind}_year`)}
                    error={error(`${kind}_year`)}
                  />
                </div>
              </fieldset>
            ))}
          </div>
        </section>

        <section className={styles.card} aria-labelledby="programme-tuition">
          <h2 id="programme-tuition">Tuition</h2>
          <fieldset className={programmeStyles.fieldset} data-field="tuition_kind">
            <legend>Tuition fee</legend>
            <div className={programmeStyles.radios}>
              {(
                [
                  ["amount", "A fee"],
                  ["free", "Free"],
                  ["unknown", "Not known"],
                ] as const
              ).map(([kind, label]) => (
                <label key={kind}>
                  <input
                    type="radio"
                    name="tuition_kind"
                    value={kind}
                    checked={values.tuition_kind === kind}
                    onChange={() => set("tuition_kind")(kind)}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          {values.tuition_kind === "amount" && (
            <div className={programmeStyles.grid} style={{ marginTop: "1rem" }}>
              <Input
                label="Amount"
                name="tuition_fee"
                inputMode="decimal"
                value={values.tuition_fee}
                onChange={set("tuition_fee")}
                error={error("tuition_fee")}
              />
              <Select
                label="Currency"
                name="tuition_currency_id"
                value={values.tuition_currency_id}
                onChange={set("tuition_currency_id")}
                error={error("tuition_currency_id")}
              >
                {options.currencies.map((currency) => (
                  <option key={currency.id} value={currency.id}>
                    {currency.short_code} — {currency.name}
                  </option>
                ))}
              </Select>
              <Select
                label="The fee covers"
                name="tuition_fee_base"
                value={values.tuition_fee_base}
                onChange={set("tuition_fee_base")}
                error={error("tuition_fee_base")}
              >
                {FEE_BASE_VALUES.map((base) => (
                  <option key={base} value={base}>
                    {FEE_BASE_LABELS[base]}
                  </option>
                ))}
              </Select>
            </div>
          )}
        </section>

        <section className={styles.card} aria-labelledby="programme-disciplines">
          <h2 id="programme-disciplines">Disciplines</h2>
          <fieldset
            className={programmeStyles.fieldset}
            data-field="discipline_ids"
            aria-describedby={error("discipline_ids") ? "programme-disciplines-error" : undefined}
          >
            <legend>Choose one to five; the first you tick is the main one.</legend>
            <div className={programmeStyles.choices}>
              {options.disciplines.map((discipline) => (
                <label key={discipline.id}>
                  <input
                    type="checkbox"
                    checked={values.discipline_ids.includes(discipline.id)}
                    onChange={(event) => toggleDiscipline(discipline.id, event.target.checked)}
                  />
                  {discipline.name}
                </label>
              ))}
            </div>
            {error("discipline_ids") && (
              <p id="programme-disciplines-error" className={formStyles.error}>
                {error("discipline_ids")}
              </p>
            )}
          </fieldset>
        </section>

        <section className={styles.card} aria-labelledby="programme-description">
          <h2 id="programme-description">Description</h2>
          <p className={styles.muted}>
            The sections of the programme page. Empty sections are not shown. Links open in a new
            tab; scripts, styles and embedded frames are removed when you save.
          </p>
          <p id="programme-editor-hint" className={styles.muted}>
            In the editors, Tab indents a list item; press Esc to leave an editor.
          </p>
          <div className={formStyles.form}>
            {PROGRAMME_HTML_FIELDS.map((field) => (
              <RichTextField
                key={field}
                name={field}
                label={PROGRAMME_HTML_LABELS[field]}
                value={values[field]}
                onChange={set(field)}
                error={error(field)}
                hintId="programme-editor-hint"
              />
            ))}
          </div>
        </section>

        <section className={styles.card} aria-labelledby="programme-links">
          <h2 id="programme-links">Video and website</h2>
          <div className={formStyles.form}>
            <Input
              label="Video (YouTube address)"
              name="video"
              type="url"
              value={values.video}
              onChange={set("video")}
              error={error("video")}
              hint="For example https://www.youtube.com/watch?v=… Leave empty for none."
            />
            <Input
              label="Official programme website"
              name="official_programme_website"
              type="url"
              value={values.official_programme_website}
              onChange={set("official_programme_website")}
              error={error("official_programme_website")}
            />
          </div>
        </section>

        <div className={programmeStyles.formActions}>
          {!programme && (
            <label className={styles.checkbox}>
              <input
                type="checkbox"
                checked={publishNow}
                onChange={(event) => setPublishNow(event.target.checked)}
              />{" "}
              Publish as soon as it is saved
            </label>
          )}
          <button type="submit" className={formStyles.primary} disabled={pending}>
            {pending ? "Saving..." : programme ? "Save changes" : "Create programme"}
          </button>
          {programme && (
            <button
              type="button"
              className={formStyles.secondary}
              disabled={pending}
              onClick={() => void publish(!programme.published)}
            >
              {programme.published ? "Unpublish" : "Publish"}
            </button>
          )}
          <span role="status" className={message ? formStyles.formSuccess : undefined}>
            {message}
          </span>
          <span role="alert" className={failure ? formStyles.formError : undefined}>
            {failure}
          </span>
        </div>
      </form>

      {programme && history && (
        <section className={styles.card} aria-labelledby="programme-history">
          <h2 id="programme-history">History</h2>
          <AuditLogList log={history} query="" empty="No changes recorded yet." />
        </section>
      )}
    </>
  );
}
