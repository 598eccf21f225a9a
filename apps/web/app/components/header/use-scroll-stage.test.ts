import { describe, expect, it } from "vitest";

import { scrollStageOf } from "./use-scroll-stage.ts";

describe("scrollStageOf", () => {
  it("follows the spec's thresholds: fixed after 50 px, solid and search from 400 px", () => {
    expect([0, 1, 50, 51, 399, 400, 2000].map(scrollStageOf)).toEqual([
      "top",
      "near-top",
      "near-top",
      "fixed",
      "fixed",
      "deep",
      "deep",
    ]);
  });
});
