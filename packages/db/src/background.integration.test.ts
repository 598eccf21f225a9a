// Background work (background.ts) never takes the whole database from the requests: on PostgreSQL
// its statements hold at most BACKGROUND_CONNECTIONS of the pool's connections at once, on
// PGlite they wait while a request's statements wait (client.ts; docs/architecture.md "Data,
// freshness and caches"). Either way a request's statement ends long before a burst of
// background statements does.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { inBackground } from "./background.ts";
import { BACKGROUND_CONNECTIONS } from "./postgres-pool.ts";
import { createTestDatabase, type TestDatabase } from "./testing/test-database.ts";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

const SLEEP_S = 0.2;
const STATEMENTS = 6;

describe("background statements", () => {
  it("run a few at a time, and a request's statement goes before the rest", async () => {
    const started = performance.now();
    const background = Promise.all(
      Array.from({ length: STATEMENTS }, () =>
        // Awaited inside: drizzle's query starts when awaited, and must start as background work.
        inBackground(async () => {
          await database.db.execute(sql`select pg_sleep(${SLEEP_S})`);
        }),
      ),
    ).then(() => performance.now() - started);
    await new Promise((resolve) => setImmediate(resolve));
    await database.db.execute(sql`select 1`);
    const request = performance.now() - started;
    const all = await background;
    // No more than BACKGROUND_CONNECTIONS statements at once: they take that much longer.
    const alone = (STATEMENTS / BACKGROUND_CONNECTIONS) * SLEEP_S * 1000;
    expect(all).toBeGreaterThanOrEqual(alone * 0.9);
    // The request waited at most for the statements already running.
    expect(request).toBeLessThan(all - 2 * SLEEP_S * 1000);
  });
});
