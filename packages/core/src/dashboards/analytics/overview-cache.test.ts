import { describe, expect, it, vi } from "vitest";

import type { Database } from "@studyatlas/db/client.ts";
import type { AnalyticsOverview } from "@studyatlas/schemas/analytics.ts";

import { createAnalyticsOverviewCache } from "./overview-cache.ts";
import type { AnalyticsOverviewRequest } from "./overview.ts";
import { utcDay } from "./period.ts";

const db = {} as Database;
const START = Date.parse("2030-06-15T10:00:00Z");

/** A loader whose answers say which call made them (views = call number) and when. */
function fakeLoader() {
  let calls = 0;
  const release: (() => void)[] = [];
  let hold = false;
  const load = vi.fn(async (_db: Database, request: AnalyticsOverviewRequest) => {
    calls += 1;
    const call = calls;
    if (hold) await new Promise<void>((resolve) => release.push(resolve));
    const day = utcDay(request.now ?? new Date());
    return {
      period: { days: request.days, from: day, to: day, previous_from: day, previous_to: day },
      totals: { views: { value: call, previous: 0, change: null } },
    } as unknown as AnalyticsOverview;
  });
  return {
    load,
    hold: (value: boolean) => (hold = value),
    releaseAll: () => release.splice(0).forEach((resolve) => resolve()),
  };
}

const views = (overview: AnalyticsOverview) => overview.totals.views.value;

describe("createAnalyticsOverviewCache", () => {
  it("serves a fresh answer without loading again, per schools and period", async () => {
    let now = START;
    const { load } = fakeLoader();
    const cache = createAnalyticsOverviewCache({ load, clock: () => now, freshMs: 60_000 });
    expect(views(await cache.get(db, { schoolIds: null, days: 30 }))).toBe(1);
    now += 59_000;
    expect(views(await cache.get(db, { schoolIds: null, days: 30 }))).toBe(1);
    expect(views(await cache.get(db, { schoolIds: null, days: 7 }))).toBe(2);
    // The same schools in another order are the same question.
    expect(views(await cache.get(db, { schoolIds: [3, 1], days: 30 }))).toBe(3);
    expect(views(await cache.get(db, { schoolIds: [1, 3], days: 30 }))).toBe(3);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("serves a stale answer at once and refreshes it once in the background", async () => {
    let now = START;
    const loader = fakeLoader();
    const cache = createAnalyticsOverviewCache({
      load: loader.load,
      clock: () => now,
      freshMs: 60_000,
    });
    await cache.get(db, { schoolIds: null, days: 90 });
    now += 61_000;
    loader.hold(true);
    const stale = await Promise.all([
      cache.get(db, { schoolIds: null, days: 90 }),
      cache.get(db, { schoolIds: null, days: 90 }),
    ]);
    expect(stale.map(views)).toEqual([1, 1]);
    expect(loader.load).toHaveBeenCalledTimes(2);
    loader.releaseAll();
    await vi.waitFor(async () =>
      expect(views(await cache.get(db, { schoolIds: null, days: 90 }))).toBe(2),
    );
  });

  it("makes callers wait for a missing answer, sharing one load", async () => {
    const loader = fakeLoader();
    loader.hold(true);
    const cache = createAnalyticsOverviewCache({ load: loader.load, clock: () => START });
    const waiting = Promise.all(
      Array.from({ length: 5 }, () => cache.get(db, { schoolIds: [1], days: 7 })),
    );
    await vi.waitFor(() => expect(loader.load).toHaveBeenCalledTimes(1));
    loader.releaseAll();
    expect((await waiting).map(views)).toEqual([1, 1, 1, 1, 1]);
  });

  it("never serves yesterday's answer, nor one older than maxStaleMs", async () => {
    let now = Date.parse("2030-06-15T23:59:00Z");
    const { load } = fakeLoader();
    const cache = createAnalyticsOverviewCache({
      load,
      clock: () => now,
      freshMs: 60 * 60_000,
      maxStaleMs: 2 * 60 * 60_000,
    });
    await cache.get(db, { schoolIds: null, days: 7 });
    now += 2 * 60_000; // past midnight
    const next = await cache.get(db, { schoolIds: null, days: 7 });
    expect(views(next)).toBe(2);
    expect(next.period.to).toBe("2030-06-16");
    now += 3 * 60 * 60_000;
    expect(views(await cache.get(db, { schoolIds: null, days: 7 }))).toBe(3);
  });

  it("keeps the stale answer when a background refresh fails, and tries again later", async () => {
    let now = START;
    let fail = false;
    const loader = fakeLoader();
    const onError = vi.fn();
    const cache = createAnalyticsOverviewCache({
      load: async (...args) => {
        if (fail) throw new Error("database down");
        return loader.load(...args);
      },
      clock: () => now,
      freshMs: 1000,
      onError,
    });
    await cache.get(db, { schoolIds: null, days: 30 });
    now += 2000;
    fail = true;
    expect(views(await cache.get(db, { schoolIds: null, days: 30 }))).toBe(1);
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    fail = false;
    expect(views(await cache.get(db, { schoolIds: null, days: 30 }))).toBe(1);
    await vi.waitFor(async () =>
      expect(views(await cache.get(db, { schoolIds: null, days: 30 }))).toBe(2),
    );
  });

  it("keeps at most maxEntries answers", async () => {
    const { load } = fakeLoader();
    const cache = createAnalyticsOverviewCache({ load, clock: () => START, maxEntries: 2 });
    await cache.get(db, { schoolIds: [1], days: 7 });
    await cache.get(db, { schoolIds: [2], days: 7 });
    await cache.get(db, { schoolIds: [1], days: 7 }); // used: stays
    await cache.get(db, { schoolIds: [3], days: 7 }); // evicts [2]
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get(db, { schoolIds: [1], days: 7 });
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get(db, { schoolIds: [2], days: 7 });
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("forgets every answer when the catalogue changes, and keeps no load begun before", async () => {
    const loader = fakeLoader();
    const cache = createAnalyticsOverviewCache({ load: loader.load, clock: () => START });
    expect(views(await cache.get(db, { schoolIds: null, days: 7 }))).toBe(1);
    expect(cache.size()).toBe(1);
    cache.invalidate();
    expect(cache.size()).toBe(0);
    expect(views(await cache.get(db, { schoolIds: null, days: 7 }))).toBe(2);
    // A load under way when the catalogue changes answers its caller but is not kept.
    loader.hold(true);
    const before = cache.get(db, { schoolIds: [4], days: 30 });
    await vi.waitFor(() => expect(loader.load).toHaveBeenCalledTimes(3));
    cache.invalidate();
    loader.releaseAll();
    expect(views(await before)).toBe(3);
    loader.hold(false);
    expect(views(await cache.get(db, { schoolIds: [4], days: 30 }))).toBe(4);
  });
});
