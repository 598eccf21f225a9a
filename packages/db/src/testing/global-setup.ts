// Integration global setup: migrate and seed ONE template database per run, so that each test
// file gets a fresh copy in about a second instead of paying for initdb, migrations and the seed
// (docs/decisions/002-database.md: an in-memory PGlite alone costs ~3.5 s to create).
// - PGlite: the template's data directory is dumped to a temp file; workers load it.
// - PostgreSQL (TEST_DATABASE_URL): a template database on the server; workers
//   `create database ... template ...` and drop theirs afterwards; the teardown drops whatever
//   this run created, even when a worker crashed.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import pg from "pg";
import type { TestProject } from "vitest/node";

import { openDatabase } from "../client.ts";
import { seedCatalogue } from "../seed/seed-catalogue.ts";
import {
  TEST_CATALOGUE,
  TEST_DATABASE_NAME_PATTERN,
  databaseUrl,
  newRunPrefix,
  quoteIdentifier,
} from "./test-database-source.ts";

type Teardown = () => Promise<void>;

export default async function setup(project: TestProject): Promise<Teardown> {
  const kind = project.config.env.TEST_DB_KIND === "postgres" ? "postgres" : "pglite";
  const started = performance.now();
  const teardown = kind === "postgres" ? await setupPostgres(project) : await setupPglite(project);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `[${project.name}] template database (${kind}, ${TEST_CATALOGUE.courses} programmes, ${TEST_CATALOGUE.schools} schools) ready in ${seconds} s`,
  );
  return teardown;
}

async function setupPglite(project: TestProject): Promise<Teardown> {
  const directory = mkdtempSync(path.join(tmpdir(), "studyatlas-test-db-"));
  const dumpFile = path.join(directory, "template.tar");
  const handle = await openDatabase({ kind: "pglite" });
  try {
    await handle.migrate();
    await seedCatalogue(handle, TEST_CATALOGUE);
    await handle.query("analyze");
    // Uncompressed: loading skips the gunzip, and the file only lives for this run.
    const dump = await handle.pglite!.dumpDataDir("none");
    writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  } finally {
    await handle.close();
  }
  project.provide("testDatabase", { kind: "pglite", dumpFile });
  return async () => {
    rmSync(directory, { recursive: true, force: true });
  };
}

async function setupPostgres(project: TestProject): Promise<Teardown> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("The integration-postgres project needs TEST_DATABASE_URL.");
  const runPrefix = newRunPrefix();
  const template = `${runPrefix}_template`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await dropAbandonedDatabases(admin);
    await admin.query(`create database ${quoteIdentifier(template)}`);
  } finally {
    await admin.end();
  }

  const dropEverything = () => dropRunDatabases(adminUrl, runPrefix);
  try {
    const handle = await openDatabase({
      kind: "postgres",
      url: databaseUrl(adminUrl, template),
      maxConnections: 4,
    });
    try {
      await handle.migrate();
      await seedCatalogue(handle, TEST_CATALOGUE);
      await handle.query("analyze");
    } finally {
      // A database cannot be copied while anyone is connected to it.
      await handle.close();
    }
  } catch (error) {
    await dropEverything();
    throw error;
  }
  project.provide("testDatabase", { kind: "postgres", adminUrl, template, runPrefix });
  return dropEverything;
}

/** Drops the template and every per-file database of this run. */
async function dropRunDatabases(adminUrl: string, runPrefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [`${runPrefix}_`],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${quoteIdentifier(datname)} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

/**
 * Databases left by a run that was killed before its teardown (their names carry the pid of the
 * run's main process). Only runs whose process no longer exists on this machine and whose
 * databases have no connections are dropped, so a concurrent run is never disturbed.
 */
async function dropAbandonedDatabases(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string; connections: number }>(
    `select d.datname,
       (select count(*)::int from pg_stat_activity a where a.datname = d.datname) as connections
     from pg_database d where starts_with(d.datname, 'sat_')`,
  );
  for (const { datname, connections } of rows) {
    const pid = Number(TEST_DATABASE_NAME_PATTERN.exec(datname)?.[1]);
    if (!pid || connections > 0 || processIsAlive(pid)) continue;
    await admin.query(`drop database if exists ${quoteIdentifier(datname)} with (force)`);
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
