// The read replica's freshness (docs/decisions/048-backups-and-the-read-replica.md): a streaming
// replica replays the primary's write-ahead log a moment after each commit, so a process that
// heard a `catalogue_changed` notice from the primary waits until its replica has replayed that
// far before it empties its caches and rebuilds its finder index from the replica. Otherwise the
// caches could keep, and the index could hold, the catalogue as it was before the change.
import type pg from "pg";

/** How long a change event waits for the replica before it goes ahead (and says so in the log). */
export const REPLICA_CATCH_UP_TIMEOUT_MS = 10_000;

const POLL_MS = 20;

export class ReplicaBehindError extends Error {
  constructor(lsn: string, timeoutMs: number) {
    super(
      `The read replica (DATABASE_READ_URL) has not replayed the primary's log up to ${lsn} within ${timeoutMs / 1000} s`,
    );
    this.name = "ReplicaBehindError";
  }
}

/**
 * Resolves once `replica` has replayed every change `primary` had committed when this was called.
 * A read database that is not a standby (not in recovery; a copy some tool keeps in step) has
 * nothing to replay: it resolves at once.
 */
export async function replicaCaughtUp(
  primary: pg.Pool,
  replica: pg.Pool,
  timeoutMs = REPLICA_CATCH_UP_TIMEOUT_MS,
): Promise<void> {
  const { rows } = await primary.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn");
  const lsn = rows[0]?.lsn;
  if (!lsn) return;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const { rows: state } = await replica.query<{ standby: boolean; replayed: boolean | null }>(
      `select pg_is_in_recovery() as standby,
              pg_last_wal_replay_lsn() >= $1::pg_lsn as replayed`,
      [lsn],
    );
    const { standby, replayed } = state[0] ?? { standby: false, replayed: null };
    if (!standby || replayed === true) return;
    if (performance.now() >= deadline) throw new ReplicaBehindError(lsn, timeoutMs);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
