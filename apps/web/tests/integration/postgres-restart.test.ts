// The fault test: PostgreSQL restarted under light load. The app must answer 503 (never
// 500) while the server is away, serve again within 5 s of it being back, and keep every write it
// acknowledged. It runs a private PostgreSQL cluster (initdb in a temporary folder, as the
// `postgres` user) so the restart cannot disturb the other tests; it runs once, in the PostgreSQL
// project, on machines that have the server binaries (CI installs them).
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase, type DatabaseHandle } from "@studyatlas/db/client.ts";

import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";
import { freePort } from "./free-port.ts";

const BIN = existsSync("/usr/lib/postgresql")
  ? readdirSync("/usr/lib/postgresql")
      .map((version) => `/usr/lib/postgresql/${version}/bin`)
      .find((folder) => existsSync(`${folder}/pg_ctl`))
  : undefined;
const AS_ROOT = process.getuid?.() === 0;
const runnable = process.env.TEST_DB_KIND === "postgres" && BIN !== undefined;

function commandLine(command: string, args: string[]): [string, string[]] {
  return AS_ROOT
    ? ["runuser", ["-u", "postgres", "--", `${BIN}/${command}`, ...args]]
    : [`${BIN}/${command}`, args];
}

function asPostgres(command: string, args: string[]): string {
  const [file, fileArgs] = commandLine(command, args);
  return execFileSync(file, fileArgs, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** The same, without blocking the event loop (the load keeps running meanwhile). */
async function asPostgresInBackground(command: string, args: string[]): Promise<void> {
  const [file, fileArgs] = commandLine(command, args);
  await promisify(execFile)(file, fileArgs);
}

let folder = "";
const errorLog: string[] = [];
let port = 0;
let database: DatabaseHandle | undefined;
let app: FastifyInstance | undefined;
const pgCtl = (...args: string[]) =>
  asPostgres("pg_ctl", ["-D", path.join(folder, "data"), "-w", "-t", "30", ...args]);

describe.runIf(runnable)("PostgreSQL restarted under load", () => {
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), "studyatlas-fault-"));
    chmodSync(folder, 0o777);
    port = await freePort();
    asPostgres("initdb", ["-D", path.join(folder, "data"), "-A", "trust", "-U", "postgres"]);
    pgCtl(
      "-o",
      `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=on`,
      "-l",
      path.join(folder, "server.log"),
      "start",
    );
    database = await openDatabase({
      kind: "postgres",
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      maxConnections: 4,
    });
    await database.migrate();
    app = await buildApp({
      // Errors are kept, so that a 500 says what it was.
      config: testConfig({ logLevel: "error" }),
      database,
      frontend: { kind: "none" },
      logStream: { write: (line: string) => void errorLog.push(line.slice(0, 2000)) },
    });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    // Cleanup must not hang the run: each step gets 10 s, and what did not finish is reported.
    const bounded = async (label: string, step: () => Promise<void>) => {
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        step().then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), 10_000);
        }),
      ]);
      clearTimeout(timer);
      if (!finished) console.warn(`fault test cleanup: ${label} did not finish within 10 s`);
    };
    await bounded("closing the app", async () => {
      await app?.close();
    });
    await bounded("closing the database", async () => {
      await database?.close();
    });
    if (folder) {
      try {
        pgCtl("-m", "immediate", "stop");
      } catch {
        // Already stopped.
      }
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it("answers 503 while it is away, recovers within 5 s, and loses nothing it acknowledged", async () => {
    const target = app!;
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let sequence = 0;
    const subscribeOnce = async () => {
      sequence += 1;
      const email = `fault-${sequence}@example.com`;
      const response = await target.inject({
        method: "POST",
        url: "/api/subscription/add",
        payload: { email, first_name: "Ada", last_name: "Lovelace" },
        remoteAddress: `198.18.${(sequence >> 8) % 250}.${sequence % 250}`,
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode === 201) acknowledged.push(email);
      return response.statusCode;
    };

    // Light load: one request at a time, before, during and after the restart.
    let running = true;
    const load = (async () => {
      while (running) await subscribeOnce();
    })();
    await expect.poll(() => acknowledged.length, { timeout: 10_000 }).toBeGreaterThan(20);

    await asPostgresInBackground("pg_ctl", [
      "-D",
      path.join(folder, "data"),
      "-w",
      "-t",
      "30",
      "-m",
      "fast",
      "-o",
      `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1`,
      // A log file: otherwise the new server keeps pg_ctl's output open and the call never ends.
      "-l",
      path.join(folder, "server.log"),
      "restart",
    ]);
    const backAt = Date.now();
    const before = acknowledged.length;
    // Served again within 5 s of the server being back.
    await expect
      .poll(() => acknowledged.length, { timeout: 5000, interval: 50 })
      .toBeGreaterThan(before + 5);
    const recoveredAfter = Date.now() - backAt;
    running = false;
    await load;

    expect(recoveredAfter).toBeLessThan(5000);
    // Never a 500: a request that found the server away was told to try again (503).
    expect(
      [...statuses.keys()].filter((status) => status >= 500 && status !== 503),
      errorLog.join("\n"),
    ).toEqual([]);
    // Every acknowledged subscription is there.
    const result: unknown = await database!.db.execute(
      sql`select email from newsletter_subscribers where email like 'fault-%'`,
    );
    const stored = new Set((result as { rows: { email: string }[] }).rows.map((row) => row.email));
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
  }, 120_000);
});
