// Keeps overviews for a short while and refreshes them in the background (ADR 015). The sales
// dashboard's overview of every school reads every programme's totals of the period, too slow to
// compute per request (bench/RESULTS.md, "analytics"), and the same answer for every sales agent.
// A kept answer is served while it is fresh; a stale one is served at once while one refresh
// runs; only a missing one, one from another day or one past `maxStaleMs` makes the caller wait,
// and callers asking at once share one load. The answers name programmes and schools, so a
// catalogue change forgets them (`invalidate`); a load that began before the change is answered
// but not kept. The entries and their recency are lru-cache's.
import { LRUCache } from "lru-cache";

import type { Database } from "@studyatlas/db/client.ts";
import type { AnalyticsOverview } from "@studyatlas/schemas/analytics.ts";

import { loadAnalyticsOverview, type AnalyticsOverviewRequest } from "./overview.ts";
import { utcDay } from "./period.ts";

export interface AnalyticsOverviewCache {
  get(db: Database, request: AnalyticsOverviewRequest): Promise<AnalyticsOverview>;
  /** The catalogue changed (a programme or school renamed): forget every answer. */
  invalidate(): void;
  /** How many answers are kept (for the logs and the tests). */
  size(): number;
}

export interface AnalyticsOverviewCacheOptions {
  /** Served without a refresh for this long (default 60 s). */
  freshMs?: number;
  /** Served while a refresh runs for up to this long; older answers are reloaded (10 min). */
  maxStaleMs?: number;
  /** Answers kept at most (least recently used go first; default 500). */
  maxEntries?: number;
  /** Tests replace the loader and the clock. */
  load?: typeof loadAnalyticsOverview;
  clock?: () => number;
  /** A background refresh failed (the stale answer is kept). */
  onError?: (error: unknown) => void;
}

interface Entry {
  value: AnalyticsOverview;
  at: number;
  refreshing?: Promise<void>;
}

function keyOf(request: AnalyticsOverviewRequest): string {
  const schools =
    request.schoolIds === null ? "all" : [...request.schoolIds].sort((a, b) => a - b).join(",");
  return `${request.days}:${schools}`;
}

export function createAnalyticsOverviewCache(
  options: AnalyticsOverviewCacheOptions = {},
): AnalyticsOverviewCache {
  const freshMs = options.freshMs ?? 60_000;
  const maxStaleMs = options.maxStaleMs ?? 10 * 60_000;
  const maxEntries = options.maxEntries ?? 500;
  const load = options.load ?? loadAnalyticsOverview;
  const clock = options.clock ?? Date.now;
  const entries = new LRUCache<string, Entry>({ max: maxEntries });
  const loading = new Map<string, Promise<AnalyticsOverview>>();
  // Bumped by every invalidation: a load that started before it is not kept.
  let generation = 0;

  const loadNow = (db: Database, request: AnalyticsOverviewRequest, key: string) => {
    let pending = loading.get(key);
    if (!pending) {
      const at = clock();
      const started = generation;
      pending = load(db, { ...request, now: new Date(at) }).then((value) => {
        if (started === generation) entries.set(key, { value, at });
        return value;
      });
      const settled = () => {
        if (loading.get(key) === pending) loading.delete(key);
      };
      pending.then(settled, settled);
      loading.set(key, pending);
    }
    return pending;
  };

  return {
    async get(db, request) {
      const key = keyOf(request);
      const now = clock();
      const entry = entries.get(key);
      // An answer of another day has another period: never served.
      if (
        !entry ||
        entry.value.period.to !== utcDay(new Date(now)) ||
        now - entry.at > maxStaleMs
      ) {
        return loadNow(db, request, key);
      }
      if (now - entry.at > freshMs && !entry.refreshing) {
        entry.refreshing = loadNow(db, request, key).then(
          () => undefined,
          (error: unknown) => {
            entry.refreshing = undefined;
            options.onError?.(error);
          },
        );
      }
      return entry.value;
    },
    invalidate() {
      generation += 1;
      entries.clear();
      loading.clear();
    },
    size: () => entries.size,
  };
}
