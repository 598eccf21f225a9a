// The auth service's account flows (/auth/v1, docs/decisions/013-auth-service.md) over the same
// users and sessions as account/*: sign-up with confirmation, password sign-in, e-mail codes and
// links (magic link, recovery, invite, e-mail change, reauthentication), verification and the
// signed-in user's own changes. Errors carry GoTrue's codes; the server picks GoTrue's statuses.
// E-mail confirmations are on (GoTrue's MAILER_AUTOCONFIRM=false), so sign-up, /otp, /recover and
// /resend answer alike for known and unknown addresses and send mail only after answering.
import { and, eq, isNull, sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { sessions, users, type OneTimeTokenType } from "@studyatlas/db/schema/accounts.ts";
import {
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordLength,
} from "@studyatlas/schemas/account-rules.ts";
import {
  APP_METADATA_MAX_BYTES,
  USER_METADATA_MAX_BYTES,
  jsonBytes,
} from "@studyatlas/schemas/auth-service.ts";

import { ForbiddenError, ValidationError } from "../errors.ts";
import {
  authServiceMessage,
  signUpAttemptMessage,
  type Mailer,
} from "../accounts/mail-messages.ts";
import { isCommonPassword } from "../accounts/password-policy.ts";
import { hashPassword, verifyPassword } from "../accounts/passwords.ts";
import { RATE_LIMITS, consumeLimit, releaseEvent } from "../accounts/rate-limit.ts";
import { revokeUserSessions } from "../accounts/sessions.ts";
import { selectOne } from "../sql-rows.ts";
import { sqlState } from "../transactions.ts";
import {
  createUser,
  findUserByEmail,
  getUser,
  markEmailVerified,
  setPassword,
  type UserRow,
} from "../accounts/users.ts";
import { authUserOf, decoyUserOf, type AuthUser } from "./auth-user.ts";
import { createFlowState, type CodeChallenge } from "./flow-state.ts";
import { consumeOneTimeToken, issueOneTimeToken } from "./one-time-tokens.ts";

export interface AuthMailContext {
  mailer: Mailer;
  /** `{PUBLIC_BASE_URL}/auth/v1`: where e-mailed links verify. */
  authBaseUrl: string;
  /** Where the user lands after a link (an allowed redirect_to, else the site). */
  redirectTo: string;
  ip: string;
}

/** Work to run after the answer has gone out, so known and unknown addresses answer alike. */
export type Deferred = () => Promise<void>;
const NOTHING: Deferred = async () => {};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function assertEmail(email: string): string {
  const trimmed = email.trim();
  if (trimmed.length > 254 || !EMAIL_PATTERN.test(trimmed)) {
    throw new ValidationError("Unable to validate email address: invalid format", {
      code: "email_address_invalid",
    });
  }
  return trimmed;
}

/** GoTrue's weak_password error: its reasons are length, characters or pwned. */
export class WeakPasswordError extends ValidationError {
  readonly reasons: string[];
  constructor(message: string, reasons: string[]) {
    super(message, { code: "weak_password" });
    this.name = "WeakPasswordError";
    this.reasons = reasons;
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as { code?: unknown }).code === "weak_password" &&
      Array.isArray((value as { reasons?: unknown }).reasons)
    );
  }
}

/** The same rule as account/* (8 to 128 characters, not a common password), as GoTrue says it. */
export function assertStrongPassword(password: string): void {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) {
    throw new WeakPasswordError(`Password should be at least ${PASSWORD_MIN_LENGTH} characters.`, [
      "length",
    ]);
  }
  if (length > PASSWORD_MAX_LENGTH) {
    throw new WeakPasswordError(`Password should be at most ${PASSWORD_MAX_LENGTH} characters.`, [
      "length",
    ]);
  }
  if (isCommonPassword(password))
    throw new WeakPasswordError(MESSAGES.passwordTooCommon, ["pwned"]);
}

/** first_name / last_name of the metadata become the account's names (account/detail shows them). */
function namesOf(metadata: Record<string, unknown>): { firstName?: string; lastName?: string } {
  const pick = (...keys: string[]) => {
    for (const key of keys) {
      const value = metadata[key];
      if (typeof value === "string" && value.trim() !== "") return value.trim().slice(0, 50);
    }
    return undefined;
  };
  const firstName = pick("first_name", "firstName", "given_name");
  const lastName = pick("last_name", "lastName", "family_name");
  return {
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
  };
}

export function verifyLink(
  context: Pick<AuthMailContext, "authBaseUrl" | "redirectTo">,
  tokenHash: string,
  type: string,
): string {
  const query = new URLSearchParams({ token: tokenHash, type, redirect_to: context.redirectTo });
  return `${context.authBaseUrl}/verify?${query.toString()}`;
}

/** The GET /verify type of a token type (the link says which flow it finishes). */
const LINK_TYPE: Record<OneTimeTokenType, string> = {
  signup: "signup",
  magiclink: "magiclink",
  recovery: "recovery",
  invite: "invite",
  email_change_current: "email_change",
  email_change_new: "email_change",
  reauthentication: "reauthentication",
};

/** Issues a code and link of `type` for `user` and e-mails them to `address`. */
export async function sendOneTimeToken(
  db: Database,
  user: UserRow,
  type: OneTimeTokenType,
  address: string,
  context: Pick<AuthMailContext, "mailer" | "authBaseUrl" | "redirectTo">,
  flow?: CodeChallenge,
): Promise<{ code: string; tokenHash: string; link: string }> {
  const flowState = flow
    ? await createFlowState(db, { ...flow, userId: user.id, method: LINK_TYPE[type] })
    : undefined;
  const issued = await issueOneTimeToken(db, {
    userId: user.id,
    type,
    address,
    flowStateId: flowState?.id,
  });
  const link = verifyLink(context, issued.tokenHash, LINK_TYPE[type]);
  await context.mailer.send(authServiceMessage(type, address, issued.code, link));
  const sentColumn =
    type === "recovery"
      ? { recoverySentAt: new Date() }
      : type === "reauthentication"
        ? { reauthenticationSentAt: new Date() }
        : type === "email_change_new" || type === "email_change_current"
          ? { emailChangeSentAt: new Date() }
          : type === "invite"
            ? { invitedAt: new Date() }
            : { confirmationSentAt: new Date() };
  await db.update(users).set(sentColumn).where(eq(users.id, user.id));
  return { ...issued, link };
}

/**
 * At most one e-mail per address a minute (GoTrue's SMTP max frequency). Counted before the
 * answer for known and unknown addresses alike, so the 429 tells nothing about the address.
 */
async function limitEmail(db: Database, address: string, kind: string): Promise<void> {
  // Per kind, as GoTrue keeps confirmation_sent_at, recovery_sent_at... apart.
  await consumeLimit(
    db,
    RATE_LIMITS.authEmailPerAddress,
    `${kind}:${address.trim().toLowerCase()}`,
  );
}

/** A value of the users id sequence, used up as a real sign-up would use one. */
async function nextUserIdGuess(db: Database): Promise<number> {
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

/**
 * POST /signup. A new address: the user is created unconfirmed and sent a confirmation. A known
 * one: the same answer with a decoy user (GoTrue's sanitizeUser), after the same password hash;
 * only the mailbox learns the difference.
 */
export async function signUpWithPassword(
  db: Database,
  input: SignUpInput,
  context: AuthMailContext,
): Promise<{ user: AuthUser; send: Deferred }> {
  const email = assertEmail(input.email);
  await consumeLimit(db, RATE_LIMITS.authOtpIp, context.ip);
  assertStrongPassword(input.password);
  // Before looking the address up, so a 429 is the same for known and unknown addresses.
  await limitEmail(db, email, "signup");
  const existing = await findUserByEmail(db, email);
  if (existing) {
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
  let user: UserRow;
  try {
    user = await createUser(db, {
      email,
      password: input.password,
      firstName: namesOf(input.data).firstName ?? "",
      lastName: namesOf(input.data).lastName ?? "",
      userMetadata: input.data,
    });
  } catch (error) {
    // Two sign-ups with one address at once: the second answers like a known address.
    if ((error as { code?: string }).code === "email_taken" || sqlState(error) === "23505") {
      return { user: decoyUserOf(await nextUserIdGuess(db), email, input.data), send: NOTHING };
    }
    throw error;
  }
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

/** Checks a user may start a session through the auth service (banned, unconfirmed). */
export function assertMaySignIn(user: UserRow, now = Date.now()): void {
  if (user.bannedUntil && user.bannedUntil.getTime() > now) {
    throw new ValidationError("User is banned", { code: "user_banned" });
  }
  if (!user.emailVerified) {
    throw new ValidationError("Email not confirmed", { code: "email_not_confirmed" });
  }
}

export interface OtpInput {
  email: string;
  createUser: boolean;
  data: Record<string, unknown>;
  flow?: CodeChallenge | undefined;
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
  await consumeLimit(db, RATE_LIMITS.authOtpIp, context.ip);
  await limitEmail(db, email, "otp");
  return async () => {
    let user = await findUserByEmail(db, email);
    if (!user && input.createUser) {
      try {
        user = await createUser(db, {
          email,
          firstName: namesOf(input.data).firstName ?? "",
          lastName: namesOf(input.data).lastName ?? "",
          userMetadata: input.data,
        });
      } catch (error) {
        if ((error as { code?: string }).code !== "email_taken") throw error;
        user = await findUserByEmail(db, email);
      }
      if (user) {
        await sendOneTimeToken(db, user, "signup", user.email, context, input.flow);
        return;
      }
    }
    if (!user) return;
    await sendOneTimeToken(
      db,
      user,
      user.emailVerified ? "magiclink" : "signup",
      user.email,
      context,
      input.flow,
    );
  };
}

/** POST /recover: `{}` for any address; a code and link only to a known one. */
export async function requestRecovery(
  db: Database,
  input: { email: string; flow?: CodeChallenge | undefined },
  context: AuthMailContext,
): Promise<Deferred> {
  const email = assertEmail(input.email);
  await consumeLimit(db, RATE_LIMITS.authOtpIp, context.ip);
  await limitEmail(db, email, "recovery");
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
  await consumeLimit(db, RATE_LIMITS.authOtpIp, context.ip);
  await limitEmail(db, email, input.type);
  return async () => {
    if (input.type === "signup") {
      const user = await findUserByEmail(db, email);
      if (user && !user.emailVerified) {
        await sendOneTimeToken(db, user, "signup", user.email, context, input.flow);
      }
      return;
    }
    const user = await findUserByEmail(db, email);
    if (user?.emailChange) {
      await sendOneTimeToken(db, user, "email_change_new", user.emailChange, context, input.flow);
    }
  };
}

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

export interface VerifiedToken {
  user: UserRow;
  method: (typeof METHOD_OF)[OneTimeTokenType];
  flowStateId: string | null;
}

/**
 * POST/GET /verify: uses up the code (with its address) or the link token, then finishes the
 * flow: confirms the address (sign-up, invite, magic link), or moves the account to the new
 * address (e-mail change). Wrong codes are counted per address: after ten, even a right one waits.
 */
export async function verifyOneTimeToken(
  db: Database,
  input: {
    type: VerifyType;
    tokenHash?: string | undefined;
    code?: string | undefined;
    email?: string | undefined;
  },
  ip: string,
): Promise<VerifiedToken> {
  await consumeLimit(db, RATE_LIMITS.authVerifyIp, ip);
  let by: { tokenHash: string } | { code: string; address: string };
  let slot: number | undefined;
  if (input.tokenHash) by = { tokenHash: input.tokenHash };
  else if (input.code && input.email) {
    const address = input.email.trim().toLowerCase();
    // Counted before the check, given back when right (as sign-in failures are).
    slot = await consumeLimit(db, RATE_LIMITS.authVerifyAccount, address);
    by = { code: input.code.trim(), address };
  } else {
    throw new ValidationError("Verify requires either a token or a token hash", {
      code: "validation_failed",
    });
  }
  const consumed = await consumeOneTimeToken(db, by, VERIFY_TYPES[input.type]);
  if (!consumed) throw OTP_INVALID();
  if (slot !== undefined) await releaseEvent(db, slot);
  let user = await getUser(db, consumed.userId);
  if (!user) throw OTP_INVALID();
  if (user.bannedUntil && user.bannedUntil.getTime() > Date.now()) {
    throw new ValidationError("User is banned", { code: "user_banned" });
  }
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
  if (taken && taken.id !== user.id) {
    throw new ValidationError("A user with this email address has already been registered", {
      code: "email_exists",
    });
  }
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
    if (sqlState(error) === "23505") {
      throw new ValidationError("A user with this email address has already been registered", {
        code: "email_exists",
      });
    }
    throw error;
  }
}

/** GoTrue's rule for a password change: a session older than a day needs a fresh proof. */
export const REAUTHENTICATION_AGE_MS = 24 * 60 * 60 * 1000;

export interface UserUpdate {
  email?: string | undefined;
  password?: string | undefined;
  currentPassword?: string | undefined;
  nonce?: string | undefined;
  data?: Record<string, unknown> | undefined;
}

/** Metadata rides in every access token (and so in the site's cookie): bounded once merged too. */
export function assertMetadataSize(
  metadata: Record<string, unknown>,
  field: "user_metadata" | "app_metadata",
): void {
  const max = field === "user_metadata" ? USER_METADATA_MAX_BYTES : APP_METADATA_MAX_BYTES;
  if (jsonBytes(metadata) > max) {
    throw new ValidationError(`${field} must be at most ${max} bytes of JSON`, {
      code: "validation_failed",
    });
  }
}

/** Merges `data` into user_metadata as GoTrue does: null removes a key. */
export function mergeMetadata(
  current: Record<string, unknown>,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(data)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * PUT /user by the signed-in user: metadata; a new password (not the same, strong, and from a
 * session younger than a day or with the current password or a reauthentication nonce; every
 * other session ends); a new e-mail address (confirmed by a link sent to it).
 */
export async function updateOwnUser(
  db: Database,
  input: { userId: number; sessionId: string; update: UserUpdate },
  context: AuthMailContext,
  now = Date.now(),
): Promise<{ user: UserRow; send: Deferred }> {
  let user = await getUser(db, input.userId);
  if (!user)
    throw new ForbiddenError("User from sub claim in JWT does not exist", {
      code: "user_not_found",
    });
  const { update } = input;
  if (update.data) {
    const userMetadata = mergeMetadata(user.userMetadata, update.data);
    assertMetadataSize(userMetadata, "user_metadata");
    const names = namesOf(update.data);
    [user] = await db
      .update(users)
      .set({ userMetadata, ...names, updatedAt: new Date(now) })
      .where(eq(users.id, input.userId))
      .returning();
    if (!user) throw new Error("user vanished during update");
  }
  if (update.password !== undefined) {
    const current = user;
    if (current.passwordHash && (await verifyPassword(current.passwordHash, update.password))) {
      throw new ValidationError("New password should be different from the old password.", {
        code: "same_password",
      });
    }
    assertStrongPassword(update.password);
    await assertRecentlyAuthenticated(db, current, input.sessionId, update, now);
    await setPassword(db, current.id, update.password);
    await revokeUserSessions(db, current.id, "password_changed", input.sessionId);
    user = (await getUser(db, current.id)) ?? current;
  }
  let send: Deferred = NOTHING;
  if (
    update.email !== undefined &&
    update.email.trim().toLowerCase() !== user.email.toLowerCase()
  ) {
    const email = assertEmail(update.email);
    await consumeLimit(db, RATE_LIMITS.authOtpIp, context.ip);
    const taken = await findUserByEmail(db, email);
    if (taken) {
      throw new ValidationError("A user with this email address has already been registered", {
        code: "email_exists",
      });
    }
    await limitEmail(db, email, "email_change");
    [user] = await db
      .update(users)
      .set({ emailChange: email, emailChangeSentAt: new Date(now), updatedAt: new Date(now) })
      .where(eq(users.id, input.userId))
      .returning();
    if (!user) throw new Error("user vanished during update");
    const pending = user;
    send = async () => {
      await sendOneTimeToken(db, pending, "email_change_new", email, context);
    };
  }
  return { user, send };
}

async function assertRecentlyAuthenticated(
  db: Database,
  user: UserRow,
  sessionId: string,
  update: UserUpdate,
  now: number,
): Promise<void> {
  if (update.currentPassword !== undefined) {
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, update.currentPassword))) {
      throw new ValidationError("Current password required when setting new password.", {
        code: "current_password_mismatch",
      });
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
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .limit(1);
  if (!session || now - session.createdAt.getTime() > REAUTHENTICATION_AGE_MS) {
    throw new ValidationError("Password update requires reauthentication", {
      code: "reauthentication_needed",
    });
  }
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
  if (!user.emailVerified) {
    throw new ValidationError("Reauthentication requires the user to have a confirmed email", {
      code: "email_not_confirmed",
    });
  }
  await limitEmail(db, user.email, "reauthentication");
  return async () => {
    await sendOneTimeToken(db, user, "reauthentication", user.email, context);
  };
}

/** DELETE /user/identities/{id}: unlinks Google; an account keeps at least one identity. */
export async function unlinkIdentity(
  db: Database,
  user: UserRow,
  provider: "email" | "google",
): Promise<void> {
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
