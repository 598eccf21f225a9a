// `npm run bench:catalogue-writes`: do catalogue writes stall reads? (docs/architecture.md "Data,
// freshness and caches"). The app on a seeded bench database (PostgreSQL with TEST_DATABASE_URL,
// else embedded PGlite: bench/harness.ts), listening on a port; a partner publishes and
// unpublishes programmes in bursts of 4 and 10 concurrent writes while one reader polls the
// finder's list (a different page and order each time, so no answer repeats) and /api/health
// over HTTP every 20 ms. Cold first: the reads of the first second after start, before any burst;
// then the reads with no writes, then each burst size. Prints the median and the maximum read
// latency per line, and the writes' own time.
// Options: --courses N (100000), --rounds N (3 bursts of each size), --keep.
import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { openDatabase, type DatabaseHandle } from "@studyatlas/db/client.ts";

import type { buildApp } from "../apps/web/server/app.ts";
import { loadConfig } from "../apps/web/server/config.ts";
import { approvedPartner } from "./bench-partner.ts";
import { engineName, flag, option, percentile, prepareDatabase } from "./harness.ts";

const COURSES = option("courses", 100_000);
const ROUNDS = option("rounds", 3);
const POLL_EVERY_MS = 20;
const ORDERINGS = ["name", "-name", "tuition", "-tuition"];

type App = Awaited<ReturnType<typeof buildApp>>;

/** A signed-in partner of one school with ten programmes; its writes go through app.inject. */
async function partnerOf(app: App, database: DatabaseHandle) {
  const { headers, schoolId } = await approvedPartner(
    app,
    database,
    `select c.school_id as id, s.slug from courses c join schools s on s.id = c.school_id
     where not exists (select 1 from organisation_schools l where l.school_id = c.school_id)
     group by c.school_id, s.slug having count(*) >= 10 order by c.school_id limit 1`,
  );
  const courses = await database.query<{ id: number }>(
    "select id from courses where school_id = $1 order by id limit 10",
    [schoolId],
  );
  const ids = courses.rows.map((row) => Number(row.id));
  const write = async (id: number, publish: boolean) => {
    const response = await app.inject({
      method: "POST",
      url: `/api/dashboard/partner/programmes/${id}/${publish ? "publish" : "unpublish"}`,
      headers: headers(),
    });
    if (response.statusCode !== 200) throw new Error(`write: ${response.statusCode}`);
  };
  return { ids, write };
}

/** Reads over HTTP every POLL_EVERY_MS until `until` settles (or for `forMs`); their latencies. */
async function readWhile(base: string, until: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  for (let index = 0; !done || latencies.length < 4; index += 1) {
    const url =
      index % 2 === 1
        ? "/api/health"
        : `/api/academics/course/list?page_size=20&page=${(index % 97) + 1}&ordering=${ORDERINGS[index % ORDERINGS.length]}`;
    const started = performance.now();
    const response = await fetch(`${base}${url}`);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
  return latencies;
}

const elapsed = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function report(label: string, latencies: number[], extra = ""): void {
  console.log(
    `${engineName} ${COURSES.toLocaleString("en")} | ${label.padEnd(28)} | reads ${String(latencies.length).padStart(4)} | median ${percentile(latencies, 50).toFixed(1).padStart(7)} ms | max ${Math.max(
      ...latencies,
    )
      .toFixed(1)
      .padStart(7)} ms${extra}`,
  );
}

async function main(): Promise<void> {
  const env = await prepareDatabase({ courses: COURSES, keep: flag("keep") });
  const config = loadConfig({ ...process.env, ...env, NODE_ENV: "production", LOG_LEVEL: "warn" });
  const database = await openDatabase(config.database);
  await ensureDemoAccounts(database.db);
  const { buildApp } = await import("../apps/web/server/app.ts");
  const app = await buildApp({ config, database, frontend: { kind: "none" }, logger: false });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  try {
    // Cold: the first second after the app is ready, no writes.
    report("cold, no writes (1 s)", await readWhile(base, elapsed(1000)));
    const partner = await partnerOf(app, database);
    await app.finderIndex.settled();
    report("warm, no writes (2 s)", await readWhile(base, elapsed(2000)));
    for (const size of [4, 10]) {
      const all: number[] = [];
      const writeTimes: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const started = performance.now();
        const writes = Promise.all(
          partner.ids
            .slice(0, size)
            .map((id, index) => partner.write(id, (index + round) % 2 === 0)),
        ).then(() => writeTimes.push(performance.now() - started));
        // Until the writes and the work they leave behind (the index rebuilt) are done.
        all.push(
          ...(await readWhile(
            base,
            writes.then(() => app.finderIndex.settled()),
          )),
        );
      }
      report(
        `bursts of ${size} writes (x${ROUNDS})`,
        all,
        ` | burst median ${percentile(writeTimes, 50).toFixed(0)} ms`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
}

await main();
