import { describe, expect, it } from "vitest";

import { PROGRAMME_MESSAGES, ProgrammeBodySchema, ProgrammeCreateSchema } from "./programmes.ts";

const valid = {
  name: "MSc Data Science",
  about: "Two years of statistics and machine learning.",
  school_id: 4,
  programme_type_id: 8,
  degree_type_id: "",
  language_id: 1,
  duration: "2",
  duration_base: "years",
  course_format: "FULL",
  attendance: "SITE",
  start_month: "9",
  start_year: "2027",
  deadline_month: "",
  deadline_year: "",
  tuition_kind: "amount",
  tuition_fee: "12500.50",
  tuition_currency_id: 3,
  tuition_fee_base: "year",
  discipline_ids: [5, 2, 5],
};

function errorsOf(input: unknown): Record<string, string> {
  const result = ProgrammeBodySchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("ProgrammeBodySchema", () => {
  it("reads the form's strings as numbers, blanks as 'none', and drops repeated disciplines", () => {
    const parsed = ProgrammeBodySchema.parse(valid);
    expect(parsed).toMatchObject({
      degree_type_id: null,
      duration: 2,
      start_month: 9,
      start_year: 2027,
      deadline_month: 0,
      deadline_year: 0,
      tuition_fee: 12500.5,
      discipline_ids: [5, 2],
      overview: "",
      video: "",
    });
  });

  it("asks for both a month and a year, or neither", () => {
    expect(errorsOf({ ...valid, start_year: "" })).toEqual({
      start_year: PROGRAMME_MESSAGES.monthAndYear,
    });
    expect(errorsOf({ ...valid, deadline_year: 2027 })).toEqual({
      deadline_month: PROGRAMME_MESSAGES.monthAndYear,
    });
  });

  it("asks for an amount only when the programme has a fee", () => {
    expect(errorsOf({ ...valid, tuition_fee: "" })).toEqual({
      tuition_fee: PROGRAMME_MESSAGES.tuitionFee,
    });
    expect(errorsOf({ ...valid, tuition_kind: "free", tuition_fee: "" })).toEqual({});
    expect(errorsOf({ ...valid, tuition_fee: "12.345" })).toHaveProperty("tuition_fee");
    expect(errorsOf({ ...valid, tuition_fee: "18,5" })).toHaveProperty("tuition_fee");
    expect(errorsOf({ ...valid, tuition_fee: "1,85,00" })).toHaveProperty("tuition_fee");
  });

  it.each([
    ["18,500", 18500],
    ["18 500", 18500],
    ["18'500.50", 18500.5],
    ["1,234,567", 1234567],
    ["18500", 18500],
  ])("reads the fee %j with thousands separators as %d", (fee, amount) => {
    expect(ProgrammeBodySchema.parse({ ...valid, tuition_fee: fee }).tuition_fee).toBe(amount);
  });

  it("accepts YouTube videos and http(s) websites only", () => {
    expect(errorsOf({ ...valid, video: "https://youtu.be/dQw4w9WgXcQ" })).toEqual({});
    expect(errorsOf({ ...valid, video: "https://vimeo.com/1" })).toEqual({
      video: PROGRAMME_MESSAGES.video,
    });
    expect(errorsOf({ ...valid, official_programme_website: "javascript:alert(1)" })).toEqual({
      official_programme_website: PROGRAMME_MESSAGES.website,
    });
  });

  it("gives each bad field its own message", () => {
    const errors = errorsOf({ ...valid, name: "", duration: 0, discipline_ids: [] });
    expect(errors).toEqual({
      name: PROGRAMME_MESSAGES.name,
      duration: PROGRAMME_MESSAGES.duration,
      discipline_ids: PROGRAMME_MESSAGES.disciplines,
    });
  });

  it("creates unpublished unless told otherwise", () => {
    expect(ProgrammeCreateSchema.parse(valid).published).toBe(false);
    expect(ProgrammeCreateSchema.parse({ ...valid, published: true }).published).toBe(true);
  });
});
