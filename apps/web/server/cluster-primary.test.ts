import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

import { MAX_RESTART_DELAY_MS, restartDelayMs } from "./cluster-primary.ts";

const FIXTURE = fileURLToPath(new URL("./cluster-primary.fixture.ts", import.meta.url));

describe("restartDelayMs", () => {
  it("replaces the first worker to die at once, then backs off doubling up to 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(restartDelayMs)).toEqual([
      0, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(MAX_RESTART_DELAY_MS).toBe(30_000);
  });
});

/** The fixture app (cluster-primary.fixture.ts) as a primary with its workers; its output as it comes. */
function startFixture(env: Record<string, string>) {
  let output = "";
  const lines: Array<{ at: number; text: string }> = [];
  const child = spawn(process.execPath, [FIXTURE], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: string) => {
    output += chunk;
    for (const text of chunk.split("\n")) if (text !== "") lines.push({ at: Date.now(), text });
  };
  child.stdout.setEncoding("utf8").on("data", collect);
  child.stderr.setEncoding("utf8").on("data", collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, lines, exited };
}

describe("runClusterPrimary", () => {
  it("backs off when workers keep dying, and stops them all on SIGTERM", async () => {
    const fixture = startFixture({ FIXTURE_WORKERS: "1", FIXTURE_CRASH_AFTER_MS: "50" });
    try {
      await expect
        .poll(() => fixture.output(), { timeout: 15_000, interval: 20 })
        .toContain("starting another in 2 s (3 in a row).");
      const output = fixture.output();
      expect(output.match(/serving with 1 workers/g)).toHaveLength(1);
      expect(output).toMatch(/exited unexpectedly \(exit code 3\); starting another\.\n/);
      expect(output).toContain("starting another in 1 s (2 in a row).");
      // The second replacement waited its second: from the second death to the third, at least
      // the 1 s back-off.
      const deaths = fixture.lines.filter((line) => line.text.includes("exited unexpectedly"));
      expect(deaths.length).toBeGreaterThanOrEqual(3);
      expect(deaths[2]!.at - deaths[1]!.at).toBeGreaterThanOrEqual(1000);
      // Stopped during a back-off: no worker is started again, and the primary exits 0.
      fixture.child.kill("SIGTERM");
      expect(await fixture.exited).toEqual({ code: 0, signal: null });
      expect(fixture.output()).toContain("primary closed");
    } finally {
      fixture.child.kill("SIGKILL");
    }
  }, 30_000);

  it("stops with exit code 1 when a worker cannot start", async () => {
    const fixture = startFixture({ FIXTURE_WORKERS: "2", FIXTURE_FAIL_AT_START: "true" });
    try {
      expect(await fixture.exited).toEqual({ code: 1, signal: null });
      expect(fixture.output()).toContain("worker cannot start");
      expect(fixture.output()).toMatch(
        /A worker process \(pid \d+\) exited during start-up \(exit code 1\); its error is above\. Stopping\./,
      );
      expect(fixture.output()).not.toContain("serving with");
    } finally {
      fixture.child.kill("SIGKILL");
    }
  }, 30_000);
});
