// Signing up and in with a phone number (GoTrue's signup.go, otp.go SmsOtp, resend.go, token.go
// and user.go for phones; docs/decisions/064-phones-and-sms-codes.md). Every flow is refused with
// phone_provider_disabled unless GOTRUE_EXTERNAL_PHONE_ENABLED; a code is texted (phone-codes.ts)
// before the answer, as GoTrue does, so a provider's refusal is the caller's 422 sms_send_failed.
// A phone-only user has `email` '' and a `phone` identity.
import { and, eq, isNull } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { users } from "@studyatlas/db/schema/accounts.ts";

import { UnauthenticatedError, ValidationError } from "../errors.ts";
import { MESSAGES } from "@studyatlas/schemas/account-rules.ts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../accounts/passwords.ts";
import { RATE_LIMITS, clearEvents, consumeLimit, releaseEvent } from "../accounts/rate-limit.ts";
import {
  PHONE_TAKEN,
  createUser,
  findUserByPhone,
  getUser,
  type UserRow,
} from "../accounts/users.ts";
import { sqlState } from "../transactions.ts";
import { authUserOf, decoyUserOf, type AuthUser } from "./auth-user.ts";
import type { GoTrueSettings } from "./gotrue-settings.ts";
import { limitsOf } from "./gotrue-settings.ts";
import { assertNotBanned, assertStrongPassword, namesOf } from "./input-rules.ts";
import { assertPhonesEnabled, sendPhoneCode } from "./phone-codes.ts";
import { assertPhone, channelOf, formatPhoneNumber } from "./sms-settings.ts";
import { assertSignUpsOpen, nextUserIdGuess } from "./sign-up.ts";

export interface PhoneContext {
  /** The client address the per-address limits count. */
  ip: string;
  gotrue?: GoTrueSettings | undefined;
}

const USER_ALREADY_EXISTS = () =>
  new ValidationError("User already registered", { code: "user_already_exists" });

/** A new phone user (email ''), or undefined when the number was taken meanwhile. */
async function createPhoneUser(
  db: Database,
  input: { phone: string; password?: string | undefined; data: Record<string, unknown> },
  confirmed: boolean,
): Promise<UserRow | undefined> {
  const names = namesOf(input.data);
  try {
    return await createUser(db, {
      email: "",
      phone: input.phone,
      phoneConfirmed: confirmed,
      password: input.password,
      firstName: names.firstName ?? "",
      lastName: names.lastName ?? "",
      userMetadata: input.data,
    });
  } catch (error) {
    if ((error as { code?: string }).code === "phone_exists" || sqlState(error) === "23505") {
      return undefined;
    }
    throw error;
  }
}

export interface PhoneSignUpInput {
  phone: string;
  password: string;
  data: Record<string, unknown>;
  channel?: string | undefined;
  /** auth-js sends none for phones; GoTrue refuses PKCE here. */
  codeChallenge?: string | undefined;
}

/**
 * POST /signup with a phone: with GOTRUE_SMS_AUTOCONFIRM a confirmed user (the caller starts its
 * session); else an unconfirmed one and a texted code. A confirmed number answers a decoy (as an
 * e-mail sign-up does, ADR 013), or user_already_exists with autoconfirm; an unconfirmed one gets
 * its code again and keeps its password (GoTrue cannot be sure of the claimed identity).
 */
export async function signUpWithPhone(
  db: Database,
  input: PhoneSignUpInput,
  context: PhoneContext,
): Promise<{ user: AuthUser; confirmed?: UserRow }> {
  assertSignUpsOpen(context);
  const settings = assertPhonesEnabled(context.gotrue, "Phone signups are disabled");
  const phone = assertPhone(input.phone);
  const channel = channelOf(input.channel);
  if (input.codeChallenge) {
    throw new ValidationError("PKCE not supported for phone signups", {
      code: "validation_failed",
    });
  }
  await consumeLimit(db, limitsOf(context.gotrue).otp, context.ip);
  assertStrongPassword(input.password, context.gotrue?.passwordMinLength);
  let existing = await findUserByPhone(db, phone);
  if (!existing) {
    const created = await createPhoneUser(db, { ...input, phone }, settings.autoconfirm);
    if (created && settings.autoconfirm) return { user: authUserOf(created), confirmed: created };
    if (created) {
      try {
        await sendPhoneCode(db, settings, {
          userId: created.id,
          phone,
          type: "phone_confirmation",
          channel,
        });
      } catch (error) {
        // Nothing stays behind a text that was not sent (GoTrue's transaction rolls back).
        await db.delete(users).where(and(eq(users.id, created.id), isNull(users.phoneConfirmedAt)));
        throw error;
      }
      return { user: authUserOf((await getUser(db, created.id)) ?? created) };
    }
    existing = await findUserByPhone(db, phone);
    if (!existing) throw PHONE_TAKEN();
  }
  if (settings.autoconfirm) throw USER_ALREADY_EXISTS();
  if (existing.phoneConfirmedAt) {
    await hashPassword(input.password);
    return { user: decoyUserOf(await nextUserIdGuess(db), { phone }, input.data) };
  }
  await sendPhoneCode(db, settings, {
    userId: existing.id,
    phone,
    type: "phone_confirmation",
    channel,
  });
  return { user: authUserOf((await getUser(db, existing.id)) ?? existing) };
}

export interface PhoneOtpInput {
  phone: string;
  createUser: boolean;
  data: Record<string, unknown>;
  channel?: string | undefined;
}

/**
 * POST /otp with a phone: a code to the number; with create_user (auth-js's default) a new
 * unconfirmed, password-less user first. An unknown number without create_user answers `{}` and
 * texts nothing (as for e-mail, ADR 013), or otp_disabled under GOTRUE_SMS_AUTOCONFIRM, where
 * sign-up already tells a taken number.
 */
export async function requestPhoneOtp(
  db: Database,
  input: PhoneOtpInput,
  context: PhoneContext,
): Promise<{ message_id?: string }> {
  const settings = assertPhonesEnabled(context.gotrue);
  const phone = assertPhone(input.phone);
  const channel = channelOf(input.channel);
  await consumeLimit(db, limitsOf(context.gotrue).otp, context.ip);
  let user = await findUserByPhone(db, phone);
  if (!user && !input.createUser) {
    if (settings.autoconfirm) {
      throw new ValidationError("Signups not allowed for otp", { code: "otp_disabled" });
    }
    return {};
  }
  if (!user) {
    assertSignUpsOpen(context);
    user =
      (await createPhoneUser(db, { phone, data: input.data }, settings.autoconfirm)) ??
      (await findUserByPhone(db, phone));
    if (!user) throw PHONE_TAKEN();
  }
  const { messageId } = await sendPhoneCode(db, settings, {
    userId: user.id,
    phone,
    type: "phone_confirmation",
    channel,
  });
  return { message_id: messageId };
}

/**
 * POST /resend with type sms (the number's confirmation code, while unconfirmed) or phone_change
 * (the code for the user's pending new number; the request names the current or the new number).
 * `{}` when there is nothing to send.
 */
export async function resendPhoneCode(
  db: Database,
  input: { type: "sms" | "phone_change"; phone: string },
  context: PhoneContext,
): Promise<{ message_id?: string }> {
  const settings = assertPhonesEnabled(context.gotrue, "Phone logins are disabled");
  const phone = assertPhone(input.phone);
  await consumeLimit(db, limitsOf(context.gotrue).otp, context.ip);
  if (input.type === "sms") {
    const user = await findUserByPhone(db, phone);
    if (!user || user.phoneConfirmedAt) return {};
    const { messageId } = await sendPhoneCode(db, settings, {
      userId: user.id,
      phone,
      type: "phone_confirmation",
      channel: "sms",
    });
    return { message_id: messageId };
  }
  const [pending] = await db.select().from(users).where(eq(users.phoneChange, phone)).limit(1);
  const user = (await findUserByPhone(db, phone)) ?? pending;
  if (!user?.phoneChange) return {};
  const { messageId } = await sendPhoneCode(db, settings, {
    userId: user.id,
    phone: user.phoneChange,
    type: "phone_change",
    channel: "sms",
  });
  return { message_id: messageId };
}

const LOGIN_FAILED = () =>
  new UnauthenticatedError(MESSAGES.loginFailed, { code: "invalid_credentials" });

/**
 * grant_type=password with a phone: the same failure limits as an address (per client address and
 * per number, each slot taken before the password is checked), then GoTrue's gate: a banned user
 * or an unconfirmed number (400 phone_not_confirmed) gets no session.
 */
export async function authenticateByPhone(
  db: Database,
  input: { phone: string; password: string; ip: string },
): Promise<UserRow> {
  const phone = formatPhoneNumber(input.phone);
  const slots = [await consumeLimit(db, RATE_LIMITS.signInIp, input.ip)];
  try {
    slots.push(await consumeLimit(db, RATE_LIMITS.signInAccount, `phone:${phone}`));
  } catch (error) {
    await releaseEvent(db, slots[0]!);
    throw error;
  }
  const user = phone === "" ? undefined : await findUserByPhone(db, phone);
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyAgainstDummy(input.password), false);
  if (!user || !valid) throw LOGIN_FAILED();
  for (const slot of slots) await releaseEvent(db, slot);
  await clearEvents(db, RATE_LIMITS.signInAccount, `phone:${phone}`);
  assertNotBanned(user);
  if (!user.phoneConfirmedAt) {
    throw new ValidationError("Phone not confirmed", { code: "phone_not_confirmed" });
  }
  return user;
}

/**
 * PUT /user with a phone: the same number is no change; a number another user has is 422
 * phone_exists; with GOTRUE_SMS_AUTOCONFIRM the number is the user's at once, else a code is texted
 * to it and it waits in phone_change until verified (type phone_change).
 */
export async function requestPhoneChange(
  db: Database,
  input: { userId: number; phone: string; channel?: string | undefined },
  context: PhoneContext,
): Promise<UserRow> {
  const settings = assertPhonesEnabled(context.gotrue);
  const phone = assertPhone(input.phone);
  const channel = channelOf(input.channel);
  const user = await getUser(db, input.userId);
  if (!user) throw LOGIN_FAILED();
  if (user.phone === phone) return user;
  const taken = await findUserByPhone(db, phone);
  if (taken && taken.id !== user.id) throw PHONE_TAKEN();
  if (settings.autoconfirm) {
    try {
      const [changed] = await db
        .update(users)
        .set({
          phone,
          phoneConfirmedAt: new Date(),
          phoneChange: null,
          phoneChangeSentAt: null,
          isAnonymous: false,
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id))
        .returning();
      return changed ?? user;
    } catch (error) {
      if (sqlState(error) === "23505") throw PHONE_TAKEN();
      throw error;
    }
  }
  await sendPhoneCode(db, settings, { userId: user.id, phone, type: "phone_change", channel });
  return (await getUser(db, user.id)) ?? user;
}
