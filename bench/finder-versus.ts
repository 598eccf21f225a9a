// `npm run bench:finder-versus -- --other <checkout>`: this tree's finder against another
// checkout's (an older commit in a worktree of its own, built), both serving at once on one
// seeded database, request by request. Each unique finder request goes to one server then the
// other, one at a time, the order swapped every request; so a change of the machine's load
// falls on both alike, which two `bench:finder` runs one after the other cannot promise. Prints,
// per line of `bench:finder` (list, facets and the page; filters only, free text, relevance, a
// budget), each tree's p50 and p95 and the ratio of the medians and the median of the per-request
// ratios. Cold: each request is new to both servers (answer caches off, no repeats).
// Options: --other PATH (required; its `npm run build` done), --courses N (100000), --keep,
// --database NAME (as bench:finder), --requests N per set (400), --port N (3530; the other tree
// listens on N + 1). PostgreSQL only (TEST_DATABASE_URL): two processes on one database.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

import { appProcessEnvironment } from "../apps/web/server/process-environment.ts";
import { budgetRequests } from "./finder-budgets.ts";
import { type FinderRequest, uniqueFinderRequests } from "./finder-requests.ts";
import { json, option, prepareDatabase, postgresUrl, startServer, stopServer } from "./harness.ts";

const otherIndex = process.argv.indexOf("--other");
const OTHER = otherIndex === -1 ? undefined : process.argv[otherIndex + 1];
if (!OTHER || !postgresUrl) {
  console.error("Usage: TEST_DATABASE_URL=... npm run bench:finder-versus -- --other <checkout>");
  process.exit(1);
}
const COURSES = option("courses", 100_000);
const PER_SET = option("requests", 400);
const PORT = option("port", 3530);
const CELL_ENV = { FINDER_INDEX: "true", CATALOGUE_CACHE_MB: "0" };

/** The other checkout's bench server, started as its own `npm start` would. */
async function startOther(
  root: string,
  env: Record<string, string>,
  port: number,
): Promise<{ base: string; child: ChildProcess }> {
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  const flags = manifest.scripts.start.split(/\s+/).filter((word) => word.startsWith("--"));
  const child = spawn(
    path.join(root, "node_modules/node/bin/node"),
    [...flags, path.join(root, "bench/bench-server.ts")],
    {
      cwd: root,
      env: appProcessEnvironment({
        ...process.env,
        ...env,
        PORT: String(port),
        NODE_ENV: "production",
        WEB_CONCURRENCY: "1",
      }),
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 3000; attempt += 1) {
    if (child.exitCode !== null) throw new Error("The other tree's server exited at start.");
    try {
      if ((await fetch(`${base}/bench/baseline`)).ok) {
        await json(base, "/bench/read-ahead");
        return { base, child };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("The other tree's server did not start.");
}

async function timed(base: string, url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(base + url);
  await response.arrayBuffer();
  // A page beyond the last is a 404 in both trees: an answer like any other.
  if (response.status >= 500) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const env = await prepareDatabase({ courses: COURSES, keep: process.argv.includes("--keep") });
const ours = await startServer({ ...env, ...CELL_ENV }, PORT);
const other = await startOther(path.resolve(OTHER), { ...env, ...CELL_ENV }, PORT + 1);
try {
  const requests: FinderRequest[] = await uniqueFinderRequests(
    (address) => json(ours.base, address),
    4000,
  );
  const sets: Array<[string, FinderRequest[]]> = [
    ["filters only", requests.filter((request) => !request.text)],
    ["with free text", requests.filter((request) => request.text && !request.relevance)],
    ["free text by relevance", requests.filter((request) => request.relevance)],
    ["filters with a budget", budgetRequests(requests)],
  ];
  const endpoints = [
    ["list API", "/api/academics/course/list?"],
    ["facets API", "/api/academics/course/facets?"],
    ["/coursefinder page", "/coursefinder?"],
  ] as const;
  console.log(
    `\nFinder, this tree against ${OTHER}: ${COURSES.toLocaleString("en")} programmes, one request at a time, alternated, ${PER_SET} unique requests per line, answer caches off`,
  );
  console.log(
    "| line | this tree p50 / p95 ms | other p50 / p95 ms | ratio of p50s | median per-request ratio |",
  );
  console.log("|---|---|---|---|---|");
  for (const [name, prefix] of endpoints) {
    for (const [kind, set] of sets) {
      const mine: number[] = [];
      const theirs: number[] = [];
      const ratios: number[] = [];
      for (const [index, request] of set.slice(0, PER_SET).entries()) {
        const url = prefix + request.query;
        const first = index % 2 === 0;
        const a = first ? await timed(ours.base, url) : 0;
        const b = await timed(other.base, url);
        const c = first ? a : await timed(ours.base, url);
        mine.push(c);
        theirs.push(b);
        ratios.push(c / b);
      }
      const p50 = quantile(mine, 0.5);
      const o50 = quantile(theirs, 0.5);
      console.log(
        `| ${name}, ${kind} | ${p50.toFixed(1)} / ${quantile(mine, 0.95).toFixed(1)} | ${o50.toFixed(1)} / ${quantile(theirs, 0.95).toFixed(1)} | ${(p50 / o50).toFixed(2)} | ${quantile(ratios, 0.5).toFixed(2)} |`,
      );
    }
  }
} finally {
  await stopServer(ours);
  other.child.kill("SIGTERM");
}
