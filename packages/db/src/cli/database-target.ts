// The database the command-line tools (db:migrate, db:seed) work on, chosen by the same
// environment schema as the server (../database-config.ts).
import { openDatabase, type DatabaseHandle } from "../client.ts";
import { DATABASE_ENV_USAGE, parseDatabaseEnv } from "../database-config.ts";

export const DATABASE_TARGET_USAGE = DATABASE_ENV_USAGE;

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
  maxConnections: number,
): Promise<DatabaseTarget | undefined> {
  const parsed = parseDatabaseEnv();
  if (!parsed.ok) {
    process.stderr.write(
      `${command}: invalid environment variable ${parsed.variable}: ${parsed.message}\n`,
    );
    return undefined;
  }
  const { config } = parsed;
  if (config.kind === "postgres") {
    return {
      handle: await openDatabase({ kind: "postgres", url: config.url, maxConnections }),
      label: "PostgreSQL",
    };
  }
  return {
    handle: await openDatabase({ kind: "pglite", dataDir: config.dataDir }),
    label: `PGlite at ${config.dataDir}`,
  };
}
