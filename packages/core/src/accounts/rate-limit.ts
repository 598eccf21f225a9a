// Rate limits counted in PostgreSQL, so that every app process sees the same counts
// (docs/architecture.md "Scaling out"). A sliding window: the events of one key in the last
// `windowMs`. Old events of a key are deleted when it is counted again.
import { createHmac } from "node:crypto";

import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { selectOne } from "../sql-rows.ts";
import { RateLimitedError } from "../errors.ts";

export interface RateLimitRule {
  /** Key prefix, e.g. "signin-account". */
  name: string;
  max: number;
  windowMs: number;
  message: string;
  /** The error code of the 429; `rate_limited` unless said. */
  code?: string;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The account limits (docs/decisions/006-sessions-and-tokens.md, 013-auth-service.md,
 * 014-two-factor.md).
 */
export const RATE_LIMITS = {
  /** "the 11th failure within 15 minutes answers 429" */
  signInAccount: {
    name: "signin-account",
    max: 10,
    windowMs: 15 * MINUTE,
    message:
      "Too many failed sign-in attempts for this account. Please wait 15 minutes or reset your password.",
  },
  signInIp: {
    name: "signin-ip",
    max: 30,
    windowMs: 15 * MINUTE,
    message:
      "Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.",
  },
  registerIp: {
    name: "register-ip",
    max: 30,
    windowMs: 60 * MINUTE,
    message: "Too many accounts were created from your network. Please try again in an hour.",
  },
  /** One verification e-mail per address per minute (sign-up and resend). */
  verificationEmailPerAddress: {
    name: "verification-email",
    max: 1,
    windowMs: MINUTE,
    message:
      "We have just sent an e-mail to this address. Please wait a minute before asking again.",
  },
  /** One password-reset e-mail per address per minute. */
  resetEmailPerAddress: {
    name: "reset-email",
    max: 1,
    windowMs: MINUTE,
    message:
      "We have just sent an e-mail to this address. Please wait a minute before asking again.",
  },
  emailIp: {
    name: "email-ip",
    max: 20,
    windowMs: 60 * MINUTE,
    message: "Too many e-mails were requested from your network. Please try again in an hour.",
  },
  // The auth service (/auth/v1, docs/decisions/013-auth-service.md): GoTrue's default buckets,
  // counted per client address as sliding windows (its token buckets refill at the same rate).
  /** GoTrue RATE_LIMIT_TOKEN_REFRESH: 150 /token requests per 5 minutes. */
  authTokenIp: {
    name: "auth-token-ip",
    max: 150,
    windowMs: 5 * MINUTE,
    message: "Request rate limit reached",
    code: "over_request_rate_limit",
  },
  /** GoTrue RATE_LIMIT_VERIFY: 30 /verify requests per 5 minutes. */
  authVerifyIp: {
    name: "auth-verify-ip",
    max: 30,
    windowMs: 5 * MINUTE,
    message: "Request rate limit reached",
    code: "over_request_rate_limit",
  },
  /** GoTrue RATE_LIMIT_OTP: /otp, /recover, /resend, /signup, e-mail change: 30 per 5 minutes. */
  authOtpIp: {
    name: "auth-otp-ip",
    max: 30,
    windowMs: 5 * MINUTE,
    message: "Request rate limit reached",
    code: "over_request_rate_limit",
  },
  /** GoTrue SMTP_MAX_FREQUENCY: one e-mail of a kind per address per 60 seconds. */
  authEmailPerAddress: {
    name: "auth-email",
    max: 1,
    windowMs: MINUTE,
    message: "For security purposes, you can only request this after 60 seconds.",
    code: "over_email_send_rate_limit",
  },
  /** Wrong codes per address: ten, then even the right code waits (a 6-digit code is guessable). */
  authVerifyAccount: {
    name: "auth-verify-account",
    max: 10,
    windowMs: 15 * MINUTE,
    message: "Request rate limit reached",
    code: "over_request_rate_limit",
  },
} as const satisfies Record<string, RateLimitRule>;

function keyOf(rule: RateLimitRule, subject: string): string {
  return `${rule.name}:${subject.toLowerCase()}`;
}

export async function countEvents(
  db: Database,
  rule: RateLimitRule,
  subject: string,
): Promise<number> {
  const row = await selectOne<{ count: number }>(
    db,
    sql`select count(*)::int as count from rate_limit_events
        where key = ${keyOf(rule, subject)}
          and created_at > now() - make_interval(secs => ${rule.windowMs / 1000})`,
  );
  return Number(row?.count ?? 0);
}

export async function recordEvent(
  db: Database,
  rule: RateLimitRule,
  subject: string,
): Promise<void> {
  const key = keyOf(rule, subject);
  await db.execute(
    sql`delete from rate_limit_events
        where key = ${key} and created_at <= now() - make_interval(secs => ${rule.windowMs / 1000})`,
  );
  await db.execute(sql`insert into rate_limit_events (key) values (${key})`);
}

/** Throws 429 when `subject` already used up `rule` in the window (a read: it counts nothing). */
export async function assertUnderLimit(
  db: Database,
  rule: RateLimitRule,
  subject: string,
): Promise<void> {
  if ((await countEvents(db, rule, subject)) >= rule.max) {
    throw new RateLimitedError(rule.message, rateLimitOptions(rule));
  }
}

function rateLimitOptions(rule: RateLimitRule) {
  return "code" in rule && rule.code ? { code: rule.code } : {};
}

/**
 * The parts of `consumeLimit` for a caller that counts the event inside a transaction of its own
 * (the chat's message, docs/decisions/058-chat-attachments-and-the-advisor-inbox.md): the key, its
 * transaction lock as an expression to select beside the caller's other locks, the check (run
 * once the lock is held: it clears the expired events and throws 429 when the window is full),
 * and the event as a statement the caller runs with its own writes, so both commit or neither.
 */
export function limitInTransaction(rule: RateLimitRule, subject: string) {
  const key = keyOf(rule, subject);
  const window = rule.windowMs / 1000;
  return {
    lock: sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`,
    async check(tx: Database): Promise<void> {
      const counted = await selectOne<{ count: number }>(
        tx,
        sql`with expired as (delete from rate_limit_events
              where key = ${key} and created_at <= now() - make_interval(secs => ${window}))
            select count(*)::int as count from rate_limit_events
            where key = ${key} and created_at > now() - make_interval(secs => ${window})`,
      );
      if (Number(counted?.count ?? 0) >= rule.max) {
        throw new RateLimitedError(rule.message, rateLimitOptions(rule));
      }
    },
    event: sql`insert into rate_limit_events (key) values (${key})`,
  };
}

/**
 * Counts one event, or throws 429 when `subject` already used up `rule`: checked and counted as
 * one step (docs/security.md V2). The key's transaction-scoped advisory lock makes concurrent calls
 * for the same key take turns, so 40 parallel attempts against a limit of 10 let exactly 10
 * through, on every app process. Answers the event's id, for `releaseEvent`.
 */
export async function consumeLimit(
  db: Database,
  rule: RateLimitRule,
  subject: string,
): Promise<number> {
  const key = keyOf(rule, subject);
  const window = rule.windowMs / 1000;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    await tx.execute(
      sql`delete from rate_limit_events
          where key = ${key} and created_at <= now() - make_interval(secs => ${window})`,
    );
    const counted = await selectOne<{ count: number }>(
      tx,
      sql`select count(*)::int as count from rate_limit_events where key = ${key}`,
    );
    if (Number(counted?.count ?? 0) >= rule.max) {
      throw new RateLimitedError(rule.message, rateLimitOptions(rule));
    }
    const inserted = await selectOne<{ id: number }>(
      tx,
      sql`insert into rate_limit_events (key) values (${key}) returning id`,
    );
    if (!inserted) throw new Error("rate_limit_events insert returned no row");
    return Number(inserted.id);
  });
}

/** Gives back an event `consumeLimit` counted (an attempt that turned out not to count). */
export async function releaseEvent(db: Database, id: number): Promise<void> {
  await db.execute(sql`delete from rate_limit_events where id = ${id}`);
}

export async function clearEvents(
  db: Database,
  rule: RateLimitRule,
  subject: string,
): Promise<void> {
  await db.execute(sql`delete from rate_limit_events where key = ${keyOf(rule, subject)}`);
}

/**
 * A device an account signed in from (docs/decisions/039-auth-service-api-clients.md): the client
 * address and user agent of a successful sign-in, for 30 days. Kept as a rate-limit event whose key
 * is an HMAC of the account, the step, the address and the agent: never the raw address.
 */
export const KNOWN_DEVICE: RateLimitRule = {
  name: "known-device",
  max: 1,
  windowMs: 30 * DAY,
  message: "",
};

/** The step a known device passed: the password, or the second factor too. */
export type KnownDeviceStep = "password" | "mfa";

export interface DeviceIdentity {
  /** The account: its e-mail address for the password step, its id for the second factor. */
  account: string;
  ip: string;
  userAgent: string;
}

/** The device's key: only the server (with its secret) can tell which address it names. */
export function knownDeviceSubject(
  secret: string,
  step: KnownDeviceStep,
  device: DeviceIdentity,
): string {
  const account = device.account.trim().toLowerCase();
  return createHmac("sha256", secret)
    .update(`known-device\n${step}\n${account}\n${device.ip}\n${device.userAgent}`)
    .digest("hex");
}

export async function isKnownDevice(db: Database, subject: string): Promise<boolean> {
  return (await countEvents(db, KNOWN_DEVICE, subject)) > 0;
}

/** Marks (or marks again, for 30 more days) a device after a successful step. */
export async function rememberDevice(db: Database, subject: string): Promise<void> {
  await clearEvents(db, KNOWN_DEVICE, subject);
  await recordEvent(db, KNOWN_DEVICE, subject);
}
