// `npm run bench:pages`: the five server-rendered pages as visitors load them (issue 14 item 3).
// 1. At --courses programmes (default 100,000; PostgreSQL when TEST_DATABASE_URL is set), the
//    answer cache off, 10 connections: the home page, /course/{slug}, /school/{slug},
//    /countries/{name} and /coursefinder, each over its own unique addresses (every programme,
//    school and finder query once; the home page has one address, so it is asked with a unique
//    ignored parameter, which the server renders afresh each time).
// 2. On the default demo catalogue (6,000 programmes), the answer cache off, 50 connections: the
//    same five pages, requests per second and time-outs (no answer within 10 s).
// Options: --courses N, --seconds N per line (10), --keep (reuse the seeded databases).
import { createRandom } from "@studyatlas/db/seed/random.ts";
import { DEFAULT_SEED_OPTIONS } from "@studyatlas/db/seed/seed-catalogue.ts";

import {
  engineName,
  ensureBuild,
  flag,
  json,
  line,
  option,
  prepareDatabase,
  run,
  startServer,
  stopServer,
} from "./harness.ts";

const COURSES = option("courses", 100_000);
const SECONDS = option("seconds", 10);
const DEFAULT_CATALOGUE = DEFAULT_SEED_OPTIONS;
const PORT = 3292;
const PER_PAGE = 3000;

interface Listed {
  results: Array<{ slug: string; name?: string }>;
  next: string | null;
}

/** Up to `limit` slugs (or names) from a paginated list endpoint. */
async function collect(
  base: string,
  path: string,
  limit: number,
  field: "slug" | "name",
): Promise<string[]> {
  const values: string[] = [];
  for (let page = 1; values.length < limit; page += 1) {
    const separator = path.includes("?") ? "&" : "?";
    const listed = await json<Listed>(base, `${path}${separator}page=${page}&page_size=100`);
    for (const row of listed.results) values.push(String(row[field]));
    if (!listed.next || listed.results.length === 0) break;
  }
  return values.slice(0, limit);
}

async function pageSets(base: string): Promise<Array<[string, string[]]>> {
  const r = createRandom(2026);
  const courses = r.shuffle(
    await collect(base, "/api/academics/course/list?ordering=random&seed=7", PER_PAGE, "slug"),
  );
  const schools = r.shuffle(await collect(base, "/api/academics/school/list", PER_PAGE, "slug"));
  const countries = r.shuffle(
    (
      await json<{ results: Array<{ name: string; enabled?: boolean }> }>(
        base,
        "/api/academics/country/list?page_size=1000",
      )
    ).results
      .filter((country) => country.enabled !== false)
      .map((country) => country.name),
  );
  const disciplines = (
    await json<{ results: Array<{ slug: string }> }>(base, "/api/academics/discipline/list")
  ).results.map((d) => d.slug);
  const finder = new Set<string>();
  while (finder.size < PER_PAGE) {
    const query = new URLSearchParams();
    if (r.chance(0.5)) query.set("discipline", r.pick(disciplines));
    if (r.chance(0.4)) query.set("programme", r.pick(["undergraduate", "postgraduate", "short"]));
    if (r.chance(0.3)) query.set("attendance", r.pick(["ONLINE", "BLENDED", "SITE"]));
    query.set("ordering", r.pick(["name", "-name", "tuition", "-tuition", "start_date"]));
    query.set("page", String(r.int(1, 5)));
    finder.add(`/coursefinder?${query.toString()}`);
  }
  // The country pages repeat once every country has been asked (there are about 200).
  const countryPaths = Array.from(
    { length: PER_PAGE },
    (_, i) => `/countries/${encodeURIComponent(countries[i % countries.length] as string)}`,
  );
  return [
    ["home /", Array.from({ length: PER_PAGE }, (_, i) => `/?visit=${i}`)],
    ["/course/{slug}", courses.map((slug) => `/course/${slug}`)],
    ["/school/{slug}", schools.map((slug) => `/school/${slug}`)],
    ["/countries/{name}", countryPaths],
    ["/coursefinder", [...finder]],
  ];
}

async function measure(
  catalogue: { courses: number; schools?: number },
  connections: number,
): Promise<void> {
  const { courses } = catalogue;
  const env = await prepareDatabase({ ...catalogue, keep: flag("keep") });
  const server = await startServer({ ...env, CATALOGUE_CACHE_MB: "0" }, PORT);
  try {
    await json(server.base, "/bench/index");
    const sets = await pageSets(server.base);
    console.log(
      `\nPages: ${courses.toLocaleString("en")} programmes on ${engineName}, answer cache off, ${connections} connections, at most ${SECONDS} s per line`,
    );
    const floor = await run(
      server.base,
      Array.from({ length: PER_PAGE * 4 }, () => "/api/health"),
      { seconds: SECONDS, connections },
    );
    console.log(line("floor: /api/health", floor));
    for (const [label, paths] of sets) {
      console.log(line(label, await run(server.base, paths, { seconds: SECONDS, connections })));
    }
  } finally {
    await stopServer(server);
  }
}

ensureBuild();
await measure({ courses: COURSES }, 10);
await measure(DEFAULT_CATALOGUE, 50);
