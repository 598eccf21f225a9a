// A named lease in PostgreSQL (docs/decisions/053-saved-searches-and-alerts.md): of many processes
// sharing the database, the one whose lease is unexpired runs the job; the others skip their turn.
// One statement takes an expired (or its own) lease, so two processes never both hold it. A
// process that dies holding it blocks the job only until the lease expires.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { selectRows } from "../sql-rows.ts";

/** Takes or renews the lease until `now + ttlMs`; false when another holder has it. */
export async function acquireLease(
  db: Database,
  name: string,
  holder: string,
  now: Date,
  ttlMs: number,
): Promise<boolean> {
  const until = new Date(now.getTime() + ttlMs).toISOString();
  const rows = await selectRows<{ holder: string }>(
    db,
    sql`insert into job_leases (name, holder, leased_until)
        values (${name}, ${holder}, ${until}::timestamptz)
        on conflict (name) do update set holder = excluded.holder, leased_until = excluded.leased_until
        where job_leases.leased_until <= ${now.toISOString()}::timestamptz
           or job_leases.holder = excluded.holder
        returning holder`,
  );
  return rows.length > 0;
}

/** Gives the lease back at once (the next run of any process may take it). */
export async function releaseLease(db: Database, name: string, holder: string): Promise<void> {
  await db.execute(
    sql`update job_leases set leased_until = '-infinity' where name = ${name} and holder = ${holder}`,
  );
}
