import { describe, expect, it } from "vitest";

import { textArrayLiteral } from "./sql-rows.ts";

describe("textArrayLiteral", () => {
  it("quotes every element and escapes quotes and backslashes", () => {
    expect(textArrayLiteral([])).toBe("{}");
    expect(textArrayLiteral(["kenya", "united-kingdom"])).toBe('{"kenya","united-kingdom"}');
    expect(textArrayLiteral(['a"b', "c\\d", "e,f", "NULL"])).toBe(
      '{"a\\"b","c\\\\d","e,f","NULL"}',
    );
  });
});
