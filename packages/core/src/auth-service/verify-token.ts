// POST and GET /verify of the auth service (GoTrue's verify.go;
// docs/decisions/013-auth-service.md): uses up an e-mailed code (with its address) or link token,
// through the one-time tokens both doors share (../accounts/one-time-tokens.ts), then finishes the
// flow: confirms the address (sign-up, invite, magic link, recovery) or moves the account to the
// new address (e-mail change).
import { and, eq, sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { users, type OneTimeTokenType } from "@studyatlas/db/schema/accounts.ts";

import { ForbiddenError, ValidationError } from "../errors.ts";
import { emailChangeNoticeMessage } from "../accounts/mail-messages.ts";
import { consumeOneTimeToken, type OneTimeTokenProof } from "../accounts/one-time-tokens.ts";
import { RATE_LIMITS, consumeLimit, releaseEvent } from "../accounts/rate-limit.ts";
import { findUserByEmail, getUser, markEmailVerified, type UserRow } from "../accounts/users.ts";
import { sqlState } from "../transactions.ts";
import { NOTHING, type AuthMailContext, type Deferred } from "./emailed-tokens.ts";
import { limitsOf } from "./gotrue-settings.ts";
import { assertNotBanned } from "./input-rules.ts";
import {
  EMAIL_CHANGE_CURRENT_CONFIRMED,
  EMAIL_CHANGE_NEW_CONFIRMED,
  siteUrlOf,
} from "./own-user.ts";

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
  // Texted codes are verified by phone-verify.ts (ADR 064), never through these types.
  phone_confirmation: "otp",
  phone_change: "otp",
};

const OTP_INVALID = () =>
  new ForbiddenError("Token has expired or is invalid", { code: "otp_expired" });

const EMAIL_EXISTS = () =>
  new ValidationError("A user with this email address has already been registered", {
    code: "email_exists",
  });

/** GoTrue's answer to the first of the two confirmations of a secure e-mail change. */
export const SINGLE_CONFIRMATION_ACCEPTED =
  "Confirmation link accepted. Please proceed to confirm link sent to the other email";

export interface VerifiedToken {
  user: UserRow;
  method: (typeof METHOD_OF)[OneTimeTokenType];
  flowStateId: string | null;
  /** One address of a secure e-mail change confirmed; the other's link is still owed (no session). */
  awaitingOtherAddress: boolean;
  /** Mail to send after the answer (the notice to the old address of a finished change). */
  send: Deferred;
}

/** What verifying needs of the server: the mailer, the site and the e-mail change setting. */
export type VerifyContext = Pick<
  AuthMailContext,
  "mailer" | "authBaseUrl" | "secureEmailChange" | "gotrue"
>;

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
  context: VerifyContext,
): Promise<VerifiedToken> {
  await consumeLimit(db, limitsOf(context.gotrue).verify, ip);
  const { proof, slot } = await proofOf(db, input);
  const consumed = await consumeOneTimeToken(db, proof, VERIFY_TYPES[input.type]);
  if (!consumed) throw OTP_INVALID();
  if (slot !== undefined) await releaseEvent(db, slot);
  let user = await getUser(db, consumed.userId);
  if (!user) throw OTP_INVALID();
  assertNotBanned(user);
  const method = METHOD_OF[consumed.type];
  if (consumed.type === "email_change_new" || consumed.type === "email_change_current") {
    const change = await confirmEmailChange(db, user, consumed, context);
    return { ...change, method, flowStateId: consumed.flowStateId };
  }
  if (!user.emailVerified) user = await markEmailVerified(db, user.id);
  return {
    user,
    method,
    flowStateId: consumed.flowStateId,
    awaitingOtherAddress: false,
    send: NOTHING,
  };
}

/**
 * Records which address confirmed (one UPDATE, so two confirmations at once both count) and moves
 * the account once every address the change needs has: both with secure e-mail change (GoTrue's
 * emailChangeVerify), the new one without. The old address is then told.
 */
async function confirmEmailChange(
  db: Database,
  user: UserRow,
  consumed: { type: OneTimeTokenType; address: string },
  context: VerifyContext,
): Promise<{ user: UserRow; awaitingOtherAddress: boolean; send: Deferred }> {
  const current = consumed.type === "email_change_current";
  const expected = current ? user.email : user.emailChange;
  if (!user.emailChange || expected?.toLowerCase() !== consumed.address) throw OTP_INVALID();
  const side = current ? EMAIL_CHANGE_CURRENT_CONFIRMED : EMAIL_CHANGE_NEW_CONFIRMED;
  const [confirmed] = await db
    .update(users)
    .set({
      emailChangeConfirmStatus: sql`${users.emailChangeConfirmStatus} | ${side}::smallint`,
    })
    .where(and(eq(users.id, user.id), eq(users.emailChange, user.emailChange)))
    .returning();
  if (!confirmed) throw OTP_INVALID();
  // An anonymous user has no address yet (ADR 062): only the new one can confirm.
  const needed =
    (context.secureEmailChange ?? true) && user.email !== ""
      ? EMAIL_CHANGE_CURRENT_CONFIRMED | EMAIL_CHANGE_NEW_CONFIRMED
      : EMAIL_CHANGE_NEW_CONFIRMED;
  if ((confirmed.emailChangeConfirmStatus & needed) !== needed) {
    return { user: confirmed, awaitingOtherAddress: true, send: NOTHING };
  }
  const changed = await finishEmailChange(db, confirmed);
  const oldAddress = user.email;
  const send: Deferred =
    changed.email === oldAddress || oldAddress === ""
      ? NOTHING
      : async () => {
          await context.mailer.send(
            emailChangeNoticeMessage(oldAddress, changed.email, "changed", siteUrlOf(context)),
          );
        };
  return { user: changed, awaitingOtherAddress: false, send };
}

/** Moves the account to its confirmed new address; an anonymous user becomes a permanent one. */
async function finishEmailChange(db: Database, user: UserRow): Promise<UserRow> {
  if (!user.emailChange) return user;
  const taken = await findUserByEmail(db, user.emailChange);
  if (taken && taken.id !== user.id) throw EMAIL_EXISTS();
  try {
    const [changed] = await db
      .update(users)
      .set({
        email: user.emailChange,
        emailChange: null,
        emailChangeSentAt: null,
        emailChangeConfirmStatus: 0,
        emailVerified: true,
        emailVerifiedAt: new Date(),
        isAnonymous: false,
        updatedAt: new Date(),
      })
      // Two confirmations finishing at once: the first moves the account, the second finds it moved.
      .where(and(eq(users.id, user.id), eq(users.emailChange, user.emailChange)))
      .returning();
    return changed ?? (await getUser(db, user.id)) ?? user;
  } catch (error) {
    if (sqlState(error) === "23505") throw EMAIL_EXISTS();
    throw error;
  }
}
