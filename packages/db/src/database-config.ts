// Which database to open, from the environment: PostgreSQL when DATABASE_URL is set, else the
// embedded PGlite in DATA_DIR (default ./data). The one schema for both the server's
// configuration (apps/web/server/config.ts extends it) and the command-line tools
// (cli/database-target.ts), so the two can never disagree about a URL (README "Configuration").
import path from "node:path";

import { z } from "zod";

const postgresUrl = z.string().superRefine((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: "custom", message: "must be a URL such as postgres://user@host:5432/db" });
    return;
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    ctx.addIssue({ code: "custom", message: "must start with postgres:// or postgresql://" });
  } else if (!url.hostname) {
    ctx.addIssue({
      code: "custom",
      message: "must name a host, as in postgres://user@host:5432/db",
    });
  }
});

/** A PostgreSQL connection URL variable; unset and empty mean the same. */
export const optionalPostgresUrl = () =>
  z
    .string()
    .optional()
    .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined))
    .pipe(postgresUrl.optional());

/** The environment variables that choose the database; unset and empty mean the same. */
export const DatabaseEnvShape = {
  DATABASE_URL: optionalPostgresUrl(),
  DATA_DIR: z
    .string()
    .optional()
    .transform((value) => (value && value.trim() !== "" ? value.trim() : "./data")),
};

export type DatabaseConfig =
  | {
      kind: "postgres";
      url: string;
      /**
       * The server's catalogue reads go here (DATABASE_READ_URL, a read replica; ADR 048). Read by
       * the server's configuration only: the command-line tools work on the primary.
       */
      readUrl?: string;
    }
  | { kind: "pglite"; dataDir: string };

/** The parsed variables as the database to open (DATA_DIR resolved against the working folder). */
export function databaseConfigOf(values: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}): DatabaseConfig {
  return values.DATABASE_URL
    ? { kind: "postgres", url: values.DATABASE_URL }
    : { kind: "pglite", dataDir: path.resolve(values.DATA_DIR) };
}

export const DATABASE_ENV_USAGE =
  "env: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, default ./data)";

/** Parses the database variables; an error names the first bad variable and why. */
export function parseDatabaseEnv(
  env: Record<string, string | undefined> = process.env,
): { ok: true; config: DatabaseConfig } | { ok: false; variable: string; message: string } {
  const parsed = z.object(DatabaseEnvShape).safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      variable: String(issue?.path[0] ?? "environment"),
      message: issue?.message ?? "invalid value",
    };
  }
  return { ok: true, config: databaseConfigOf(parsed.data) };
}
