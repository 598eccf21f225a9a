// Two-factor authentication: factors, their challenges and the authentication methods a session
// has proven (docs/decisions/014-two-factor.md). The shapes follow Supabase Auth's
// `auth.mfa_factors`, `auth.mfa_challenges` and `auth.mfa_amr_claims`, so that the /auth/v1
// service and the product's account API share the same rows.
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { sessions, users } from "./accounts.ts";
import type { StoredWebAuthnCredential, WebAuthnChallengeData } from "./webauthn.ts";

export const FACTOR_TYPES = ["totp", "phone", "webauthn"] as const;
export type FactorType = (typeof FACTOR_TYPES)[number];

export const FACTOR_STATUSES = ["unverified", "verified"] as const;
export type FactorStatus = (typeof FACTOR_STATUSES)[number];

export const mfaFactors = pgTable(
  "mfa_factors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Unique per user when given (GoTrue's mfa_factor_name_conflict). */
    friendlyName: text("friendly_name"),
    factorType: text("factor_type").$type<FactorType>().notNull(),
    status: text("status").$type<FactorStatus>().notNull().default("unverified"),
    /**
     * The TOTP secret, AES-256-GCM encrypted with a key derived from the access-token key
     * (core/accounts/mfa-secret.ts); shown to the user once, at enrolment, never again.
     */
    secret: text("secret"),
    /** A phone factor's number, E.164 digits without the `+` (docs/decisions/064-phones-and-sms-codes.md). */
    phone: text("phone"),
    /**
     * The last TOTP time step (unix seconds / 30) a code was accepted for: a code counts once,
     * even inside its window (ASVS 6.5.1; GoTrue keeps only the challenge single-use).
     */
    lastTotpStep: bigint("last_totp_step", { mode: "number" }),
    lastChallengedAt: timestamp("last_challenged_at", { withTimezone: true }),
    /** A verified WebAuthn factor's credential (docs/decisions/063-webauthn-and-passkeys.md). */
    webauthnCredential: jsonb("webauthn_credential").$type<StoredWebAuthnCredential>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("mfa_factors_user_idx").on(t.userId, t.status),
    uniqueIndex("mfa_factors_user_friendly_name_idx")
      .on(t.userId, t.friendlyName)
      .where(sql`${t.friendlyName} is not null and ${t.friendlyName} <> ''`),
    check("mfa_factors_type_check", sql`${t.factorType} in ('totp', 'phone', 'webauthn')`),
    check("mfa_factors_status_check", sql`${t.status} in ('unverified', 'verified')`),
  ],
);

export const mfaChallenges = pgTable(
  "mfa_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    factorId: uuid("factor_id")
      .notNull()
      .references(() => mfaFactors.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when a code was accepted for it: a challenge is used once. */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** The client address that asked for it; the verification must come from the same one. */
    ipAddress: text("ip_address").notNull(),
    /**
     * A phone factor's challenge: SHA-256 of the texted code bound to the challenge id, never the
     * code (docs/decisions/064-phones-and-sms-codes.md).
     */
    otpCodeHash: text("otp_code_hash"),
    /** A WebAuthn factor's challenge: what the authenticator must sign, and the ceremony. */
    webauthnChallenge: jsonb("webauthn_challenge").$type<WebAuthnChallengeData>(),
  },
  (t) => [index("mfa_challenges_factor_idx").on(t.factorId, t.createdAt)],
);

/**
 * The methods a session has proven, one row per method (`totp` after a verified code), newest
 * `updated_at` first in the token's `amr` claim. `factor_id` names the factor a `totp` row came
 * from, so removing that factor lowers the sessions it raised.
 */
export const sessionAmrClaims = pgTable(
  "session_amr_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    authenticationMethod: text("authentication_method").notNull(),
    factorId: uuid("factor_id").references(() => mfaFactors.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("session_amr_claims_session_method_idx").on(t.sessionId, t.authenticationMethod),
    index("session_amr_claims_factor_idx").on(t.factorId),
  ],
);

/**
 * Two-factor recovery codes (docs/decisions/050-recovery-codes-and-real-names.md): ten per user,
 * shown once, each good for one sign-in. Only a keyed hash is kept (HMAC-SHA256 under a key
 * derived from the access-token key, bound to the user), never the code; `used_at` spends one.
 */
export const mfaRecoveryCodes = pgTable(
  "mfa_recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("mfa_recovery_codes_user_hash_idx").on(t.userId, t.codeHash)],
);
