// Sign-up that does not tell whether an address already has an account (docs/security.md V6;
// OWASP "account enumeration"): a new address and a known one get the same answer, after
// the same work (the limits, the password rule, a password hash), and the difference is told only
// to the mailbox: a verification link to a new address, a "you already have an account" note to a
// known one. No session starts here; the verification link signs in the browser that signed up.
import type { Database } from "@studyatlas/db/client.ts";

import { DomainError } from "../errors.ts";
import { signUpAttemptMessage, type Mailer } from "./mail-messages.ts";
import { assertPasswordAllowed } from "./password-policy.ts";
import { hashPassword } from "./passwords.ts";
import { RATE_LIMITS, consumeLimit, countEvents, recordEvent } from "./rate-limit.ts";
import { sendVerificationEmail } from "./recovery.ts";
import { createUser, findUserByEmail, type NewUser, type UserRow } from "./users.ts";

export interface SignUpContext {
  mailer: Mailer;
  publicBaseUrl: string;
  ip: string;
}

/** Checks and stores a sign-up; answers the e-mail work, which the route runs after answering. */
export async function signUp(
  db: Database,
  input: NewUser,
  context: SignUpContext,
): Promise<{ send: () => Promise<void> }> {
  await consumeLimit(db, RATE_LIMITS.registerIp, context.ip);
  if (input.password !== undefined) assertPasswordAllowed(input.password, "password");
  const email = input.email.trim().toLowerCase();
  let user: UserRow | undefined;
  let existing = await findUserByEmail(db, email);
  if (!existing) {
    try {
      user = await createUser(db, input);
    } catch (error) {
      // Two sign-ups with one address at once: the second finds the first one's account.
      if (!(error instanceof DomainError && error.code === "email_taken")) throw error;
      existing = await findUserByEmail(db, email);
    }
  } else if (input.password !== undefined) {
    // The hash a new account costs, so that a known address does not answer sooner.
    await hashPassword(input.password);
  }
  // Either way the address now waits a minute before another e-mail (sign-up or resend).
  await recordEvent(db, RATE_LIMITS.verificationEmailPerAddress, email);
  const { mailer, publicBaseUrl } = context;
  if (user) {
    const created = user;
    return { send: () => sendVerificationEmail(db, created, { mailer, publicBaseUrl }) };
  }
  const owner = existing;
  return {
    send: async () => {
      // One note a minute at most, however often someone tries the address.
      if (!owner || (await countEvents(db, RATE_LIMITS.verificationEmailPerAddress, email)) > 1) {
        return;
      }
      await mailer.send(
        signUpAttemptMessage(owner.email, owner.firstName, `${publicBaseUrl}/auth`),
      );
    },
  };
}
