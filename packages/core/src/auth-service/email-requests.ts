// The auth service's requests for an e-mailed code or link (GoTrue's otp.go, recover.go,
// resend.go, reauthenticate.go; docs/decisions/013-auth-service.md). Those that name an address
// count the same limits and answer `{}` for known and unknown addresses, and send mail only after
// answering (the Deferred each returns).
import type { Database } from "@studyatlas/db/client.ts";

import { ForbiddenError, ValidationError } from "../errors.ts";
import { consumeLimit } from "../accounts/rate-limit.ts";
import { createUser, findUserByEmail, getUser, type UserRow } from "../accounts/users.ts";
import {
  limitEmail,
  sendOneTimeToken,
  type AuthMailContext,
  type Deferred,
} from "./emailed-tokens.ts";
import { limitsOf } from "./gotrue-settings.ts";
import type { CodeChallenge } from "./flow-state.ts";
import { assertEmail, namesOf } from "./input-rules.ts";
import { EMAIL_CHANGE_CURRENT_CONFIRMED } from "./own-user.ts";

export interface OtpInput {
  email: string;
  createUser: boolean;
  data: Record<string, unknown>;
  flow?: CodeChallenge | undefined;
}

/** A new unconfirmed, password-less account for /otp with create_user (or the one just made). */
async function createOtpUser(
  db: Database,
  email: string,
  input: OtpInput,
): Promise<UserRow | undefined> {
  try {
    return await createUser(db, {
      email,
      firstName: namesOf(input.data).firstName ?? "",
      lastName: namesOf(input.data).lastName ?? "",
      userMetadata: input.data,
    });
  } catch (error) {
    if ((error as { code?: string }).code !== "email_taken") throw error;
    return findUserByEmail(db, email);
  }
}

/**
 * POST /otp with an e-mail: a code and magic link to a known address; with create_user, a new
 * (unconfirmed, password-less) account first. An unknown address with create_user false answers
 * the same `{}` and sends nothing (GoTrue says otp_disabled there, which tells who is registered).
 */
export async function requestEmailOtp(
  db: Database,
  input: OtpInput,
  context: AuthMailContext,
): Promise<Deferred> {
  const email = assertEmail(input.email);
  await consumeLimit(db, limitsOf(context.gotrue).otp, context.ip);
  // With GOTRUE_MAILER_AUTOCONFIRM sign-up already tells a taken address, so there is nothing to
  // hide: an unknown address without create_user answers as GoTrue does (ADR 049).
  if (context.gotrue?.autoconfirm && !input.createUser && !(await findUserByEmail(db, email))) {
    throw new ValidationError("Signups not allowed for otp", { code: "otp_disabled" });
  }
  await limitEmail(db, email, "otp", context.gotrue);
  return async () => {
    let user = await findUserByEmail(db, email);
    if (!user && input.createUser) {
      user = await createOtpUser(db, email, input);
      if (user) {
        await sendOneTimeToken(db, user, "signup", user.email, context, input.flow);
        return;
      }
    }
    if (!user) return;
    const type = user.emailVerified ? "magiclink" : "signup";
    await sendOneTimeToken(db, user, type, user.email, context, input.flow);
  };
}

/** POST /recover: `{}` for any address; a code and link only to a known one. */
export async function requestRecovery(
  db: Database,
  input: { email: string; flow?: CodeChallenge | undefined },
  context: AuthMailContext,
): Promise<Deferred> {
  const email = assertEmail(input.email);
  await consumeLimit(db, limitsOf(context.gotrue).otp, context.ip);
  await limitEmail(db, email, "recovery", context.gotrue);
  return async () => {
    const user = await findUserByEmail(db, email);
    if (user) await sendOneTimeToken(db, user, "recovery", user.email, context, input.flow);
  };
}

/** POST /resend (signup | email_change): `{}` for any address; mail only where one is pending. */
export async function resendConfirmation(
  db: Database,
  input: { type: "signup" | "email_change"; email: string; flow?: CodeChallenge | undefined },
  context: AuthMailContext,
): Promise<Deferred> {
  const email = assertEmail(input.email);
  await consumeLimit(db, limitsOf(context.gotrue).otp, context.ip);
  await limitEmail(db, email, input.type, context.gotrue);
  return async () => {
    const user = await findUserByEmail(db, email);
    if (input.type === "signup") {
      if (user && !user.emailVerified) {
        await sendOneTimeToken(db, user, "signup", user.email, context, input.flow);
      }
      return;
    }
    if (user?.emailChange) {
      // Secure e-mail change: the current address's link again too, until it has been used.
      const currentOwed =
        (context.secureEmailChange ?? true) &&
        (user.emailChangeConfirmStatus & EMAIL_CHANGE_CURRENT_CONFIRMED) === 0;
      if (currentOwed) {
        await sendOneTimeToken(db, user, "email_change_current", user.email, context, input.flow);
      }
      await sendOneTimeToken(db, user, "email_change_new", user.emailChange, context, input.flow);
    }
  };
}

/** GET /reauthenticate: e-mails a nonce for PUT /user { password, nonce }. */
export async function requestReauthentication(
  db: Database,
  userId: number,
  context: AuthMailContext,
): Promise<Deferred> {
  const user = await getUser(db, userId);
  if (!user)
    throw new ForbiddenError("User from sub claim in JWT does not exist", {
      code: "user_not_found",
    });
  // An anonymous user (ADR 062): nowhere to send it, as GoTrue says.
  if (user.email === "") {
    throw new ValidationError(
      "Reauthentication requires the user to have an email or a phone number",
      { code: "reauthentication_without_address" },
    );
  }
  if (!user.emailVerified) {
    throw new ValidationError("Reauthentication requires the user to have a confirmed email", {
      code: "email_not_confirmed",
    });
  }
  await limitEmail(db, user.email, "reauthentication", context.gotrue);
  return async () => {
    await sendOneTimeToken(db, user, "reauthentication", user.email, context);
  };
}
