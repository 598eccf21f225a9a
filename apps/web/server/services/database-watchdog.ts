// Is the database really working? (README, `GET /api/health`). A probe reads and commits a
// write, so a broken disk shows up (a `select 1` alone still answered from memory while PGlite
// could no longer write). /api/health runs it on every call, and a serving process every
// PROBE_INTERVAL_MS (the "database-probe" job, index.ts).
//
// Two kinds of failure (docs/security.md "Availability"):
// - the database is away or out of a resource (a restart, a network blip, a full disk, no memory,
//   too many connections: `isUnavailableError`). The process rides it out: requests answer 503
//   with Retry-After, the pool reconnects when the server is back. Only an outage lasting longer
//   than DATABASE_OUTAGE_LIMIT_SECONDS ends the process;
// - anything else (an embedded PGlite whose files failed it, which does not recover by itself):
//   after FAILURES_BEFORE_EXIT failed probes in a row the process ends.
// The end is logged as fatal, so that the supervisor (`npm start`, scripts/start.ts) starts a
// fresh process. A request that met a full disk or another resource failure tells the watchdog
// (`reportFailure`), so that /api/health fails at once rather than at the next failed probe.
import { sql } from "drizzle-orm";

import type { FastifyBaseLogger as Logger } from "fastify";
import type { Database } from "@studyatlas/db/client.ts";

import { isUnavailableError } from "../plugins/errors.ts";

export const FAILURES_BEFORE_EXIT = 3;
export const PROBE_INTERVAL_MS = 10_000;
/** How long after a request met a resource failure /api/health keeps failing without a probe. */
export const REPORTED_FAILURE_HOLD_MS = 5_000;

export interface DatabaseWatchdog {
  /** Reads and writes once; true when both worked (and no request reported a failure just now). */
  probe(): Promise<boolean>;
  /** A request met a failure of the database itself (a full disk, an outage): health fails now. */
  reportFailure(error: unknown): void;
}

export function createDatabaseWatchdog(options: {
  db: Database;
  log: Logger;
  /** What happens on a fatal failure; the process ends by default. */
  onFatal?: (error: unknown) => void;
  /** How long the database may be away before the process ends (DATABASE_OUTAGE_LIMIT_SECONDS). */
  outageLimitMs?: number;
  /** Tests replace the clock. */
  now?: () => number;
}): DatabaseWatchdog {
  const { db, log } = options;
  const now = options.now ?? Date.now;
  const outageLimitMs = options.outageLimitMs ?? 60_000;
  const onFatal =
    options.onFatal ??
    (() => {
      process.exit(1);
    });
  let failures = 0;
  /** When the current outage (failures of the unavailable kind only) began. */
  let outageSince: number | undefined;
  let reportedAt: number | undefined;
  let fatal = false;

  const ended = (error: unknown, message: string) => {
    if (fatal) return;
    fatal = true;
    log.fatal({ err: error }, message);
    onFatal(error);
  };

  const failed = (error: unknown) => {
    failures += 1;
    if (isUnavailableError(error)) {
      outageSince ??= now();
      const away = now() - outageSince;
      log.error({ err: error, failures, awayMs: away }, "database unavailable");
      if (away > outageLimitMs) {
        ended(error, `database unavailable for ${Math.round(away / 1000)} s: exiting`);
      }
      return;
    }
    log.error({ err: error, failures }, "database probe failed");
    if (failures >= FAILURES_BEFORE_EXIT) {
      ended(error, `database failed ${failures} probes in a row: exiting`);
    }
  };

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
        outageSince = undefined;
        // A write of a request failed for want of a resource a moment ago: not healthy yet.
        return reportedAt === undefined || now() - reportedAt > REPORTED_FAILURE_HOLD_MS;
      } catch (error) {
        failed(error);
        return false;
      }
    },
    reportFailure(error) {
      if (!isUnavailableError(error)) return;
      reportedAt = now();
      log.error({ err: error }, "a request met a database failure; health fails");
    },
  };
}
