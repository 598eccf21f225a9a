import { describe, expect, it } from "vitest";

import { describeChange } from "./figure-provenance.ts";

describe("describeChange", () => {
  it("names who changed a figure and the day, in UTC", () => {
    expect(describeChange({ changed_at: "2026-11-12T23:30:00Z", by: "school" })).toBe(
      "updated by the school on 12 Nov 2026",
    );
    expect(describeChange({ changed_at: "2026-01-02T00:00:00Z", by: "studyatlas" })).toBe(
      "updated by StudyAtlas on 2 Jan 2026",
    );
  });

  it("says the catalogue import when nothing changed it", () => {
    expect(describeChange(null)).toBe("from the catalogue import");
  });
});
