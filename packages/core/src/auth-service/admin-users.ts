// The auth service's admin API over our users (GoTrue's admin.go, invite.go, mail.go
// GenerateLink): list with paging, create, read, update, delete, invite, generate links. Callers
// are already proven to hold a service-role key (the server checks that).
import { asc, count, desc, eq, sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { users } from "@studyatlas/db/schema/accounts.ts";

import { NotFoundError, ValidationError } from "../errors.ts";
import { hashPassword } from "../accounts/passwords.ts";
import { revokeUserSessions } from "../accounts/sessions.ts";
import {
  PHONE_TAKEN,
  createUser,
  findUserByEmail,
  findUserByPhone,
  getUser,
  type UserRow,
} from "../accounts/users.ts";
import { sqlState } from "../transactions.ts";
import { issueOneTimeToken } from "../accounts/one-time-tokens.ts";
import { parseAuthUserId } from "./auth-user.ts";
import { EMAIL_CHANGE_CURRENT_CONFIRMED } from "./own-user.ts";
import { sendOneTimeToken, verifyLink, type AuthMailContext } from "./emailed-tokens.ts";
import {
  assertEmail,
  assertMetadataSize,
  assertStrongPassword,
  mergeMetadata,
} from "./input-rules.ts";
import { assertPhone } from "./sms-settings.ts";

const USER_NOT_FOUND = () => new NotFoundError("User not found", { code: "user_not_found" });
const EMAIL_EXISTS = () =>
  new ValidationError("A user with this email address has already been registered", {
    code: "email_exists",
  });

export async function requireUserById(db: Database, id: string): Promise<UserRow> {
  const userId = parseAuthUserId(id);
  const user = userId === undefined ? undefined : await getUser(db, userId);
  if (!user) throw USER_NOT_FOUND();
  return user;
}

/** GoTrue's `sort` parameter: `created_at` with `asc` or `desc` (the default, newest first). */
export function sortDirectionOf(sort: string | undefined): "asc" | "desc" {
  if (sort === undefined || sort === "") return "desc";
  const [field, direction, ...rest] = sort.trim().split(" ");
  if (field !== "created_at" || rest.length > 0) {
    throw new ValidationError(`Bad Sort Parameters: bad field for sort '${field ?? ""}'`, {
      code: "validation_failed",
    });
  }
  if (direction === undefined) return "desc";
  const lower = direction.toLowerCase();
  if (lower !== "asc" && lower !== "desc") {
    throw new ValidationError(
      `Bad Sort Parameters: bad direction for sort '${direction}', only 'asc' and 'desc' allowed`,
      { code: "validation_failed" },
    );
  }
  return lower;
}

export async function listUsers(
  db: Database,
  input: {
    page: number;
    perPage: number;
    filter?: string | undefined;
    direction?: "asc" | "desc";
  },
): Promise<{ users: UserRow[]; total: number }> {
  const where = input.filter
    ? sql`(${users.email} ilike ${`%${input.filter.replace(/[\\%_]/g, "\\$&")}%`} or ${users.firstName} ilike ${`%${input.filter.replace(/[\\%_]/g, "\\$&")}%`})`
    : sql`true`;
  const [total] = await db.select({ value: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(
      ...(input.direction === "asc"
        ? [asc(users.createdAt), asc(users.id)]
        : [desc(users.createdAt), desc(users.id)]),
    )
    .limit(input.perPage)
    .offset((input.page - 1) * input.perPage);
  return { users: rows, total: Number(total?.value ?? 0) };
}

/** ban_duration: a Go duration (`24h`, `1h30m`, `90s`) or "none" to lift a ban. */
export function bannedUntilOf(banDuration: string, now = Date.now()): Date | null {
  if (banDuration === "none") return null;
  const match = /^(?:(\d{1,7})h)?(?:(\d{1,9})m)?(?:(\d{1,11})s)?$/.exec(banDuration);
  if (!banDuration || !match || match[0] === "") {
    throw new ValidationError("invalid format for ban duration", { code: "validation_failed" });
  }
  const ms =
    (Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0)) * 1000;
  return new Date(now + ms);
}

export interface AdminUserInput {
  email?: string | undefined;
  password?: string | undefined;
  emailConfirm?: boolean | undefined;
  userMetadata?: Record<string, unknown> | undefined;
  appMetadata?: Record<string, unknown> | undefined;
  banDuration?: string | undefined;
  /** GOTRUE_PASSWORD_MIN_LENGTH (ADR 049). */
  passwordMinLength?: number | undefined;
  /** A phone number in any E.164 spelling, and whether it is confirmed (ADR 064). */
  phone?: string | undefined;
  phoneConfirm?: boolean | undefined;
}

function namesFrom(metadata: Record<string, unknown> | undefined) {
  const text = (value: unknown) =>
    typeof value === "string" && value.trim() ? value.trim().slice(0, 50) : undefined;
  return {
    firstName: text(metadata?.first_name) ?? text(metadata?.firstName),
    lastName: text(metadata?.last_name) ?? text(metadata?.lastName),
  };
}

export async function adminCreateUser(db: Database, input: AdminUserInput): Promise<UserRow> {
  if (!input.email && !input.phone) {
    throw new ValidationError("Unable to validate email address: invalid format", {
      code: "email_address_invalid",
    });
  }
  const email = input.email ? assertEmail(input.email) : "";
  const phone = input.phone ? assertPhone(input.phone) : undefined;
  if (input.password !== undefined) assertStrongPassword(input.password, input.passwordMinLength);
  if (email && (await findUserByEmail(db, email))) throw EMAIL_EXISTS();
  if (phone && (await findUserByPhone(db, phone))) throw PHONE_TAKEN();
  const names = namesFrom(input.userMetadata);
  try {
    return await createUser(db, {
      email,
      ...(phone ? { phone, phoneConfirmed: input.phoneConfirm === true } : {}),
      password: input.password,
      firstName: names.firstName ?? "",
      lastName: names.lastName ?? "",
      emailVerified: input.emailConfirm === true,
      userMetadata: input.userMetadata ?? {},
      appMetadata: input.appMetadata ?? {},
      ...(input.banDuration ? { bannedUntil: bannedUntilOf(input.banDuration) } : {}),
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "email_taken") throw EMAIL_EXISTS();
    throw error;
  }
}

export async function adminUpdateUser(
  db: Database,
  id: string,
  input: AdminUserInput,
): Promise<UserRow> {
  const user = await requireUserById(db, id);
  const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.email !== undefined && input.email.trim().toLowerCase() !== user.email.toLowerCase()) {
    const email = assertEmail(input.email);
    if (await findUserByEmail(db, email)) throw EMAIL_EXISTS();
    changes.email = email;
    changes.emailChange = null;
    // An anonymous user given an address is a permanent one, as GoTrue's adminUserUpdate makes it.
    changes.isAnonymous = false;
  }
  await phoneChangesOf(db, user, input, changes);
  if (input.password !== undefined) {
    assertStrongPassword(input.password, input.passwordMinLength);
    changes.passwordHash = await hashPassword(input.password);
  }
  if (input.emailConfirm === true && !user.emailVerified) {
    changes.emailVerified = true;
    changes.emailVerifiedAt = new Date();
  }
  if (input.userMetadata) {
    changes.userMetadata = mergeMetadata(user.userMetadata, input.userMetadata);
    assertMetadataSize(changes.userMetadata, "user_metadata");
    const names = namesFrom(input.userMetadata);
    if (names.firstName) changes.firstName = names.firstName;
    if (names.lastName) changes.lastName = names.lastName;
  }
  if (input.appMetadata) {
    const { provider: _provider, providers: _providers, ...rest } = input.appMetadata;
    changes.appMetadata = mergeMetadata(user.appMetadata, rest);
    assertMetadataSize(changes.appMetadata, "app_metadata");
  }
  if (input.banDuration !== undefined) changes.bannedUntil = bannedUntilOf(input.banDuration);
  let updated: UserRow | undefined;
  try {
    [updated] = await db.update(users).set(changes).where(eq(users.id, user.id)).returning();
  } catch (error) {
    if (changes.phone && sqlState(error) === "23505") throw PHONE_TAKEN();
    throw error;
  }
  if (!updated) throw USER_NOT_FOUND();
  // A new password or a ban ends the user's sessions, as on every other door.
  if (changes.bannedUntil && changes.bannedUntil.getTime() > Date.now()) {
    await revokeUserSessions(db, user.id, "banned");
  } else if (changes.passwordHash) {
    await revokeUserSessions(db, user.id, "password_changed");
  }
  return updated;
}

/**
 * A new number (GoTrue's adminUserUpdate): taken by another user is 422 phone_exists; it is
 * unconfirmed unless phone_confirm, which also confirms the user's current number.
 */
async function phoneChangesOf(
  db: Database,
  user: UserRow,
  input: AdminUserInput,
  changes: Partial<typeof users.$inferInsert>,
): Promise<void> {
  if (input.phone !== undefined) {
    const phone = assertPhone(input.phone);
    if (phone !== user.phone) {
      const taken = await findUserByPhone(db, phone);
      if (taken && taken.id !== user.id) throw PHONE_TAKEN();
      changes.phone = phone;
      changes.phoneConfirmedAt = null;
      changes.phoneChange = null;
      changes.isAnonymous = false;
    }
  }
  const phone = changes.phone ?? user.phone;
  const confirmed = changes.phone ? null : user.phoneConfirmedAt;
  if (input.phoneConfirm === true && phone && !confirmed) changes.phoneConfirmedAt = new Date();
}

export async function adminDeleteUser(db: Database, id: string): Promise<void> {
  const user = await requireUserById(db, id);
  await db.delete(users).where(eq(users.id, user.id));
}

/** POST /invite: a new, password-less account and an invitation e-mail (code and link). */
export async function inviteUser(
  db: Database,
  input: { email: string; data: Record<string, unknown> },
  context: Omit<AuthMailContext, "ip">,
): Promise<UserRow> {
  const email = assertEmail(input.email);
  const existing = await findUserByEmail(db, email);
  if (existing) throw EMAIL_EXISTS();
  const names = namesFrom(input.data);
  const user = await createUser(db, {
    email,
    firstName: names.firstName ?? "",
    lastName: names.lastName ?? "",
    userMetadata: input.data,
    invitedAt: new Date(),
  });
  await sendOneTimeToken(db, user, "invite", user.email, context);
  return (await getUser(db, user.id)) ?? user;
}

export type GenerateLinkType =
  "signup" | "invite" | "magiclink" | "recovery" | "email_change_current" | "email_change_new";

export interface GeneratedLink {
  user: UserRow;
  actionLink: string;
  emailOtp: string;
  hashedToken: string;
  verificationType: string;
}

/**
 * POST /admin/generate_link: the link and code an e-mail would carry, without sending it (GoTrue's
 * GenerateLink). Creates the user for signup (with its password) and invite.
 */
export async function generateLink(
  db: Database,
  input: {
    type: GenerateLinkType;
    email: string;
    password?: string | undefined;
    newEmail?: string | undefined;
    data: Record<string, unknown>;
    passwordMinLength?: number | undefined;
  },
  context: Pick<AuthMailContext, "authBaseUrl" | "redirectTo">,
): Promise<GeneratedLink> {
  const email = assertEmail(input.email);
  let user = await findUserByEmail(db, email);
  let tokenType: GenerateLinkType = input.type;
  // A magic link for an unknown address is a sign-up link for a new, password-less user, as
  // GoTrue's GenerateLink makes it (ADR 049).
  if (input.type === "magiclink" && !user) {
    const names = namesFrom(input.data);
    user = await createUser(db, {
      email,
      firstName: names.firstName ?? "",
      lastName: names.lastName ?? "",
      userMetadata: input.data,
    });
    tokenType = "signup";
  }
  if (input.type === "signup" || input.type === "invite") {
    if (user && (input.type === "invite" ? true : user.emailVerified)) throw EMAIL_EXISTS();
    if (!user) {
      if (input.type === "signup") {
        if (!input.password) {
          throw new ValidationError("Signup requires a valid password", {
            code: "validation_failed",
          });
        }
        assertStrongPassword(input.password, input.passwordMinLength);
      }
      const names = namesFrom(input.data);
      user = await createUser(db, {
        email,
        password: input.type === "signup" ? input.password : undefined,
        firstName: names.firstName ?? "",
        lastName: names.lastName ?? "",
        userMetadata: input.data,
        ...(input.type === "invite" ? { invitedAt: new Date() } : {}),
      });
    }
  }
  if (!user) throw USER_NOT_FOUND();
  let address = user.email;
  if (input.type === "email_change_current" || input.type === "email_change_new") {
    if (!input.newEmail) {
      throw new ValidationError("Email change requires a new email address", {
        code: "validation_failed",
      });
    }
    const newEmail = assertEmail(input.newEmail);
    if (await findUserByEmail(db, newEmail)) throw EMAIL_EXISTS();
    [user] = await db
      .update(users)
      // The administrator stands for the current address: the new one's link finishes the change.
      .set({
        emailChange: newEmail,
        emailChangeSentAt: new Date(),
        emailChangeConfirmStatus: EMAIL_CHANGE_CURRENT_CONFIRMED,
      })
      .where(eq(users.id, user.id))
      .returning();
    if (!user) throw USER_NOT_FOUND();
    address = newEmail;
    tokenType = "email_change_new";
  }
  const issued = await issueOneTimeToken(db, {
    userId: user.id,
    type: tokenType,
    address,
    withCode: true,
  });
  const verificationType = tokenType.startsWith("email_change") ? "email_change" : tokenType;
  return {
    user,
    actionLink: verifyLink(context, issued.tokenHash, verificationType),
    emailOtp: issued.code,
    hashedToken: issued.tokenHash,
    verificationType,
  };
}
