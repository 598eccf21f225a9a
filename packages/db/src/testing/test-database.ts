// A fresh, migrated, seeded database per integration test file, copied from the template that
// the global setup (./global-setup.ts) prepared once for the run. Call it in beforeAll and
// dispose() it in afterAll: an open PGlite keeps the worker alive, and a PostgreSQL test database
// left behind is clutter on a shared server.
import { readFileSync } from "node:fs";

import pg from "pg";
import { inject } from "vitest";

import { openDatabase, type DatabaseHandle } from "../client.ts";
import {
  databaseUrl,
  quoteIdentifier,
  randomSuffix,
  type TestDatabaseSource,
} from "./test-database-source.ts";

export { TEST_CATALOGUE } from "./test-database-source.ts";

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
  /** On PostgreSQL, the database's address, for a second connection (a second app process). */
  url?: string;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  // Undefined when the file runs outside the integration projects (no global setup).
  const source: TestDatabaseSource | undefined = inject("testDatabase");
  if (!source) {
    throw new Error(
      "createTestDatabase() needs the integration global setup: run the file through the 'integration' or 'integration-postgres' Vitest project.",
    );
  }
  return source.kind === "pglite" ? loadPglite(source.dumpFile) : copyPostgres(source);
}

/** Blobs are immutable: one copy of the dump serves every database this worker loads. */
let templateDump: Blob | undefined;

async function loadPglite(dumpFile: string): Promise<TestDatabase> {
  // Loading a dump measured faster than clone(), which would first need the template in this
  // process anyway (each test file runs in a fresh worker).
  templateDump ??= new Blob([new Uint8Array(readFileSync(dumpFile))]);
  const handle = await openDatabase({ kind: "pglite", loadDataDir: templateDump });
  return { ...handle, dispose: () => handle.close() };
}

async function copyPostgres(
  source: Extract<TestDatabaseSource, { kind: "postgres" }>,
): Promise<TestDatabase> {
  const name = `${source.runPrefix}_${randomSuffix()}`;
  await withAdmin(source.adminUrl, (admin) => createFromTemplate(admin, name, source.template));
  const drop = () =>
    withAdmin(source.adminUrl, async (admin) => {
      await waitForDisconnection(admin, name);
      await admin.query(`drop database if exists ${quoteIdentifier(name)} with (force)`);
    });
  let handle: DatabaseHandle;
  const url = databaseUrl(source.adminUrl, name);
  try {
    handle = await openDatabase({ kind: "postgres", url, maxConnections: 5 });
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    ...handle,
    url,
    async dispose() {
      await handle.close();
      await drop();
    },
  };
}

async function createFromTemplate(admin: pg.Client, name: string, template: string): Promise<void> {
  // Two files copying the template at the same moment can briefly see each other's session on it
  // ("source database is being accessed by other users", 55006): retry a few times.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.query(
        `create database ${quoteIdentifier(name)} template ${quoteIdentifier(template)}`,
      );
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "55006" || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/**
 * pg's Pool.end() resolves once it has asked its connections to close, not once the server has
 * let them go. Dropping `with (force)` at that moment terminates them, and the server's
 * "terminating connection" reaches a client that no longer listens for errors: an uncaught
 * exception in the worker. So wait for the sessions to end first (force stays as the fallback).
 */
async function waitForDisconnection(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows } = await admin.query<{ connections: number }>(
      "select count(*)::int as connections from pg_stat_activity where datname = $1",
      [name],
    );
    if (Number(rows[0]?.connections) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
