// Two-factor recovery codes (docs/decisions/050-recovery-codes-and-real-names.md): ten codes,
// shown once when two-factor is turned on and again each time they are renewed (which takes a
// fresh authenticator code), each good for one sign-in in place of the authenticator's code.
// They are a product feature of our own sign-in; the /auth/v1 MFA API stays GoTrue's.
// Only a keyed hash of a code is stored; spending one is a single conditional UPDATE, so of
// any number of concurrent uses of one code exactly one succeeds.
import { createHmac, randomInt } from "node:crypto";

import { and, count, eq, isNull } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { mfaFactors, mfaRecoveryCodes } from "@studyatlas/db/schema/mfa.ts";
import { MFA_MESSAGES, RECOVERY_CODE_COUNT } from "@studyatlas/schemas/mfa.ts";

import { NotFoundError, ValidationError } from "../errors.ts";
import { inTransaction } from "../transactions.ts";
import {
  insufficientAal,
  listSessionAmr,
  lockUserFactors,
  type AmrEntry,
  type MfaSettings,
} from "./mfa.ts";
import { openFactorSecret } from "./mfa-secret.ts";
import {
  INVALID_CODE_MESSAGE,
  MFA_VERIFY_LIMIT,
  dropWeakerAccess,
  lockSession,
  raiseSession,
} from "./mfa-verification.ts";
import { clearEvents, consumeLimit, releaseEvent, type RateLimitRule } from "./rate-limit.ts";
import { checkTotpCode } from "./totp.ts";

/** Crockford's base32 without I, L, O, U: nothing to misread on paper. */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
/** Ten characters of 32: 50 bits a code, shown as two groups of five ("k3m9q-7xw2d"). */
const CODE_LENGTH = 10;

/**
 * Wrong recovery codes per user: the 6th within 15 minutes answers 429, like wrong authenticator
 * codes (ADR 014). With 50 bits a code that alone makes guessing hopeless.
 */
export const RECOVERY_CODE_LIMIT: RateLimitRule = {
  name: "mfa-recovery-code",
  max: 5,
  windowMs: 15 * 60_000,
  message: "Too many wrong codes. Please wait 15 minutes and try again.",
};

const WRONG_RECOVERY_CODE = () =>
  new ValidationError(MFA_MESSAGES.wrongRecoveryCode, {
    code: "recovery_code_invalid",
    errors: { code: [MFA_MESSAGES.wrongRecoveryCode] },
  });

const NO_FACTOR = () =>
  new NotFoundError("Two-factor authentication is not turned on for this account.", {
    code: "mfa_factor_not_found",
  });

/** A new code, as the user is shown it. */
function newCode(): string {
  let code = "";
  for (let index = 0; index < CODE_LENGTH; index++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The code as typed, reduced to what is hashed: case, spaces and hyphens do not matter. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]+/g, "");
}

/**
 * The stored form: HMAC-SHA256 under a key derived from the access-token key, bound to the
 * user. A copy of the table alone cannot be tested against guesses, nor moved to another user.
 */
export function hashRecoveryCode(authSecret: string, userId: number, typed: string): string {
  const key = createHmac("sha256", authSecret).update("mfa-recovery-codes").digest();
  return createHmac("sha256", key)
    .update(`${userId}:${normaliseRecoveryCode(typed)}`)
    .digest("hex");
}

/** Unused codes left. */
export async function countRecoveryCodes(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ remaining: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return Number(row?.remaining ?? 0);
}

/** What settings show: whether a set was issued, and how many codes are left. */
export async function recoveryCodeStatus(
  db: Database,
  userId: number,
): Promise<{ issued: boolean; remaining: number }> {
  return {
    issued: await hasIssuedCodes(db, userId),
    remaining: await countRecoveryCodes(db, userId),
  };
}

/** Whether codes were ever issued since two-factor was turned on (used ones included). */
async function hasIssuedCodes(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: mfaRecoveryCodes.id })
    .from(mfaRecoveryCodes)
    .where(eq(mfaRecoveryCodes.userId, userId))
    .limit(1);
  return row !== undefined;
}

async function verifiedFactorOf(db: Database, userId: number, forUpdate = false) {
  const query = db
    .select()
    .from(mfaFactors)
    .where(
      and(
        eq(mfaFactors.userId, userId),
        eq(mfaFactors.status, "verified"),
        eq(mfaFactors.factorType, "totp"),
      ),
    )
    .orderBy(mfaFactors.createdAt)
    .limit(1);
  const [factor] = forUpdate ? await query.for("update") : await query;
  return factor;
}

/** Called when a factor is removed: with no verified factor left, the codes go too. */
export async function forgetRecoveryCodesIfNoFactor(tx: Database, userId: number): Promise<void> {
  const [left] = await tx
    .select({ id: mfaFactors.id })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, "verified")))
    .limit(1);
  if (!left) await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}

export interface IssueInput {
  userId: number;
  /** The caller's session level: codes are issued to an aal2 session only. */
  sessionAal: string;
  /**
   * A fresh authenticator code. Not needed for the first set after two-factor is turned on (the
   * enrolment's own code just raised the session); needed to renew, so that a session left open
   * cannot silently replace the codes the user keeps.
   */
  code?: string;
}

/**
 * A new set of ten codes, replacing every earlier one (used or not); answered once, in plain
 * text, and never again.
 */
export async function issueRecoveryCodes(
  db: Database,
  settings: Pick<MfaSettings, "authSecret">,
  input: IssueInput,
  now = Date.now(),
): Promise<string[]> {
  if (input.sessionAal !== "aal2") {
    throw insufficientAal("AAL2 required to create recovery codes.");
  }
  const factor = await verifiedFactorOf(db, input.userId);
  if (!factor) throw NO_FACTOR();
  const renewing = await hasIssuedCodes(db, input.userId);
  if (renewing && !input.code) {
    throw new ValidationError(MFA_MESSAGES.codeRequired, {
      code: "mfa_code_required",
      errors: { code: [MFA_MESSAGES.codeRequired] },
    });
  }
  const slot = renewing ? await consumeLimit(db, MFA_VERIFY_LIMIT, factor.id) : undefined;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const outcome = await inTransaction(db, async (tx) => {
    await lockUserFactors(tx, input.userId);
    const locked = await verifiedFactorOf(tx, input.userId, true);
    if (!locked) throw NO_FACTOR();
    // Decided again under the lock: two first sets at once give one of them, then a code is owed.
    if (await hasIssuedCodes(tx, input.userId)) {
      if (!input.code) return "code_required" as const;
      const secret = locked.secret
        ? openFactorSecret(settings.authSecret, locked.id, locked.secret)
        : undefined;
      if (secret === undefined) throw new Error(`factor ${locked.id}: secret cannot be opened`);
      const check = checkTotpCode({ secret, code: input.code, now, lastStep: locked.lastTotpStep });
      if (!check.ok) return check.reason;
      await tx
        .update(mfaFactors)
        .set({ lastTotpStep: check.step, updatedAt: new Date(now) })
        .where(eq(mfaFactors.id, locked.id));
    }
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, input.userId));
    await tx.insert(mfaRecoveryCodes).values(
      codes.map((code) => ({
        userId: input.userId,
        codeHash: hashRecoveryCode(settings.authSecret, input.userId, code),
        createdAt: new Date(now),
      })),
    );
    return "issued" as const;
  });
  if (outcome === "code_required") {
    throw new ValidationError(MFA_MESSAGES.codeRequired, {
      code: "mfa_code_required",
      errors: { code: [MFA_MESSAGES.codeRequired] },
    });
  }
  if (outcome !== "issued") {
    throw new ValidationError(INVALID_CODE_MESSAGE, {
      code: "mfa_verification_failed",
      errors: {
        code: [outcome === "reused" ? MFA_MESSAGES.codeAlreadyUsed : INVALID_CODE_MESSAGE],
      },
    });
  }
  if (slot !== undefined) {
    await releaseEvent(db, slot);
    await clearEvents(db, MFA_VERIFY_LIMIT, factor.id);
  }
  return codes;
}

export interface RecoverySignIn {
  sessionId: string;
  aal: "aal2";
  refreshToken: string;
  amr: AmrEntry[];
  /** Unused codes left after this one. */
  remaining: number;
}

/**
 * The second step of a sign-in with a recovery code instead of the authenticator's: the code is
 * spent, and the session raised to aal2 exactly as a right TOTP code raises it (a new refresh
 * token, the user's other aal1 sessions ended), with a `recovery_code` amr claim.
 */
export async function signInWithRecoveryCode(
  db: Database,
  settings: Pick<MfaSettings, "authSecret">,
  input: { userId: number; sessionId: string; code: string },
  now = Date.now(),
): Promise<RecoverySignIn> {
  const factor = await verifiedFactorOf(db, input.userId);
  if (!factor) throw NO_FACTOR();
  const failures = String(input.userId);
  const slot = await consumeLimit(db, RECOVERY_CODE_LIMIT, failures);
  const hash = hashRecoveryCode(settings.authSecret, input.userId, input.code);
  const refreshToken = await inTransaction(db, async (tx) => {
    const at = new Date(now);
    // The factor first, then the session, in the order a TOTP code's verification takes them: of
    // concurrent sign-ins, each waits here holding nothing the winner's session changes need (the
    // winner ends the user's other password-only sessions), so none deadlocks.
    if (!(await verifiedFactorOf(tx, input.userId, true))) throw NO_FACTOR();
    await lockSession(tx, input);
    // One statement decides: of concurrent uses of one code, only one finds it unused.
    const [spent] = await tx
      .update(mfaRecoveryCodes)
      .set({ usedAt: at })
      .where(
        and(
          eq(mfaRecoveryCodes.userId, input.userId),
          eq(mfaRecoveryCodes.codeHash, hash),
          isNull(mfaRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: mfaRecoveryCodes.id });
    if (!spent) return undefined;
    const token = await raiseSession(tx, input.sessionId, factor.id, at, "recovery_code");
    await dropWeakerAccess(tx, input, factor.id, now);
    return token;
  });
  if (refreshToken === undefined) throw WRONG_RECOVERY_CODE();
  await releaseEvent(db, slot);
  await clearEvents(db, RECOVERY_CODE_LIMIT, failures);
  return {
    sessionId: input.sessionId,
    aal: "aal2",
    refreshToken,
    amr: await listSessionAmr(db, input.sessionId),
    remaining: await countRecoveryCodes(db, input.userId),
  };
}
