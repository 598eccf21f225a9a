// WebAuthn credentials: passkeys that sign in without a password, and the challenges of their
// ceremonies (docs/decisions/063-webauthn-and-passkeys.md). The shapes follow Supabase Auth's
// `auth.webauthn_credentials` and `auth.webauthn_challenges`. A WebAuthn second factor keeps its
// credential on its `mfa_factors` row instead (schema/mfa.ts), as GoTrue does.
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

import { users } from "./accounts.ts";

/** What verifying an assertion needs of a credential (base64url strings, as JSON carries them). */
export interface StoredWebAuthnCredential {
  /** The credential id, base64url. */
  id: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter at the last use. */
  counter: number;
  transports?: string[] | undefined;
  aaguid?: string | undefined;
}

/** What a ceremony's answer is checked against. */
export interface WebAuthnChallengeData {
  /** The challenge the authenticator signs, base64url. */
  challenge: string;
  /** `create` registers a credential, `request` asserts one (GoTrue's names). */
  ceremony: "create" | "request";
  userVerification: "required" | "preferred" | "discouraged";
}

export const WEBAUTHN_CHALLENGE_TYPES = ["registration", "authentication"] as const;
export type WebAuthnChallengeType = (typeof WEBAUTHN_CHALLENGE_TYPES)[number];

export const webauthnCredentials = pgTable(
  "webauthn_credentials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** base64url; unique across users (GoTrue's webauthn_credential_exists). */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    signCount: bigint("sign_count", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    aaguid: text("aaguid"),
    friendlyName: text("friendly_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("webauthn_credentials_credential_id_idx").on(t.credentialId),
    index("webauthn_credentials_user_idx").on(t.userId, t.createdAt),
  ],
);

export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The user registering; none for a sign-in, where the passkey names its user. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    challengeType: text("challenge_type").$type<WebAuthnChallengeType>().notNull(),
    challenge: text("challenge").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("webauthn_challenges_expires_idx").on(t.expiresAt),
    check(
      "webauthn_challenges_type_check",
      sql`${t.challengeType} in ('registration', 'authentication')`,
    ),
  ],
);
