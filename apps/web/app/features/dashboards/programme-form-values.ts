// The programme form's state (programme-form.tsx): what the inputs hold, a saved programme's
// values as the inputs show them, and a new programme's starting values.
import type { ProgrammeOptions, ProgrammeValues } from "@studyatlas/schemas/programmes.ts";

import { requirementsToForm, type RequirementsForm } from "./programme-requirements-values.ts";

export const UNIT_LABELS = {
  hours: "Hours",
  days: "Days",
  weeks: "Weeks",
  months: "Months",
  years: "Years",
} as const;

/** The form's state: what the inputs hold (text for numbers; "" for none). */
export type FormValues = Omit<
  Record<keyof ProgrammeValues, string>,
  "discipline_ids" | "tuition_kind" | "entry_requirements"
> & {
  discipline_ids: number[];
  tuition_kind: ProgrammeValues["tuition_kind"];
  entry_requirements: RequirementsForm;
};

export function toForm(values: ProgrammeValues): FormValues {
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
    entry_requirements: requirementsToForm(values.entry_requirements),
  };
}

/** A new programme's starting values. */
export function blankForm(options: ProgrammeOptions): FormValues {
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
    entry_requirements: requirementsToForm(null),
  };
}
