// Deleting anonymous users not seen for AUTH_ANONYMOUS_USERS_RETENTION_DAYS
// (docs/decisions/062-signing-keys-and-anonymous-users.md): every process that does
// housekeeping offers hourly, and the lease in job_leases lets one of them (of several processes or
// machines on one database) run it at a time.
import { randomUUID } from "node:crypto";

import { deleteStaleAnonymousUsers } from "@studyatlas/core/auth-service/anonymous-users.ts";
import { acquireLease, releaseLease } from "@studyatlas/core/alerts/lease.ts";
import type { DatabaseHandle } from "@studyatlas/db/client.ts";

import type { Scheduler } from "./jobs.ts";

export const ANONYMOUS_USERS_JOB = "anonymous-users-cleanup";
const CHECK_EVERY_MS = 60 * 60 * 1000;
const LEASE_MS = 10 * 60 * 1000;

/** One run: under the lease, the stale anonymous users deleted; undefined when another holds it. */
export async function cleanUpAnonymousUsers(
  database: Pick<DatabaseHandle, "db">,
  retentionMs: number,
  holder: string,
  now = Date.now(),
): Promise<number | undefined> {
  if (!(await acquireLease(database.db, ANONYMOUS_USERS_JOB, holder, new Date(now), LEASE_MS))) {
    return undefined;
  }
  try {
    return await deleteStaleAnonymousUsers(database.db, retentionMs, now);
  } finally {
    await releaseLease(database.db, ANONYMOUS_USERS_JOB, holder);
  }
}

export function scheduleAnonymousUsersCleanup(
  scheduler: Scheduler,
  database: DatabaseHandle,
  retentionMs: number,
  log: { info: (message: string) => void },
): void {
  const holder = randomUUID();
  scheduler.schedule(
    ANONYMOUS_USERS_JOB,
    { everyMs: CHECK_EVERY_MS, runAtStart: true },
    async () => {
      const deleted = await cleanUpAnonymousUsers(database, retentionMs, holder);
      if (deleted) log.info(`${deleted} anonymous users not seen for the retention period deleted`);
    },
  );
}
