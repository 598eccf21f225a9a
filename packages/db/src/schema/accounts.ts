// Accounts schema: users, client profiles, interests, sessions with rotating refresh tokens,
// single-use verification tokens, the mail outbox and rate-limit events
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

export const VERIFICATION_PURPOSES = ["email_verification", "password_reset"] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** As typed at sign-up; unique ignoring case (users_email_lower_idx). */
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
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
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
     * expiry and a shorter `not_after` (issue 13 item 2).
     */
    persistent: boolean("persistent").notNull().default(true),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** logout | refresh_token_reuse | password_changed | password_reset */
    revokedReason: text("revoked_reason"),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    check("sessions_aal_check", sql`${t.aal} in ('aal1', 'aal2')`),
  ],
);

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

export const verificationTokens = pgTable(
  "verification_tokens",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<VerificationPurpose>().notNull(),
    /** SHA-256 of the token (hex). */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("verification_tokens_user_idx").on(t.userId, t.purpose),
    check(
      "verification_tokens_purpose_check",
      sql`${t.purpose} in ('email_verification', 'password_reset')`,
    ),
  ],
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
