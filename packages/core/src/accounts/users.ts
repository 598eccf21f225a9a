// Users: registration, sign-in, account detail, public fields, profile and password change
// (docs/spec/accounts-and-details.md §3, §7).
import { eq, sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { countries } from "@studyatlas/db/schema/catalogue.ts";
import { organisationMembers, type MemberRole } from "@studyatlas/db/schema/organisations.ts";
import {
  clientProfiles,
  profilePictures,
  users,
  type UserRole,
} from "@studyatlas/db/schema/accounts.ts";
import { MESSAGES } from "@studyatlas/schemas/account-rules.ts";
import type { AccountDetail, ProfileUpdate, PublicUser } from "@studyatlas/schemas/accounts.ts";

import { ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from "../errors.ts";
import { assertPasswordAllowed } from "./password-policy.ts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords.ts";
import { sqlState } from "../transactions.ts";
import { RATE_LIMITS, clearEvents, consumeLimit, releaseEvent } from "./rate-limit.ts";
import { retireOneTimeTokens } from "./one-time-tokens.ts";
import { randomToken } from "./secrets.ts";
import { revokeUserSessions } from "./sessions.ts";
import { createPartnerOrganisation } from "../dashboards/organisations.ts";

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  password?: string | undefined;
  role?: UserRole;
  organization?: string | null;
  /** A partner's organisation: a school or an agency (ADR 016). */
  organisationKind?: "school" | "agent";
  emailVerified?: boolean;
  googleSubject?: string | null;
  /** The auth service's metadata (docs/decisions/013-auth-service.md). */
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  invitedAt?: Date;
  bannedUntil?: Date | null;
  /** A partner who joins an existing organisation by invitation (ADR 056) rather than founding one. */
  joinOrganisation?: { id: number; role: MemberRole };
  /** Signed in without an address: `email` is empty (ADR 062). */
  isAnonymous?: boolean;
  /** A phone number, E.164 digits without `+`; a phone-only user has `email` '' (ADR 064). */
  phone?: string | null;
  /** Whether the phone number is confirmed at creation (GOTRUE_SMS_AUTOCONFIRM, the admin API). */
  phoneConfirmed?: boolean;
}

const EMAIL_TAKEN = () =>
  new ValidationError("A user with that email already exists.", {
    code: "email_taken",
    errors: {
      email: ["A user with that email already exists."],
    },
  });

/** GoTrue's phone_exists (DuplicatePhoneMsg). */
export const PHONE_TAKEN = () =>
  new ValidationError("A user with this phone number has already been registered", {
    code: "phone_exists",
  });

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    // `email <> ''` as users_email_lower_idx is partial: anonymous users have none (ADR 062).
    .where(sql`lower(${users.email}) = lower(${email.trim()}) and ${users.email} <> ''`)
    .limit(1);
  return row;
}

/** The user with this phone number (E.164 digits without `+`, as stored; ADR 064). */
export async function findUserByPhone(db: Database, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row;
}

export async function getUser(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Creates the user and an empty client profile. 400 when the e-mail is taken (any case). */
export async function createUser(db: Database, input: NewUser): Promise<UserRow> {
  if (input.password !== undefined) assertPasswordAllowed(input.password, "password");
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  if (!input.isAnonymous && (await findUserByEmail(db, input.email))) throw EMAIL_TAKEN();
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email.trim(),
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          passwordHash,
          role: input.role ?? "student",
          organization: input.organization ?? null,
          referralCode: randomToken(6).replace(/[-_]/g, "x").toUpperCase(),
          emailVerified: input.emailVerified ?? false,
          emailVerifiedAt: input.emailVerified ? new Date() : null,
          googleSubject: input.googleSubject ?? null,
          userMetadata: input.userMetadata ?? {},
          appMetadata: input.appMetadata ?? {},
          invitedAt: input.invitedAt ?? null,
          bannedUntil: input.bannedUntil ?? null,
          isAnonymous: input.isAnonymous ?? false,
          phone: input.phone ?? null,
          phoneConfirmedAt: input.phone && input.phoneConfirmed ? new Date() : null,
        })
        .returning();
      if (!user) throw new Error("user insert returned no row");
      await tx.insert(clientProfiles).values({ userId: user.id });
      // A partner acts for an organisation, pending until a sales agent approves it (ADR 016).
      if (user.role === "partner" && input.joinOrganisation) {
        await tx.insert(organisationMembers).values({
          userId: user.id,
          organisationId: input.joinOrganisation.id,
          role: input.joinOrganisation.role,
        });
      } else if (user.role === "partner") {
        await createPartnerOrganisation(tx, {
          userId: user.id,
          name: input.organization?.trim() || `${user.firstName} ${user.lastName}`,
          email: user.email,
          kind: input.organisationKind ?? "school",
        });
      }
      return user;
    });
  } catch (error) {
    // Two sign-ups with one address (or number) at the same moment: the unique index decides.
    if (sqlState(error) === "23505") {
      if (input.phone && (await findUserByPhone(db, input.phone))) throw PHONE_TAKEN();
      throw EMAIL_TAKEN();
    }
    throw error;
  }
}

const PARTNER_NOT_VERIFIED = () =>
  new ForbiddenError(
    "Please verify your e-mail address before signing in: follow the link we sent you, or ask for a new one.",
    { code: "email_not_verified" },
  );

const LOGIN_FAILED = () =>
  new UnauthenticatedError(MESSAGES.loginFailed, { code: "invalid_credentials" });

/**
 * E-mail and password sign-in with the rate limits: 429 once the account or the address has
 * used up its failures (the 11th failure within 15 minutes), 401 with the spec's exact detail
 * for a wrong e-mail or password.
 */
/**
 * Checks an e-mail and password. Failures are limited per client address and per account, each
 * slot taken before the password is checked so parallel guesses cannot overrun the limits
 * (docs/security.md V2); a right password gives its slots back. The account limit does not apply
 * to a browser that this account has signed in from before (`trustedUserId`, from its device
 * cookie): a stranger's ten wrong guesses cannot lock the owner out (docs/security.md V6), while
 * the per-address limit still holds for everyone.
 */
export async function authenticate(
  db: Database,
  input: { email: string; password: string; ip: string; trustedUserId?: number | undefined },
): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  const slots = [await consumeLimit(db, RATE_LIMITS.signInIp, input.ip)];
  const user = await findUserByEmail(db, email);
  if (!user || user.id !== input.trustedUserId) {
    try {
      slots.push(await consumeLimit(db, RATE_LIMITS.signInAccount, email));
    } catch (error) {
      // Refused before any guess was checked: not a failure from this address.
      await releaseEvent(db, slots[0]!);
      throw error;
    }
  }
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyAgainstDummy(input.password), false);
  if (!user || !valid) throw LOGIN_FAILED();
  for (const slot of slots) await releaseEvent(db, slot);
  // A known device's success leaves the account's count to strangers: it must not let them
  // resume guessing (docs/decisions/039-auth-service-api-clients.md).
  if (user.id !== input.trustedUserId) await clearEvents(db, RATE_LIMITS.signInAccount, email);
  // Partners act for an organisation: they sign in only once their address is proven (the API's
  // register_partner says so). Told only to someone who knew the password.
  if (user.role === "partner" && !user.emailVerified) throw PARTNER_NOT_VERIFIED();
  return user;
}

export function profilePictureUrl(userId: number, updatedAt: Date): string {
  return `/api/account/profile_pic/${userId}?v=${updatedAt.getTime()}`;
}

/** The fields every answer about the signed-in user starts with (account/detail, token pairs). */
export function accountSummary(user: UserRow) {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    email_verified: user.emailVerified,
    role: user.role,
  };
}

export async function getAccountDetail(db: Database, userId: number): Promise<AccountDetail> {
  const [row] = await db
    .select({ user: users, profile: clientProfiles, pictureAt: profilePictures.updatedAt })
    .from(users)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .leftJoin(profilePictures, eq(profilePictures.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new NotFoundError("User not found.");
  let profile: typeof clientProfiles.$inferSelect | null | undefined = row.profile;
  if (!profile) {
    // Two first reads at once both find no profile: one inserts it, the other reads that one.
    [profile] = await db
      .insert(clientProfiles)
      .values({ userId })
      .onConflictDoNothing()
      .returning();
    profile ??= (
      await db.select().from(clientProfiles).where(eq(clientProfiles.userId, userId)).limit(1)
    )[0];
    if (!profile) throw new Error("profile insert returned no row");
  }
  const { user } = row;
  return {
    ...accountSummary(user),
    referral_code: user.referralCode,
    organization: user.organization,
    client_profile: {
      id: profile.id,
      profile_pic: row.pictureAt ? profilePictureUrl(user.id, row.pictureAt) : null,
      address: profile.address,
      employment_status: profile.employmentStatus,
      employment_sector: profile.employmentSector,
      employment_position: profile.employmentPosition,
      gender: profile.gender,
      date_of_birth: profile.dateOfBirth,
      nationality: profile.nationalityId,
      country_of_residence: profile.countryOfResidenceId,
      phone_number: profile.phoneNumber,
      website: profile.website,
      socials: {
        instagram: profile.socials.instagram ?? null,
        twitter: profile.socials.twitter ?? null,
        facebook: profile.socials.facebook ?? null,
      },
    },
  };
}

async function publicUserWhere(db: Database, where: ReturnType<typeof eq>): Promise<PublicUser> {
  const [row] = await db
    .select({ user: users, pictureAt: profilePictures.updatedAt })
    .from(users)
    .leftJoin(profilePictures, eq(profilePictures.userId, users.id))
    .where(where)
    .limit(1);
  if (!row) throw new NotFoundError("User not found.");
  return {
    id: row.user.id,
    first_name: row.user.firstName,
    last_name: row.user.lastName,
    role: row.user.role,
    profile_pic: row.pictureAt ? profilePictureUrl(row.user.id, row.pictureAt) : null,
  };
}

/** Public fields only: never the e-mail, profile or anything else of another user. */
export function getPublicUser(db: Database, id: number): Promise<PublicUser> {
  return publicUserWhere(db, eq(users.id, id));
}

export function getUserByReferralCode(db: Database, code: string): Promise<PublicUser> {
  return publicUserWhere(db, eq(users.referralCode, code.toUpperCase()));
}

export interface ProfilePicture {
  contentType: string;
  data: Buffer;
}

export async function getProfilePicture(
  db: Database,
  userId: number,
): Promise<ProfilePicture | undefined> {
  const [row] = await db
    .select({ contentType: profilePictures.contentType, data: profilePictures.data })
    .from(profilePictures)
    .where(eq(profilePictures.userId, userId))
    .limit(1);
  return row;
}

async function assertCountry(db: Database, field: string, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  const [row] = await db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.id, id))
    .limit(1);
  if (!row) {
    throw new ValidationError(`Invalid field '${field}': no country has id ${id}`, {
      errors: {
        [field]: [`no country has id ${id}`],
      },
    });
  }
}

/** The signed-in user's own profile; fields left out stay as they are, null clears them. */
export async function updateProfile(
  db: Database,
  userId: number,
  update: ProfileUpdate,
  picture?: ProfilePicture,
): Promise<AccountDetail> {
  await assertCountry(db, "nationality", update.nationality);
  await assertCountry(db, "country_of_residence", update.country_of_residence);
  const userFields = {
    ...(update.first_name ? { firstName: update.first_name } : {}),
    ...(update.last_name ? { lastName: update.last_name } : {}),
    ...(update.organization !== undefined ? { organization: update.organization } : {}),
  };
  const profileFields = {
    ...(update.address !== undefined ? { address: update.address } : {}),
    ...(update.employment_status !== undefined
      ? { employmentStatus: update.employment_status }
      : {}),
    ...(update.employment_sector !== undefined
      ? { employmentSector: update.employment_sector }
      : {}),
    ...(update.employment_position !== undefined
      ? { employmentPosition: update.employment_position }
      : {}),
    ...(update.gender !== undefined ? { gender: update.gender } : {}),
    ...(update.date_of_birth !== undefined ? { dateOfBirth: update.date_of_birth } : {}),
    ...(update.nationality !== undefined ? { nationalityId: update.nationality } : {}),
    ...(update.country_of_residence !== undefined
      ? { countryOfResidenceId: update.country_of_residence }
      : {}),
    ...(update.phone_number !== undefined ? { phoneNumber: update.phone_number } : {}),
    ...(update.website !== undefined ? { website: update.website } : {}),
  };
  await getAccountDetail(db, userId); // 404 for a deleted user; creates a missing profile
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...userFields, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await tx
      .update(clientProfiles)
      .set({ ...profileFields, updatedAt: new Date() })
      .where(eq(clientProfiles.userId, userId));
    if (picture) {
      await tx
        .insert(profilePictures)
        .values({ userId, contentType: picture.contentType, data: picture.data })
        .onConflictDoUpdate({
          target: profilePictures.userId,
          set: { contentType: picture.contentType, data: picture.data, updatedAt: new Date() },
        });
    }
  });
  return getAccountDetail(db, userId);
}

/** Needs the current password; signs the user out of every other session. */
export async function changePassword(
  db: Database,
  input: { userId: number; sessionId: string; oldPassword: string; newPassword: string },
): Promise<void> {
  const user = await getUser(db, input.userId);
  if (!user) throw new NotFoundError("User not found.");
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.oldPassword))) {
    throw new ValidationError("Your current password is incorrect.", {
      code: "wrong_password",
      errors: {
        old_password: ["Your current password is incorrect."],
      },
    });
  }
  await setPassword(db, user.id, input.newPassword);
  await revokeUserSessions(db, user.id, "password_changed", input.sessionId);
}

export async function setPassword(db: Database, userId: number, password: string): Promise<void> {
  assertPasswordAllowed(password, "new_password");
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    // Every unused e-mailed code and link of either door stops working: a reset or verification
    // link someone else saw cannot outlive the new password.
    await retireOneTimeTokens(tx, userId);
  });
}

export async function markEmailVerified(db: Database, userId: number): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({
      emailVerified: true,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!user)
    throw new ValidationError("This verification link is invalid.", { code: "invalid_token" });
  return user;
}
