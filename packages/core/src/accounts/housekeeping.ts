// Removes account rows nobody needs any more, so the tables do not grow without bound: rate-limit
// events past every window (known devices after their 30 days), e-mailed tokens a week past their
// expiry or use, and the refresh tokens of sessions that ended a week ago. Runs at boot and every
// hour (server/index.ts); safe on several processes at once (plain deletes).
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

/** Longer than the longest rate-limit window (1 hour). */
const RATE_LIMIT_RETENTION = "1 day";
/** Known devices are kept as events for 30 days (rate-limit.ts KNOWN_DEVICE). */
const KNOWN_DEVICE_RETENTION = "30 days";
const TOKEN_RETENTION = "7 days";

export async function purgeExpiredAccountRows(db: Database): Promise<void> {
  await db.execute(
    sql`delete from rate_limit_events
        where created_at < now() - ${RATE_LIMIT_RETENTION}::interval
          and (key not like 'known-device:%'
               or created_at < now() - ${KNOWN_DEVICE_RETENTION}::interval)`,
  );
  await db.execute(
    sql`delete from one_time_tokens
        where coalesce(used_at, expires_at) < now() - ${TOKEN_RETENTION}::interval`,
  );
  await db.execute(
    sql`delete from refresh_tokens where session_id in (
          select id from sessions
          where coalesce(revoked_at, not_after) < now() - ${TOKEN_RETENTION}::interval)`,
  );
}
