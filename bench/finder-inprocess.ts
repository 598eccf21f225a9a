// `npm run bench:finder-inprocess`: the finder's list and facet answers timed one at a time in
// process (no HTTP, no other client), on an already seeded bench database (bench/finder.ts --keep
// makes one). What a single request costs the server: resolving the query (slugs, corrected
// words), the index (or SQL) and the page's cards. Answer cache off (the functions are called
// directly). Unique requests drawn as bench/finder.ts draws them, plus free text in relevance
// order (the finder's default with free text, which the HTTP benchmark does not draw).
// Beside the times, each line gives what a request cost in CPU: the app process's
// (`process.cpuUsage`) and PostgreSQL's (the ticks of the backends serving this process, from
// /proc), and how many statements it sent.
// Needs TEST_DATABASE_URL (PostgreSQL). Options: --courses N (100000: the database bench_N),
// --requests N per line (300), --sql (also time the SQL path).
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

import type { CourseListRequest } from "@studyatlas/core/finder/course-request.ts";
import { createFinderIndex } from "@studyatlas/core/finder/finder-index.ts";
import {
  countCourseFacets,
  listCourses,
  resolveCourseListRequest,
} from "@studyatlas/core/finder/search.ts";
import { openDatabase } from "@studyatlas/db/client.ts";
import { createRandom } from "@studyatlas/db/seed/random.ts";
import { CourseListQuerySchema } from "@studyatlas/schemas/catalogue.ts";

import { misspell, WORDS } from "./finder-words.ts";
import { flag, option } from "./harness.ts";

const COURSES = option("courses", 100_000);
const REQUESTS = option("requests", 300);
const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.error("TEST_DATABASE_URL is required (a PostgreSQL server holding bench_N)");
  process.exit(1);
}
const target = new URL(url);
target.pathname = `/bench_${COURSES}`;
const handle = await openDatabase({ kind: "postgres", url: target.toString() });
const { db } = handle;

// Every statement checks a client out of the pool: count them, and note which backends served.
let statements = 0;
const backends = new Set<number>();
handle.pool?.on("acquire", (client) => {
  statements += 1;
  const pid = (client as unknown as { processID?: number }).processID;
  if (pid) backends.add(pid);
});
/** CPU seconds the backends serving this process have used (utime + stime; /proc, Linux). */
function backendSeconds(): number {
  let ticks = 0;
  for (const pid of backends) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The backend ended (the pool closed an idle connection): its ticks are lost, rarely.
    }
  }
  return ticks / 100;
}

const rssBefore = process.memoryUsage().rss;
const startedAt = performance.now();
// As the server builds it (finder-index.ts): the index with its vocabulary, so that misspellings
// are corrected in process; without the read-ahead, so that each word's first read is timed below.
const finder = createFinderIndex(db, {
  enabled: true,
  readAhead: false,
  onError: (error) => {
    console.error("The finder index could not be built", error);
    process.exit(1);
  },
});
await finder.settled();
const buildMs = performance.now() - startedAt;
globalThis.gc?.();
console.log(
  `index of ${(finder.stats().size ?? 0).toLocaleString("en")} programmes built in ${(buildMs / 1000).toFixed(2)} s; RSS ${(rssBefore / 2 ** 20).toFixed(0)} → ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
);

const slugs = async (table: string) =>
  (await handle.query<{ slug: string }>(`select slug from ${table}`)).rows.map((r) => r.slug);
const disciplines = await slugs("disciplines");
const countries = (
  await handle.query<{ slug: string }>(
    "select distinct co.slug from countries co join schools s on s.country_id = co.id",
  )
).rows.map((r) => r.slug);
const degreeTypes = (await handle.query<{ id: number }>("select id from degree_types")).rows.map(
  (r) => String(r.id),
);

const useIndex = !flag("sql");
/** The finder's handle, or none: the search module then answers from SQL. */
const index = useIndex ? finder : undefined;

type Kind = "filters" | "text" | "relevance";
function draw(kind: Kind, count: number, seed: number): Record<string, string | string[]>[] {
  const r = createRandom(seed);
  const some = <T>(values: readonly T[], p: number): T[] =>
    r.chance(p) ? [...new Set(Array.from({ length: r.int(1, 2) }, () => r.pick(values)))] : [];
  const out: Record<string, string | string[]>[] = [];
  const seen = new Set<string>();
  while (out.length < count) {
    const q: Record<string, string | string[]> = {};
    if (kind !== "filters") {
      q.name = Array.from({ length: r.int(1, 2) }, () => {
        const word = r.pick(WORDS);
        return r.chance(0.3) ? misspell(word, r) : word;
      }).join(" ");
    }
    if (r.chance(0.4)) {
      q.programme = r.pick(["undergraduate", "postgraduate", "short", "executive", "certificate"]);
    }
    const put = (key: string, values: string[]) => {
      if (values.length > 0) q[key] = values;
    };
    put("discipline", some(disciplines, 0.3).slice(0, 1));
    put("country", some(countries, 0.3));
    put("duration", some(["0,364", "365,728", "729,1095", "1096,1460", "1461,-1"], 0.25));
    put("degree_type", some(degreeTypes, 0.15));
    put("attendance", some(["ONLINE", "BLENDED", "SITE"], 0.25));
    if (r.chance(0.2)) q.course_format = r.pick(["FULL", "PART"]);
    if (r.chance(0.2)) {
      const low = r.pick([0, 1000, 5000, 10000, 20000]);
      q.tuition = r.chance(0.2) ? "0,-1" : `${low},${low + r.pick([2000, 10000, 50000])}`;
    }
    q.ordering =
      kind === "relevance"
        ? "relevance"
        : r.pick(["name", "-name", "tuition", "-tuition", "start_date", "random"]);
    if (q.ordering === "random") q.seed = String(r.int(1, 1_000_000));
    if (r.chance(0.3)) q.page = String(r.int(2, 3));
    const key = JSON.stringify(q);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(q);
  }
  return out;
}

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return `p50 ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, max ${at(1).toFixed(1)} ms`;
}

async function time(
  label: string,
  queries: Record<string, string | string[]>[],
  run: (request: CourseListRequest) => Promise<unknown>,
): Promise<void> {
  // A first pass warms the prepared statements and (for free text) what the index keeps; the
  // second pass, over other unique requests of the same kind, is the one reported.
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  const backendBefore = backendSeconds();
  const statementsBefore = statements;
  for (const query of queries) {
    const started = performance.now();
    const request = await resolveCourseListRequest(db, CourseListQuerySchema.parse(query), index);
    await run(request);
    times.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  const perRequest = (seconds: number) => ((seconds * 1000) / queries.length).toFixed(2);
  console.log(
    `${label.padEnd(34)} ${summary(times)}; CPU per request: app ${perRequest((cpu.user + cpu.system) / 1e6)} ms, PostgreSQL ${perRequest(backendSeconds() - backendBefore)} ms; ${((statements - statementsBefore) / queries.length).toFixed(2)} statements`,
  );
}

if (useIndex) {
  // What a lexeme costs the first time the index meets it: one indexed query for its programmes,
  // read as the text's match is chosen (in name order: the set without its positions).
  const times: number[] = [];
  for (const word of WORDS) {
    const query = CourseListQuerySchema.parse({ name: word, ordering: "name" });
    const started = performance.now();
    await resolveCourseListRequest(db, query, index);
    times.push(performance.now() - started);
  }
  console.log(`${"first use of a word (its lexeme set)".padEnd(34)} ${summary(times)}`);
}

const kinds: Kind[] = ["filters", "text", "relevance"];
let seed = 1;
for (const kind of kinds) {
  const warm = draw(kind, 50, 1000 + seed);
  const queries = draw(kind, REQUESTS, seed++);
  for (const [name, run] of [
    ["list", (request: CourseListRequest) => listCourses(db, request, index)],
    ["facets", (request: CourseListRequest) => countCourseFacets(db, request.filters, index)],
  ] as const) {
    for (const query of warm) {
      await run(await resolveCourseListRequest(db, CourseListQuerySchema.parse(query), index));
    }
    await time(`${name}, ${kind}${useIndex ? "" : " (SQL)"}`, queries, run);
  }
}
if (useIndex) {
  // What the kept lexeme sets and their positions (relevance.ts) hold after the run, and the
  // process's resident memory then (it must stay under 1 GiB at a million programmes).
  const held = finder.stats().postings ?? { lexemes: 0, bytes: 0 };
  console.log(
    `kept lexemes ${held.lexemes}, ${(held.bytes / 2 ** 20).toFixed(1)} MiB; RSS at the end ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
  );
}
await handle.close();
