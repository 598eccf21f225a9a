// Anonymous users (docs/decisions/062-signing-keys-and-anonymous-users.md): auth-js's
// signInAnonymously() is a /signup without an address, phone or password. With
// GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED it creates a user with no address (`email` empty,
// `is_anonymous` true, no identity) and a session; the user may link an address later (PUT /user,
// own-user.ts), which makes it a permanent user. The site's own doors treat an anonymous session
// as signed out, so nothing only an account may do (apply, dashboards, saved searches) is open to
// one. Anonymous users never seen again are deleted after the retention period.
import { and, eq, inArray, lt, sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { users } from "@studyatlas/db/schema/accounts.ts";

import { ValidationError } from "../errors.ts";
import { consumeLimit } from "../accounts/rate-limit.ts";
import { createUser, type UserRow } from "../accounts/users.ts";
import { selectRows } from "../sql-rows.ts";
import type { GoTrueSettings } from "./gotrue-settings.ts";
import { assertMetadataSize, namesOf } from "./input-rules.ts";
import { assertSignUpsOpen } from "./sign-up.ts";

const ANONYMOUS_DISABLED = () =>
  new ValidationError("Anonymous sign-ins are disabled", { code: "anonymous_provider_disabled" });

/** POST /signup without address, phone or password: a new anonymous user (the caller starts its session). */
export async function signUpAnonymously(
  db: Database,
  data: Record<string, unknown>,
  context: { ip: string; gotrue?: GoTrueSettings | undefined },
): Promise<UserRow> {
  assertSignUpsOpen(context);
  if (!context.gotrue?.anonymousUsers) throw ANONYMOUS_DISABLED();
  // GoTrue's RATE_LIMIT_ANONYMOUS_USERS: sign-ins per client address per hour.
  await consumeLimit(
    db,
    {
      name: "auth-anonymous-ip",
      max: context.gotrue.rateLimitAnonymousUsers,
      windowMs: 60 * 60_000,
      message: "Request rate limit reached",
      code: "over_request_rate_limit",
    },
    context.ip,
  );
  assertMetadataSize(data, "user_metadata");
  const names = namesOf(data);
  return createUser(db, {
    email: "",
    firstName: names.firstName ?? "",
    lastName: names.lastName ?? "",
    userMetadata: data,
    isAnonymous: true,
  });
}

const DELETE_BATCH = 500;

/**
 * Deletes the anonymous users created before `retentionMs` ago that have not signed in since
 * (their sessions, factors and profile go with them, by the foreign keys). In batches, so one run
 * never holds many rows locked. Returns how many were deleted.
 */
export async function deleteStaleAnonymousUsers(
  db: Database,
  retentionMs: number,
  now = Date.now(),
): Promise<number> {
  const before = new Date(now - retentionMs);
  let deleted = 0;
  for (;;) {
    const stale = await selectRows<{ id: number }>(
      db,
      sql`select ${users.id} as id from ${users}
          where ${users.isAnonymous} and ${users.createdAt} < ${before.toISOString()}::timestamptz
            and coalesce(${users.lastSignInAt}, ${users.createdAt}) < ${before.toISOString()}::timestamptz
          limit ${DELETE_BATCH}`,
    );
    if (stale.length === 0) return deleted;
    const removed = await db
      .delete(users)
      .where(
        and(
          inArray(
            users.id,
            stale.map((row) => row.id),
          ),
          eq(users.isAnonymous, true),
          lt(users.createdAt, before),
        ),
      )
      .returning({ id: users.id });
    deleted += removed.length;
    if (stale.length < DELETE_BATCH) return deleted;
  }
}
