import { describe, expect, it } from "vitest";

import { inertCsvCell, LEAD_EXPORT_COLUMNS } from "./lead-export.ts";

describe("inertCsvCell", () => {
  it.each([
    ['=HYPERLINK("http://evil")', `'=HYPERLINK("http://evil")`],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tlead", "'\tlead"],
    ["\rlead", "'\rlead"],
    ["+1 555 cmd|' /C calc'!A0", "'+1 555 cmd|' /C calc'!A0"],
    ["+SUM(1)", "'+SUM(1)"],
  ])("makes %j inert for spreadsheets", (value, expected) => {
    expect(inertCsvCell(value)).toBe(expected);
  });

  it.each(["+155501005", "+1 555 0100", "+44 (20) 7946-0958", "030/1234.56", "Tomás Müller", ""])(
    "leaves %j as typed",
    (value) => {
      expect(inertCsvCell(value)).toBe(value);
    },
  );
});

describe("LEAD_EXPORT_COLUMNS", () => {
  it("names every field of the application and the notes, once each", () => {
    const headings = LEAD_EXPORT_COLUMNS.map((column) => column.heading);
    expect(new Set(headings).size).toBe(headings.length);
    for (const heading of [
      "Status",
      "Title",
      "First name",
      "Last name",
      "Sex",
      "Date of birth",
      "Nationality",
      "E-mail",
      "Phone",
      "Address",
      "City",
      "ZIP code",
      "Country of residence",
      "Programme",
      "School",
      "Referral code",
      "Notes",
    ]) {
      expect(headings).toContain(heading);
    }
  });
});
