// The sections of the programme form (programme-form.tsx), each a card with its fields.
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
  type ProgrammeOptions,
} from "@studyatlas/schemas/programmes.ts";
import { MONTH_NAMES } from "@studyatlas/schemas/catalogue-constants.ts";

import formStyles from "../../components/form/form.module.css";
import styles from "./dashboard.module.css";
import { ProgrammeInput as Input, ProgrammeSelect as Select } from "./programme-fields.tsx";
import { UNIT_LABELS } from "./programme-form-values.ts";
import programmeStyles from "./programmes.module.css";
import { RichTextField } from "./rich-text-field.tsx";
import type { ProgrammeFields } from "./use-programme-form.ts";

/** The name, the summary and the lists that place the programme. */
export function BasicsSection({
  options,
  fields,
}: {
  options: ProgrammeOptions;
  fields: ProgrammeFields;
}) {
  const { values, set, error, setProgrammeType } = fields;
  const degreeTypes = options.degree_types.filter(
    (degree) => String(degree.programme_type_id) === values.programme_type_id,
  );
  return (
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
  );
}

/** How long the programme lasts, when it starts and when applications close. */
export function ScheduleSection({ fields }: { fields: ProgrammeFields }) {
  const { values, set, error } = fields;
  return (
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
  );
}

/** The fee: an amount with its currency and what it covers, free, or not known. */
export function TuitionSection({
  options,
  fields,
}: {
  options: ProgrammeOptions;
  fields: ProgrammeFields;
}) {
  const { values, set, error } = fields;
  return (
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
  );
}

/** One to five disciplines; the first ticked is the main one. */
export function DisciplinesSection({
  options,
  fields,
}: {
  options: ProgrammeOptions;
  fields: ProgrammeFields;
}) {
  const { values, error, toggleDiscipline } = fields;
  return (
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
  );
}

/** The HTML sections of the programme page, each in a rich-text editor. */
export function DescriptionSection({ fields }: { fields: ProgrammeFields }) {
  const { values, set, error } = fields;
  return (
    <section className={styles.card} aria-labelledby="programme-description">
      <h2 id="programme-description">Description</h2>
      <p className={styles.muted}>
        The sections of the programme page. Empty sections are not shown. Links open in a new tab;
        scripts, styles and embedded frames are removed when you save.
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
  );
}

/** The YouTube video and the official website. */
export function LinksSection({ fields }: { fields: ProgrammeFields }) {
  const { values, set, error } = fields;
  return (
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
  );
}
