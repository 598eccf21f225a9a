// Is the database really working? (README, `GET /api/health`). A probe reads and commits a
// write, so a broken disk shows up (a `select 1` alone still answered from memory while PGlite
// could no longer write). /api/health runs it on every call, and a serving process every
// PROBE_INTERVAL_MS (the "database-probe" job, index.ts); after three failed probes in a row the
// process ends (logged as fatal), so that its supervisor starts a fresh one: PGlite does not
// recover by itself once its files failed it.
import { sql } from "drizzle-orm";

import type { FastifyBaseLogger as Logger } from "fastify";
import type { Database } from "@studyatlas/db/client.ts";

export const FAILURES_BEFORE_EXIT = 3;
export const PROBE_INTERVAL_MS = 10_000;

export interface DatabaseWatchdog {
  /** Reads and writes once; true when both worked. */
  probe(): Promise<boolean>;
}

export function createDatabaseWatchdog(options: {
  db: Database;
  log: Logger;
  /** What happens after FAILURES_BEFORE_EXIT failures in a row; the process ends by default. */
  onFatal?: (error: unknown) => void;
}): DatabaseWatchdog {
  const { db, log } = options;
  const onFatal =
    options.onFatal ??
    (() => {
      process.exit(1);
    });
  let failures = 0;

  return {
    async probe(): Promise<boolean> {
      try {
        await db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          // A row written and removed again: the commit has to reach the database's files.
          const key = `health-probe:${process.pid}`;
          await tx.execute(sql`insert into rate_limit_events (key) values (${key})`);
          await tx.execute(sql`delete from rate_limit_events where key = ${key}`);
        });
        failures = 0;
        return true;
      } catch (error) {
        failures += 1;
        log.error({ err: error, failures }, "database probe failed");
        if (failures >= FAILURES_BEFORE_EXIT) {
          log.fatal({ err: error }, `database failed ${failures} probes in a row: exiting`);
          onFatal(error);
        }
        return false;
      }
    },
  };
}
