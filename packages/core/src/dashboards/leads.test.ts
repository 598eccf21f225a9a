import { describe, expect, it } from "vitest";

import { csvCell } from "./leads.ts";

describe("csvCell", () => {
  it("quotes every cell and doubles the quotes inside", () => {
    expect(csvCell('Say "hi", then go')).toBe('"Say ""hi"", then go"');
    expect(csvCell(3)).toBe('"3"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });

  it.each(['=HYPERLINK("http://evil")', "+1 555", "-2+3", "@SUM(A1)", "\tlead", "\rlead"])(
    "makes %j inert for spreadsheets",
    (value) => {
      expect(csvCell(value).startsWith(`"'`)).toBe(true);
    },
  );
});
