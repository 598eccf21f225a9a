import { describe, expect, it } from "vitest";

import { MAX_RESTART_DELAY_MS, restartDelayMs } from "./cluster-primary.ts";

describe("restartDelayMs", () => {
  it("replaces the first worker to die at once, then backs off doubling up to 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(restartDelayMs)).toEqual([
      0, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(MAX_RESTART_DELAY_MS).toBe(30_000);
  });
});
