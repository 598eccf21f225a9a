// `npm run bench:finder`: the course finder as new visitors meet it (issue 14 item 5).
// 1. Seeds 100,000 programmes into a fresh database: PostgreSQL when TEST_DATABASE_URL is set
//    (a scratch database `bench_finder` on that server), else embedded PGlite.
// 2. Draws thousands of unique finder requests from the catalogue's own lists: filters in random
//    combinations, free text from a word list with misspellings, random pages and orders. No
//    request repeats, so no answer comes from the catalogue cache by repetition.
// 3. On one server process at a time (bench-server.ts), each with the catalogue cache off unless
//    said: the list API, the facets API and the server-rendered /coursefinder page, each over its
//    own unique requests, and /api/health as the floor. Configurations: the in-process index
//    (FINDER_INDEX=true), SQL only (FINDER_INDEX=false), the index with the cache on.
// 4. Measures the gzipped JavaScript the home page and the finder load before they are interactive.
// Options: --courses N (default 100000), --seconds N per measurement (10), --connections N (10),
// --keep (reuse an already seeded bench database).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import pg from "pg";

import { openDatabase } from "@studyatlas/db/client.ts";
import { isCatalogueSeeded, seedCatalogue } from "@studyatlas/db/seed/seed-catalogue.ts";

import { javascriptBeforeInteractive } from "./js-size.ts";

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
const SECONDS = option("seconds", 10);
const CONNECTIONS = option("connections", 10);
const KEEP = process.argv.includes("--keep");
const PORT = 3290;
const BASE = `http://127.0.0.1:${PORT}`;
const postgresUrl = process.env.TEST_DATABASE_URL;
const PGLITE_DIR = path.join(os.tmpdir(), "studyatlas-bench-finder");

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
    // NODE_ENV=production for React too (its development build renders several times slower).
    env: { ...process.env, ...env, PORT: String(PORT), NODE_ENV: "production" },
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

/** A seeded generator (mulberry32): the same requests on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(values: readonly T[]): T => values[int(values.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}

const WORDS = [
  "data",
  "science",
  "business",
  "management",
  "law",
  "nursing",
  "psychology",
  "engineering",
  "marketing",
  "finance",
  "health",
  "education",
  "design",
  "computer",
  "media",
  "international",
  "public",
  "policy",
  "economics",
  "accounting",
  "software",
  "artificial",
  "intelligence",
  "architecture",
  "biology",
  "chemistry",
  "history",
  "music",
  "tourism",
  "sustainability",
];

/** A typo as visitors make them: a letter dropped, doubled or swapped with the next. */
function misspell(word: string, r: ReturnType<typeof generator>): string {
  const at = 1 + r.int(Math.max(1, word.length - 2));
  switch (r.int(3)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + (word[at] ?? "") + word.slice(at);
    default:
      return word.slice(0, at) + (word[at + 1] ?? "") + (word[at] ?? "") + word.slice(at + 2);
  }
}

interface FinderRequest {
  query: string;
  text: boolean;
}

/** `count` unique finder queries drawn from the catalogue's own lists. */
async function uniqueRequests(count: number): Promise<FinderRequest[]> {
  const disciplines = (
    await json<{ results: Array<{ slug: string }> }>("/api/academics/discipline/list")
  ).results;
  const countries = (
    await json<{ results: Array<{ slug: string; enabled?: boolean }> }>(
      "/api/academics/country/list",
    )
  ).results.filter((country) => country.enabled !== false);
  const degreeTypes = await json<{ results: Array<{ id: number }> }>(
    "/api/academics/degree_type/list",
  );
  const r = generator(2026);
  const seen = new Set<string>();
  const requests: FinderRequest[] = [];
  const some = <T>(values: readonly T[], p: number): T[] =>
    r.chance(p) ? [...new Set(Array.from({ length: 1 + r.int(2) }, () => r.pick(values)))] : [];
  while (requests.length < count) {
    const query = new URLSearchParams();
    const text = r.chance(0.25);
    if (text) {
      const words = Array.from({ length: 1 + r.int(2) }, () => {
        const word = r.pick(WORDS);
        return r.chance(0.3) ? misspell(word, r) : word;
      });
      query.set("name", words.join(" "));
    }
    if (r.chance(0.4)) {
      query.set(
        "programme",
        r.pick(["undergraduate", "postgraduate", "short", "executive", "certificate"]),
      );
    }
    for (const d of some(
      disciplines.map((x) => x.slug),
      0.3,
    ))
      query.append("discipline", d);
    for (const c of some(
      countries.map((x) => x.slug),
      0.3,
    ))
      query.append("country", c);
    for (const d of some(["0,364", "365,728", "729,1095", "1096,1460", "1461,-1"], 0.25)) {
      query.append("duration", d);
    }
    for (const d of some(
      degreeTypes.results.map((x) => String(x.id)),
      0.15,
    )) {
      query.append("degree_type", d);
    }
    for (const a of some(["ONLINE", "BLENDED", "SITE"], 0.25)) query.append("attendance", a);
    if (r.chance(0.2)) query.set("course_format", r.pick(["FULL", "PART"]));
    if (r.chance(0.2)) {
      const low = r.pick([0, 1000, 5000, 10000, 20000]);
      query.set("tuition", r.chance(0.2) ? "0,-1" : `${low},${low + r.pick([2000, 10000, 50000])}`);
    }
    query.set("ordering", r.pick(["name", "-name", "tuition", "-tuition", "start_date", "random"]));
    if (query.get("ordering") === "random") query.set("seed", String(1 + r.int(1_000_000)));
    if (r.chance(0.3)) query.set("page", String(2 + r.int(2)));
    const key = query.toString();
    if (seen.has(key)) continue;
    seen.add(key);
    requests.push({ query: key, text });
  }
  return requests;
}

interface Figures {
  count: number;
  p50: number;
  p95: number;
  rps: number;
  failures: number;
}

/**
 * Sends each path once, `CONNECTIONS` at a time, until the paths or `seconds` run out; latency of
 * each request from the client's side.
 */
async function run(
  paths: readonly string[],
  seconds: number,
): Promise<{
  all: Figures;
  latencies: number[];
}> {
  const latencies: number[] = [];
  let failures = 0;
  let nextIndex = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (nextIndex < paths.length && performance.now() < deadline) {
      const path = paths[nextIndex++] as string;
      const begun = performance.now();
      try {
        const response = await fetch(`${BASE}${path}`);
        await response.arrayBuffer();
        // A page past the last one answers 404 by design: an answer, not a failure.
        if (response.status !== 200 && response.status !== 404) failures += 1;
      } catch {
        failures += 1;
      }
      latencies.push(performance.now() - begun);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return {
    all: {
      count: latencies.length,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      rps: latencies.length / elapsed,
      failures,
    },
    latencies,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const line = (label: string, f: Figures) =>
  `${label.padEnd(34)} p50 ${ms(f.p50).padStart(10)} | p95 ${ms(f.p95).padStart(10)} | ${f.rps.toFixed(1).padStart(7)} req/s | ${String(f.count).padStart(5)} requests | failures ${f.failures}`;

ensureBuild();
const env = await prepareDatabase();
const database = postgresUrl ? "PostgreSQL" : "PGlite";
const REQUESTS = 4000;
console.log(
  `\nFinder benchmark: ${COURSES.toLocaleString("en")} programmes on ${database}, ${CONNECTIONS} connections, unique requests, at most ${SECONDS} s per line`,
);

const configurations: Array<{ label: string; env: Record<string, string> }> = [
  { label: "index, cache off", env: { FINDER_INDEX: "true", CATALOGUE_CACHE_MB: "0" } },
  { label: "SQL only, cache off", env: { FINDER_INDEX: "false", CATALOGUE_CACHE_MB: "0" } },
  { label: "index, cache on", env: { FINDER_INDEX: "true" } },
];
let requests: FinderRequest[] | undefined;
for (const configuration of configurations) {
  const startedAt = performance.now();
  const server = await startServer({ ...env, ...configuration.env });
  try {
    const index = await json<{ lastBuildMs?: number; size?: number; rss: number }>("/bench/index");
    const ready = (performance.now() - startedAt) / 1000;
    requests ??= await uniqueRequests(REQUESTS);
    console.log(
      `\n${configuration.label}: ready in ${ready.toFixed(1)} s` +
        (index.size !== undefined
          ? `, index of ${index.size.toLocaleString("en")} programmes built in ${((index.lastBuildMs ?? 0) / 1000).toFixed(2)} s`
          : "") +
        `, RSS ${(index.rss / 1024 / 1024).toFixed(0)} MiB`,
    );
    const floor = await run(
      Array.from({ length: REQUESTS }, () => "/api/health"),
      SECONDS,
    );
    console.log(line("floor: /api/health", floor.all));
    // Each endpoint gets its own order of the requests, so none repeats another's answer.
    const structured = requests.filter((request) => !request.text);
    const withText = requests.filter((request) => request.text);
    for (const [name, prefix] of [
      ["list API", "/api/academics/course/list?"],
      ["facets API", "/api/academics/course/facets?"],
      ["/coursefinder page", "/coursefinder?"],
    ] as const) {
      const filters = await run(
        structured.map((r) => prefix + r.query),
        SECONDS,
      );
      console.log(line(`${name}, filters only`, filters.all));
      const text = await run(
        withText.map((r) => prefix + r.query),
        SECONDS,
      );
      console.log(line(`${name}, with free text`, text.all));
    }
    if (configuration === configurations[0]) {
      const home = await javascriptBeforeInteractive(BASE, "/");
      const finderPage = await javascriptBeforeInteractive(BASE, "/coursefinder");
      console.log(
        `gzipped JS before interactive: home ${(home / 1024).toFixed(1)} KB, finder ${(finderPage / 1024).toFixed(1)} KB (target ≤ 150 KB each)`,
      );
    }
  } finally {
    await stopServer(server);
  }
}
