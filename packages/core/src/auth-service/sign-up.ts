// POST /signup of the auth service (docs/decisions/013-auth-service.md). E-mail confirmations are
// on (GoTrue's MAILER_AUTOCONFIRM=false): a new address gets an unconfirmed user and a code and
// link; a known one gets the same answer with a decoy user, after the same password hash, and only
// the mailbox learns the difference.
import { eq, sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { users } from "@studyatlas/db/schema/accounts.ts";

import { signUpAttemptMessage } from "../accounts/mail-messages.ts";
import { hashPassword } from "../accounts/passwords.ts";
import { consumeLimit } from "../accounts/rate-limit.ts";
import { createUser, findUserByEmail, type UserRow } from "../accounts/users.ts";
import { ValidationError } from "../errors.ts";
import { selectOne } from "../sql-rows.ts";
import { sqlState } from "../transactions.ts";
import { authUserOf, decoyUserOf, type AuthUser } from "./auth-user.ts";
import {
  NOTHING,
  limitEmail,
  sendOneTimeToken,
  type AuthMailContext,
  type Deferred,
} from "./emailed-tokens.ts";
import { limitsOf } from "./gotrue-settings.ts";
import type { CodeChallenge } from "./flow-state.ts";
import { assertEmail, assertStrongPassword, namesOf } from "./input-rules.ts";

/** A value of the users id sequence, used up as a real sign-up would use one. */
export async function nextUserIdGuess(db: Database): Promise<number> {
  const row = await selectOne<{ id: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence('users', 'id'))::int as id`,
  );
  return Number(row?.id ?? 1);
}

export interface SignUpInput {
  email: string;
  password: string;
  data: Record<string, unknown>;
  flow?: CodeChallenge | undefined;
}

/** The answer to a known address (GoTrue's sanitizeUser): a decoy, and mail to the owner. */
async function answerKnownAddress(
  db: Database,
  email: string,
  existing: UserRow,
  input: SignUpInput,
  context: AuthMailContext,
): Promise<{ user: AuthUser; send: Deferred }> {
  await hashPassword(input.password);
  return {
    user: decoyUserOf(await nextUserIdGuess(db), email, input.data),
    send: async () => {
      if (existing.emailVerified) {
        await context.mailer.send(
          signUpAttemptMessage(existing.email, existing.firstName, context.redirectTo),
        );
      } else {
        await sendOneTimeToken(db, existing, "signup", existing.email, context, input.flow);
      }
    },
  };
}

const SIGNUP_DISABLED = () =>
  new ValidationError("Signups not allowed for this instance", { code: "signup_disabled" });

const USER_ALREADY_EXISTS = () =>
  new ValidationError("User already registered", { code: "user_already_exists" });

/** GOTRUE_DISABLE_SIGNUP: only the admin API creates users (ADR 049). */
export function assertSignUpsOpen(context: Pick<AuthMailContext, "gotrue">): void {
  if (context.gotrue?.disableSignup) throw SIGNUP_DISABLED();
}

/**
 * POST /signup: the user (or a decoy) and the mail to send after answering. With
 * GOTRUE_MAILER_AUTOCONFIRM the address is confirmed at once and the caller starts a session;
 * nothing proves an address then, so a taken one answers user_already_exists as GoTrue does
 * (ADR 049: the autoconfirm profile has no enumeration protection).
 */
export async function signUpWithPassword(
  db: Database,
  input: SignUpInput,
  context: AuthMailContext,
): Promise<{ user: AuthUser; send: Deferred; confirmed?: UserRow }> {
  assertSignUpsOpen(context);
  const email = assertEmail(input.email);
  const autoconfirm = context.gotrue?.autoconfirm ?? false;
  await consumeLimit(db, limitsOf(context.gotrue).otp, context.ip);
  assertStrongPassword(input.password, context.gotrue?.passwordMinLength);
  // Before looking the address up, so a 429 is the same for known and unknown addresses.
  if (!autoconfirm) await limitEmail(db, email, "signup", context.gotrue);
  const existing = await findUserByEmail(db, email);
  if (existing && autoconfirm) throw USER_ALREADY_EXISTS();
  if (existing) return answerKnownAddress(db, email, existing, input, context);
  let user: UserRow;
  try {
    user = await createUser(db, {
      email,
      password: input.password,
      firstName: namesOf(input.data).firstName ?? "",
      lastName: namesOf(input.data).lastName ?? "",
      userMetadata: input.data,
      emailVerified: autoconfirm,
    });
  } catch (error) {
    // Two sign-ups with one address at once: the second answers like a known address.
    if ((error as { code?: string }).code === "email_taken" || sqlState(error) === "23505") {
      if (autoconfirm) throw USER_ALREADY_EXISTS();
      return { user: decoyUserOf(await nextUserIdGuess(db), email, input.data), send: NOTHING };
    }
    throw error;
  }
  if (autoconfirm) return { user: authUserOf(user), send: NOTHING, confirmed: user };
  const [marked] = await db
    .update(users)
    .set({ confirmationSentAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  const created = marked ?? user;
  return {
    user: authUserOf(created),
    send: async () => {
      await sendOneTimeToken(db, created, "signup", created.email, context, input.flow);
    },
  };
}
