import { describe, expect, it } from "vitest";

import { searchTokens } from "./search-words.ts";

describe("searchTokens", () => {
  it("lower-cases, removes accents and splits on punctuation", () => {
    expect(searchTokens("Économie & Gestión")).toEqual(["economie", "gestion"]);
    expect(searchTokens("  MSc (Hons) Data-Science ")).toEqual(["msc", "hons", "data", "science"]);
  });

  it("returns nothing for text without letters or digits", () => {
    expect(searchTokens("%%% --- !!!")).toEqual([]);
  });
});
