import { describe, expect, it } from "vitest";

import { packRows, unpackRows } from "./packed-rows.ts";

describe("packed rows", () => {
  it("reads back the rows it was given, names with spaces and accents included", () => {
    const rows = [
      ["11", "argentina", "Argentina"],
      ["163", "hong-kong", "Hong Kong SAR China"],
      ["7", "cote-d-ivoire", "Côte d’Ivoire"],
    ];
    const text = packRows(rows);
    expect(text).toBe(
      "11 argentina Argentina|163 hong-kong Hong Kong SAR China|7 cote-d-ivoire Côte d’Ivoire",
    );
    expect(unpackRows(text, 3)).toEqual(rows);
  });

  it("is empty for no rows, loses nothing of a value holding a separator, and skips a short row", () => {
    expect(unpackRows(packRows([]), 3)).toEqual([]);
    const odd = [["1", "a|b", "A|B 100% %7C"]];
    expect(packRows(odd)).toBe("1 a%7Cb A%7CB 100%25 %257C");
    expect(unpackRows(packRows(odd), 3)).toEqual(odd);
    expect(unpackRows("1 a A|broken|2 b B", 3)).toEqual([
      ["1", "a", "A"],
      ["2", "b", "B"],
    ]);
  });
});
