// The browsers a student opted in to Web Push from /settings (docs/decisions/057-student-loop.md).
// An endpoint belongs to one user: subscribing it again moves it to the caller.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { selectRows } from "../sql-rows.ts";

export interface StoredPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Most browsers a user keeps subscribed; the oldest is dropped past it. */
const MAX_PER_USER = 10;

export async function savePushSubscription(
  db: Database,
  userId: number,
  subscription: StoredPushSubscription,
): Promise<void> {
  await db.execute(
    sql`insert into push_subscriptions (endpoint, user_id, p256dh, auth)
        values (${subscription.endpoint}, ${userId}, ${subscription.keys.p256dh},
          ${subscription.keys.auth})
        on conflict (endpoint) do update set user_id = excluded.user_id,
          p256dh = excluded.p256dh, auth = excluded.auth, created_at = now()`,
  );
  await db.execute(
    sql`delete from push_subscriptions where user_id = ${userId} and endpoint not in (
          select endpoint from push_subscriptions where user_id = ${userId}
          order by created_at desc limit ${MAX_PER_USER})`,
  );
}

/** Removes one of the caller's endpoints (another user's is left alone). */
export async function forgetPushSubscription(
  db: Database,
  userId: number,
  endpoint: string,
): Promise<void> {
  await db.execute(
    sql`delete from push_subscriptions where user_id = ${userId} and endpoint = ${endpoint}`,
  );
}

export async function pushSubscriptionsOf(
  db: Database,
  userId: number,
): Promise<StoredPushSubscription[]> {
  const rows = await selectRows<{ endpoint: string; p256dh: string; auth: string }>(
    db,
    sql`select endpoint, p256dh, auth from push_subscriptions where user_id = ${userId}`,
  );
  return rows.map((row) => ({
    endpoint: row.endpoint,
    keys: { p256dh: row.p256dh, auth: row.auth },
  }));
}
