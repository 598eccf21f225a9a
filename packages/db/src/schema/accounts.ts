// Accounts schema: users, client profiles, interests, sessions with rotating refresh tokens,
// single-use e-mailed tokens (codes and links), the mail outbox and rate-limit events
// (docs/spec/accounts-and-details.md §3; docs/decisions/006-sessions-and-tokens.md).
//
// Sessions follow the shape of Supabase Auth (auth.sessions, auth.refresh_tokens) so that a later
// /auth/v1 service can share them: a session has a uuid carried in the access token (`session_id`),
// an authenticator assurance level (aal1 | aal2) and a chain of refresh tokens (each row names the
// token it replaced in `parent_id`).
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { countries, disciplines } from "./catalogue.ts";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return "bytea";
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});

export const USER_ROLES = ["student", "advisor", "partner", "sales", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const GENDERS = ["male", "female", "other", "prefer_not_to_say"] as const;
export type Gender = (typeof GENDERS)[number];

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /**
     * As typed at sign-up; unique ignoring case (users_email_lower_idx). Empty for an anonymous
     * user until an address is linked (docs/decisions/062-signing-keys-and-anonymous-users.md).
     */
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** argon2id (PHC string); null for accounts created through Google only. */
    passwordHash: text("password_hash"),
    emailVerified: boolean("email_verified").notNull().default(false),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    role: text("role").$type<UserRole>().notNull().default("student"),
    referralCode: text("referral_code").notNull().unique(),
    organization: text("organization"),
    /** The `sub` claim of the user's Google ID token, once linked. */
    googleSubject: text("google_subject").unique(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    // The auth service's user fields (/auth/v1, docs/decisions/013-auth-service.md): what GoTrue
    // keeps on auth.users beyond what the account API already had.
    /** Free-form data the user may change (`data` of /signup, PUT /user). */
    userMetadata: jsonb("user_metadata").$type<Record<string, unknown>>().notNull().default({}),
    /** Data only an admin may change (besides `provider`/`providers`, which are derived). */
    appMetadata: jsonb("app_metadata").$type<Record<string, unknown>>().notNull().default({}),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    recoverySentAt: timestamp("recovery_sent_at", { withTimezone: true }),
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    /** An e-mail change waiting for its confirmation link. */
    emailChange: text("email_change"),
    emailChangeSentAt: timestamp("email_change_sent_at", { withTimezone: true }),
    /**
     * Which addresses have confirmed the pending e-mail change, as bits: 1 the current address, 2
     * the new one (GoTrue's secure e-mail change needs both; docs/decisions/013-auth-service.md).
     */
    emailChangeConfirmStatus: smallint("email_change_confirm_status").notNull().default(0),
    reauthenticationSentAt: timestamp("reauthentication_sent_at", { withTimezone: true }),
    bannedUntil: timestamp("banned_until", { withTimezone: true }),
    /** Signed in without an address (GoTrue's is_anonymous); false once an address is linked. */
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    /**
     * The user's phone number as GoTrue stores it: E.164 digits without the `+` ("14155550100"),
     * unique (users_phone_idx); null without one. A phone-only user has `email` '' as an anonymous
     * user has (docs/decisions/064-phones-and-sms-codes.md).
     */
    phone: text("phone"),
    phoneConfirmedAt: timestamp("phone_confirmed_at", { withTimezone: true }),
    /** A phone change waiting for the code sent to the new number. */
    phoneChange: text("phone_change"),
    phoneChangeSentAt: timestamp("phone_change_sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_lower_idx")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.email} <> ''`),
    uniqueIndex("users_phone_idx")
      .on(t.phone)
      .where(sql`${t.phone} is not null`),
    index("users_anonymous_created_idx")
      .on(t.createdAt)
      .where(sql`${t.isAnonymous}`),
    check(
      "users_role_check",
      sql`${t.role} in ('student', 'advisor', 'partner', 'sales', 'admin')`,
    ),
  ],
);

export const clientProfiles = pgTable(
  "client_profiles",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    address: text("address"),
    employmentStatus: text("employment_status"),
    employmentSector: text("employment_sector"),
    employmentPosition: text("employment_position"),
    gender: text("gender").$type<Gender>(),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    nationalityId: integer("nationality_id").references(() => countries.id, {
      onDelete: "set null",
    }),
    countryOfResidenceId: integer("country_of_residence_id").references(() => countries.id, {
      onDelete: "set null",
    }),
    phoneNumber: text("phone_number"),
    website: text("website"),
    socials: jsonb("socials")
      .$type<{ instagram?: string | null; twitter?: string | null; facebook?: string | null }>()
      .notNull()
      .default({}),
    ...timestamps,
  },
  (t) => [
    check(
      "client_profiles_gender_check",
      sql`${t.gender} is null or ${t.gender} in ('male', 'female', 'other', 'prefer_not_to_say')`,
    ),
  ],
);

/** The picture bytes live in the database: app processes keep no files of their own. */
export const profilePictures = pgTable("profile_pictures", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  data: bytea("data").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const userDisciplineInterests = pgTable(
  "user_discipline_interests",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    disciplineId: integer("discipline_id")
      .notNull()
      .references(() => disciplines.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.disciplineId] })],
);

export const userCountryInterests = pgTable(
  "user_country_interests",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.countryId] })],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Authenticator assurance level: aal1 (password, Google, e-mail link) or aal2 (a factor). */
    aal: text("aal").notNull().default("aal1"),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }),
    /** Absolute end of the session, however often it is refreshed. */
    notAfter: timestamp("not_after", { withTimezone: true }).notNull(),
    /**
     * Whether the browser keeps the session across restarts (cookies with an expiry). The
     * dashboards' sign-in without 'remember me' starts a browser session: cookies without an
     * expiry and a shorter `not_after`.
     */
    persistent: boolean("persistent").notNull().default(true),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** logout | refresh_token_reuse | password_changed | password_reset */
    revokedReason: text("revoked_reason"),
    /**
     * How the session was authenticated, newest first: GoTrue's `amr` claim
     * ([{method: "password", timestamp}]). A second factor adds its method and raises `aal`.
     */
    amr: jsonb("amr").$type<AmrEntry[]>().notNull().default([]),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    check("sessions_aal_check", sql`${t.aal} in ('aal1', 'aal2')`),
  ],
);

export interface AmrEntry {
  method: string;
  /** Seconds since the epoch. */
  timestamp: number;
}

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    /** SHA-256 of the token (hex); the token itself is only ever in the client's hands. */
    tokenHash: text("token_hash").notNull().unique(),
    /** The token this one replaced; null for the first token of a session. */
    parentId: bigint("parent_id", { mode: "number" }),
    /** Set when the token is exchanged for its successor (or its session is revoked). */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("refresh_tokens_session_idx").on(t.sessionId)],
);

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** verification | password_reset | welcome | newsletter_welcome | contact */
    kind: text("kind").notNull(),
    /** The one link the message is about, for the log and the development mailbox. */
    link: text("link"),
    /** Extra mail headers (List-Unsubscribe, Reply-To), as sent to the SMTP server. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set once the SMTP server accepted it; null when kept in the outbox (no SMTP_URL). */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
  },
  (t) => [index("mail_outbox_to_idx").on(sql`lower(${t.toAddress})`, t.createdAt)],
);

/**
 * One row per counted event (a failed sign-in, a registration, a reset e-mail...), keyed by what
 * is limited (`signin-ip:1.2.3.4`, `signin-account:ada@example.com`). Sliding windows counted in
 * PostgreSQL, so every app process sees the same counts.
 */
export const rateLimitEvents = pgTable(
  "rate_limit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    key: text("key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rate_limit_events_key_idx").on(t.key, t.createdAt)],
);

/** Keys the app generates once and every process shares (the access-token key when AUTH_SECRET is unset). */
export const authSecrets = pgTable("auth_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every e-mailed token, for both doors (docs/decisions/006-sessions-and-tokens.md,
 * docs/decisions/013-auth-service.md): the site's verification and reset links (`/verify-email/{uid}/{token}`, `/set-pw`) and the auth service's
 * codes and links (sign-up confirmation, magic link, recovery, invite, e-mail change,
 * reauthentication). A row holds a link token and, when one was e-mailed, a 6-digit code, both
 * stored only as SHA-256. The code is hashed with the address it was sent to, so it only works
 * with that address. The site's e-mail verification is a `signup` token, its reset a `recovery`.
 */
export const ONE_TIME_TOKEN_TYPES = [
  "signup",
  "magiclink",
  "recovery",
  "invite",
  "email_change_current",
  "email_change_new",
  "reauthentication",
  // Texted codes (docs/decisions/064-phones-and-sms-codes.md): `relates_to` is the number's digits.
  "phone_confirmation",
  "phone_change",
] as const;
export type OneTimeTokenType = (typeof ONE_TIME_TOKEN_TYPES)[number];

export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenType: text("token_type").$type<OneTimeTokenType>().notNull(),
    /** The address the code was sent to (lower case), or the number a texted code went to. */
    relatesTo: text("relates_to").notNull(),
    /** SHA-256 of `relates_to:code`; null when only a link was sent (the site's links). */
    codeHash: text("code_hash"),
    /** SHA-256 of the link's token (the auth service's token_hash, the site link's last part). */
    linkHash: text("link_hash").notNull().unique(),
    /** The PKCE flow this token finishes, when the request carried a code challenge. */
    flowStateId: uuid("flow_state_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("one_time_tokens_user_idx").on(t.userId, t.tokenType),
    index("one_time_tokens_code_idx").on(t.codeHash),
    check(
      "one_time_tokens_type_check",
      sql`${t.tokenType} in ('signup', 'magiclink', 'recovery', 'invite', 'email_change_current', 'email_change_new', 'reauthentication', 'phone_confirmation', 'phone_change')`,
    ),
  ],
);

/**
 * PKCE flows of the auth service (GoTrue's flow_state): a client that sent a code challenge gets
 * an auth code instead of tokens, and exchanges it with the verifier (grant_type=pkce).
 */
export const flowStates = pgTable(
  "flow_states",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the auth code handed to the client. */
    authCodeHash: text("auth_code_hash").notNull().unique(),
    codeChallenge: text("code_challenge").notNull(),
    /** s256 | plain */
    codeChallengeMethod: text("code_challenge_method").notNull(),
    /** email | recovery | magiclink | signup | invite | email_change | oauth */
    authenticationMethod: text("authentication_method").notNull(),
    providerType: text("provider_type").notNull().default("email"),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("flow_states_method_check", sql`${t.codeChallengeMethod} in ('s256', 'plain')`)],
);
