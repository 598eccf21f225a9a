// `npm run auth:keys`: the two API keys of the auth service for the configured secret, as Supabase
// hands them out: the anon key (public: what a Supabase client is created with) and the
// service-role key (the admin API; servers only). They are HS256 JWTs signed with AUTH_SECRET.
// Without AUTH_SECRET the server signs with a key kept in the database: outside production the
// keys are made for that key; in production the command refuses, because keys that change with
// the database are a trap (docs/decisions/013-auth-service.md).
import { signApiKey } from "@studyatlas/core/auth-service/api-keys.ts";
import { rotateSigningKey } from "@studyatlas/core/auth-service/signing-keys.ts";
import { loadOrCreateAuthSecret } from "@studyatlas/core/accounts/auth-secret.ts";
import { openDatabase } from "@studyatlas/db/client.ts";

import { ConfigError, loadProcessConfig, type AppConfig } from "./config.ts";

export const NO_SECRET_IN_PRODUCTION =
  "AUTH_SECRET is not set. In production the auth service's keys must come from a configured secret: set AUTH_SECRET (at least 32 characters, for example: openssl rand -base64 48) on every app process, then run npm run auth:keys again.";

export interface AuthKeys {
  anonKey: string;
  serviceRoleKey: string;
  /** Where the secret came from. */
  source: "AUTH_SECRET" | "database";
}

/** The keys for `config`; reads the database-kept secret only when AUTH_SECRET is unset. */
export async function authKeysFor(
  config: AppConfig,
  databaseSecret: () => Promise<string>,
): Promise<AuthKeys> {
  if (!config.auth.secret && config.env === "production")
    throw new ConfigError(NO_SECRET_IN_PRODUCTION);
  const secret = config.auth.secret ?? (await databaseSecret());
  return {
    anonKey: await signApiKey(secret, "anon"),
    serviceRoleKey: await signApiKey(secret, "service_role"),
    source: config.auth.secret ? "AUTH_SECRET" : "database",
  };
}

export function formatAuthKeys(keys: AuthKeys, publicBaseUrl: string): string {
  return [
    `Auth service URL: ${publicBaseUrl}/auth/v1`,
    `SUPABASE_ANON_KEY=${keys.anonKey}`,
    `SUPABASE_SERVICE_ROLE_KEY=${keys.serviceRoleKey}`,
    keys.source === "database"
      ? "(signed with the key kept in this database because AUTH_SECRET is unset; set AUTH_SECRET for keys that survive a new database)"
      : "(signed with AUTH_SECRET; the service-role key bypasses every user check: keep it on servers only)",
    "",
  ].join("\n");
}

/**
 * `npm run auth:keys -- --rotate`: a new current signing key of AUTH_SIGNING_ALGORITHM; the one it
 * replaces keeps verifying for AUTH_SIGNING_KEY_GRACE_SECONDS, and every process follows within a
 * minute (ADR 062).
 */
async function rotate(config: AppConfig): Promise<string> {
  const { algorithm, graceMs, jwtKeys } = config.auth.signing;
  if (algorithm === "HS256" || jwtKeys) {
    throw new ConfigError(
      "Only a key set kept in the database rotates: set AUTH_SIGNING_ALGORITHM to ES256 or RS256 (and leave GOTRUE_JWT_KEYS unset), then run npm run auth:keys -- --rotate again.",
    );
  }
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const kid = await rotateSigningKey(database.db, algorithm, graceMs);
    return `New ${algorithm} signing key ${kid}; the previous key verifies for ${graceMs / 1000} s more.\n`;
  } finally {
    await database.close();
  }
}

export async function runAuthKeys(args: string[] = []): Promise<number> {
  try {
    // Like `npm start`: production unless NODE_ENV says otherwise.
    const config = loadProcessConfig("production");
    if (args.includes("--rotate")) {
      process.stdout.write(await rotate(config));
      return 0;
    }
    const keys = await authKeysFor(config, async () => {
      const database = await openDatabase(config.database);
      try {
        await database.migrate();
        return await loadOrCreateAuthSecret(database.db);
      } finally {
        await database.close();
      }
    });
    process.stdout.write(formatAuthKeys(keys, config.publicBaseUrl));
    return 0;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
