// Phone numbers as a second factor (GoTrue's mfa.go enrollPhoneFactor, challengePhoneFactor and
// verifyPhoneFactor; docs/decisions/064-phones-and-sms-codes.md). Enrolment makes an unverified
// factor for a number; each challenge texts a code (GOTRUE_MFA_PHONE_TEMPLATE, one text per
// factor per GOTRUE_MFA_PHONE_MAX_FREQUENCY) and keeps only its hash, bound to the challenge; the
// right code, once, from the same address within 5 minutes, raises the session to aal2 as a TOTP
// code does (mfa-verification.ts), with GoTrue's `mfa/phone` amr claim. Wrong codes count per
// factor as TOTP codes do.
import { randomUUID } from "node:crypto";

import { and, eq, isNull, lt } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { mfaChallenges, mfaFactors } from "@studyatlas/db/schema/mfa.ts";

import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { inTransaction } from "../transactions.ts";
import { textCode } from "../auth-service/phone-codes.ts";
import {
  INVALID_PHONE_MESSAGE,
  channelOf,
  normalisePhone,
  type SmsSettings,
} from "../auth-service/sms-settings.ts";
import { MFA_LIMITS, UUID, findOwnedFactor, lockUserFactors } from "./mfa.ts";
import { assertMayEnroll } from "./mfa-enrolment.ts";
import {
  MFA_CHALLENGE_LIMIT,
  countVerifyAttempt,
  dropWeakerAccess,
  lockSession,
  raiseSession,
  verifiedAnswer,
  type VerifiedFactor,
} from "./mfa-verification.ts";
import { consumeLimit } from "./rate-limit.ts";
import { safeEqual, sha256 } from "./secrets.ts";

const ENROLL_DISABLED = () =>
  new ValidationError("MFA enroll is disabled for Phone", { code: "mfa_phone_enroll_not_enabled" });
const VERIFY_DISABLED = () =>
  new ValidationError("MFA verification is disabled for Phone", {
    code: "mfa_phone_verify_not_enabled",
  });
const CHALLENGE_NOT_FOUND = () =>
  new NotFoundError("MFA factor with the provided challenge ID not found.", {
    code: "mfa_factor_not_found",
  });
const INVALID_CODE = () =>
  new ValidationError("Invalid MFA Phone code entered", { code: "mfa_verification_failed" });

/** The stored form of a challenge's code: bound to the challenge, so it answers no other. */
function codeHashOf(challengeId: string, code: string): string {
  return sha256(`mfa-phone:${challengeId}:${code}`);
}

export interface EnrolledPhoneFactor {
  id: string;
  type: "phone";
  friendly_name: string;
  phone: string;
}

/**
 * POST /factors with factor_type phone: an unverified factor for the number. The same number
 * already verified is 422 mfa_verified_factor_exists; an unverified one for it is replaced.
 */
export async function enrollPhoneFactor(
  db: Database,
  settings: SmsSettings,
  input: {
    userId: number;
    sessionAal: string;
    phone?: string | undefined;
    friendlyName?: string | undefined;
  },
  now = Date.now(),
): Promise<EnrolledPhoneFactor> {
  if (!settings.mfa.enrollEnabled) throw ENROLL_DISABLED();
  if (!input.phone) {
    throw new ValidationError("Phone number required to enroll Phone factor", {
      code: "validation_failed",
    });
  }
  const phone = normalisePhone(input.phone);
  if (!phone) throw new ValidationError(INVALID_PHONE_MESSAGE, { code: "validation_failed" });
  const friendlyName = input.friendlyName?.trim() || null;
  const id = randomUUID();
  await inTransaction(db, async (tx) => {
    await lockUserFactors(tx, input.userId);
    const same = await tx
      .select({ id: mfaFactors.id, status: mfaFactors.status })
      .from(mfaFactors)
      .where(
        and(
          eq(mfaFactors.userId, input.userId),
          eq(mfaFactors.factorType, "phone"),
          eq(mfaFactors.phone, phone),
        ),
      );
    if (same.some((factor) => factor.status === "verified")) {
      throw new ValidationError(
        "A verified phone factor already exists, unenroll the existing factor to continue",
        { code: "mfa_verified_factor_exists" },
      );
    }
    for (const factor of same) await tx.delete(mfaFactors).where(eq(mfaFactors.id, factor.id));
    await assertMayEnroll(tx, input, friendlyName, now);
    await tx.insert(mfaFactors).values({
      id,
      userId: input.userId,
      friendlyName,
      factorType: "phone",
      status: "unverified",
      phone,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
  });
  return { id, type: "phone", friendly_name: friendlyName ?? "", phone: input.phone };
}

/** A challenge for a phone factor: its code texted to the factor's number. */
export async function challengePhoneFactor(
  db: Database,
  settings: SmsSettings,
  input: { userId: number; factorId: string; ip: string; channel?: string | undefined },
  now = Date.now(),
): Promise<{ id: string; type: "phone"; expires_at: number }> {
  if (!settings.mfa.verifyEnabled) throw VERIFY_DISABLED();
  const channel = channelOf(input.channel);
  const factor = await findOwnedFactor(db, input.userId, input.factorId);
  if (!factor.phone) throw VERIFY_DISABLED();
  await consumeLimit(db, MFA_CHALLENGE_LIMIT, factor.id);
  const id = randomUUID();
  const { code } = await textCode(
    db,
    settings,
    {
      kind: "mfa",
      phone: factor.phone,
      channel,
      frequencyKey: `mfa:${factor.id}`,
      frequencyMs: settings.mfa.maxFrequencyMs,
      otpLength: settings.mfa.otpLength,
      template: settings.mfa.template,
      useTestOtp: false,
    },
    now,
  );
  await inTransaction(db, async (tx) => {
    await tx
      .delete(mfaChallenges)
      .where(
        and(
          eq(mfaChallenges.factorId, factor.id),
          lt(mfaChallenges.createdAt, new Date(now - MFA_LIMITS.challengeExpirySeconds * 1000)),
        ),
      );
    await tx.insert(mfaChallenges).values({
      id,
      factorId: factor.id,
      ipAddress: input.ip,
      createdAt: new Date(now),
      otpCodeHash: codeHashOf(id, code),
    });
    await tx
      .update(mfaFactors)
      .set({ lastChallengedAt: new Date(now) })
      .where(eq(mfaFactors.id, factor.id));
  });
  return {
    id,
    type: "phone",
    expires_at: Math.floor(now / 1000) + MFA_LIMITS.challengeExpirySeconds,
  };
}

export interface PhoneVerifyInput {
  userId: number;
  sessionId: string;
  factorId: string;
  challengeId: string;
  code: string;
  ip: string;
  /** A known device's own count of wrong codes (ADR 039). */
  failureScope?: string | undefined;
}

/** The challenge taken (marked used) if the code is right; "invalid" if it is not. */
async function takeChallenge(tx: Database, input: PhoneVerifyInput, factorId: string, now: number) {
  const [challenge] = await tx
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.id, input.challengeId), eq(mfaChallenges.factorId, factorId)))
    .limit(1);
  if (!challenge?.otpCodeHash) throw CHALLENGE_NOT_FOUND();
  const mismatch = () =>
    new ConflictError("Challenge and verify IP addresses mismatch.", {
      code: "mfa_ip_address_mismatch",
    });
  if (challenge.verifiedAt || challenge.ipAddress !== input.ip) throw mismatch();
  if (challenge.createdAt.getTime() + MFA_LIMITS.challengeExpirySeconds * 1000 < now) {
    throw new ConflictError(
      "MFA challenge has expired, verify against another challenge or create a new challenge.",
      { code: "mfa_challenge_expired" },
    );
  }
  if (!safeEqual(codeHashOf(challenge.id, input.code.trim()), challenge.otpCodeHash)) {
    return "invalid" as const;
  }
  // One UPDATE uses it: of two right answers at once, exactly one wins.
  const [used] = await tx
    .update(mfaChallenges)
    .set({ verifiedAt: new Date(now) })
    .where(and(eq(mfaChallenges.id, challenge.id), isNull(mfaChallenges.verifiedAt)))
    .returning({ id: mfaChallenges.id });
  if (!used) throw mismatch();
  return challenge.id;
}

/** The code of a phone challenge: the session becomes aal2, the factor verified. */
export async function verifyPhoneFactor(
  db: Database,
  settings: SmsSettings,
  input: PhoneVerifyInput,
  now = Date.now(),
): Promise<VerifiedFactor> {
  if (!settings.mfa.verifyEnabled) throw VERIFY_DISABLED();
  const owned = await findOwnedFactor(db, input.userId, input.factorId);
  if (!UUID.test(input.challengeId)) throw CHALLENGE_NOT_FOUND();
  const attempt = await countVerifyAttempt(db, owned.id, input.failureScope);
  const verified = await inTransaction(db, async (tx) => {
    await lockUserFactors(tx, input.userId);
    const factor = await findOwnedFactor(tx, input.userId, input.factorId, true);
    const taken = await takeChallenge(tx, input, factor.id, now);
    if (taken === "invalid") return undefined;
    const sessionId = await lockSession(tx, input);
    const at = new Date(now);
    const [row] = await tx
      .update(mfaFactors)
      .set({ status: "verified", updatedAt: at })
      .where(eq(mfaFactors.id, factor.id))
      .returning();
    if (!row) throw new Error("factor update returned no row");
    const refreshToken = await raiseSession(tx, sessionId, factor.id, at, "mfa/phone");
    await dropWeakerAccess(tx, input, factor.id, now);
    return { factor: row, sessionId, refreshToken };
  });
  if (!verified) throw INVALID_CODE();
  return verifiedAnswer(db, attempt, verified);
}
