// `npm run bench:catalogue-import`: a partner's catalogue import at its largest
// (docs/decisions/056-organisation-membership.md "Catalogue import"). The app on a seeded bench
// database of its own (PostgreSQL with TEST_DATABASE_URL, else embedded PGlite: bench/harness.ts;
// 100,000 programmes), listening on PORT (4150); a partner of one school previews and imports a
// CSV file of 5,000 new programmes (codes and names unique to the run, so nothing repeats), then
// the finder is polled over HTTP until it lists every new programme of the school, and a name of
// one of them is searched. Cold first (the first import after start), then the same file again
// (idempotent: every row unchanged), then 5,000 more new rows (warm). Prints one line per figure;
// the target: an import of 5,000 rows under 30 s, the finder within a second of the commit.
// Options: --courses N (100000), --rows N (5000), --keep.
import { randomBytes } from "node:crypto";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { openDatabase, type DatabaseHandle } from "@studyatlas/db/client.ts";

import type { buildApp } from "../apps/web/server/app.ts";
import { loadConfig } from "../apps/web/server/config.ts";
import { approvedPartner, type BenchPartner } from "./bench-partner.ts";
import { engineName, flag, option, prepareDatabase } from "./harness.ts";

const COURSES = option("courses", 100_000);
const ROWS = option("rows", 5000);
const PORT = option("port", 4150);
const BOUNDARY = "----studyatlas-bench-import";

type App = Awaited<ReturnType<typeof buildApp>>;

/** A partner of one published school that no organisation has. */
const partnerSession = (app: App, database: DatabaseHandle) =>
  approvedPartner(
    app,
    database,
    `select s.id, s.slug from schools s where s.published
       and not exists (select 1 from organisation_schools l where l.school_id = s.id)
     order by s.id limit 1`,
  );

async function catalogueNames(database: DatabaseHandle) {
  const { rows } = await database.query<{ type: string; discipline: string }>(
    `select (select name from programme_types order by id limit 1) as type,
            (select name from disciplines order by id limit 1) as discipline`,
  );
  return rows[0]!;
}

/** `count` programmes whose codes and names are unique to this run. */
function csvFile(count: number, run: string, names: { type: string; discipline: string }) {
  const lines = [
    "Code,Name,Programme type,Duration,Duration unit,Format,Attendance,Start,Tuition fee,Currency,Fee period,Disciplines,Published",
  ];
  for (let i = 1; i <= count; i++) {
    lines.push(
      `${run}-${i},Benchmark ${run} Studies ${i},${names.type},${1 + (i % 4)},years,Full-time,On campus,2027-09,${10_000 + i},EUR,year,${names.discipline},yes`,
    );
  }
  return Buffer.from(`${lines.join("\r\n")}\r\n`);
}

function form(data: Buffer) {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="programmes.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

async function post(base: string, url: string, headers: Record<string, string>, data: Buffer) {
  const started = performance.now();
  const response = await fetch(`${base}${url}`, {
    method: "POST",
    headers: { ...headers, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    body: form(data),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200)
    throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

/** Polls the finder until it counts `expected` programmes of the school; the time it took. */
async function finderCatchUp(base: string, schoolSlug: string, expected: number, name: string) {
  const started = performance.now();
  for (;;) {
    const response = await fetch(
      `${base}/api/academics/course/list?school_slug=${schoolSlug}&page_size=1`,
    );
    const { count } = (await response.json()) as { count: number };
    if (count >= expected) break;
    if (performance.now() - started > 60_000) throw new Error(`finder: ${count} of ${expected}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const listed = performance.now() - started;
  const found = await fetch(
    `${base}/api/academics/course/list?name=${encodeURIComponent(name)}&page_size=1`,
  );
  const { count } = (await found.json()) as { count: number };
  return { listed, named: count > 0 };
}

async function importOnce(
  base: string,
  session: BenchPartner,
  label: string,
  file: Buffer,
  expected: number,
  name: string,
) {
  const headers = session.headers();
  const preview = await post(
    base,
    "/api/dashboard/partner/programme-import/preview",
    headers,
    file,
  );
  const sha = String(preview.body.file_sha256);
  const commit = await post(
    base,
    `/api/dashboard/partner/programme-import?file_sha256=${sha}`,
    headers,
    file,
  );
  const finder = await finderCatchUp(base, session.schoolSlug, expected, name);
  const result = commit.body as { created: number; updated: number; unchanged: number };
  console.log(
    `${engineName} ${COURSES.toLocaleString("en")} | ${label.padEnd(26)} | ${ROWS} rows | preview ${(preview.ms / 1000).toFixed(2)} s | import ${(commit.ms / 1000).toFixed(2)} s (created ${result.created}, updated ${result.updated}, unchanged ${result.unchanged}) | finder lists them ${finder.listed.toFixed(0)} ms after the commit | name found: ${finder.named ? "yes" : "NO"}`,
  );
}

async function main(): Promise<void> {
  const env = await prepareDatabase({
    courses: COURSES,
    keep: flag("keep"),
    name: `bench_import_${COURSES}`,
  });
  const config = loadConfig({ ...process.env, ...env, NODE_ENV: "production", LOG_LEVEL: "warn" });
  const database = await openDatabase(config.database);
  await ensureDemoAccounts(database.db);
  const { buildApp } = await import("../apps/web/server/app.ts");
  const app = await buildApp({ config, database, frontend: { kind: "none" }, logger: false });
  const base = await app.listen({ port: PORT, host: "127.0.0.1" });
  try {
    await app.finderIndex.settled();
    const session = await partnerSession(app, database);
    const names = await catalogueNames(database);
    const { rows } = await database.query<{ count: number }>(
      "select count(*)::int as count from courses c join schools s on s.id = c.school_id where s.slug = $1 and c.published",
      [session.schoolSlug],
    );
    const before = Number(rows[0]!.count);
    const first = randomBytes(4).toString("hex");
    const file = csvFile(ROWS, first, names);
    const someName = (run: string) => `Benchmark ${run} Studies ${Math.ceil(ROWS / 2)}`;
    await importOnce(base, session, "cold: 5,000 new", file, before + ROWS, someName(first));
    await importOnce(base, session, "same file again", file, before + ROWS, someName(first));
    const second = randomBytes(4).toString("hex");
    await importOnce(
      base,
      session,
      "warm: 5,000 more new",
      csvFile(ROWS, second, names),
      before + 2 * ROWS,
      someName(second),
    );
  } finally {
    await app.close();
    await database.close();
  }
}

await main();
