// Reads the qualifications form into the API's payload (QualificationsSchema), each problem under
// its own field: an empty field is "not recorded".
import {
  ENGLISH_TEST_KEYS,
  QualificationsSchema,
  type EducationLevel,
  type Qualifications,
} from "@studyatlas/schemas/entry-requirements.ts";

export function qualificationsFromForm(form: FormData): {
  value?: Qualifications;
  errors: Record<string, string>;
} {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const number = (name: string) =>
    text(name) === "" ? null : Number(text(name).replace(",", "."));
  const errors: Record<string, string> = {};
  const english_scores = ENGLISH_TEST_KEYS.flatMap((test) => {
    const score = number(test);
    return score === null ? [] : [{ test, score }];
  });
  const candidate = {
    education: (text("education") || null) as EducationLevel | null,
    english_scores,
    work_years: number("work_years"),
  };
  const parsed = QualificationsSchema.safeParse(candidate);
  if (parsed.success) return { value: parsed.data, errors };
  for (const issue of parsed.error.issues) {
    const [field, position] = issue.path;
    const key =
      field === "english_scores" && typeof position === "number"
        ? (english_scores[position]?.test ?? "english_scores")
        : String(field ?? "form");
    errors[key] ??= issue.message;
  }
  return { errors };
}
