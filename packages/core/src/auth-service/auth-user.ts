// The user object of the auth service, in GoTrue's shape (its models/user.go and identity.go), built
// from our users row (docs/decisions/013-auth-service.md). GoTrue's ids are UUIDs and auth-js's
// admin calls refuse anything else, so our integer ids travel as UUIDs that encode them
// (`authUserId`): no second id to store or look up, and both doors read the same `sub`. Identities are derived, not stored: an `email` identity for an
// account with a password (or without Google), a `google` identity once a Google subject is linked;
// their identity_id is a stable UUID computed from the user and the provider.
import { createHash } from "node:crypto";

import type { users } from "@studyatlas/db/schema/accounts.ts";

type UserRow = typeof users.$inferSelect;

export const AUTH_AUDIENCE = "authenticated";
export const AUTH_ROLE = "authenticated";

export type IdentityProvider = "email" | "google" | "phone";

export interface AuthIdentity {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: IdentityProvider;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  /** Omitted for a phone identity, as GoTrue omits an empty one. */
  email?: string;
}

export interface AuthUser {
  id: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  email_confirmed_at?: string;
  phone_confirmed_at?: string;
  confirmed_at?: string;
  confirmation_sent_at?: string;
  recovery_sent_at?: string;
  invited_at?: string;
  new_email?: string;
  email_change_sent_at?: string;
  new_phone?: string;
  phone_change_sent_at?: string;
  reauthentication_sent_at?: string;
  last_sign_in_at?: string;
  banned_until?: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: AuthIdentity[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
}

const ID_PREFIX = "00000000-0000-4000-8000-";

/** Our user id as the auth service's UUID: 42 → 00000000-0000-4000-8000-00000000002a. */
export function authUserId(id: number): string {
  return `${ID_PREFIX}${id.toString(16).padStart(12, "0")}`;
}

/** The user id of an auth-service UUID (or of a plain integer id); undefined for anything else. */
export function parseAuthUserId(value: string): number | undefined {
  let id: number;
  if (/^[1-9]\d{0,9}$/.test(value)) id = Number(value);
  else if (value.length === 36 && value.toLowerCase().startsWith(ID_PREFIX)) {
    const hex = value.slice(ID_PREFIX.length);
    if (!/^[0-9a-f]{12}$/i.test(hex)) return undefined;
    id = parseInt(hex, 16);
  } else return undefined;
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

/** A stable UUID (version-5 layout over SHA-256) for a derived identity. */
export function identityIdOf(userId: number, provider: IdentityProvider): string {
  const hex = createHash("sha256").update(`identity:${provider}:${userId}`).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What decides a user's identities: a password, a linked Google subject. */
export interface IdentityFacts {
  hasPassword: boolean;
  googleSubject: string | null;
  /** An anonymous user has no identity until it links one (ADR 062). */
  isAnonymous?: boolean | undefined;
  /** '' for a phone-only (or anonymous) user; an e-mail identity needs an address (ADR 064). */
  email?: string | undefined;
  /** A phone number gives a `phone` identity (ADR 064). */
  phone?: string | null | undefined;
}

function factsOf(user: UserRow): IdentityFacts {
  return {
    hasPassword: user.passwordHash !== null,
    googleSubject: user.googleSubject,
    isAnonymous: user.isAnonymous,
    email: user.email,
    phone: user.phone,
  };
}

export function providersOf(user: IdentityFacts): IdentityProvider[] {
  const providers: IdentityProvider[] = [];
  if (user.isAnonymous) return providers;
  const hasEmail = user.email !== "";
  if (hasEmail && (user.hasPassword || user.googleSubject === null)) providers.push("email");
  if (user.googleSubject !== null) providers.push("google");
  if (user.phone) providers.push("phone");
  return providers;
}

/** GoTrue's app_metadata: what an admin stored, plus the derived provider and providers. */
export function appMetadataOf(
  user: IdentityFacts & { appMetadata: Record<string, unknown> },
): Record<string, unknown> {
  const providers = providersOf(user);
  // GoTrue gives an anonymous user no provider.
  if (providers.length === 0) return { ...user.appMetadata };
  return { ...user.appMetadata, provider: providers[0], providers };
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : undefined);

function identitiesOf(user: UserRow): AuthIdentity[] {
  const id = authUserId(user.id);
  return providersOf(factsOf(user)).map((provider) => {
    const common = {
      identity_id: identityIdOf(user.id, provider),
      user_id: id,
      provider,
      last_sign_in_at: iso(user.lastSignInAt) ?? null,
      created_at: user.createdAt.toISOString(),
      updated_at: user.updatedAt.toISOString(),
    };
    // GoTrue's phone identity: the user's id as its id, the number in its data (ADR 064).
    if (provider === "phone") {
      return {
        ...common,
        id,
        identity_data: {
          sub: id,
          phone: user.phone,
          email_verified: false,
          phone_verified: user.phoneConfirmedAt !== null,
        },
      };
    }
    return {
      ...common,
      id: provider === "google" ? (user.googleSubject ?? id) : id,
      identity_data: {
        sub: provider === "google" ? user.googleSubject : id,
        email: user.email,
        email_verified: user.emailVerified,
        phone_verified: false,
      },
      email: user.email.toLowerCase(),
    };
  });
}

/** Omits the keys whose value is undefined, as GoTrue omits empty optional fields. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The user as the auth service answers it (GET /user, admin, sign-up, sessions). */
export function authUserOf(user: UserRow): AuthUser {
  const emailConfirmedAt = user.emailVerified
    ? iso(user.emailVerifiedAt ?? user.updatedAt)
    : undefined;
  const phoneConfirmedAt = iso(user.phoneConfirmedAt);
  // GoTrue's confirmed_at is the earlier of the two confirmations.
  const confirmedAt = [emailConfirmedAt, phoneConfirmedAt].filter(Boolean).sort()[0];
  return compact({
    id: authUserId(user.id),
    aud: AUTH_AUDIENCE,
    role: AUTH_ROLE,
    email: user.email,
    phone: user.phone ?? "",
    email_confirmed_at: emailConfirmedAt,
    phone_confirmed_at: phoneConfirmedAt,
    confirmed_at: confirmedAt,
    confirmation_sent_at: iso(user.confirmationSentAt),
    recovery_sent_at: iso(user.recoverySentAt),
    invited_at: iso(user.invitedAt),
    new_email: user.emailChange ?? undefined,
    email_change_sent_at: iso(user.emailChangeSentAt),
    new_phone: user.phoneChange ?? undefined,
    phone_change_sent_at: iso(user.phoneChangeSentAt),
    reauthentication_sent_at: iso(user.reauthenticationSentAt),
    last_sign_in_at: iso(user.lastSignInAt),
    banned_until: iso(user.bannedUntil),
    app_metadata: appMetadataOf({ ...factsOf(user), appMetadata: user.appMetadata }),
    user_metadata: user.userMetadata,
    identities: identitiesOf(user),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: user.isAnonymous,
  });
}

/**
 * What a sign-up for an address that already has an account answers, when confirmations are on:
 * a user that looks new, so the answer does not tell who is registered. GoTrue's sanitizeUser
 * does this with an empty `identities` list, which itself tells (Supabase documents it as the way
 * to detect a taken address); ours is built by the same function as a real new user's, from a row
 * that is never stored, with an id drawn from the same sequence: the two answers have the same
 * fields, the same shape and ids from the same series. Only the mailbox learns the difference.
 */
export function decoyUserOf(
  /** A fresh value of the users id sequence, as a new account would get. */
  fakeId: number,
  /** The address, or `{ phone }` for a phone sign-up (ADR 064). */
  address: string | { phone: string },
  userMetadata: Record<string, unknown>,
  now = new Date(),
): AuthUser {
  const phone = typeof address === "string" ? null : address.phone;
  return authUserOf({
    id: fakeId,
    email: typeof address === "string" ? address : "",
    phone,
    phoneConfirmedAt: null,
    phoneChange: null,
    phoneChangeSentAt: null,
    firstName: "",
    lastName: "",
    passwordHash: "",
    emailVerified: false,
    emailVerifiedAt: null,
    role: "student",
    referralCode: "",
    organization: null,
    googleSubject: null,
    lastSignInAt: null,
    userMetadata,
    appMetadata: {},
    confirmationSentAt: now,
    recoverySentAt: null,
    invitedAt: null,
    emailChange: null,
    emailChangeSentAt: null,
    emailChangeConfirmStatus: 0,
    reauthenticationSentAt: null,
    bannedUntil: null,
    isAnonymous: false,
    createdAt: now,
    updatedAt: now,
  });
}
