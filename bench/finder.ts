// `npm run bench:finder`: the course finder under load (issue "Discovery" item 8).
// 1. Seeds 100,000 programmes into a fresh database: PostgreSQL when TEST_DATABASE_URL is set
//    (a scratch database `bench_finder` on that server), else embedded PGlite.
// 2. Starts the production server in its own process (bench-server.ts).
// 3. Runs autocannon against a fixed mix of realistic finder requests and, in the same run,
//    against the server's pre-serialised baseline; three rounds, medians reported.
// 4. Measures the gzipped JavaScript the home page and the finder load before they are interactive.
// 5. Runs the mix once more on a server with the catalogue cache turned off (CATALOGUE_CACHE_MB=0).
// Options: --courses N (default 100000), --rounds N (3), --seconds N per run (10),
// --connections N (10), --keep (reuse an already seeded bench database).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

import autocannon from "autocannon";
import pg from "pg";

import { openDatabase } from "@studyatlas/db/client.ts";
import { isCatalogueSeeded, seedCatalogue } from "@studyatlas/db/seed/seed-catalogue.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a whole number of 1 or more`);
    process.exit(1);
  }
  return value;
}

const COURSES = option("courses", 100_000);
const ROUNDS = option("rounds", 3);
const SECONDS = option("seconds", 10);
const CONNECTIONS = option("connections", 10);
const KEEP = process.argv.includes("--keep");
const PORT = 3290;
const BASE = `http://127.0.0.1:${PORT}`;
const postgresUrl = process.env.TEST_DATABASE_URL;
const PGLITE_DIR = path.join(os.tmpdir(), "studyatlas-bench-finder");

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

async function prepareDatabase(): Promise<Record<string, string>> {
  if (postgresUrl) {
    const url = new URL(postgresUrl);
    url.pathname = "/bench_finder";
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    const exists = await admin.query("select 1 from pg_database where datname = 'bench_finder'");
    if (!KEEP || exists.rowCount === 0) {
      await admin.query("drop database if exists bench_finder with (force)");
      await admin.query("create database bench_finder");
    }
    await admin.end();
    await seed({ kind: "postgres", url: url.toString() });
    return { DATABASE_URL: url.toString() };
  }
  if (!KEEP) rmSync(PGLITE_DIR, { recursive: true, force: true });
  await seed({ kind: "pglite", dataDir: PGLITE_DIR });
  return { DATA_DIR: PGLITE_DIR };
}

async function seed(
  options: { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string },
): Promise<void> {
  const database = await openDatabase(options);
  try {
    await database.migrate();
    if (await isCatalogueSeeded(database)) {
      console.log("Reusing the seeded bench database (--keep).");
      return;
    }
    const started = performance.now();
    let lastPrint = 0;
    await seedCatalogue(database, {
      courses: COURSES,
      schools: Math.max(50, Math.round(COURSES / 125)),
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
      `Seeded ${COURSES.toLocaleString("en")} programmes on ${options.kind} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

function ensureBuild(): void {
  if (existsSync(path.join(ROOT, "apps/web/build/server/index.js"))) return;
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, "bench/bench-server.ts")], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(PORT) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      const response = await fetch(`${BASE}/bench/baseline`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error("The bench server exited during start-up.");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("The bench server did not start within two minutes.");
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(`${BASE}${url}`);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** The fixed mix: free text, typos, each filter, facet counts, orderings and deep pages. */
async function finderMix(): Promise<string[]> {
  const degreeTypes = await json<{ results: Array<{ id: number }> }>(
    "/api/academics/degree_type/list",
  );
  const schools = await json<{ results: Array<{ slug: string }> }>(
    "/api/academics/school/list?country=united-kingdom",
  );
  const degreeType = degreeTypes.results[0]?.id ?? 1;
  const school = schools.results[0]?.slug ?? "";
  const list = "/api/academics/course/list";
  const facets = "/api/academics/course/facets";
  return [
    `${list}`,
    `${list}?ordering=random&seed=42`,
    `${list}?programme=postgraduate`,
    `${list}?programme=Executive+Education&featured=true&exclude_continent=AS&exclude_continent=AF&ordering=random&seed=7`,
    `${list}?name=data+science`,
    `${list}?name=bussiness+administraton`,
    `${list}?name=compter+science`,
    `${list}?name=phychology`,
    `${list}?name=nursing&country=united-states`,
    `${list}?discipline=computer-science&programme=undergraduate`,
    `${list}?country=united-kingdom&country=germany`,
    `${list}?tuition=0,10000`,
    `${list}?tuition=0,-1&featured=true&ordering=random&seed=3`,
    `${list}?duration=0,364&duration=1461,-1`,
    `${list}?degree_type=${degreeType}`,
    `${list}?attendance=ONLINE&course_format=PART`,
    `${list}?school_slug=${school}`,
    // Deep pages: a twentieth of the way in, and half way through the catalogue.
    `${list}?ordering=-name&page=${Math.max(1, Math.floor(COURSES / 400))}`,
    `${list}?page=${Math.max(1, Math.floor(COURSES / 40))}`,
    `${list}?ordering=tuition&programme=postgraduate`,
    `${list}?ordering=start_date`,
    `${facets}`,
    `${facets}?programme=postgraduate&attendance=ONLINE`,
    `${facets}?name=computer+science`,
    `/api/academics/search/suggest?q=comp`,
  ];
}

interface RunFigures {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
}

async function load(paths: string[], seconds: number): Promise<RunFigures> {
  const latencies: number[] = [];
  let errors = 0;
  // Without a callback autocannon returns its event emitter, which is also a promise of the result
  // (the published types only describe the promise).
  const instance = autocannon({
    url: BASE,
    connections: CONNECTIONS,
    duration: seconds,
    requests: paths.map((requestPath) => ({ method: "GET" as const, path: requestPath })),
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  void instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    if (statusCode !== 200) errors += 1;
    latencies.push(responseTime);
  });
  const result = await instance;
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / result.duration,
    errors: errors + result.errors,
  };
}

/** Gzipped size of the JavaScript a page loads before it is interactive (its module graph). */
async function javascriptBeforeInteractive(page: string): Promise<number> {
  const html = await (await fetch(`${BASE}${page}`)).text();
  const scripts = new Set<string>();
  for (const match of html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)) {
    if (match[1]) scripts.add(match[1]);
  }
  for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) {
    if (match[1]) scripts.add(match[1]);
  }
  let total = 0;
  for (const script of scripts) {
    const body = Buffer.from(await (await fetch(`${BASE}${script}`)).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}

const format = (value: number) => value.toFixed(1);

ensureBuild();
const env = await prepareDatabase();
let server = await startServer(env);
try {
  const mix = await finderMix();
  for (const url of mix) {
    const response = await fetch(`${BASE}${url}`);
    if (response.status !== 200) throw new Error(`Mix request failed: ${url} → ${response.status}`);
  }
  console.log(`Warming up (${mix.length} finder requests in the mix)...`);
  await load(mix, 3);
  const finder: RunFigures[] = [];
  const baseline: RunFigures[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    finder.push(await load(mix, SECONDS));
    baseline.push(await load(["/bench/baseline"], SECONDS));
    const last = finder.at(-1);
    const lastBaseline = baseline.at(-1);
    if (last && lastBaseline) {
      console.log(
        `round ${round}: finder p95 ${format(last.p95)} ms, ${format(last.rps)} req/s; baseline ${format(lastBaseline.rps)} req/s`,
      );
    }
  }
  const summary = (runs: RunFigures[]) => ({
    p50: median(runs.map((run) => run.p50)),
    p95: median(runs.map((run) => run.p95)),
    p99: median(runs.map((run) => run.p99)),
    rps: median(runs.map((run) => run.rps)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  });
  const f = summary(finder);
  const b = summary(baseline);
  const home = await javascriptBeforeInteractive("/");
  const finderPage = await javascriptBeforeInteractive("/coursefinder");
  const database = postgresUrl ? "PostgreSQL" : "PGlite";
  console.log(
    `\nFinder benchmark: ${COURSES.toLocaleString("en")} programmes on ${database}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s (medians)`,
  );
  console.log(
    `finder   p50 ${format(f.p50)} ms | p95 ${format(f.p95)} ms | p99 ${format(f.p99)} ms | ${format(f.rps)} req/s | non-200 or errors ${f.errors}`,
  );
  console.log(
    `baseline p50 ${format(b.p50)} ms | p95 ${format(b.p95)} ms | p99 ${format(b.p99)} ms | ${format(b.rps)} req/s`,
  );
  console.log(
    `throughput ratio finder/baseline: ${format((f.rps / b.rps) * 100)} % (target ≥ 40 %)`,
  );
  console.log(`finder p95 target ≤ 30 ms: ${f.p95 <= 30 ? "met" : "NOT met"}`);
  console.log(
    `gzipped JS before interactive: home ${format(home / 1024)} KB, finder ${format(finderPage / 1024)} KB (target ≤ 150 KB each)`,
  );

  // The same mix with the catalogue cache turned off: what each request costs the database when
  // nothing was asked before (a cold process, or the first request after a catalogue change).
  await stopServer(server);
  server = await startServer({ ...env, CATALOGUE_CACHE_MB: "0" });
  const cold = await load(mix, SECONDS);
  console.log(
    `finder with the cache off (1 round): p50 ${format(cold.p50)} ms | p95 ${format(cold.p95)} ms | p99 ${format(cold.p99)} ms | ${format(cold.rps)} req/s | ${format((cold.rps / b.rps) * 100)} % of baseline`,
  );
} finally {
  await stopServer(server);
}
