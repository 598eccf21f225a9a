// `npm run db:backup -- [--out FILE]`: a backup of the database the environment names
// (docs/decisions/048-backups-and-the-read-replica.md, README "Backups").
// - PGlite (DATA_DIR): its data directory as a gzipped tar (PGlite's dumpDataDir). The app holds
//   the directory while it runs, so the app must be stopped first; the directory's lock says so.
// - PostgreSQL (DATABASE_URL): `pg_dump -Fc`, one consistent snapshot, safe while the app runs.
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

import { openDatabase, type DatabaseHandle } from "../client.ts";
import { DataDirInUseError } from "../data-dir-lock.ts";
import { parseDatabaseEnv } from "../database-config.ts";
import {
  BACKUP_EXTENSIONS,
  contentsOf,
  formatBytes,
  parseArguments,
  postgresTool,
  runTool,
  serverMajorOf,
  type BackupKind,
} from "./backup-files.ts";
import { DATABASE_TARGET_USAGE } from "./database-target.ts";

const USAGE = `usage: npm run db:backup -- [--out FILE]
  FILE defaults to backups/studyatlas-<engine>-<UTC time>${BACKUP_EXTENSIONS.pglite} (PGlite) or ${BACKUP_EXTENSIONS.postgres} (PostgreSQL)
  PGlite: stop the app first (it holds the data directory); PostgreSQL: safe while the app runs
  ${DATABASE_TARGET_USAGE}`;

function defaultFile(kind: BackupKind): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  return path.resolve("backups", `studyatlas-${kind}-${stamp}${BACKUP_EXTENSIONS[kind]}`);
}

async function backupPglite(dataDir: string, file: string): Promise<string> {
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    throw new Error(`No PGlite database at ${dataDir} (DATA_DIR): nothing to back up`);
  }
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ kind: "pglite", dataDir });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new Error(
        `${error.message}. A PGlite database is backed up while the app is stopped (README "Backups").`,
        { cause: error },
      );
    }
    throw error;
  }
  try {
    const contents = await contentsOf(handle);
    const dump = await handle.pglite!.dumpDataDir("gzip");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return `PGlite at ${dataDir} (${contents})`;
  } finally {
    await handle.close();
  }
}

async function backupPostgres(url: string, file: string): Promise<string> {
  const handle = await openDatabase({ kind: "postgres", url, maxConnections: 1 });
  let contents: string;
  let major: number;
  try {
    contents = await contentsOf(handle);
    major = await serverMajorOf(handle);
  } finally {
    await handle.close();
  }
  // --no-owner / --no-privileges: the backup restores into a database another role owns.
  await runTool(postgresTool("pg_dump", major), [
    "--format=custom",
    "--no-owner",
    "--no-privileges",
    `--file=${file}`,
    `--dbname=${url}`,
  ]);
  return `PostgreSQL ${major} (${contents})`;
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parseArguments>;
  try {
    args = parseArguments(process.argv.slice(2), { withValue: ["--out"], bare: ["--help"] });
    if (args.positional.length > 0) throw new Error(`unexpected argument ${args.positional[0]}`);
  } catch (error) {
    process.stderr.write(`db:backup: ${(error as Error).message}\n${USAGE}\n`);
    return 1;
  }
  if (args.set.has("--help")) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const parsed = parseDatabaseEnv();
  if (!parsed.ok) {
    process.stderr.write(
      `db:backup: invalid environment variable ${parsed.variable}: ${parsed.message}\n`,
    );
    return 1;
  }
  const { config } = parsed;
  const file = path.resolve(args.values.get("--out") ?? defaultFile(config.kind));
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const started = performance.now();
    const what =
      config.kind === "pglite"
        ? await backupPglite(config.dataDir, file)
        : await backupPostgres(config.url, file);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Backed up ${what} to ${file} (${formatBytes(statSync(file).size)}) in ${seconds} s\n`,
    );
    return 0;
  } catch (error) {
    process.stderr.write(`db:backup: ${(error as Error).message}\n`);
    return 1;
  }
}

process.exitCode = await main();
