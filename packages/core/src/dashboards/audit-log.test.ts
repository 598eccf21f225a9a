import { describe, expect, it } from "vitest";

import { changedFields } from "./audit-log.ts";

describe("changedFields", () => {
  it("keeps only the fields whose values differ, before and after", () => {
    expect(
      changedFields(
        { name: "Old", fee: 100, disciplines: [1, 2], published: true },
        { name: "New", fee: 100, disciplines: [1, 3], published: true },
      ),
    ).toEqual({
      before: { disciplines: [1, 2], name: "Old" },
      after: { disciplines: [1, 3], name: "New" },
    });
  });

  it("counts a field present on one side only, as null on the other", () => {
    expect(changedFields({ video: "x" }, { logo: "y" })).toEqual({
      before: { logo: null, video: "x" },
      after: { logo: "y", video: null },
    });
  });

  it("answers nothing when nothing changed", () => {
    expect(changedFields({ a: { b: 1 } }, { a: { b: 1 } })).toEqual({ before: {}, after: {} });
  });
});
