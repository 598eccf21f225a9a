// `npm run db:backup` and `npm run db:restore` end to end, on the engine of the project running
// this file (docs/decisions/048-backups-and-the-read-replica.md): a small catalogue and a user are
// backed up, then the user is deleted and programmes dropped; a restore without --force refuses
// and changes nothing; with --force the original data is back (the counts and the user's row).
// PGlite: a data directory of its own, which a running holder keeps the commands out of.
// PostgreSQL: a scratch database on TEST_DATABASE_URL's server, created here and dropped after.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase, type DatabaseHandle, type DatabaseOptions } from "../client.ts";
import { seedCatalogue } from "../seed/seed-catalogue.ts";
import { databaseUrl, newRunPrefix, quoteIdentifier } from "../testing/test-database-source.ts";

const BACKUP = fileURLToPath(new URL("./backup.ts", import.meta.url));
const RESTORE = fileURLToPath(new URL("./restore.ts", import.meta.url));
const onPostgres = process.env.TEST_DB_KIND === "postgres";
const USER = { email: "backup.owner@example.com", first: "Ada", last: "Byron" };

const folder = mkdtempSync(path.join(tmpdir(), "studyatlas-backup-"));
const dataDir = path.join(folder, "data");
// Named like every database the tests create, so the next run drops it should this one be killed.
const scratch = `${newRunPrefix()}_backup`;
const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const scratchUrl = onPostgres ? databaseUrl(adminUrl, scratch) : "";

const target: DatabaseOptions = onPostgres
  ? { kind: "postgres", url: scratchUrl, maxConnections: 2 }
  : { kind: "pglite", dataDir };
const env: Record<string, string> = onPostgres
  ? { DATABASE_URL: scratchUrl }
  : { DATA_DIR: dataDir };

function run(script: string, args: string[]) {
  return spawnSync(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
}

async function withAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function withTarget<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase(target);
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

interface Snapshot {
  courses: number;
  schools: number;
  user: { email: string; first_name: string; last_name: string } | undefined;
}

const snapshot = () =>
  withTarget(async (handle): Promise<Snapshot> => {
    const counts = await handle.query<{ courses: number; schools: number }>(
      "select (select count(*)::int from courses) as courses, (select count(*)::int from schools) as schools",
    );
    const users = await handle.query<Snapshot["user"] & object>(
      "select email, first_name, last_name from users where email = $1",
      [USER.email],
    );
    return { ...counts.rows[0]!, user: users.rows[0] };
  });

let original: Snapshot;
const backupFile = path.join(folder, onPostgres ? "catalogue.pgdump" : "catalogue.tar.gz");

beforeAll(async () => {
  if (onPostgres) await withAdmin(`create database ${quoteIdentifier(scratch)}`);
  await withTarget(async (handle) => {
    await handle.migrate();
    await seedCatalogue(handle, { courses: 60, schools: 6, seed: 11 });
    await handle.query(
      `insert into users (email, first_name, last_name, referral_code) values ($1, $2, $3, 'BACKUP01')`,
      [USER.email, USER.first, USER.last],
    );
  });
  original = await snapshot();
}, 120_000);

afterAll(async () => {
  if (onPostgres)
    await withAdmin(`drop database if exists ${quoteIdentifier(scratch)} with (force)`);
  rmSync(folder, { recursive: true, force: true });
});

describe(`db:backup and db:restore (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("backs up, refuses to overwrite without --force, and restores the original data", async () => {
    expect(original).toMatchObject({ courses: 60, schools: 6, user: { first_name: "Ada" } });
    const backup = run(BACKUP, ["--out", backupFile]);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up .*\(\d+ tables, 60 programmes, 1 users\) to /);
    expect(existsSync(backupFile)).toBe(true);

    // The data changes after the backup: the user goes, and so do most programmes.
    await withTarget(async (handle) => {
      await handle.query("delete from users where email = $1", [USER.email]);
      await handle.query(
        "delete from courses where id not in (select id from courses order by id limit 10)",
      );
    });
    const changed = await snapshot();
    expect(changed).toMatchObject({ courses: 10, user: undefined });

    const refused = run(RESTORE, [backupFile]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/nothing was changed\. Pass --force/);
    expect(await snapshot()).toEqual(changed);

    const restored = run(RESTORE, [backupFile, "--force"]);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/^Restored .* \(\d+ tables, 60 programmes, 1 users\)/);
    expect(await snapshot()).toEqual(original);
    if (!onPostgres) {
      // The directory it replaced is kept beside it, never deleted.
      expect(restored.stdout).toMatch(
        /the previous directory was moved to .*data\.before-restore-/,
      );
      expect(
        readdirSync(folder).filter((name) => name.startsWith("data.before-restore-")),
      ).toHaveLength(1);
    }
  }, 240_000);

  it("refuses a backup of the other engine and a file that is no backup", () => {
    const other = path.join(folder, "other");
    const foreign = onPostgres ? `${other}.tar.gz` : `${other}.pgdump`;
    // The first bytes decide: gzip's magic number, or pg_dump's PGDMP.
    const bytes = onPostgres ? Buffer.from([0x1f, 0x8b, 8, 0]) : Buffer.from("PGDMP\u0001");
    writeFileSync(foreign, bytes);
    const wrongEngine = run(RESTORE, [foreign, "--force"]);
    expect(wrongEngine.status).toBe(1);
    expect(wrongEngine.stderr).toMatch(/a backup restores into the engine it came from/);
    const notBackup = run(RESTORE, [fileURLToPath(import.meta.url)]);
    expect(notBackup.status).toBe(1);
    expect(notBackup.stderr).toMatch(/is not a backup made by db:backup/);
  }, 60_000);

  it.runIf(!onPostgres)(
    "keeps out of a PGlite directory another process holds",
    async () => {
      await withTarget(async () => {
        const backup = run(BACKUP, ["--out", path.join(folder, "while-open.tar.gz")]);
        expect(backup.status).toBe(1);
        expect(backup.stderr).toContain(`is in use by process ${process.pid}`);
        expect(backup.stderr).toContain("backed up while the app is stopped");
        const restore = run(RESTORE, [backupFile, "--force"]);
        expect(restore.status).toBe(1);
        expect(restore.stderr).toContain(`is in use by process ${process.pid}`);
      });
      expect(await snapshot()).toEqual(original);
    },
    60_000,
  );
});
