// `npm run db:restore -- FILE [--force]`: puts a backup made by `db:backup` back into the database
// the environment names (docs/decisions/048-backups-and-the-read-replica.md, README "Backups").
// A target that already holds a database is replaced only with --force:
// - PGlite (DATA_DIR): the current directory is moved aside (kept, never deleted) and the backup's
//   directory unpacked in its place; the app must be stopped (the directory's lock says so).
// - PostgreSQL (DATABASE_URL): the backup's SQL from pg_restore runs in one transaction with the
//   drop of the current schemas, so a failed restore leaves the database as it was. Stop the app
//   processes first: they would go on serving their caches and index of the old data.
// Restoring never migrates: the server applies newer migrations when it starts (or db:migrate).
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";

import { openDatabase, type DatabaseHandle } from "../client.ts";
import { DataDirInUseError, dataDirHolder } from "../data-dir-lock.ts";
import { parseDatabaseEnv } from "../database-config.ts";
import {
  ENGINE_NAMES,
  backupKindOf,
  contentsOf,
  parseArguments,
  postgresTool,
  runTool,
  serverMajorOf,
} from "./backup-files.ts";
import { DATABASE_TARGET_USAGE } from "./database-target.ts";

const USAGE = `usage: npm run db:restore -- FILE [--force]
  FILE: a backup made by npm run db:backup (PGlite .tar.gz or PostgreSQL .pgdump, for the same engine)
  --force replaces a database that is already there (PGlite: the old directory is kept beside it)
  Stop the app first. ${DATABASE_TARGET_USAGE}`;

/** A restore that was not attempted: the message says why, and nothing was changed. */
class RestoreRefused extends Error {}

async function withPglite<T>(dataDir: string, work: (handle: DatabaseHandle) => Promise<T>) {
  const handle = await openDatabase({ kind: "pglite", dataDir });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

async function restorePglite(file: string, dataDir: string, force: boolean): Promise<string> {
  const holder = dataDirHolder(dataDir);
  if (holder !== undefined) throw new DataDirInUseError(dataDir, holder);
  const occupied = existsSync(dataDir) && readdirSync(dataDir).length > 0;
  let keptAt: string | undefined;
  if (occupied) {
    if (!force) {
      const contents = existsSync(path.join(dataDir, "PG_VERSION"))
        ? await withPglite(dataDir, contentsOf).catch(() => "files")
        : "files";
      throw new RestoreRefused(
        `PGlite at ${dataDir} already holds a database (${contents}); nothing was changed. Pass --force to replace it (the current directory is kept beside it).`,
      );
    }
    keptAt = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    renameSync(dataDir, keptAt);
  }
  try {
    const dump = new Blob([new Uint8Array(readFileSync(file))]);
    const handle = await openDatabase({ kind: "pglite", dataDir, loadDataDir: dump });
    let contents: string;
    try {
      contents = await contentsOf(handle);
    } finally {
      await handle.close();
    }
    const kept = keptAt ? `; the previous directory was moved to ${keptAt}` : "";
    return `into PGlite at ${dataDir} (${contents})${kept}`;
  } catch (error) {
    // Put things back as they were.
    rmSync(dataDir, { recursive: true, force: true });
    if (keptAt) renameSync(keptAt, dataDir);
    throw error;
  }
}

/** Tables in every schema but PostgreSQL's own: the app's (public) and the migrator's (drizzle). */
async function existingTables(handle: DatabaseHandle): Promise<number> {
  const { rows } = await handle.query<{ n: number }>(
    `select count(*)::int as n from information_schema.tables
     where table_schema not in ('pg_catalog', 'information_schema')`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** pg_restore's SQL for the backup, run by psql in one transaction after `prelude`. */
function restoreSql(pgRestore: string, psql: string, file: string, url: string, prelude: string) {
  return new Promise<void>((resolve, reject) => {
    // --no-owner / --no-privileges: the objects belong to whoever restores them.
    const source = spawn(pgRestore, ["--no-owner", "--no-privileges", "--file=-", file], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const sourceErrors: Buffer[] = [];
    source.stderr.on("data", (chunk: Buffer) => sourceErrors.push(chunk));
    const applied = runTool(
      psql,
      [
        "--no-psqlrc",
        "--quiet",
        "--set=ON_ERROR_STOP=1",
        "--single-transaction",
        `--command=${prelude}`,
        "--file=-",
        `--dbname=${url}`,
      ],
      { input: source.stdout },
    );
    const read = new Promise<void>((done, failed) => {
      source.on("error", failed);
      source.on("close", (code) =>
        code === 0
          ? done()
          : failed(
              new Error(
                `pg_restore could not read ${file}: ${Buffer.concat(sourceErrors).toString("utf8").trim()}`,
              ),
            ),
      );
    });
    Promise.all([read, applied]).then(() => resolve(), reject);
  });
}

async function restorePostgres(file: string, url: string, force: boolean): Promise<string> {
  const handle = await openDatabase({ kind: "postgres", url, maxConnections: 1 });
  let major: number;
  try {
    const tables = await existingTables(handle);
    if (tables > 0 && !force) {
      throw new RestoreRefused(
        `The PostgreSQL database at DATABASE_URL is not empty (${await contentsOf(handle)}); nothing was changed. Pass --force to replace what it holds.`,
      );
    }
    major = await serverMajorOf(handle);
  } finally {
    await handle.close();
  }
  // With psql's --single-transaction, -c and -f run as one transaction: all or nothing.
  const prelude = [
    "drop schema if exists drizzle cascade",
    "drop schema if exists public cascade",
    "create schema public",
    "grant usage on schema public to public",
  ].join("; ");
  await restoreSql(
    postgresTool("pg_restore", major),
    postgresTool("psql", major),
    file,
    url,
    prelude,
  );
  const restored = await openDatabase({ kind: "postgres", url, maxConnections: 1 });
  try {
    return `into PostgreSQL ${major} (${await contentsOf(restored)})`;
  } finally {
    await restored.close();
  }
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parseArguments>;
  try {
    args = parseArguments(process.argv.slice(2), { withValue: [], bare: ["--force", "--help"] });
    if (args.set.has("--help")) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (args.positional.length !== 1) throw new Error("name one backup file");
  } catch (error) {
    process.stderr.write(`db:restore: ${(error as Error).message}\n${USAGE}\n`);
    return 1;
  }
  const parsed = parseDatabaseEnv();
  if (!parsed.ok) {
    process.stderr.write(
      `db:restore: invalid environment variable ${parsed.variable}: ${parsed.message}\n`,
    );
    return 1;
  }
  const { config } = parsed;
  const file = path.resolve(args.positional[0] ?? "");
  const force = args.set.has("--force");
  try {
    if (!existsSync(file)) throw new RestoreRefused(`${file} does not exist`);
    const kind = backupKindOf(file);
    if (!kind) {
      throw new RestoreRefused(`${file} is not a backup made by db:backup (neither kind)`);
    }
    if (kind !== config.kind) {
      throw new RestoreRefused(
        `${file} is a backup of ${ENGINE_NAMES[kind]}, but the target is ${ENGINE_NAMES[config.kind]}; a backup restores into the engine it came from (${config.kind === "pglite" ? "set DATABASE_URL" : "unset DATABASE_URL"} to restore it)`,
      );
    }
    const started = performance.now();
    const what =
      config.kind === "pglite"
        ? await restorePglite(file, config.dataDir, force)
        : await restorePostgres(file, config.url, force);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Restored ${file} ${what} in ${seconds} s. Start the app: it applies any newer migrations.\n`,
    );
    return 0;
  } catch (error) {
    process.stderr.write(`db:restore: ${(error as Error).message}\n`);
    return 1;
  }
}

process.exitCode = await main();
