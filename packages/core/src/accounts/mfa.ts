// Two-factor authentication (issue 12; docs/decisions/014-two-factor.md): enrol a TOTP factor,
// challenge it, verify a code (which raises the session to aal2), remove it, list the factors.
// The rules and error codes are GoTrue's (internal/api/mfa.go), so the product's account API and
// the /auth/v1 service answer alike; where GoTrue is weaker (a TOTP code usable again with a new
// challenge inside its window, no per-factor limit on wrong codes) this module is stricter.
import { randomUUID } from "node:crypto";

import { and, asc, desc, eq, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import QRCode from "qrcode";

import type { Database } from "@studyatlas/db/client.ts";
import type { MfaRequired } from "@studyatlas/schemas/mfa.ts";
import { refreshTokens, sessions } from "@studyatlas/db/schema/accounts.ts";
import {
  mfaChallenges,
  mfaFactors,
  sessionAmrClaims,
  type FactorStatus,
  type FactorType,
} from "@studyatlas/db/schema/mfa.ts";

import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthenticatedError,
  UnavailableError,
  ValidationError,
} from "../errors.ts";
import { inTransaction } from "../transactions.ts";
import { openFactorSecret, sealFactorSecret } from "./mfa-secret.ts";
import { clearEvents, consumeLimit, releaseEvent, type RateLimitRule } from "./rate-limit.ts";
import { randomToken, sha256 } from "./secrets.ts";
import { revokeSessionIn } from "./sessions.ts";
import { checkTotpCode, createTotpSecret, totpUri } from "./totp.ts";

/** GoTrue's defaults (conf/configuration.go MFAConfiguration). */
export const MFA_LIMITS = {
  /** All factors, verified or not, per user. */
  maxFactors: 10,
  maxVerifiedFactors: 10,
  /** A challenge must be answered within 5 minutes. */
  challengeExpirySeconds: 300,
  /** An enrolment not confirmed within 5 minutes is dropped at the next enrolment. */
  unverifiedFactorExpirySeconds: 300,
} as const;

/**
 * Wrong codes per factor: the 6th within 15 minutes answers 429 (issue 12 item 3). Checked and
 * counted before the code is, so parallel guesses cannot overrun it; a right code gives its slot
 * back and clears the count. With one code in a million and three steps accepted, that is at most
 * 480 guesses a day: a 0.14 % chance a day for someone who already has the password.
 */
export const MFA_VERIFY_LIMIT: RateLimitRule = {
  name: "mfa-verify-factor",
  max: 5,
  windowMs: 15 * 60_000,
  message: "Too many wrong codes. Please wait 15 minutes and try again.",
};

/** Challenges per factor: GoTrue's MFA limiter (15 a minute), kept per factor rather than per address. */
export const MFA_CHALLENGE_LIMIT: RateLimitRule = {
  name: "mfa-challenge-factor",
  max: 15,
  windowMs: 60_000,
  message: "Too many attempts. Please wait a minute and try again.",
};

export interface MfaSettings {
  /** The access-token key; the factors' secrets are sealed under a key derived from it. */
  authSecret: string;
  /** The otpauth issuer when the caller names none (GoTrue: the site URL's host). */
  defaultIssuer: string;
}

export type Aal = "aal1" | "aal2";

/** A factor as GoTrue shows it (models/factor.go); the secret is never part of it. */
export interface FactorView {
  id: string;
  friendly_name: string;
  factor_type: FactorType;
  status: FactorStatus;
  created_at: string;
  updated_at: string;
  last_challenged_at: string | null;
}

export interface EnrolledTotpFactor {
  id: string;
  type: "totp";
  friendly_name: string;
  /** Shown once, now; never again (the stored secret is sealed). */
  totp: { qr_code: string; secret: string; uri: string };
}

export interface ChallengeView {
  id: string;
  type: FactorType;
  /** Unix seconds. */
  expires_at: number;
}

export interface AmrEntry {
  method: string;
  /** Unix seconds. */
  timestamp: number;
}

type FactorRow = typeof mfaFactors.$inferSelect;

function viewOf(row: FactorRow): FactorView {
  return {
    id: row.id,
    friendly_name: row.friendlyName ?? "",
    factor_type: row.factorType,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_challenged_at: row.lastChallengedAt?.toISOString() ?? null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const FACTOR_NOT_FOUND = () =>
  new NotFoundError("Factor not found.", { code: "mfa_factor_not_found" });

const PHONE_ENROLL_DISABLED = () =>
  new UnavailableError(
    "MFA enroll is disabled for Phone: this server has no SMS provider. Use an authenticator app.",
    { code: "mfa_phone_enroll_not_enabled" },
  );

const PHONE_VERIFY_DISABLED = () =>
  new UnavailableError("MFA verification is disabled for Phone: this server has no SMS provider.", {
    code: "mfa_phone_verify_not_enabled",
  });

/** The code in GoTrue's message too, because auth-js's tests look for "Invalid TOTP code". */
export const INVALID_CODE_MESSAGE = "Invalid TOTP code entered";

const INVALID_CODE = () =>
  new ValidationError(INVALID_CODE_MESSAGE, {
    code: "mfa_verification_failed",
    errors: { code: [INVALID_CODE_MESSAGE] },
  });

/** GoTrue's `insufficient_aal`: the session must have proven a second factor first. */
export function insufficientAal(message: string): ForbiddenError {
  return new ForbiddenError(message, { code: "insufficient_aal" });
}

/** Every factor of the user, oldest first (GoTrue's `user.factors`). */
export async function listFactors(db: Database, userId: number): Promise<FactorView[]> {
  const rows = await db
    .select()
    .from(mfaFactors)
    .where(eq(mfaFactors.userId, userId))
    .orderBy(asc(mfaFactors.createdAt), asc(mfaFactors.id));
  return rows.map(viewOf);
}

/** The user's verified factors: what a sign-in must be completed with. */
export async function listVerifiedFactors(db: Database, userId: number): Promise<FactorView[]> {
  return (await listFactors(db, userId)).filter((factor) => factor.status === "verified");
}

/**
 * What a client needs to ask for the code after a sign-in, when the user has a verified factor
 * (the `mfa` of a sign-in answer, ADR 014); undefined for users without one.
 */
export async function secondFactorOwed(
  db: Database,
  userId: number,
): Promise<MfaRequired | undefined> {
  const factors = await listVerifiedFactors(db, userId);
  if (factors.length === 0) return undefined;
  return {
    required: true,
    current_level: "aal1",
    next_level: "aal2",
    factors: factors.map(({ id, friendly_name, factor_type }) => ({
      id,
      friendly_name,
      factor_type,
    })),
  };
}

/**
 * The level a session of this user should reach (GoTrue's nextLevel): aal2 once any factor is
 * verified, aal1 otherwise.
 */
export async function nextAssuranceLevel(db: Database, userId: number): Promise<Aal> {
  const [row] = await db
    .select({ id: mfaFactors.id })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, "verified")))
    .limit(1);
  return row ? "aal2" : "aal1";
}

/** The methods the session has proven beyond its sign-in, newest first (the token's `amr`). */
export async function listSessionAmr(db: Database, sessionId: string): Promise<AmrEntry[]> {
  const rows = await db
    .select({
      method: sessionAmrClaims.authenticationMethod,
      updatedAt: sessionAmrClaims.updatedAt,
    })
    .from(sessionAmrClaims)
    .where(eq(sessionAmrClaims.sessionId, sessionId))
    .orderBy(desc(sessionAmrClaims.updatedAt));
  return rows.map((row) => ({
    method: row.method,
    timestamp: Math.floor(row.updatedAt.getTime() / 1000),
  }));
}

/** Enrolments of one user take turns, so two at once cannot both pass the limits. */
async function lockUserFactors(tx: Database, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mfa-user:${userId}`}, 0))`);
}

export interface EnrollInput {
  userId: number;
  /** The account name the authenticator app shows. */
  email: string;
  /** The caller's session level: enrolling beside a verified factor needs aal2. */
  sessionAal: string;
  factorType: FactorType;
  friendlyName?: string | undefined;
  issuer?: string | undefined;
  phone?: string | undefined;
}

/**
 * Starts an enrolment: a new unverified factor, its secret and the QR code to scan. It becomes
 * verified (and counts) when a code for it is verified. Phone factors answer
 * `mfa_phone_enroll_not_enabled`: there is no SMS provider.
 */
export async function enrollFactor(
  db: Database,
  settings: MfaSettings,
  input: EnrollInput,
  now = Date.now(),
): Promise<EnrolledTotpFactor> {
  if (input.factorType === "phone") throw PHONE_ENROLL_DISABLED();
  const friendlyName = input.friendlyName?.trim() || null;
  const issuer = input.issuer?.trim() || settings.defaultIssuer;
  const secret = createTotpSecret();
  const uri = totpUri({ secret, issuer, account: input.email });
  const id = randomUUID();
  await inTransaction(db, async (tx) => {
    await lockUserFactors(tx, input.userId);
    // Enrolments never confirmed are dropped once they are 5 minutes old (GoTrue's
    // DeleteExpiredFactors), so an abandoned QR code does not hold a slot or a name.
    await tx
      .delete(mfaFactors)
      .where(
        and(
          eq(mfaFactors.userId, input.userId),
          eq(mfaFactors.status, "unverified"),
          lt(mfaFactors.createdAt, new Date(now - MFA_LIMITS.unverifiedFactorExpirySeconds * 1000)),
        ),
      );
    const existing = await tx
      .select({ friendlyName: mfaFactors.friendlyName, status: mfaFactors.status })
      .from(mfaFactors)
      .where(eq(mfaFactors.userId, input.userId));
    if (friendlyName && existing.some((factor) => factor.friendlyName === friendlyName)) {
      throw new ConflictError(
        `A factor with the friendly name "${friendlyName}" for this user already exists.`,
        { code: "mfa_factor_name_conflict", errors: { friendly_name: ["This name is taken."] } },
      );
    }
    const verified = existing.filter((factor) => factor.status === "verified").length;
    if (existing.length >= MFA_LIMITS.maxFactors || verified >= MFA_LIMITS.maxVerifiedFactors) {
      throw new ConflictError("Maximum number of verified factors reached, unenroll to continue.", {
        code: "too_many_enrolled_mfa_factors",
      });
    }
    if (verified > 0 && input.sessionAal !== "aal2") {
      throw insufficientAal("AAL2 required to enroll a new factor.");
    }
    await tx.insert(mfaFactors).values({
      id,
      userId: input.userId,
      friendlyName,
      factorType: "totp",
      status: "unverified",
      secret: sealFactorSecret(settings.authSecret, id, secret),
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
  });
  // GoTrue answers raw SVG (auth-js adds the data: prefix itself).
  const qrCode = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return {
    id,
    type: "totp",
    friendly_name: friendlyName ?? "",
    totp: { qr_code: qrCode, secret, uri },
  };
}

async function findOwnedFactor(
  db: Database,
  userId: number,
  factorId: string,
  forUpdate = false,
): Promise<FactorRow> {
  if (!UUID.test(factorId)) throw FACTOR_NOT_FOUND();
  const query = db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)))
    .limit(1);
  const [row] = forUpdate ? await query.for("update") : await query;
  // Another user's factor is as unknown as one that never existed (GoTrue FindOwnedFactorByID).
  if (!row) throw FACTOR_NOT_FOUND();
  return row;
}

/** A new challenge for the factor, answered by `verifyFactor` from the same address. */
export async function challengeFactor(
  db: Database,
  input: { userId: number; factorId: string; ip: string },
  now = Date.now(),
): Promise<ChallengeView> {
  const factor = await findOwnedFactor(db, input.userId, input.factorId);
  if (factor.factorType === "phone") throw PHONE_VERIFY_DISABLED();
  await consumeLimit(db, MFA_CHALLENGE_LIMIT, factor.id);
  const id = await inTransaction(db, async (tx) => {
    // Challenges past their 5 minutes can never be answered: they go as new ones come.
    await tx
      .delete(mfaChallenges)
      .where(
        and(
          eq(mfaChallenges.factorId, factor.id),
          lt(mfaChallenges.createdAt, new Date(now - MFA_LIMITS.challengeExpirySeconds * 1000)),
        ),
      );
    const [challenge] = await tx
      .insert(mfaChallenges)
      .values({ factorId: factor.id, ipAddress: input.ip, createdAt: new Date(now) })
      .returning({ id: mfaChallenges.id });
    if (!challenge) throw new Error("challenge insert returned no row");
    await tx
      .update(mfaFactors)
      .set({ lastChallengedAt: new Date(now) })
      .where(eq(mfaFactors.id, factor.id));
    return challenge.id;
  });
  return {
    id,
    type: factor.factorType,
    expires_at: Math.floor(now / 1000) + MFA_LIMITS.challengeExpirySeconds,
  };
}

export interface VerifyInput {
  userId: number;
  /** The session the code raises to aal2. */
  sessionId: string;
  factorId: string;
  challengeId: string;
  code: string;
  ip: string;
}

export interface VerifiedFactor {
  factor: FactorView;
  sessionId: string;
  aal: "aal2";
  /**
   * The session's new refresh token: the ones issued before the code was given are revoked, so a
   * refresh token taken before the second step can never mint aal2 tokens (GoTrue bumps its
   * counter for the same reason).
   */
  refreshToken: string;
  amr: AmrEntry[];
}

/**
 * Checks a code for a challenge. On success, in one transaction: the challenge is used, the factor
 * verified with the code's time step stored (a code counts once), the session raised to aal2 with
 * a `totp` amr claim and a new refresh token, the user's other aal1 sessions revoked and their
 * other unverified TOTP factors removed (GoTrue's verifyTOTPFactor).
 */
export async function verifyFactor(
  db: Database,
  settings: MfaSettings,
  input: VerifyInput,
  now = Date.now(),
): Promise<VerifiedFactor> {
  // Ownership first: a stranger's factor id must not fill that factor's failure count.
  const owned = await findOwnedFactor(db, input.userId, input.factorId);
  if (owned.factorType === "phone") throw PHONE_VERIFY_DISABLED();
  if (!UUID.test(input.challengeId)) throw CHALLENGE_NOT_FOUND();
  const slot = await consumeLimit(db, MFA_VERIFY_LIMIT, owned.id);
  const outcome = await inTransaction(db, async (tx) => {
    const factor = await findOwnedFactor(tx, input.userId, input.factorId, true);
    const [challenge] = await tx
      .select()
      .from(mfaChallenges)
      .where(and(eq(mfaChallenges.id, input.challengeId), eq(mfaChallenges.factorId, factor.id)))
      .limit(1);
    if (!challenge) throw CHALLENGE_NOT_FOUND();
    if (challenge.verifiedAt || challenge.ipAddress !== input.ip) {
      throw new ConflictError("Challenge and verify IP addresses mismatch.", {
        code: "mfa_ip_address_mismatch",
      });
    }
    if (challenge.createdAt.getTime() + MFA_LIMITS.challengeExpirySeconds * 1000 < now) {
      throw new ConflictError(
        "MFA challenge has expired, verify against another challenge or create a new challenge.",
        { code: "mfa_challenge_expired" },
      );
    }
    const secret = factor.secret
      ? openFactorSecret(settings.authSecret, factor.id, factor.secret)
      : undefined;
    // Sealed under another key: AUTH_SECRET changed since enrolment (ADR 014). A server fault.
    if (secret === undefined) throw new Error(`factor ${factor.id}: secret cannot be opened`);
    const check = checkTotpCode({ secret, code: input.code, now, lastStep: factor.lastTotpStep });
    if (!check.ok) return { ok: false as const };
    const [session] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.id, input.sessionId),
          eq(sessions.userId, input.userId),
          isNull(sessions.revokedAt),
        ),
      )
      .for("update")
      .limit(1);
    if (!session) {
      throw new UnauthenticatedError("Your session has ended. Please sign in again.", {
        code: "session_not_found",
      });
    }
    const at = new Date(now);
    await tx
      .update(mfaChallenges)
      .set({ verifiedAt: at })
      .where(eq(mfaChallenges.id, challenge.id));
    const [updated] = await tx
      .update(mfaFactors)
      .set({ status: "verified", lastTotpStep: check.step, updatedAt: at })
      .where(eq(mfaFactors.id, factor.id))
      .returning();
    if (!updated) throw new Error("factor update returned no row");
    await tx
      .insert(sessionAmrClaims)
      .values({
        sessionId: session.id,
        authenticationMethod: "totp",
        factorId: factor.id,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoUpdate({
        target: [sessionAmrClaims.sessionId, sessionAmrClaims.authenticationMethod],
        set: { updatedAt: at, factorId: factor.id },
      });
    // The token's amr (sessions.amr, docs/decisions/013-auth-service.md) leads with the code,
    // newest first, as GoTrue answers it; session_amr_claims keeps the factor it came from.
    const timestamp = Math.floor(at.getTime() / 1000);
    await tx
      .update(sessions)
      .set({
        aal: "aal2",
        amr: sql`jsonb_build_array(jsonb_build_object('method', 'totp', 'timestamp', ${timestamp}::bigint))
          || coalesce((select jsonb_agg(entry) from jsonb_array_elements(${sessions.amr}) entry
                       where entry->>'method' <> 'totp'), '[]'::jsonb)`,
      })
      .where(eq(sessions.id, session.id));
    // A new refresh token for the raised session; every earlier one of it stops working.
    await tx
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.sessionId, session.id), isNull(refreshTokens.revokedAt)));
    const refreshToken = randomToken();
    await tx
      .insert(refreshTokens)
      .values({ sessionId: session.id, tokenHash: sha256(refreshToken) });
    // GoTrue's InvalidateSessionsWithAALLessThan: the user's other password-only sessions end.
    const weaker = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, input.userId),
          eq(sessions.aal, "aal1"),
          ne(sessions.id, session.id),
          isNull(sessions.revokedAt),
        ),
      );
    for (const other of weaker) await revokeSessionIn(tx, other.id, "mfa_verified", now);
    // GoTrue's DeleteUnverifiedFactors: other enrolments left half-done are dropped.
    await tx
      .delete(mfaFactors)
      .where(
        and(
          eq(mfaFactors.userId, input.userId),
          eq(mfaFactors.status, "unverified"),
          ne(mfaFactors.id, factor.id),
        ),
      );
    return { ok: true as const, factor: updated, sessionId: session.id, refreshToken };
  });
  if (!outcome.ok) throw INVALID_CODE();
  await releaseEvent(db, slot);
  await clearEvents(db, MFA_VERIFY_LIMIT, owned.id);
  return {
    factor: viewOf(outcome.factor),
    sessionId: outcome.sessionId,
    aal: "aal2",
    refreshToken: outcome.refreshToken,
    amr: await listSessionAmr(db, outcome.sessionId),
  };
}

const CHALLENGE_NOT_FOUND = () =>
  new NotFoundError("MFA factor with the provided challenge ID not found.", {
    code: "mfa_factor_not_found",
  });

/**
 * Removes a factor. Once the user has a verified factor, only an aal2 session may remove any
 * (issue 12: a stolen password alone cannot switch two-factor off). Sessions the factor raised
 * go back to aal1 (GoTrue's DowngradeSessionsToAAL1).
 */
export async function unenrollFactor(
  db: Database,
  input: { userId: number; sessionAal: string; factorId: string },
): Promise<{ id: string }> {
  return inTransaction(db, async (tx) => {
    await lockUserFactors(tx, input.userId);
    const factor = await findOwnedFactor(tx, input.userId, input.factorId, true);
    if (input.sessionAal !== "aal2" && (await nextAssuranceLevel(tx, input.userId)) === "aal2") {
      throw insufficientAal("AAL2 required to unenroll verified factor.");
    }
    await removeFactorIn(tx, factor.id);
    return { id: factor.id };
  });
}

/** Deletes a factor; the sessions it raised go back to aal1 (GoTrue's DowngradeSessionsToAAL1). */
async function removeFactorIn(tx: Database, factorId: string): Promise<void> {
  const raised = await tx
    .delete(sessionAmrClaims)
    .where(eq(sessionAmrClaims.factorId, factorId))
    .returning({ sessionId: sessionAmrClaims.sessionId });
  const sessionIds = [...new Set(raised.map((claim) => claim.sessionId))];
  if (sessionIds.length > 0) {
    await tx.update(sessions).set({ aal: "aal1" }).where(inArray(sessions.id, sessionIds));
  }
  await tx.delete(mfaFactors).where(eq(mfaFactors.id, factorId));
}

/**
 * An administrator removes a user's factor (GoTrue's `DELETE /admin/users/{id}/factors/{id}`):
 * no assurance check, the deleted factor answered. For a user who lost their phone.
 */
export async function adminDeleteFactor(
  db: Database,
  input: { userId: number; factorId: string },
): Promise<FactorView> {
  return inTransaction(db, async (tx) => {
    await lockUserFactors(tx, input.userId);
    const factor = await findOwnedFactor(tx, input.userId, input.factorId, true);
    await removeFactorIn(tx, factor.id);
    return viewOf(factor);
  });
}
