// Challenging a two-factor factor and verifying its code (docs/decisions/014-two-factor.md;
// GoTrue's internal/api/mfa.go ChallengeFactor and VerifyFactor). A right code raises the session
// to aal2; a code counts once, and wrong codes are limited per factor.
import { and, eq, isNull, lt, ne, sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { refreshTokens, sessions } from "@studyatlas/db/schema/accounts.ts";
import { mfaChallenges, mfaFactors, sessionAmrClaims } from "@studyatlas/db/schema/mfa.ts";

import { ConflictError, NotFoundError, UnauthenticatedError, ValidationError } from "../errors.ts";
import { inTransaction } from "../transactions.ts";
import {
  MFA_LIMITS,
  PHONE_VERIFY_DISABLED,
  UUID,
  findOwnedFactor,
  listSessionAmr,
  viewOf,
  type AmrEntry,
  type FactorRow,
  type FactorView,
  type MfaSettings,
} from "./mfa.ts";
import type { FactorType } from "@studyatlas/db/schema/mfa.ts";
import { MFA_MESSAGES } from "@studyatlas/schemas/mfa.ts";
import { openFactorSecret } from "./mfa-secret.ts";
import { clearEvents, consumeLimit, releaseEvent, type RateLimitRule } from "./rate-limit.ts";
import { randomToken, sha256 } from "./secrets.ts";
import { revokeSessionIn } from "./sessions.ts";
import { checkTotpCode } from "./totp.ts";

/**
 * Wrong codes per factor: the 6th within 15 minutes answers 429 (ADR 014). Checked and counted
 * before the code is, so parallel guesses cannot overrun it; a right code gives its slot back and
 * clears the count. With one code in a million and three steps accepted, that is at most 480
 * guesses a day: a 0.14 % chance a day for someone who already has the password.
 */
export const MFA_VERIFY_LIMIT: RateLimitRule = {
  name: "mfa-verify-factor",
  max: 5,
  windowMs: 15 * 60_000,
  message: "Too many wrong codes. Please wait 15 minutes and try again.",
};

/**
 * Challenges per factor: GoTrue's MFA limiter (15 a minute), kept per factor rather than per
 * address.
 */
export const MFA_CHALLENGE_LIMIT: RateLimitRule = {
  name: "mfa-challenge-factor",
  max: 15,
  windowMs: 60_000,
  message: "Too many attempts. Please wait a minute and try again.",
};

/** The code in GoTrue's message too, because auth-js's tests look for "Invalid TOTP code". */
export const INVALID_CODE_MESSAGE = "Invalid TOTP code entered";

const INVALID_CODE = () =>
  new ValidationError(INVALID_CODE_MESSAGE, {
    code: "mfa_verification_failed",
    errors: { code: [INVALID_CODE_MESSAGE] },
  });

/**
 * A right code whose time step was already accepted (docs/decisions/014-two-factor.md: a code
 * counts once). The code and message stay GoTrue's for its clients; `errors.code` tells our own
 * forms to say the code was used rather than wrong.
 */
const REUSED_CODE = () =>
  new ValidationError(INVALID_CODE_MESSAGE, {
    code: "mfa_verification_failed",
    errors: { code: [MFA_MESSAGES.codeAlreadyUsed] },
  });

/** A security key answers a WebAuthn ceremony (mfa-webauthn.ts), never a code. */
const NOT_A_CODE_FACTOR = () =>
  new ValidationError("This factor is a security key: verify it with WebAuthn.", {
    code: "validation_failed",
  });

const CHALLENGE_NOT_FOUND = () =>
  new NotFoundError("MFA factor with the provided challenge ID not found.", {
    code: "mfa_factor_not_found",
  });

export interface ChallengeView {
  id: string;
  type: FactorType;
  /** Unix seconds. */
  expires_at: number;
}

/** A new challenge for the factor, answered by `verifyFactor` from the same address. */
export async function challengeFactor(
  db: Database,
  input: { userId: number; factorId: string; ip: string },
  now = Date.now(),
): Promise<ChallengeView> {
  const factor = await findOwnedFactor(db, input.userId, input.factorId);
  if (factor.factorType === "phone") throw PHONE_VERIFY_DISABLED();
  if (factor.factorType === "webauthn") throw NOT_A_CODE_FACTOR();
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
  /**
   * A known device's own count of wrong codes (docs/decisions/039-auth-service-api-clients.md);
   * without it, wrong codes count per factor, whoever sends them.
   */
  failureScope?: string;
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
 * The challenge (same address, unused, not expired) and the code, with the factor locked;
 * the accepted time step when the code is right, else why it was refused.
 */
async function checkCode(
  tx: Database,
  settings: MfaSettings,
  input: VerifyInput,
  now: number,
): Promise<{ factor: FactorRow; challengeId: string; step: number } | "invalid" | "reused"> {
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
  return check.ok ? { factor, challengeId: challenge.id, step: check.step } : check.reason;
}

/** The caller's session, locked; it must still be live. */
export async function lockSession(
  tx: Database,
  input: Pick<VerifyInput, "userId" | "sessionId">,
): Promise<string> {
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
  return session.id;
}

/**
 * The session becomes aal2 with a `totp` amr claim (session_amr_claims keeps the factor it came
 * from; the token's amr in sessions.amr leads with the code, newest first, as GoTrue answers it,
 * docs/decisions/013-auth-service.md) and a new refresh token replacing every earlier one.
 */
export async function raiseSession(
  tx: Database,
  sessionId: string,
  factorId: string,
  at: Date,
  /** `recovery_code` when a recovery code stood in for the factor (ADR 050). */
  method: "totp" | "recovery_code" | "webauthn" | "mfa/phone" = "totp",
): Promise<string> {
  await tx
    .insert(sessionAmrClaims)
    .values({ sessionId, authenticationMethod: method, factorId, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [sessionAmrClaims.sessionId, sessionAmrClaims.authenticationMethod],
      set: { updatedAt: at, factorId },
    });
  const timestamp = Math.floor(at.getTime() / 1000);
  await tx
    .update(sessions)
    .set({
      aal: "aal2",
      amr: sql`jsonb_build_array(jsonb_build_object('method', ${method}::text, 'timestamp', ${timestamp}::bigint))
          || coalesce((select jsonb_agg(entry) from jsonb_array_elements(${sessions.amr}) entry
                       where entry->>'method' <> ${method}::text), '[]'::jsonb)`,
    })
    .where(eq(sessions.id, sessionId));
  await tx
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt)));
  const refreshToken = randomToken();
  await tx.insert(refreshTokens).values({ sessionId, tokenHash: sha256(refreshToken) });
  return refreshToken;
}

/**
 * GoTrue's InvalidateSessionsWithAALLessThan and DeleteUnverifiedFactors: the user's other
 * password-only sessions end, and other enrolments left half-done are dropped.
 */
export async function dropWeakerAccess(
  tx: Database,
  input: Pick<VerifyInput, "userId" | "sessionId">,
  factorId: string,
  now: number,
): Promise<void> {
  const weaker = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, input.userId),
        eq(sessions.aal, "aal1"),
        ne(sessions.id, input.sessionId),
        isNull(sessions.revokedAt),
      ),
    );
  for (const other of weaker) await revokeSessionIn(tx, other.id, "mfa_verified", now);
  await tx
    .delete(mfaFactors)
    .where(
      and(
        eq(mfaFactors.userId, input.userId),
        eq(mfaFactors.status, "unverified"),
        ne(mfaFactors.id, factorId),
      ),
    );
}

/** A right code, in one transaction: challenge used, factor verified, session raised. */
async function verifyInTransaction(
  tx: Database,
  settings: MfaSettings,
  input: VerifyInput,
  now: number,
): Promise<{ factor: FactorRow; sessionId: string; refreshToken: string } | "invalid" | "reused"> {
  const checked = await checkCode(tx, settings, input, now);
  if (typeof checked === "string") return checked;
  const sessionId = await lockSession(tx, input);
  const at = new Date(now);
  await tx
    .update(mfaChallenges)
    .set({ verifiedAt: at })
    .where(eq(mfaChallenges.id, checked.challengeId));
  // The accepted step is stored: a code of that step or an earlier one is refused from now on.
  const [factor] = await tx
    .update(mfaFactors)
    .set({ status: "verified", lastTotpStep: checked.step, updatedAt: at })
    .where(eq(mfaFactors.id, checked.factor.id))
    .returning();
  if (!factor) throw new Error("factor update returned no row");
  const refreshToken = await raiseSession(tx, sessionId, factor.id, at);
  await dropWeakerAccess(tx, input, factor.id, now);
  return { factor, sessionId, refreshToken };
}

/** A code's verification, counted as a failure before it is checked (given back when right). */
export interface VerifyAttempt {
  slot: number;
  failures: string;
}

/**
 * Counts one try against the factor's failures (per `failureScope`, the client, when given) before
 * the code is checked: ten wrong codes and even a right one waits.
 */
export async function countVerifyAttempt(
  db: Database,
  factorId: string,
  failureScope: string | undefined,
): Promise<VerifyAttempt> {
  const failures = failureScope ? `${factorId}:${failureScope}` : factorId;
  return { slot: await consumeLimit(db, MFA_VERIFY_LIMIT, failures), failures };
}

/** A right code: its try and the factor's failures are cleared; the raised session answered. */
export async function verifiedAnswer(
  db: Database,
  attempt: VerifyAttempt,
  verified: { factor: FactorRow; sessionId: string; refreshToken: string },
): Promise<VerifiedFactor> {
  await releaseEvent(db, attempt.slot);
  await clearEvents(db, MFA_VERIFY_LIMIT, attempt.failures);
  return {
    factor: viewOf(verified.factor),
    sessionId: verified.sessionId,
    aal: "aal2",
    refreshToken: verified.refreshToken,
    amr: await listSessionAmr(db, verified.sessionId),
  };
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
  if (owned.factorType === "webauthn") throw NOT_A_CODE_FACTOR();
  if (!UUID.test(input.challengeId)) throw CHALLENGE_NOT_FOUND();
  const attempt = await countVerifyAttempt(db, owned.id, input.failureScope);
  const verified = await inTransaction(db, (tx) => verifyInTransaction(tx, settings, input, now));
  if (verified === "reused") throw REUSED_CODE();
  if (verified === "invalid") throw INVALID_CODE();
  return verifiedAnswer(db, attempt, verified);
}
