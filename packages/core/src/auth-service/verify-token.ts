// POST and GET /verify of the auth service (GoTrue's verify.go;
// docs/decisions/013-auth-service.md): uses up an e-mailed code (with its address) or link token,
// through the one-time tokens both doors share (../accounts/one-time-tokens.ts), then finishes the
// flow: confirms the address (sign-up, invite, magic link, recovery) or moves the account to the
// new address (e-mail change).
import { eq } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { users, type OneTimeTokenType } from "@studyatlas/db/schema/accounts.ts";

import { ForbiddenError, ValidationError } from "../errors.ts";
import { consumeOneTimeToken, type OneTimeTokenProof } from "../accounts/one-time-tokens.ts";
import { RATE_LIMITS, consumeLimit, releaseEvent } from "../accounts/rate-limit.ts";
import { findUserByEmail, getUser, markEmailVerified, type UserRow } from "../accounts/users.ts";
import { sqlState } from "../transactions.ts";
import { assertNotBanned } from "./input-rules.ts";

/** The verify types auth-js sends, and the token types each accepts. */
export const VERIFY_TYPES = {
  signup: ["signup"],
  invite: ["invite"],
  magiclink: ["magiclink", "signup"],
  recovery: ["recovery"],
  email_change: ["email_change_new", "email_change_current"],
  email: ["signup", "magiclink", "invite"],
} as const satisfies Record<string, readonly OneTimeTokenType[]>;
export type VerifyType = keyof typeof VERIFY_TYPES;

/** The amr method a verified token signs in with (GoTrue's models/amr.go names). */
const METHOD_OF: Record<
  OneTimeTokenType,
  "email/signup" | "magiclink" | "recovery" | "invite" | "email_change" | "otp"
> = {
  signup: "email/signup",
  magiclink: "magiclink",
  recovery: "recovery",
  invite: "invite",
  email_change_new: "email_change",
  email_change_current: "email_change",
  reauthentication: "otp",
};

const OTP_INVALID = () =>
  new ForbiddenError("Token has expired or is invalid", { code: "otp_expired" });

const EMAIL_EXISTS = () =>
  new ValidationError("A user with this email address has already been registered", {
    code: "email_exists",
  });

export interface VerifiedToken {
  user: UserRow;
  method: (typeof METHOD_OF)[OneTimeTokenType];
  flowStateId: string | null;
}

export interface VerifyInput {
  type: VerifyType;
  tokenHash?: string | undefined;
  code?: string | undefined;
  email?: string | undefined;
}

/**
 * The proof the request gives, and for a code the failure slot it took: wrong codes are counted
 * per address before the check (after ten, even a right one waits) and given back when right.
 */
async function proofOf(
  db: Database,
  input: VerifyInput,
): Promise<{ proof: OneTimeTokenProof; slot?: number }> {
  if (input.tokenHash) return { proof: { tokenHash: input.tokenHash } };
  if (input.code && input.email) {
    const address = input.email.trim().toLowerCase();
    const slot = await consumeLimit(db, RATE_LIMITS.authVerifyAccount, address);
    return { proof: { code: input.code.trim(), address }, slot };
  }
  throw new ValidationError("Verify requires either a token or a token hash", {
    code: "validation_failed",
  });
}

/** Uses up the code or link token and finishes its flow; otp_expired for a wrong one. */
export async function verifyOneTimeToken(
  db: Database,
  input: VerifyInput,
  ip: string,
): Promise<VerifiedToken> {
  await consumeLimit(db, RATE_LIMITS.authVerifyIp, ip);
  const { proof, slot } = await proofOf(db, input);
  const consumed = await consumeOneTimeToken(db, proof, VERIFY_TYPES[input.type]);
  if (!consumed) throw OTP_INVALID();
  if (slot !== undefined) await releaseEvent(db, slot);
  let user = await getUser(db, consumed.userId);
  if (!user) throw OTP_INVALID();
  assertNotBanned(user);
  if (consumed.type === "email_change_new" || consumed.type === "email_change_current") {
    user = await finishEmailChange(db, user, consumed.address);
  } else if (!user.emailVerified) {
    user = await markEmailVerified(db, user.id);
  }
  return { user, method: METHOD_OF[consumed.type], flowStateId: consumed.flowStateId };
}

async function finishEmailChange(db: Database, user: UserRow, address: string): Promise<UserRow> {
  if (!user.emailChange || user.emailChange.toLowerCase() !== address) throw OTP_INVALID();
  const taken = await findUserByEmail(db, user.emailChange);
  if (taken && taken.id !== user.id) throw EMAIL_EXISTS();
  try {
    const [changed] = await db
      .update(users)
      .set({
        email: user.emailChange,
        emailChange: null,
        emailChangeSentAt: null,
        emailVerified: true,
        emailVerifiedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning();
    return changed ?? user;
  } catch (error) {
    if (sqlState(error) === "23505") throw EMAIL_EXISTS();
    throw error;
  }
}
