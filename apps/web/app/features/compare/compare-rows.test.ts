import { describe, expect, it } from "vitest";

import type { ComparedProgramme } from "@studyatlas/core/compare/compare-tray.ts";

import { cellsDiffer, compareRows } from "./compare-rows.ts";

const RATES = { USD: 1, EUR: 0.92, NGN: 1560 };

function programme(id: number, change: Partial<ComparedProgramme> = {}): ComparedProgramme {
  return {
    id,
    slug: `p-${id}`,
    name: `Programme ${id}`,
    duration: 2,
    duration_base: "years",
    course_format: "FULL",
    attendance: "ONLINE",
    course_dates: { start_month: 9, start_year: 2027, deadline_month: 6, deadline_year: 2027 },
    tuition_fee: 4200,
    tuition_fee_base: "year",
    tuition_currency: { short_code: "EUR", name: "Euro", usd_exchange_rate: 0.92 },
    programme_type: { id: 1, name: "Postgraduate", slug: "postgraduate", label: "Master's" },
    degree_type: { id: 1, name: "MSc", short_name: "MSc" },
    language: { id: 1, name: "English", code: "en" },
    disciplines: [{ id: 1, name: "Business", slug: "business" }],
    school: {
      name: "Lagos Business School",
      slug: "lbs",
      logo: "",
      country: { id: 1, name: "Nigeria", slug: "nigeria", code: "NG", short_code: "NG" },
    } as ComparedProgramme["school"],
    admission_requirements_text: "A first degree.",
    ...change,
  };
}

describe("compareRows", () => {
  it("gives every fact a row, the total in my currency first, and marks the rows that differ", () => {
    const rows = compareRows(
      [programme(1), programme(2, { duration: 1, language: null })],
      "NGN",
      RATES,
    );
    expect(rows.map((row) => row.key)).toEqual([
      "total",
      "fee",
      "duration",
      "level",
      "format",
      "language",
      "dates",
      "school",
      "disciplines",
      "requirements",
    ]);
    const byKey = Object.fromEntries(rows.map((row) => [row.key, row]));
    expect(byKey.total?.label).toBe("Total cost (NGN)");
    expect(byKey.total?.cells[0]).toEqual({
      text: "about ₦14M",
      detail: "4,200 EUR × 2 years = 8,400 EUR",
    });
    expect(byKey.total?.differs).toBe(true);
    expect(byKey.duration?.differs).toBe(true);
    expect(byKey.language?.cells.map((cell) => cell.text)).toEqual(["English", "Not stated"]);
    expect(byKey.fee?.differs).toBe(false);
    expect(byKey.school?.differs).toBe(false);
    expect(byKey.dates?.cells[0]).toEqual({ text: "Starts Sep 2027", detail: "Apply by Jun 2027" });
  });

  it("says Free and Not known for totals, never 0", () => {
    const rows = compareRows(
      [programme(1, { tuition_fee: 0 }), programme(2, { tuition_fee: -1 })],
      "NGN",
      RATES,
    );
    expect(rows[0]?.cells.map((cell) => cell.text)).toEqual(["Free", "Not known"]);
  });

  it("never marks a difference with one programme", () => {
    expect(cellsDiffer([{ text: "a" }])).toBe(false);
    expect(
      cellsDiffer([
        { text: "a", detail: "x" },
        { text: "a", detail: "y" },
      ]),
    ).toBe(true);
  });
});
