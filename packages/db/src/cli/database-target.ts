// The database the command-line tools (db:migrate, db:seed) work on: PostgreSQL when DATABASE_URL
// is set, else PGlite in DATA_DIR (default ./data), as the server chooses (README "Configuration").
import { resolve } from "node:path";

import { z } from "zod";

import { openDatabase, type DatabaseHandle } from "../client.ts";

const EnvSchema = z.object({
  DATABASE_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  ),
  DATA_DIR: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("./data")),
});

export const DATABASE_TARGET_USAGE =
  "env: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, default ./data)";

export interface DatabaseTarget {
  handle: DatabaseHandle;
  /** "PostgreSQL" or "PGlite at /path", for messages. */
  label: string;
}

/**
 * Opens the database named by the environment. A malformed variable is reported on stderr,
 * prefixed with `command`, and gives undefined.
 */
export async function openDatabaseTarget(
  command: string,
  env: Record<string, string | undefined>,
  maxConnections: number,
): Promise<DatabaseTarget | undefined> {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    process.stderr.write(
      `${command}: invalid environment variable ${String(issue?.path[0] ?? "")}: ${issue?.message ?? "invalid"}\n`,
    );
    return undefined;
  }
  const { DATABASE_URL: url, DATA_DIR: dataDir } = parsed.data;
  if (url) {
    return {
      handle: await openDatabase({ kind: "postgres", url, maxConnections }),
      label: "PostgreSQL",
    };
  }
  return {
    handle: await openDatabase({ kind: "pglite", dataDir: resolve(dataDir) }),
    label: `PGlite at ${resolve(dataDir)}`,
  };
}
