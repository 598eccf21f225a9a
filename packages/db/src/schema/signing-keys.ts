// The access tokens' asymmetric signing keys (docs/decisions/062-signing-keys-and-anonymous-users.md):
// one current key (retired_at null) signs; a retired key still verifies, and stays published at
// /auth/v1/.well-known/jwks.json, for a grace period after it was replaced. Every process reads the
// same set, so a rotation reaches all of them.
import { index, jsonb, pgTable, text, timestamp, uuid, check } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

import type { JsonWebKey } from "node:crypto";

export const signingKeys = pgTable(
  "signing_keys",
  {
    /** The `kid` of the tokens it signs. */
    id: uuid("id").primaryKey(),
    algorithm: text("algorithm").$type<"ES256" | "RS256">().notNull(),
    privateJwk: jsonb("private_jwk").$type<JsonWebKey>().notNull(),
    publicJwk: jsonb("public_jwk").$type<JsonWebKey>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
  },
  (t) => [
    index("signing_keys_retired_at_idx").on(t.retiredAt),
    check("signing_keys_algorithm_check", sql`${t.algorithm} in ('ES256', 'RS256')`),
  ],
);
