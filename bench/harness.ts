// What the benchmarks share: options, a seeded bench database per catalogue size, the bench
// server (bench-server.ts) started and stopped, and a load generator that sends each path once,
// N at a time, and reports the client's latencies.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import pg from "pg";

import { openDatabase } from "@studyatlas/db/client.ts";
import { appProcessEnvironment } from "../apps/web/server/process-environment.ts";
import { isCatalogueSeeded, seedCatalogue } from "@studyatlas/db/seed/seed-catalogue.ts";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** A request slower than this counts as a time-out. */
/**
 * The Node options `npm start` runs the server with (its heap limit: README, ADR 036), read from
 * the root package.json so that the bench server runs as the product does.
 */
export function startNodeOptions(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  return manifest.scripts.start.split(/\s+/).filter((word) => word.startsWith("--"));
}

/** The environment as `npm start` completes it for the app process (scripts/start.ts). */
function withAppProcessDefaults(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return appProcessEnvironment(env) ?? env;
}

export const TIMEOUT_MS = 10_000;

/** `--name N`: a whole number of 1 or more, else `fallback`. */
export function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a whole number of 1 or more`);
    process.exit(1);
  }
  return value;
}

export function flag(name: string): boolean {
  return process.argv.includes(`--${name}`);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/** The PostgreSQL server the benchmarks use, when TEST_DATABASE_URL names one. */
export const postgresUrl = process.env.TEST_DATABASE_URL;
export const engineName = postgresUrl ? "PostgreSQL" : "PGlite";

/**
 * A database holding `courses` seeded programmes: `bench_{courses}` on the PostgreSQL server of
 * TEST_DATABASE_URL, else a PGlite directory. `keep` reuses one already seeded. Answers the
 * server's environment (DATABASE_URL or DATA_DIR).
 */
export async function prepareDatabase(options: {
  courses: number;
  /** Default: one school for every 125 programmes, at least 50. */
  schools?: number;
  keep: boolean;
  /** The database's name, for a bench that changes the catalogue (default bench_{courses}). */
  name?: string;
}): Promise<Record<string, string>> {
  const schools = options.schools ?? Math.max(50, Math.round(options.courses / 125));
  // --database NAME: a database of one's own, where other checkouts bench on the same server.
  const named = process.argv.indexOf("--database");
  const name =
    options.name ??
    (named === -1 ? undefined : process.argv[named + 1]) ??
    `bench_${options.courses}`;
  if (!/^[a-z][a-z0-9_]*$/.test(name)) {
    console.error("--database must be a lower-case name of letters, digits and underscores");
    process.exit(1);
  }
  if (postgresUrl) {
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (!options.keep || exists.rowCount === 0) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    }
    await admin.end();
    await seed({ kind: "postgres", url: url.toString() }, options.courses, schools);
    return { DATABASE_URL: url.toString() };
  }
  const dataDir = path.join(os.tmpdir(), `studyatlas-${name}`);
  if (!options.keep) rmSync(dataDir, { recursive: true, force: true });
  await seed({ kind: "pglite", dataDir }, options.courses, schools);
  return { DATA_DIR: dataDir };
}

async function seed(
  options: { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string },
  courses: number,
  schools: number,
): Promise<void> {
  const database = await openDatabase(options);
  try {
    await database.migrate();
    if (await isCatalogueSeeded(database)) {
      console.log(`Reusing the seeded bench database of ${courses.toLocaleString("en")} (--keep).`);
      return;
    }
    const started = performance.now();
    let lastPrint = 0;
    await seedCatalogue(database, {
      courses,
      schools,
      seed: 2026,
      onProgress: ({ phase, done, total }) => {
        const now = performance.now();
        if (now - lastPrint > 2000) {
          lastPrint = now;
          console.log(`  seeding: ${phase} ${done}/${total}`);
        }
      },
    });
    console.log(
      `Seeded ${courses.toLocaleString("en")} programmes on ${options.kind} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

/** Builds the production front end unless a build is there. */
/** The newest modification time of the files under `dir` (node_modules left out). */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "build") continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(
      newest,
      entry.isDirectory() ? newestMtime(full) : entry.isFile() ? statSync(full).mtimeMs : 0,
    );
  }
  return newest;
}

/**
 * Builds the web app unless a build newer than every source file of the app and the packages
 * exists: a benchmark must measure the code it is run on, not an earlier build.
 */
export function ensureBuild(): void {
  const built = path.join(ROOT, "apps/web/build/server/index.js");
  const sources = ["apps/web/app", "apps/web/vite.config.ts", "packages"].map((p) =>
    path.join(ROOT, p),
  );
  const newestSource = Math.max(
    ...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= newestSource) return;
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export interface BenchServer {
  base: string;
  child: ChildProcess;
  /** From the spawn until the server answered (its finder index built), before the read-ahead. */
  readyMs: number;
}

/**
 * `--workers N`: the server's processes, as WEB_CONCURRENCY runs them (ADR 020); 1 by default.
 * More than one needs PostgreSQL (TEST_DATABASE_URL).
 */
export function workersOption(): number {
  const workers = option("workers", 1);
  if (workers > 1 && !postgresUrl) {
    console.error(
      "--workers above 1 needs PostgreSQL (TEST_DATABASE_URL): PGlite is one process's database",
    );
    process.exit(1);
  }
  return workers;
}

/** "one server process", or "2 server processes (cluster workers)". */
export function processesLabel(workers: number): string {
  return workers === 1 ? "one server process" : `${workers} server processes (cluster workers)`;
}

/**
 * The production app on `port` with `env`, once it answers; with `workers` above 1, that many
 * cluster workers (WEB_CONCURRENCY), once every one of them listens.
 */
export async function startServer(
  env: Record<string, string>,
  port: number,
  workers = 1,
): Promise<BenchServer> {
  const base = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const child = spawn(
    process.execPath,
    [...startNodeOptions(), path.join(ROOT, "bench/bench-server.ts")],
    {
      cwd: ROOT,
      // NODE_ENV=production for React too (its development build renders several times slower).
      // What `npm start` sets before Node starts (its arenas) too, as the product runs.
      env: withAppProcessDefaults({
        ...process.env,
        ...env,
        PORT: String(port),
        NODE_ENV: "production",
        WEB_CONCURRENCY: String(workers),
      }),
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  for (let attempt = 0; attempt < 1500; attempt += 1) {
    try {
      const response = await fetch(`${base}/bench/baseline`);
      if (response.ok) {
        const readyMs = performance.now() - startedAt;
        const { waitedMs } = await json<{ waitedMs: number }>(base, "/bench/read-ahead");
        console.log(
          `(the finder index read ahead behind the scenes for ${(waitedMs / 1000).toFixed(1)} s more before the requests)`,
        );
        return { base, child, readyMs };
      }
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error("The bench server exited during start-up.");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("The bench server did not start within five minutes.");
}

export async function stopServer(server: BenchServer): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await exited;
}

export async function json<T>(base: string, url: string): Promise<T> {
  const response = await fetch(`${base}${url}`);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

export interface Figures {
  count: number;
  p50: number;
  p95: number;
  rps: number;
  failures: number;
  timeouts: number;
}

/** What Chromium asks for; the server compresses as it would for a visitor. */
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** One GET on a kept-alive socket of `agent`: the status once the whole body has arrived. */
function get(agent: http.Agent, url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { "accept-encoding": ACCEPT_ENCODING }, timeout: TIMEOUT_MS },
      (response) => {
        // The body is drained, not decoded: the client's CPU is not the server's latency.
        response.on("data", () => {});
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new TimeoutError()));
    request.on("error", reject);
  });
}

class TimeoutError extends Error {}

/**
 * Sends each path once, `connections` at a time, until the paths or `seconds` run out; latency
 * of each request from the client's side. A 404 is an answer (a page past the last one), any
 * other status but 200 a failure, and a socket silent for TIMEOUT_MS a time-out.
 *
 * The client is node:http on `connections` kept-alive sockets, asking for compressed answers as
 * a browser does and draining them undecoded. It shares the two cores with the server and
 * PostgreSQL, so it is kept light: `fetch` cost about 0.3 ms more CPU per request (WHATWG
 * streams, decoding, an abort timer), which showed as server latency (bench/RESULTS.md).
 */
export async function run(
  base: string,
  paths: readonly string[],
  options: { seconds: number; connections: number },
): Promise<Figures> {
  const latencies: number[] = [];
  let failures = 0;
  let timeouts = 0;
  let nextIndex = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const worker = async () => {
    while (nextIndex < paths.length && performance.now() < deadline) {
      const path = paths[nextIndex++] as string;
      const begun = performance.now();
      try {
        const status = await get(agent, new URL(path, base));
        if (status !== 200 && status !== 404) failures += 1;
      } catch (error) {
        if (error instanceof TimeoutError) timeouts += 1;
        else failures += 1;
      }
      latencies.push(performance.now() - begun);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    count: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    rps: latencies.length / elapsed,
    failures,
    timeouts,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

export function line(label: string, f: Figures): string {
  return `${label.padEnd(34)} p50 ${ms(f.p50).padStart(10)} | p95 ${ms(f.p95).padStart(10)} | ${f.rps.toFixed(1).padStart(7)} req/s | ${String(f.count).padStart(5)} requests | failures ${f.failures} | time-outs ${f.timeouts}`;
}

/**
 * The floor lines: `/robots.txt`, the server's own trivial answer (every hook, no database), and
 * `/api/health`, which also reads and commits a write in the database. What a page or an API
 * answer costs above these is its own work.
 */
export async function printFloors(
  base: string,
  count: number,
  load: { seconds: number; connections: number },
): Promise<void> {
  const trivial = await run(
    base,
    Array.from({ length: count }, () => "/robots.txt"),
    load,
  );
  console.log(line("floor: /robots.txt", trivial));
  const health = await run(
    base,
    Array.from({ length: count }, () => "/api/health"),
    load,
  );
  console.log(line("floor: /api/health (db write)", health));
}
