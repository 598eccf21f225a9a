// `npm start` gives the app process a heap limit (ADR 036): under 2 GiB, V8 collects garbage
// sooner, which keeps a process on a large catalogue within its limit (the figures are in
// bench/RESULTS.md). The cluster workers inherit it (execArgv).
import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

const manifest = JSON.parse(
  readFileSync(new URL("../../../package.json", import.meta.url), "utf8"),
) as { scripts: Record<string, string> };

describe("npm start", () => {
  it("runs the server with a heap limit of 512 MiB to under 2 GiB", () => {
    const match = /^node (?:--\S+ )*--max-old-space-size=(\d+) (?:--\S+ )*scripts\/start\.ts$/.exec(
      manifest.scripts.start ?? "",
    );
    expect(match, manifest.scripts.start).not.toBeNull();
    const limit = Number(match?.[1]);
    expect(limit).toBeGreaterThanOrEqual(512);
    expect(limit).toBeLessThan(2048);
  });
});
