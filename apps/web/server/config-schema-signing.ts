// The access tokens' signing keys and anonymous users' settings (docs/decisions/062-signing-keys-and-anonymous-users.md),
// part of the server's environment (config-schema.ts). GoTrue's names where GoTrue has one.
import { z } from "zod";

import { positiveCount } from "./config-fields.ts";

const JWK_SHAPE = z.looseObject({
  kty: z.enum(["EC", "RSA", "oct"], { error: "each key's kty must be EC, RSA or oct" }),
  kid: z.string().optional(),
  alg: z.string().optional(),
  key_ops: z.array(z.string()).optional(),
});

export const SigningEnvShape = {
  /**
   * What new access tokens are signed with: HS256 (the secret, default), or ES256 / RS256 by the
   * current key of the set kept in the database, made at the first start with it.
   */
  AUTH_SIGNING_ALGORITHM: z
    .enum(["HS256", "ES256", "RS256"], { error: "must be HS256, ES256 or RS256" })
    .default("HS256"),
  /** How long a replaced signing key keeps verifying, in seconds; never below the tokens' lifetime. */
  AUTH_SIGNING_KEY_GRACE_SECONDS: positiveCount.default(3600),
  /**
   * GoTrue's JWT_KEYS: a JSON array of JWKs used instead of the database's set. The first ES256 or
   * RS256 key with a private part whose key_ops allow "sign" signs; every ES256/RS256 key verifies.
   */
  GOTRUE_JWT_KEYS: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return undefined;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "must be a JSON array of JWKs" });
        return z.NEVER;
      }
    })
    .pipe(z.array(JWK_SHAPE, { error: "must be a JSON array of JWKs" }).optional()),
  /** Anonymous users not seen for this many days are deleted (by the housekeeping process). */
  AUTH_ANONYMOUS_USERS_RETENTION_DAYS: positiveCount.default(30),
};
