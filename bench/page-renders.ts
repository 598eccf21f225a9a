// `npm run bench:page-renders`: what one server render of each of the six pages costs, in process
// and one at a time, so the figure does not depend on how busy the shared cores are with other
// work. The production app (built front end, NODE_ENV=production) is built in
// this process on the bench database of --courses programmes (PostgreSQL when TEST_DATABASE_URL
// is set), with the answer cache and page reuse off; each page is asked over --renders unique
// addresses through `app.inject` (no socket), after a warm-up. Prints the median and p95 of the
// render time, the median CPU time of the process per render (all its threads: less sensitive to
// other work on the shared cores than the wall time), the HTML size, its size gzipped at the
// server's level (plugins/compression.ts: 4) and the size of the loader data embedded for hydration.
// Options: --courses N (default 100,000), --renders N per page (default 200), --keep,
// --only TEXT (only the pages whose label contains TEXT, e.g. `--only home`), --profile FILE (a
// CPU profile of the timed renders only, for Chrome's DevTools or `node --cpu-prof`'s readers).
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { Session } from "node:inspector/promises";

import { buildApp } from "../apps/web/server/app.ts";
import { loadConfig } from "../apps/web/server/config.ts";
import { openDatabase } from "@studyatlas/db/client.ts";

import { ensureBuild, flag, option, percentile, prepareDatabase } from "./harness.ts";
import { pageAddresses } from "./page-addresses.ts";

if (process.env.NODE_ENV !== "production") {
  // React picks its development build (several times slower) when the process starts without it.
  console.error("Run with NODE_ENV=production (npm run bench:page-renders sets it).");
  process.exit(1);
}
const COURSES = option("courses", 100_000);
const RENDERS = option("renders", 200);
const WARM_UP = 30;

ensureBuild();
const env = await prepareDatabase({ courses: COURSES, keep: flag("keep") });
const config = loadConfig({
  ...env,
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  CATALOGUE_CACHE_MB: "0",
  PAGE_REUSE_MB: "0",
});
const database = await openDatabase(
  config.database.kind === "postgres"
    ? { kind: "postgres", url: config.database.url, maxConnections: 10 }
    : { kind: "pglite", dataDir: config.database.dataDir },
);
const app = await buildApp({ config, database, frontend: { kind: "production" }, logger: false });
await app.ready();
await app.finderIndex.settled();
// The index reads its commonest words' sets behind the scenes after it is built (ADR 030): wait for
// that too, so its statements and their parsing are not counted as the renders' CPU time.
const readAheadStarted = performance.now();
await app.finderIndex.readAhead();
console.log(
  `(the finder index read ahead for ${Math.round(performance.now() - readAheadStarted)} ms before the renders)`,
);

async function get(url: string): Promise<{ body: string; status: number }> {
  const response = await app.inject({ url });
  return { body: response.body, status: response.statusCode };
}

const sets = await pageAddresses(async (url) => JSON.parse((await get(url)).body) as unknown, {
  count: RENDERS + WARM_UP,
});
console.log(
  `\nOne render at a time, in process: ${COURSES.toLocaleString("en")} programmes on ${config.database.kind}, answer cache and page reuse off, ${RENDERS} unique addresses per page`,
);
const profileFile = process.argv.includes("--profile")
  ? process.argv[process.argv.indexOf("--profile") + 1]
  : undefined;
const session = profileFile ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
}
const only = process.argv[process.argv.indexOf("--only") + 1];
for (const [label, paths] of sets) {
  if (process.argv.includes("--only") && !label.includes(only ?? "")) continue;
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const sizes: number[] = [];
  const gzipSizes: number[] = [];
  const dataSizes: number[] = [];
  for (const [index, path] of paths.slice(0, RENDERS + WARM_UP).entries()) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const { body, status } = await get(path);
    const elapsed = performance.now() - started;
    const cpu = process.cpuUsage(cpuStarted);
    if (status !== 200) throw new Error(`${path}: ${status}`);
    if (index < WARM_UP) continue;
    times.push(elapsed);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    sizes.push(body.length);
    gzipSizes.push(gzipSync(body, { level: 4 }).length);
    // React Router's hydration data: the turbo-stream text inside the streamed script tags.
    const data = body.match(/window\.__reactRouterContext\.streamController\.enqueue\([^<]*/g);
    dataSizes.push(data ? data.join("").length : 0);
  }
  const kb = (values: number[]) =>
    `${(values.reduce((sum, value) => sum + value, 0) / values.length / 1024).toFixed(1)} KB`;
  console.log(
    `${label.padEnd(20)} render p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms | p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms | CPU p50 ${percentile(cpuTimes, 50).toFixed(1).padStart(5)} ms | HTML ${kb(sizes).padStart(9)} | gzip ${kb(gzipSizes).padStart(8)} | loader data ${kb(dataSizes).padStart(8)}`,
  );
}
if (session && profileFile) {
  const { profile } = await session.post("Profiler.stop");
  writeFileSync(profileFile, JSON.stringify(profile));
  console.log(`CPU profile of the renders: ${profileFile}`);
}
await app.close();
await database.close();
