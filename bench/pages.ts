// `npm run bench:pages`: the six server-rendered pages as visitors load them.
// 1. At --courses programmes (default 100,000; PostgreSQL when TEST_DATABASE_URL is set), the
//    answer cache and page reuse off (the cold figures, first), 10 connections: the home page, /course/{slug}, /school/{slug},
//    /countries/{name}, the countries list and /coursefinder, each over its own unique addresses
//    (every programme, school and finder query once; the home page and the countries list have
//    one address each, so they are asked with a unique ignored parameter, which the server renders
//    afresh each time); each page also one request at
//    a time (its server time alone). The finder's queries cover every filter (finder-requests.ts).
// 2. On the default demo catalogue (6,000 programmes), the answer cache and page reuse off, 50
//    connections: the same six pages, requests per second and time-outs (no answer within 10 s).
// 3. Each half again with page reuse on (PAGE_REUSE_MB=32, ADR 018) and the answer cache still
//    off: the visitors ask the --popular most visited addresses of each page (50 by default) in
//    turn, so the first round renders and later ones reuse, as repeat traffic does.
// Options: --courses N, --seconds N per line (10), --keep (reuse the seeded databases),
// --popular N, --port N (3292; another if another benchmark runs), --workers N (server processes,
// as WEB_CONCURRENCY runs them; PostgreSQL only), --cold-only (the first half alone: --courses
// programmes, cold, 10 connections).
import { DEFAULT_SEED_OPTIONS } from "@studyatlas/db/seed/seed-catalogue.ts";

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
import { pageAddresses } from "./page-addresses.ts";
import { memoryLine, type ProcessMemory } from "./process-memory.ts";

const COURSES = option("courses", 100_000);
const SECONDS = option("seconds", 10);
const DEFAULT_CATALOGUE = DEFAULT_SEED_OPTIONS;
const PORT = option("port", 3292);
const PER_PAGE = 3000;
const POPULAR = option("popular", 50);
const WORKERS = workersOption();

async function measure(
  catalogue: { courses: number; schools?: number },
  connections: number,
  reuse: boolean,
): Promise<void> {
  const { courses } = catalogue;
  const env = await prepareDatabase({ ...catalogue, keep: flag("keep") });
  const server = await startServer(
    { ...env, CATALOGUE_CACHE_MB: "0", PAGE_REUSE_MB: reuse ? "32" : "0" },
    PORT,
    WORKERS,
  );
  try {
    await json(server.base, "/bench/index");
    const unique = await pageAddresses((url) => json(server.base, url), { count: PER_PAGE });
    // With reuse: the POPULAR first addresses of each page, over and over.
    const sets: Array<[string, string[]]> = reuse
      ? unique.map(([label, paths]) => [
          label,
          Array.from({ length: PER_PAGE * 4 }, (_, i) => paths[i % POPULAR] as string),
        ])
      : unique;
    console.log(
      `\nPages: ${courses.toLocaleString("en")} programmes on ${engineName}, answer cache off, page reuse ${reuse ? `on (${POPULAR} addresses per page, repeated)` : "off (unique addresses)"}, ${connections} connections, ${processesLabel(WORKERS)}, at most ${SECONDS} s per line`,
    );
    await printFloors(server.base, PER_PAGE * 4, { seconds: SECONDS, connections });
    for (const [label, paths] of sets) {
      console.log(line(label, await run(server.base, paths, { seconds: SECONDS, connections })));
      // Unique addresses at 10 connections: also one at a time (the server time of one page),
      // from the other end of the list so no address repeats.
      if (!reuse && connections === 10) {
        const alone = await run(server.base, [...paths].reverse(), {
          seconds: SECONDS,
          connections: 1,
        });
        console.log(line(`${label}, alone`, alone));
      }
    }
    const after = await json<{ processes: ProcessMemory[] }>(server.base, "/bench/index");
    console.log(`${memoryLine(after.processes)} after these requests`);
  } finally {
    await stopServer(server);
  }
}

ensureBuild();
// The cold figures first: answer cache and page reuse off, every address once.
await measure({ courses: COURSES }, 10, false);
if (flag("cold-only")) process.exit(0);
await measure(DEFAULT_CATALOGUE, 50, false);
await measure({ courses: COURSES }, 10, true);
await measure(DEFAULT_CATALOGUE, 50, true);
