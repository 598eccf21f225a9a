// E-mail verification and password reset flows (docs/spec/accounts-and-details.md §2, §7, §8). Requests for
// an unknown address answer exactly like those for a known one and send nothing (no enumeration);
// each address gets at most one e-mail a minute, known or not.
import type { Database } from "@studyatlas/db/client.ts";

import {
  passwordResetMessage,
  verificationMessage,
  welcomeMessage,
  type Mailer,
} from "./mail-messages.ts";
import { assertPasswordAllowed } from "./password-policy.ts";
import { RATE_LIMITS, consumeLimit, type RateLimitRule } from "./rate-limit.ts";
import { revokeUserSessions } from "./sessions.ts";
import { findUserByEmail, markEmailVerified, setPassword, type UserRow } from "./users.ts";
import { consumeVerificationToken, issueVerificationToken } from "./verification.ts";

export interface MailContext {
  mailer: Mailer;
  publicBaseUrl: string;
  ip: string;
}

export const RESET_REQUESTED_MESSAGE =
  "If an account exists for this e-mail address, we have sent it a link to reset the password.";
export const RESEND_MESSAGE =
  "If an unverified account exists for this e-mail address, we have sent it a new verification link.";

async function limitEmail(
  db: Database,
  rule: RateLimitRule,
  email: string,
  ip: string,
): Promise<void> {
  await consumeLimit(db, RATE_LIMITS.emailIp, ip);
  await consumeLimit(db, rule, email.trim().toLowerCase());
}

export async function sendVerificationEmail(
  db: Database,
  user: UserRow,
  context: Omit<MailContext, "ip">,
): Promise<void> {
  const { uid, token } = await issueVerificationToken(db, user.id, "email_verification");
  const link = `${context.publicBaseUrl}/verify-email/${uid}/${token}`;
  await context.mailer.send(verificationMessage(user.email, user.firstName, link));
}

/**
 * What an e-mail request answers at once, and the work that sends the e-mail. The route runs
 * `send` after the answer has gone out, so that a known and an unknown address take the same time
 * to answer (no enumeration, docs/security.md V6); the limits are counted before, alike for both.
 */
export interface MailRequest {
  message: string;
  send: () => Promise<void>;
}

export async function resendVerificationEmail(
  db: Database,
  email: string,
  context: MailContext,
): Promise<MailRequest> {
  await limitEmail(db, RATE_LIMITS.verificationEmailPerAddress, email, context.ip);
  return {
    message: RESEND_MESSAGE,
    send: async () => {
      const user = await findUserByEmail(db, email);
      if (user && !user.emailVerified) await sendVerificationEmail(db, user, context);
    },
  };
}

/**
 * Consumes the link, marks the address verified and sends a student the welcome e-mail (once).
 * A partner's next step is the dashboard, not the course finder: no student welcome
 * (docs/spec-notes.md "A partner's verification link").
 */
export async function verifyEmail(
  db: Database,
  uid: string,
  token: string,
  context: Omit<MailContext, "ip">,
): Promise<UserRow> {
  const userId = await consumeVerificationToken(db, uid, token, "email_verification");
  const user = await markEmailVerified(db, userId);
  if (user.role !== "student") return user;
  await context.mailer.send(
    welcomeMessage(
      user.email,
      user.firstName,
      `${context.publicBaseUrl}/coursefinder?name=&country=Where?`,
    ),
  );
  return user;
}

export async function requestPasswordReset(
  db: Database,
  email: string,
  context: MailContext,
): Promise<MailRequest> {
  await limitEmail(db, RATE_LIMITS.resetEmailPerAddress, email, context.ip);
  return {
    message: RESET_REQUESTED_MESSAGE,
    send: async () => {
      const user = await findUserByEmail(db, email);
      if (!user) return;
      const { uid, token } = await issueVerificationToken(db, user.id, "password_reset");
      const link = `${context.publicBaseUrl}/set-pw?user=${uid}&token=${token}`;
      await context.mailer.send(passwordResetMessage(user.email, user.firstName, link));
    },
  };
}

/** Sets the new password and signs the user out everywhere. */
export async function confirmPasswordReset(
  db: Database,
  uid: string,
  token: string,
  newPassword: string,
): Promise<void> {
  // Checked before the link is used up, so that a refused password leaves the link working.
  assertPasswordAllowed(newPassword, "new_password");
  const userId = await consumeVerificationToken(db, uid, token, "password_reset");
  await setPassword(db, userId, newPassword);
  // Following a reset link proves the mailbox, as a verification link would.
  await markEmailVerified(db, userId);
  await revokeUserSessions(db, userId, "password_reset");
}
