// POST /verify with a phone (GoTrue's verify.go smsVerify; docs/decisions/064-phones-and-sms-codes.md):
// type sms uses up the number's confirmation code and confirms the number; type phone_change uses
// up the code texted to the pending new number and moves the user to it. Wrong codes count per
// number (ten per 15 minutes, then even the right one waits), as for e-mailed codes; a code is
// used up by one UPDATE, so of two concurrent uses exactly one wins.
import { and, eq } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { users } from "@studyatlas/db/schema/accounts.ts";

import { ForbiddenError } from "../errors.ts";
import { consumeOneTimeToken } from "../accounts/one-time-tokens.ts";
import { RATE_LIMITS, consumeLimit, releaseEvent } from "../accounts/rate-limit.ts";
import { PHONE_TAKEN, getUser, type UserRow } from "../accounts/users.ts";
import { sqlState } from "../transactions.ts";
import { limitsOf } from "./gotrue-settings.ts";
import { assertNotBanned } from "./input-rules.ts";
import type { PhoneContext } from "./phones.ts";
import { assertPhone } from "./sms-settings.ts";

const OTP_INVALID = () =>
  new ForbiddenError("Token has expired or is invalid", { code: "otp_expired" });

export interface PhoneVerifyInput {
  type: "sms" | "phone_change";
  phone: string;
  code: string;
}

/** The user whose number the code confirmed (the caller starts an `otp` session). */
export async function verifyPhoneCode(
  db: Database,
  input: PhoneVerifyInput,
  context: PhoneContext,
  now = Date.now(),
): Promise<UserRow> {
  // As GoTrue's verify: the number and the code are checked whether or not phones are on now (a
  // code texted while they were still works; with phones never on there is none to find).
  await consumeLimit(db, limitsOf(context.gotrue).verify, context.ip);
  const phone = assertPhone(input.phone);
  const slot = await consumeLimit(db, RATE_LIMITS.authVerifyAccount, `phone:${phone}`);
  const consumed = await consumeOneTimeToken(
    db,
    { code: input.code.trim(), address: phone },
    [input.type === "sms" ? "phone_confirmation" : "phone_change"],
    now,
  );
  if (!consumed) throw OTP_INVALID();
  await releaseEvent(db, slot);
  const user = await getUser(db, consumed.userId);
  if (!user) throw OTP_INVALID();
  assertNotBanned(user);
  return input.type === "sms"
    ? confirmPhone(db, user, phone, now)
    : finishPhoneChange(db, user, phone, now);
}

/** The number is the user's and is now confirmed; an anonymous user becomes a permanent one. */
async function confirmPhone(
  db: Database,
  user: UserRow,
  phone: string,
  now: number,
): Promise<UserRow> {
  // The user's number changed since the code was sent: the code no longer proves it.
  if (user.phone !== phone) throw OTP_INVALID();
  if (user.phoneConfirmedAt && !user.isAnonymous) return user;
  const [confirmed] = await db
    .update(users)
    .set({
      phoneConfirmedAt: user.phoneConfirmedAt ?? new Date(now),
      isAnonymous: false,
      updatedAt: new Date(now),
    })
    .where(and(eq(users.id, user.id), eq(users.phone, phone)))
    .returning();
  if (!confirmed) throw OTP_INVALID();
  return confirmed;
}

/** Moves the user to the confirmed new number (422 phone_exists if someone took it meanwhile). */
async function finishPhoneChange(
  db: Database,
  user: UserRow,
  phone: string,
  now: number,
): Promise<UserRow> {
  if (user.phoneChange !== phone) throw OTP_INVALID();
  try {
    const [changed] = await db
      .update(users)
      .set({
        phone,
        phoneConfirmedAt: new Date(now),
        phoneChange: null,
        phoneChangeSentAt: null,
        isAnonymous: false,
        updatedAt: new Date(now),
      })
      .where(and(eq(users.id, user.id), eq(users.phoneChange, phone)))
      .returning();
    if (!changed) throw OTP_INVALID();
    return changed;
  } catch (error) {
    if (sqlState(error) === "23505") throw PHONE_TAKEN();
    throw error;
  }
}
