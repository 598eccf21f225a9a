import { afterEach, describe, expect, it, vi } from "vitest";

import { createScheduler, intervalSeconds, type Scheduler } from "./jobs.ts";

const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
const schedulers: Scheduler[] = [];
afterEach(() => {
  for (const scheduler of schedulers.splice(0)) scheduler.stop();
  vi.clearAllMocks();
});

function scheduler(): Scheduler {
  const created = createScheduler(log);
  schedulers.push(created);
  return created;
}

describe("the scheduler", () => {
  it("runs a named job on its interval and stops every job at once", async () => {
    const jobs = scheduler();
    let runs = 0;
    jobs.schedule("count", { everyMs: 1000, runAtStart: true }, () => {
      runs += 1;
    });
    jobs.schedule("later", { everyMs: 3_600_000 }, () => undefined);
    expect(jobs.running().sort()).toEqual(["count", "later"]);
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(2), { timeout: 4000 });
    jobs.stop();
    expect(jobs.running()).toEqual([]);
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(runs).toBe(after);
  });

  it("waits one interval before the first run unless asked to run at start", async () => {
    const jobs = scheduler();
    const run = vi.fn();
    jobs.schedule("hourly", { everyMs: 3_600_000 }, run);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(run).not.toHaveBeenCalled();
  });

  it("logs a failed run under the job's name and keeps the job", async () => {
    const jobs = scheduler();
    jobs.schedule("failing", { everyMs: 1000, runAtStart: true }, async () => {
      throw new Error("database away");
    });
    await vi.waitFor(() => expect(log.error).toHaveBeenCalled(), { timeout: 3000 });
    expect(log.error.mock.calls[0]?.[0]).toMatchObject({ job: "failing" });
    expect(jobs.running()).toEqual(["failing"]);
  });

  it("never runs a job over its own run in progress", async () => {
    const jobs = scheduler();
    let active = 0;
    let most = 0;
    let runs = 0;
    jobs.schedule("slow", { everyMs: 1000, runAtStart: true }, async () => {
      active += 1;
      runs += 1;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 2200));
      active -= 1;
    });
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(2), { timeout: 7000 });
    expect(most).toBe(1);
  });

  it("refuses a second job of the same name, and stops one job by name", () => {
    const jobs = scheduler();
    jobs.schedule("one", { everyMs: 5000 }, () => undefined);
    jobs.schedule("two", { everyMs: 5000 }, () => undefined);
    expect(() => jobs.schedule("one", { everyMs: 5000 }, () => undefined)).toThrow(/one/);
    jobs.stop("one");
    expect(jobs.running()).toEqual(["two"]);
  });

  it("counts whole seconds, at least one", () => {
    expect(intervalSeconds(30_000)).toBe(30);
    expect(intervalSeconds(1500)).toBe(2);
    expect(intervalSeconds(200)).toBe(1);
  });
});
