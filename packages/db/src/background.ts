// Background database work (rebuilding the finder index, refreshing the search vocabulary): on
// embedded PGlite its statements wait while a request's statements wait (client.ts,
// `fairPglite`; docs/architecture.md "Data, freshness and caches"). On PostgreSQL its statements
// hold at most a few of the pool's connections at once (client.ts, `queueBackgroundWork`).
import { AsyncLocalStorage } from "node:async_hooks";

const background = new AsyncLocalStorage<true>();

/** Runs `work`, and every statement it starts, as background work. */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/** Whether the caller runs as background work. */
export function isBackgroundWork(): boolean {
  return background.getStore() === true;
}
