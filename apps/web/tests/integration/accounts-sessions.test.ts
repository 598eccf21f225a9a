// The account rules that depend on time, on a real database: refresh-token rotation with its
// reuse interval, session end, verification-token expiry and single use, and the sliding
// rate-limit window shared through PostgreSQL (docs/decisions/006-sessions-and-tokens.md).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DomainError } from "@studyatlas/core/errors.ts";

import { STATUS_OF_KIND } from "../../server/plugins/errors.ts";
import {
  RATE_LIMITS,
  assertUnderLimit,
  countEvents,
  recordEvent,
} from "@studyatlas/core/accounts/rate-limit.ts";
import {
  REFRESH_REUSE_INTERVAL_MS,
  SESSION_LIFETIME_MS,
  createSession,
  getActiveSession,
  revokeUserSessions,
  rotateRefreshToken,
} from "@studyatlas/core/accounts/sessions.ts";
import {
  consumeOneTimeToken,
  issueOneTimeToken,
} from "@studyatlas/core/accounts/one-time-tokens.ts";
import { createUser } from "@studyatlas/core/accounts/users.ts";
import {
  VERIFICATION_TTL_MS,
  consumeVerificationToken,
  issueVerificationToken,
} from "@studyatlas/core/accounts/verification.ts";
import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";

let database: TestDatabase;
let userId: number;
let userEmail: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const user = await createUser(database.db, {
    firstName: "Ada",
    lastName: "Lovelace",
    email: `sessions-${Date.now()}@example.com`,
    password: "Secret123!",
  });
  userId = user.id;
  userEmail = user.email;
});
afterAll(async () => {
  await database?.dispose();
});

async function rejects(promise: Promise<unknown>, status: number): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect(STATUS_OF_KIND[(error as DomainError).kind]).toBe(status);
}

describe("refresh-token rotation", () => {
  it("lets a second request of the same client through within the reuse interval, without a new token", async () => {
    const t0 = Date.now();
    const { refreshToken } = await createSession(database.db, { userId }, t0);
    const first = await rotateRefreshToken(database.db, refreshToken, t0 + 1000);
    expect(first.kind).toBe("rotated");
    const raced = await rotateRefreshToken(
      database.db,
      refreshToken,
      t0 + 1000 + REFRESH_REUSE_INTERVAL_MS - 1,
    );
    expect(raced.kind).toBe("raced");
    // The successor still works: nothing was revoked.
    if (first.kind !== "rotated") throw new Error("expected a rotation");
    expect((await rotateRefreshToken(database.db, first.refreshToken, t0 + 20_000)).kind).toBe(
      "rotated",
    );
  });

  it("revokes the whole session when a rotated token comes back after the interval", async () => {
    const t0 = Date.now();
    const { sessionId, refreshToken } = await createSession(database.db, { userId }, t0);
    const first = await rotateRefreshToken(database.db, refreshToken, t0);
    if (first.kind !== "rotated") throw new Error("expected a rotation");
    await rejects(
      rotateRefreshToken(database.db, refreshToken, t0 + REFRESH_REUSE_INTERVAL_MS + 1),
      401,
    );
    expect(
      await getActiveSession(database.db, sessionId, t0 + REFRESH_REUSE_INTERVAL_MS + 2),
    ).toBeUndefined();
    await rejects(
      rotateRefreshToken(database.db, first.refreshToken, t0 + REFRESH_REUSE_INTERVAL_MS + 3),
      401,
    );
  });

  it("ends a session at its absolute lifetime, however often it was refreshed", async () => {
    const t0 = Date.now();
    const { sessionId, refreshToken } = await createSession(database.db, { userId }, t0);
    expect(
      await getActiveSession(database.db, sessionId, t0 + SESSION_LIFETIME_MS - 1),
    ).toBeDefined();
    expect(
      await getActiveSession(database.db, sessionId, t0 + SESSION_LIFETIME_MS),
    ).toBeUndefined();
    await rejects(rotateRefreshToken(database.db, refreshToken, t0 + SESSION_LIFETIME_MS + 1), 401);
  });

  it("revokes every other session of a user and keeps the current one", async () => {
    const current = await createSession(database.db, { userId });
    const other = await createSession(database.db, { userId });
    await revokeUserSessions(database.db, userId, "password_changed", current.sessionId);
    expect(await getActiveSession(database.db, current.sessionId)).toBeDefined();
    expect(await getActiveSession(database.db, other.sessionId)).toBeUndefined();
    await rejects(rotateRefreshToken(database.db, other.refreshToken), 401);
  });

  it("refuses unknown tokens and malformed session ids", async () => {
    await rejects(rotateRefreshToken(database.db, "no-such-token"), 401);
    expect(await getActiveSession(database.db, "not-a-uuid")).toBeUndefined();
  });
});

describe("verification tokens", () => {
  it("are single-use, expire, and a newer token replaces the older one", async () => {
    const t0 = Date.now();
    const older = await issueVerificationToken(database.db, userId, "password_reset", t0);
    const newer = await issueVerificationToken(database.db, userId, "password_reset", t0 + 1);
    await rejects(
      consumeVerificationToken(database.db, older.uid, older.token, "password_reset", t0 + 2),
      400,
    );
    // The wrong purpose does not work either.
    await rejects(
      consumeVerificationToken(database.db, newer.uid, newer.token, "email_verification", t0 + 2),
      400,
    );
    expect(
      await consumeVerificationToken(database.db, newer.uid, newer.token, "password_reset", t0 + 3),
    ).toBe(userId);
    await rejects(
      consumeVerificationToken(database.db, newer.uid, newer.token, "password_reset", t0 + 4),
      400,
    );

    const expiring = await issueVerificationToken(database.db, userId, "email_verification", t0);
    await rejects(
      consumeVerificationToken(
        database.db,
        expiring.uid,
        expiring.token,
        "email_verification",
        t0 + VERIFICATION_TTL_MS.email_verification + 1,
      ),
      400,
    );
  });
});

describe("one-time tokens", () => {
  it("are used by exactly one of two requests that present the same link at once", async () => {
    const issued = await issueVerificationToken(database.db, userId, "password_reset");
    const outcomes = await Promise.allSettled(
      Array.from({ length: 2 }, () =>
        consumeVerificationToken(database.db, issued.uid, issued.token, "password_reset"),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
  });

  it("are one flow for both doors: a site reset link retires a pending auth-service recovery code", async () => {
    const recovery = await issueOneTimeToken(database.db, {
      userId,
      type: "recovery",
      address: userEmail,
      withCode: true,
    });
    await issueVerificationToken(database.db, userId, "password_reset");
    expect(
      await consumeOneTimeToken(database.db, { code: recovery.code, address: userEmail }, [
        "recovery",
      ]),
    ).toBeUndefined();
  });

  it("do not take a site link's token for another user's link", async () => {
    const issued = await issueVerificationToken(database.db, userId, "email_verification");
    const other = await createUser(database.db, {
      firstName: "Grace",
      lastName: "Hopper",
      email: `sessions-other-${Date.now()}@example.com`,
      password: "Secret123!",
    });
    await rejects(
      consumeVerificationToken(
        database.db,
        Buffer.from(String(other.id)).toString("base64url"),
        issued.token,
        "email_verification",
      ),
      400,
    );
    expect(
      await consumeVerificationToken(database.db, issued.uid, issued.token, "email_verification"),
    ).toBe(userId);
  });
});

describe("rate limits", () => {
  it("count events in a sliding window shared through the database", async () => {
    const rule = RATE_LIMITS.signInAccount;
    const subject = `window-${Date.now()}@example.com`;
    for (let index = 0; index < rule.max; index += 1) await recordEvent(database.db, rule, subject);
    await rejects(assertUnderLimit(database.db, rule, subject), 429);
    // Age the events past the window: the limit lifts.
    await database.db.execute(
      sql`update rate_limit_events set created_at = now() - make_interval(secs => ${rule.windowMs / 1000 + 1})
          where key = ${`${rule.name}:${subject}`}`,
    );
    expect(await countEvents(database.db, rule, subject)).toBe(0);
    await assertUnderLimit(database.db, rule, subject);
    // Counting again clears the aged rows of that key.
    await recordEvent(database.db, rule, subject);
    const rows = await database.query<{ count: number }>(
      "select count(*)::int as count from rate_limit_events where key = $1",
      [`${rule.name}:${subject}`],
    );
    expect(Number(rows.rows[0]?.count)).toBe(1);
  });

  it("keys are case-insensitive", async () => {
    const rule = RATE_LIMITS.resetEmailPerAddress;
    await recordEvent(database.db, rule, "Case@Example.com");
    await rejects(assertUnderLimit(database.db, rule, "case@example.COM"), 429);
  });
});

describe("housekeeping", () => {
  it("removes old rate-limit events, spent verification tokens and ended sessions' refresh tokens", async () => {
    const { purgeExpiredAccountRows } = await import("@studyatlas/core/accounts/housekeeping.ts");
    const subject = `old-${Date.now()}`;
    await recordEvent(database.db, RATE_LIMITS.signInIp, subject);
    await database.db.execute(
      sql`update rate_limit_events set created_at = now() - interval '2 days' where key = ${`signin-ip:${subject}`}`,
    );
    const recent = `recent-${Date.now()}`;
    await recordEvent(database.db, RATE_LIMITS.signInIp, recent);
    const ended = await createSession(database.db, { userId });
    await database.db.execute(
      sql`update sessions set revoked_at = now() - interval '8 days' where id = ${ended.sessionId}`,
    );
    const live = await createSession(database.db, { userId });

    await purgeExpiredAccountRows(database.db);

    const count = async (query: string, params: unknown[]) =>
      Number((await database.query<{ n: number }>(query, params)).rows[0]?.n);
    expect(
      await count("select count(*)::int as n from rate_limit_events where key = $1", [
        `signin-ip:${subject}`,
      ]),
    ).toBe(0);
    expect(
      await count("select count(*)::int as n from rate_limit_events where key = $1", [
        `signin-ip:${recent}`,
      ]),
    ).toBe(1);
    expect(
      await count("select count(*)::int as n from refresh_tokens where session_id = $1", [
        ended.sessionId,
      ]),
    ).toBe(0);
    expect(
      await count("select count(*)::int as n from refresh_tokens where session_id = $1", [
        live.sessionId,
      ]),
    ).toBe(1);
  });
});
