// Sessions with rotating refresh tokens and reuse detection (docs/decisions/006-sessions-and-tokens.md).
// Every refresh exchanges the presented token for a new one (the old one is revoked and becomes
// the new one's parent). Presenting an already-rotated token again means it was copied: the whole
// session is revoked, except within a short reuse interval, where two requests of one client raced
// with the same token (the later one is let through without a new token, or, for a Bearer client,
// with the session's current one).
import { createHmac } from "node:crypto";

import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { refreshTokens, sessions, users, type AmrEntry } from "@studyatlas/db/schema/accounts.ts";
import { mfaFactors } from "@studyatlas/db/schema/mfa.ts";

import { appMetadataOf } from "../auth-service/auth-user.ts";
import { announceSessionsChanged } from "../chat/session-notices.ts";
import { ForbiddenError, UnauthenticatedError } from "../errors.ts";
import { randomToken, sha256 } from "./secrets.ts";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const REFRESH_REUSE_INTERVAL_MS = 10_000;
/**
 * A browser session (the dashboards' sign-in without 'remember me'): its cookies have no expiry,
 * and the server ends it after 12 hours however the browser keeps its cookies.
 */
export const BROWSER_SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

export type RevokeReason =
  | "logout"
  | "refresh_token_reuse"
  | "password_changed"
  | "password_reset"
  /** Another session of the user proved a second factor (GoTrue ends the aal1 ones). */
  | "mfa_verified"
  /** An administrator banned the user (docs/security.md V6). */
  | "banned"
  /**
   * A verified sign-in identity (Google) was linked to an account that never proved its address:
   * whoever opened it may not be its owner (account pre-hijacking, docs/security.md V6).
   */
  | "identity_linked";

export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  emailVerified: boolean;
  /** Signed in without an address (ADR 062): the site's own doors treat it as signed out. */
  isAnonymous: boolean;
  /** E.164 digits without `+` (ADR 064); a phone-only user has `email` '' and is signed out at the site's doors. */
  phone?: string | null;
}

export interface ActiveSession {
  sessionId: string;
  aal: string;
  /**
   * The level the session should reach (GoTrue's nextLevel): aal2 once the user has a verified
   * factor (docs/decisions/014-two-factor.md). aal1 below it means the second step is pending.
   */
  nextAal: "aal1" | "aal2";
  /** false for a browser session: its cookies carry no expiry. */
  persistent: boolean;
  user: SessionUser;
  /** How the session was authenticated, newest first (the token's `amr`). */
  amr: AmrEntry[];
  /** The user's metadata as the token carries it (GoTrue's app_metadata / user_metadata). */
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
}

/**
 * GoTrue's authentication methods (its `amr` claim): password, otp, magiclink, oauth, invite,
 * recovery, email/signup, email_change; a second factor adds totp and raises the aal.
 */
export type AuthenticationMethod =
  | "password"
  | "otp"
  | "magiclink"
  | "oauth"
  | "id_token"
  | "invite"
  | "recovery"
  | "email/signup"
  | "email_change"
  /** An anonymous sign-in (ADR 062). */
  | "anonymous"
  | "passkey";

/** A banned user gets no session at either door (code `user_banned`, GoTrue's). */
export const ACCOUNT_SUSPENDED = () =>
  new ForbiddenError("This account is suspended.", { code: "user_banned" });

/** Whether a ban set by an administrator (`banned_until`) still runs. */
export function isBanned(user: { bannedUntil: Date | null }, now = Date.now()): boolean {
  return user.bannedUntil !== null && user.bannedUntil.getTime() > now;
}

export interface NewSession {
  sessionId: string;
  refreshToken: string;
}

export async function createSession(
  db: Database,
  input: {
    userId: number;
    userAgent?: string | undefined;
    ip?: string | undefined;
    aal?: "aal1" | "aal2";
    /** false: a browser session (no 'remember me'); default true. */
    persistent?: boolean;
    /** How the user proved who they are; password unless said. */
    method?: AuthenticationMethod;
  },
  now = Date.now(),
): Promise<NewSession> {
  const persistent = input.persistent ?? true;
  const refreshToken = randomToken();
  const sessionId = await db.transaction(async (tx) => {
    // Every door starts its sessions here, so a ban is refused at each of them alike.
    const [owner] = await tx
      .select({ bannedUntil: users.bannedUntil })
      .from(users)
      .where(eq(users.id, input.userId))
      .limit(1);
    if (owner && isBanned(owner, now)) throw ACCOUNT_SUSPENDED();
    const [session] = await tx
      .insert(sessions)
      .values({
        userId: input.userId,
        aal: input.aal ?? "aal1",
        userAgent: input.userAgent?.slice(0, 400) ?? null,
        ip: input.ip ?? null,
        persistent,
        notAfter: new Date(now + (persistent ? SESSION_LIFETIME_MS : BROWSER_SESSION_LIFETIME_MS)),
        amr: [{ method: input.method ?? "password", timestamp: Math.floor(now / 1000) }],
      })
      .returning({ id: sessions.id });
    if (!session) throw new Error("session insert returned no row");
    await tx
      .insert(refreshTokens)
      .values({ sessionId: session.id, tokenHash: sha256(refreshToken) });
    await tx
      .update(users)
      .set({ lastSignInAt: new Date(now) })
      .where(eq(users.id, input.userId));
    return session.id;
  });
  return { sessionId, refreshToken };
}

const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  emailVerified: users.emailVerified,
  isAnonymous: users.isAnonymous,
  phone: users.phone,
};

const SESSION_ID = /^[0-9a-f-]{36}$/i;

/** The sessions among `sessionIds` that are live (not revoked, not expired, user not banned). */
async function loadActiveSessions(
  db: Database,
  sessionIds: string[],
  now: number,
): Promise<ActiveSession[]> {
  const ids = sessionIds.filter((id) => SESSION_ID.test(id));
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      sessionId: sessions.id,
      aal: sessions.aal,
      persistent: sessions.persistent,
      notAfter: sessions.notAfter,
      createdAt: sessions.createdAt,
      amr: sessions.amr,
      // In the same lookup, so knowing the level a session needs costs no extra query.
      hasVerifiedFactor: sql<boolean>`exists (select 1 from ${mfaFactors}
        where ${mfaFactors.userId} = ${users.id} and ${mfaFactors.status} = 'verified')`,
      user: sessionUserColumns,
      userMetadata: users.userMetadata,
      appMetadata: users.appMetadata,
      // Whether a password is set, not the hash: nothing secret travels with every request.
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      googleSubject: users.googleSubject,
      bannedUntil: users.bannedUntil,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        ids.length === 1 ? eq(sessions.id, ids[0]!) : inArray(sessions.id, ids),
        isNull(sessions.revokedAt),
      ),
    )
    .limit(ids.length);
  // A banned user's sessions are revoked by the ban; one that escaped is still not honoured.
  return rows
    .filter((row) => row.notAfter.getTime() > now && !isBanned(row, now))
    .map((row) => ({
      sessionId: row.sessionId,
      aal: row.aal,
      nextAal: row.hasVerifiedFactor ? "aal2" : "aal1",
      persistent: row.persistent,
      user: row.user,
      // Sessions from before the amr column: a password sign-in when they started.
      amr:
        row.amr.length > 0
          ? row.amr
          : [{ method: "password", timestamp: Math.floor(row.createdAt.getTime() / 1000) }],
      appMetadata: appMetadataOf({
        ...row,
        isAnonymous: row.user.isAnonymous,
        email: row.user.email,
        phone: row.user.phone,
      }),
      userMetadata: row.userMetadata,
    }));
}

/** The session if it exists, is not revoked and has not reached its end. */
export async function getActiveSession(
  db: Database,
  sessionId: string,
  now = Date.now(),
): Promise<ActiveSession | undefined> {
  return (await loadActiveSessions(db, [sessionId], now))[0];
}

/**
 * Many sessions in one query (the live sockets' periodic check, routes/api/chat/chat-hub.ts):
 * the live ones by id; an id missing from the map has ended.
 */
export async function getActiveSessions(
  db: Database,
  sessionIds: string[],
  now = Date.now(),
): Promise<Map<string, ActiveSession>> {
  const found = await loadActiveSessions(db, sessionIds, now);
  return new Map(found.map((session) => [session.sessionId, session]));
}

export type RefreshOutcome =
  | { kind: "rotated"; session: ActiveSession; refreshToken: string }
  /** A race within the reuse interval: the session stays, the client keeps its newer cookie. */
  | { kind: "raced"; session: ActiveSession };

const INVALID_REFRESH = () =>
  new UnauthenticatedError("Your session has ended. Please sign in again.", {
    code: "invalid_refresh_token",
  });

/** The token was exchanged before: the session has just been revoked (GoTrue's code). */
const REUSED_REFRESH = () =>
  new UnauthenticatedError("Your session has ended. Please sign in again.", {
    code: "refresh_token_already_used",
  });

/**
 * What a race within the reuse interval gets: "keep" (the cookie client keeps the newer cookie the
 * first answer set) or "current" (a Bearer client, which stores whatever it is given, gets the
 * session's current token, as GoTrue answers such a race: every racer holds the same one chain).
 * "current" derives each successor from its parent with `key`, so the server can say it again
 * without keeping any token readable (docs/decisions/039-auth-service-api-clients.md).
 */
export type RotateOptions = { onRace?: "keep" } | { onRace: "current"; key: string };

/** The successor of `token` under `key`: only the server can compute it, once it has the parent. */
function successorOf(key: string, token: string): string {
  return createHmac("sha256", key).update(`refresh-successor:${token}`).digest("base64url");
}

/**
 * The token's successor when it is still the session's current token (GoTrue's "active child");
 * undefined when the chain has moved on since, or left the derivation (a second factor raised
 * the session, say).
 */
async function currentChild(
  tx: Transaction,
  token: { id: number },
  presented: string,
  key: string,
): Promise<string | undefined> {
  const successor = successorOf(key, presented);
  const [child] = await tx
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.parentId, token.id),
        eq(refreshTokens.tokenHash, sha256(successor)),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .limit(1);
  return child ? successor : undefined;
}

export async function rotateRefreshToken(
  db: Database,
  presented: string,
  now = Date.now(),
  options: RotateOptions = {},
): Promise<RefreshOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const [token] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(presented)))
      .for("update")
      .limit(1);
    if (!token) return { kind: "unknown" as const };
    const [session] = await tx
      .select({ id: sessions.id, revokedAt: sessions.revokedAt, notAfter: sessions.notAfter })
      .from(sessions)
      .where(eq(sessions.id, token.sessionId))
      .limit(1);
    if (!session || session.revokedAt || session.notAfter.getTime() <= now) {
      return { kind: "unknown" as const };
    }
    if (token.revokedAt) {
      // Already exchanged. Within the reuse interval, a race between requests of the same client:
      // its current token answers (or, for a cookie, nothing). Otherwise stolen: revoke all.
      const recent = now - token.revokedAt.getTime() <= REFRESH_REUSE_INTERVAL_MS;
      if (recent && options.onRace === "current") {
        const current = await currentChild(tx, token, presented, options.key);
        if (current)
          return { kind: "rotated" as const, sessionId: session.id, refreshToken: current };
      } else if (recent) {
        const [child] = await tx
          .select({ id: refreshTokens.id })
          .from(refreshTokens)
          .where(and(eq(refreshTokens.parentId, token.id), isNull(refreshTokens.revokedAt)))
          .limit(1);
        if (child) return { kind: "raced" as const, sessionId: session.id };
      }
      await revokeSessionIn(tx, session.id, "refresh_token_reuse", now);
      return { kind: "reused" as const };
    }
    const next = options.onRace === "current" ? successorOf(options.key, presented) : randomToken();
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date(now) })
      .where(eq(refreshTokens.id, token.id));
    await tx
      .insert(refreshTokens)
      .values({ sessionId: session.id, tokenHash: sha256(next), parentId: token.id });
    await tx
      .update(sessions)
      .set({ refreshedAt: new Date(now) })
      .where(eq(sessions.id, session.id));
    return { kind: "rotated" as const, sessionId: session.id, refreshToken: next };
  });
  if (outcome.kind === "unknown") throw INVALID_REFRESH();
  if (outcome.kind === "reused") throw REUSED_REFRESH();
  const session = await getActiveSession(db, outcome.sessionId, now);
  if (!session) throw INVALID_REFRESH();
  return outcome.kind === "rotated"
    ? { kind: "rotated", session, refreshToken: outcome.refreshToken }
    : { kind: "raced", session };
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Revokes one session and its refresh tokens inside the caller's transaction. */
export async function revokeSessionIn(
  tx: Transaction | Database,
  sessionId: string,
  reason: RevokeReason,
  now: number,
): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(now), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt)));
  await announceSessionsChanged(tx, [sessionId]);
}

export async function revokeSession(
  db: Database,
  sessionId: string,
  reason: RevokeReason,
  now = Date.now(),
): Promise<void> {
  await db.transaction((tx) => revokeSessionIn(tx, sessionId, reason, now));
}

/** Revokes every session of the user, except `keepSessionId` when given. */
export async function revokeUserSessions(
  db: Database,
  userId: number,
  reason: RevokeReason,
  keepSessionId?: string,
  now = Date.now(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const open = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keepSessionId ? ne(sessions.id, keepSessionId) : sql`true`,
        ),
      );
    for (const session of open) await revokeSessionIn(tx, session.id, reason, now);
  });
}
