// `npm run bench:finder`: the course finder as new visitors meet it.
// 1. Seeds 100,000 programmes into a fresh database: PostgreSQL when TEST_DATABASE_URL is set
//    (a scratch database `bench_finder` on that server), else embedded PGlite.
// 2. Draws thousands of unique finder requests from the catalogue's own lists: filters in random
//    combinations, free text from a word list with misspellings, random pages and orders (half
//    the free-text requests with none: relevance, the default for free text). No request
//    repeats, so no answer comes from the catalogue cache by repetition.
// 3. On one server process at a time (bench-server.ts), each with the catalogue cache off unless
//    said: the list API, the facets API and the server-rendered /coursefinder page, each over its
//    own unique requests, and /robots.txt and /api/health as the floor; the page also alone (one
//    connection, the server time of one page). Configurations: the in-process index
//    (FINDER_INDEX=true), SQL only (FINDER_INDEX=false), the index with the cache on.
//    The peer: the same list and facet requests answered by @orama/orama over the same programmes
//    in the same process (orama-peer.ts), cards read the same way.
// 4. Measures the gzipped JavaScript the home page and the finder load before they are interactive.
// Options: --courses N (default 100000), --seconds N per measurement (10), --connections N (10),
// --keep (reuse an already seeded bench database of that size), --no-peer (leave Orama out),
// --port N (3290), --index-only (only the index with the cache off: at a million the SQL lines
// are time-outs), --workers N (server processes, as WEB_CONCURRENCY runs them; PostgreSQL only).
// --database NAME (the scratch database's name, default bench_{courses}: a run of its own beside
// other benchmarks on the same server; bench/harness.ts reads it). Each configuration also
// reports the RSS of each server process after its requests. A further set of requests adds a budget (max_total in a currency,
// ADR 051) to filter-only requests: printed on lines of its own, after the others.
import {
  engineName,
  ensureBuild,
  flag,
  json,
  line,
  option,
  prepareDatabase,
  printFloors,
  processesLabel,
  run,
  startServer,
  stopServer,
  workersOption,
} from "./harness.ts";
import { budgetRequests } from "./finder-budgets.ts";
import { type FinderRequest, uniqueFinderRequests } from "./finder-requests.ts";
import { javascriptBeforeInteractive } from "./js-size.ts";
import { memoryLine, type ProcessMemory } from "./process-memory.ts";

const COURSES = option("courses", 100_000);
const SECONDS = option("seconds", 10);
const CONNECTIONS = option("connections", 10);
const PORT = option("port", 3290);
const REQUESTS = 4000;
const WORKERS = workersOption();
const load = { seconds: SECONDS, connections: CONNECTIONS };

ensureBuild();
const env = await prepareDatabase({ courses: COURSES, keep: flag("keep") });
console.log(
  `\nFinder benchmark: ${COURSES.toLocaleString("en")} programmes on ${engineName}, ${CONNECTIONS} connections, ${processesLabel(WORKERS)}, unique requests, at most ${SECONDS} s per line`,
);

const PAGE_PREFIX = "/coursefinder?";
const ENDPOINTS = [
  ["list API", "/api/academics/course/list?"],
  ["facets API", "/api/academics/course/facets?"],
  ["/coursefinder page", PAGE_PREFIX],
] as const;
const configurations: Array<{
  label: string;
  env: Record<string, string>;
  endpoints: ReadonlyArray<readonly [string, string]>;
}> = [
  {
    label: "index, cache off",
    env: { FINDER_INDEX: "true", CATALOGUE_CACHE_MB: "0" },
    endpoints: ENDPOINTS,
  },
  {
    label: "SQL only, cache off",
    env: { FINDER_INDEX: "false", CATALOGUE_CACHE_MB: "0" },
    endpoints: ENDPOINTS,
  },
  { label: "index, cache on", env: { FINDER_INDEX: "true" }, endpoints: ENDPOINTS },
];
if (flag("index-only")) configurations.splice(1);
if (!flag("no-peer") && !flag("index-only")) {
  configurations.push({
    label: "peer: @orama/orama, cache off",
    env: { FINDER_INDEX: "false", CATALOGUE_CACHE_MB: "0", BENCH_ORAMA: "true" },
    endpoints: [
      ["Orama list", "/bench/orama/list?"],
      ["Orama facets", "/bench/orama/facets?"],
    ],
  });
}
let requests: FinderRequest[] | undefined;
for (const configuration of configurations) {
  const server = await startServer({ ...env, ...configuration.env }, PORT, WORKERS);
  try {
    const index = await json<{ lastBuildMs?: number; size?: number; processes: ProcessMemory[] }>(
      server.base,
      "/bench/index",
    );
    const ready = server.readyMs / 1000;
    requests ??= await uniqueFinderRequests((path) => json(server.base, path), REQUESTS);
    const peer = await json<{ size?: number; ms?: number; rssBefore?: number; rssAfter?: number }>(
      server.base,
      "/bench/orama",
    );
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
    console.log(
      `\n${configuration.label}: ready in ${ready.toFixed(1)} s` +
        (index.size !== undefined
          ? `, index of ${index.size.toLocaleString("en")} programmes built in ${((index.lastBuildMs ?? 0) / 1000).toFixed(2)} s`
          : "") +
        (peer.size !== undefined
          ? `, Orama of ${peer.size.toLocaleString("en")} programmes built in ${((peer.ms ?? 0) / 1000).toFixed(1)} s (RSS ${mib(peer.rssBefore ?? 0)} before, ${mib(peer.rssAfter ?? 0)} after)`
          : "") +
        `, ${memoryLine(index.processes)}`,
    );
    await printFloors(server.base, REQUESTS, load);
    // Each endpoint gets its own order of the requests, so none repeats another's answer.
    const sets: Array<[string, FinderRequest[]]> = [
      ["filters only", requests.filter((request) => !request.text)],
      ["with free text", requests.filter((request) => request.text && !request.relevance)],
      ["free text by relevance", requests.filter((request) => request.relevance)],
      ["filters with a budget", budgetRequests(requests)],
    ];
    for (const [name, prefix] of configuration.endpoints) {
      for (const [kind, set] of sets) {
        const figures = await run(
          server.base,
          set.map((r) => prefix + r.query),
          load,
        );
        console.log(line(`${name}, ${kind}`, figures));
        // The page's server time alone: one request at a time, from the other end of the set.
        if (prefix === PAGE_PREFIX) {
          const alone = await run(server.base, set.map((r) => prefix + r.query).reverse(), {
            seconds: SECONDS,
            connections: 1,
          });
          console.log(line(`${name}, ${kind}, alone`, alone));
        }
      }
    }
    const after = await json<{ processes: ProcessMemory[]; heapUsed: number; heapLimit: number }>(
      server.base,
      "/bench/index",
    );
    // The answering process's JavaScript heap in use (live objects and the garbage not collected
    // yet) and its limit (`npm start`'s --max-old-space-size, which also sets how far V8 lets the
    // heap grow between collections: ADR 036).
    console.log(
      `${memoryLine(after.processes)} after these requests (heap in use ${(after.heapUsed / 2 ** 20).toFixed(0)} MiB, limit ${(after.heapLimit / 2 ** 20).toFixed(0)} MiB)`,
    );
    if (configuration === configurations[0]) {
      const home = await javascriptBeforeInteractive(server.base, "/");
      const finderPage = await javascriptBeforeInteractive(server.base, "/coursefinder");
      console.log(
        `gzipped JS before interactive: home ${(home / 1024).toFixed(1)} KB, finder ${(finderPage / 1024).toFixed(1)} KB (target ≤ 150 KB each)`,
      );
    }
  } finally {
    await stopServer(server);
  }
}
