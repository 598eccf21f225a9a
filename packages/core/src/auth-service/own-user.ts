// The signed-in user's own changes through the auth service (GoTrue's user.go and identity.go;
// docs/decisions/013-auth-service.md): PUT /user (metadata, password, e-mail address) and
// DELETE /user/identities/{id}.
import { and, eq, isNull } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { sessions, users } from "@studyatlas/db/schema/accounts.ts";

import { ForbiddenError, ValidationError } from "../errors.ts";
import { emailChangeNoticeMessage } from "../accounts/mail-messages.ts";
import { consumeOneTimeToken } from "../accounts/one-time-tokens.ts";
import { verifyPassword } from "../accounts/passwords.ts";
import { consumeLimit } from "../accounts/rate-limit.ts";
import { revokeUserSessions } from "../accounts/sessions.ts";
import { findUserByEmail, getUser, setPassword, type UserRow } from "../accounts/users.ts";
import {
  NOTHING,
  limitEmail,
  sendOneTimeToken,
  type AuthMailContext,
  type Deferred,
} from "./emailed-tokens.ts";
import { sqlState } from "../transactions.ts";
import { limitsOf } from "./gotrue-settings.ts";
import {
  assertEmail,
  assertMetadataSize,
  assertStrongPassword,
  mergeMetadata,
  namesOf,
} from "./input-rules.ts";

/**
 * GoTrue's rule for a password change, which we apply to a change of e-mail address too: a session
 * older than a day needs a fresh proof (the current password or a reauthentication nonce), so a
 * stolen access token alone cannot move the account (docs/security.md V6).
 */
export const REAUTHENTICATION_AGE_MS = 24 * 60 * 60 * 1000;

/** The bits of users.email_change_confirm_status: which addresses confirmed the change. */
export const EMAIL_CHANGE_CURRENT_CONFIRMED = 1;
export const EMAIL_CHANGE_NEW_CONFIRMED = 2;

/** The site, where the notices of an e-mail change point (a reset starts there). */
export function siteUrlOf(context: Pick<AuthMailContext, "authBaseUrl">): string {
  return context.authBaseUrl.replace(/\/auth\/v1$/, "");
}

export interface UserUpdate {
  email?: string | undefined;
  password?: string | undefined;
  currentPassword?: string | undefined;
  nonce?: string | undefined;
  data?: Record<string, unknown> | undefined;
}

const USER_NOT_FOUND = () =>
  new ForbiddenError("User from sub claim in JWT does not exist", { code: "user_not_found" });

interface UpdateStep {
  db: Database;
  user: UserRow;
  sessionId: string;
  update: UserUpdate;
  context: AuthMailContext;
  now: number;
  /** Set once the request has proven a recent sign-in: one nonce covers password and address. */
  proven?: boolean;
}

/** `data`: merged into user_metadata; its first_name / last_name become the account's names. */
async function updateMetadata(step: UpdateStep, data: Record<string, unknown>): Promise<UserRow> {
  const userMetadata = mergeMetadata(step.user.userMetadata, data);
  assertMetadataSize(userMetadata, "user_metadata");
  const [user] = await step.db
    .update(users)
    .set({ userMetadata, ...namesOf(data), updatedAt: new Date(step.now) })
    .where(eq(users.id, step.user.id))
    .returning();
  if (!user) throw new Error("user vanished during update");
  return user;
}

/** A new password: not the same, strong, recently proven; every other session ends. */
async function updatePassword(step: UpdateStep, password: string): Promise<UserRow> {
  const { db, user } = step;
  if (user.passwordHash && (await verifyPassword(user.passwordHash, password))) {
    throw new ValidationError("New password should be different from the old password.", {
      code: "same_password",
    });
  }
  assertStrongPassword(password, step.context.gotrue?.passwordMinLength);
  await assertRecentlyAuthenticated(step, "password");
  await setPassword(db, user.id, password);
  await revokeUserSessions(db, user.id, "password_changed", step.sessionId);
  return (await getUser(db, user.id)) ?? user;
}

/**
 * A new address waits for its confirmation, from a recently proven session. With secure e-mail
 * change (GoTrue's default) both the current and the new address get a code and link, and the
 * change happens once both are used (verify-token.ts); without it only the new address confirms
 * and the current one is told. Mail goes after the answer.
 */
async function requestEmailChange(
  step: UpdateStep,
  requested: string,
): Promise<{ user: UserRow; send: Deferred }> {
  const { db, context, now } = step;
  const email = assertEmail(requested);
  await consumeLimit(db, limitsOf(context.gotrue).otp, context.ip);
  await assertRecentlyAuthenticated(step, "email");
  if (await findUserByEmail(db, email)) {
    throw new ValidationError("A user with this email address has already been registered", {
      code: "email_exists",
    });
  }
  await limitEmail(db, email, "email_change", context.gotrue);
  const [user] = await db
    .update(users)
    .set({
      emailChange: email,
      emailChangeSentAt: new Date(now),
      emailChangeConfirmStatus: 0,
      updatedAt: new Date(now),
    })
    .where(eq(users.id, step.user.id))
    .returning();
  if (!user) throw new Error("user vanished during update");
  const secure = context.secureEmailChange ?? true;
  return {
    user,
    send: async () => {
      // An anonymous user has no address to ask or tell (ADR 062).
      if (user.email === "") {
        // nothing to send to the current address
      } else if (secure) {
        await sendOneTimeToken(db, user, "email_change_current", user.email, context);
      } else {
        await context.mailer.send(
          emailChangeNoticeMessage(user.email, email, "requested", siteUrlOf(context)),
        );
      }
      await sendOneTimeToken(db, user, "email_change_new", email, context);
    },
  };
}

/**
 * PUT /user by the signed-in user: metadata; a new password (not the same, strong, and from a
 * session younger than a day or with the current password or a reauthentication nonce; every
 * other session ends); a new e-mail address (the same proof; confirmed by the links sent to both
 * addresses, or to the new one with secure e-mail change off).
 */
export async function updateOwnUser(
  db: Database,
  input: { userId: number; sessionId: string; update: UserUpdate },
  context: AuthMailContext,
  now = Date.now(),
): Promise<{ user: UserRow; send: Deferred }> {
  const found = await getUser(db, input.userId);
  if (!found) throw USER_NOT_FOUND();
  const { update, sessionId } = input;
  const step: UpdateStep = { db, user: found, sessionId, update, context, now };
  if (found.isAnonymous) assertAnonymousUpdate(found, update);
  if (update.data) step.user = await updateMetadata(step, update.data);
  if (update.password !== undefined) step.user = await updatePassword(step, update.password);
  if (
    update.email !== undefined &&
    update.email.trim().toLowerCase() !== step.user.email.toLowerCase()
  ) {
    if (step.user.isAnonymous && context.gotrue?.autoconfirm) {
      return { user: await linkAddressAtOnce(step, update.email), send: NOTHING };
    }
    return requestEmailChange(step, update.email);
  }
  return { user: step.user, send: NOTHING };
}

/**
 * An anonymous user (ADR 062) may set a password only with the address it links, as GoTrue's
 * UserUpdate: a password alone would make an account nobody can sign in to.
 */
function assertAnonymousUpdate(user: UserRow, update: UserUpdate): void {
  if (update.password && !update.email && user.email === "") {
    throw new ValidationError(
      "Updating password of an anonymous user without an email or phone is not allowed",
      { code: "anonymous_password_without_address" },
    );
  }
}

/**
 * GOTRUE_MAILER_AUTOCONFIRM: an anonymous user links an address at once, as a sign-up would
 * (GoTrue's UserUpdate); a permanent user always confirms a new address.
 */
async function linkAddressAtOnce(step: UpdateStep, requested: string): Promise<UserRow> {
  const email = assertEmail(requested);
  await consumeLimit(step.db, limitsOf(step.context.gotrue).otp, step.context.ip);
  if (await findUserByEmail(step.db, email)) {
    throw new ValidationError("A user with this email address has already been registered", {
      code: "email_exists",
    });
  }
  try {
    const [user] = await step.db
      .update(users)
      .set({
        email,
        emailVerified: true,
        emailVerifiedAt: new Date(step.now),
        isAnonymous: false,
        updatedAt: new Date(step.now),
      })
      .where(eq(users.id, step.user.id))
      .returning();
    if (!user) throw USER_NOT_FOUND();
    return user;
  } catch (error) {
    if (sqlState(error) !== "23505") throw error;
    throw new ValidationError("A user with this email address has already been registered", {
      code: "email_exists",
    });
  }
}

async function assertRecentlyAuthenticated(
  step: UpdateStep,
  /** What needs the recent proof: the refusal names it. */
  subject: "password" | "email",
): Promise<void> {
  const { db, user, update } = step;
  if (step.proven) return;
  step.proven = true;
  if (update.currentPassword !== undefined) {
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, update.currentPassword))) {
      throw new ValidationError(
        subject === "password"
          ? "Current password required when setting new password."
          : "Current password required when changing the email address.",
        { code: "current_password_mismatch" },
      );
    }
    return;
  }
  if (update.nonce) {
    const consumed = await consumeOneTimeToken(
      db,
      { code: update.nonce.trim(), address: user.email },
      ["reauthentication"],
    );
    if (!consumed || consumed.userId !== user.id) {
      throw new ValidationError("Reauthentication failed, please try again.", {
        code: "reauthentication_not_valid",
      });
    }
    return;
  }
  const [session] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.id, step.sessionId), isNull(sessions.revokedAt)))
    .limit(1);
  if (!session || step.now - session.createdAt.getTime() > REAUTHENTICATION_AGE_MS) {
    throw new ValidationError(
      subject === "password"
        ? "Password update requires reauthentication"
        : "Email update requires reauthentication: sign in again, or send the code from GET /reauthenticate as nonce",
      { code: "reauthentication_needed" },
    );
  }
}

/** DELETE /user/identities/{id}: unlinks Google; an account keeps at least one identity. */
export async function unlinkIdentity(
  db: Database,
  user: UserRow,
  provider: "email" | "google" | "phone",
): Promise<void> {
  // The phone identity goes with the number (GoTrue's unlink clears the phone); the caller has
  // checked another identity remains (ADR 064).
  if (provider === "phone") {
    await db
      .update(users)
      .set({ phone: null, phoneConfirmedAt: null, phoneChange: null, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    return;
  }
  const hasEmail = user.passwordHash !== null || user.googleSubject === null;
  const hasGoogle = user.googleSubject !== null;
  if (!(hasEmail && hasGoogle)) {
    throw new ValidationError("User must have at least 1 identity after unlinking", {
      code: "single_identity_not_deletable",
    });
  }
  await db
    .update(users)
    .set(
      provider === "google"
        ? { googleSubject: null, updatedAt: new Date() }
        : { passwordHash: null, updatedAt: new Date() },
    )
    .where(eq(users.id, user.id));
}
