import { describe, expect, it } from "vitest";

import { compareIdsFromQuery, comparePath } from "./my-currency-rules.ts";

describe("compare addresses", () => {
  it("reads whole positive ids in order, each once, at most four, and ignores the rest", () => {
    expect(compareIdsFromQuery("12,7,30")).toEqual([12, 7, 30]);
    expect(compareIdsFromQuery(" 3 ,x,3,-1,0,4.5,9,10,11,12")).toEqual([3, 9, 10, 11]);
    expect(compareIdsFromQuery("99999999999999")).toEqual([]);
    expect(compareIdsFromQuery(null)).toEqual([]);
    expect(compareIdsFromQuery("")).toEqual([]);
  });

  it("writes the page's address", () => {
    expect(comparePath([12, 7])).toBe("/compare?ids=12,7");
    expect(comparePath([])).toBe("/compare");
  });
});
