// `npm run bench:alerts`: the alert run at scale (docs/decisions/053-saved-searches-and-alerts.md).
// A seeded catalogue (--courses, 100,000), --students students (100,000) with 3 saved searches
// each (drawn from the searches students make: a level, a country, a discipline, a fee ceiling,
// a few words; half instant, a third daily, the rest weekly) and 2 wishlisted programmes each (a
// tenth of them with a deadline within 30 days), then a catalogue import of --import programmes
// (10,000). Prints the first alert run after the import (cold: nothing of it was read before),
// the e-mails it recorded (one per student at most), then a second import of the same size and
// its run, and a run with nothing new. PostgreSQL with TEST_DATABASE_URL, else PGlite. The target:
// the run after an import finishes within 5 minutes.
// Each run also prints its phases, its CPU time (Node and PostgreSQL) and the load average.
// Options: --courses N, --students N, --import N, --keep (reuse the seeded catalogue).
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";

import { sql } from "drizzle-orm";

import { runAlerts } from "@studyatlas/core/alerts/alert-run.ts";
import { normaliseSavedQuery } from "@studyatlas/core/alerts/saved-query.ts";
import { intArrayLiteral, selectRows, textArrayLiteral } from "@studyatlas/core/sql-rows.ts";
import { openDatabase, type Database, type RawQuery } from "@studyatlas/db/client.ts";

import { engineName, flag, option, prepareDatabase } from "./harness.ts";

const COURSES = option("courses", 100_000);
const STUDENTS = option("students", 100_000);
const IMPORT = option("import", 10_000);
const LEVELS = ["", "undergraduate", "postgraduate", "executive", "short", "certificate"];
const WORDS = ["", "", "", "MBA", "data science", "nursing", "law", "marketing", "engineering"];
const FEES = ["", "", "0,10000", "0,20000", "0,40000", "0,-1"];

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(values: readonly T[], next: () => number): T {
  return values[Math.floor(next() * values.length)] as T;
}

async function slugs(db: Database, table: "countries" | "disciplines", limit: number) {
  const rows = await selectRows<{ slug: string }>(
    db,
    sql`select slug from ${sql.identifier(table)} order by id limit ${limit}`,
  );
  return rows.map((row) => row.slug);
}

interface SavedSearchRow {
  userId: number;
  query: string;
  frequency: string;
  token: string;
}

/** Inserts saved searches, every window starting at `at` (array parameters, one statement). */
async function insertSavedSearches(query: RawQuery, rows: readonly SavedSearchRow[], at: Date) {
  await query(
    `insert into saved_searches (user_id, name, query, frequency, seen_at, alerted_until,
       unsubscribe_token, created_at)
     select v.user_id, 'Bench search', v.query, v.frequency, $5::timestamptz, $5::timestamptz,
       v.token, $5::timestamptz
     from unnest($1::int[], $2::text[], $3::text[], $4::text[]) as v(user_id, query, frequency, token)`,
    [
      intArrayLiteral(rows.map((row) => row.userId)),
      textArrayLiteral(rows.map((row) => row.query)),
      textArrayLiteral(rows.map((row) => row.frequency)),
      textArrayLiteral(rows.map((row) => row.token)),
      at.toISOString(),
    ],
  );
}

async function addStudents(db: Database, query: RawQuery, at: Date) {
  const started = performance.now();
  await db.execute(sql`delete from users where email like 'bench-alerts-%'`);
  await db.execute(
    sql`insert into users (email, first_name, last_name, referral_code, email_verified)
        select 'bench-alerts-' || g || '@example.com', 'Student', 'Bench' || g,
               'bench-alerts-' || g, true
        from generate_series(1, ${STUDENTS}) g`,
  );
  const [first] = await selectRows<{ id: number }>(
    db,
    sql`select min(id) as id from users where email like 'bench-alerts-%'`,
  );
  const firstId = Number(first?.id);
  const countries = await slugs(db, "countries", 40);
  const disciplines = await slugs(db, "disciplines", 40);
  const next = random(2026);
  const frequencies = ["instant", "instant", "instant", "daily", "daily", "weekly"];
  const rows: SavedSearchRow[] = [];
  for (let student = 0; student < STUDENTS; student += 1) {
    for (let search = 0; search < 3; search += 1) {
      const params = new URLSearchParams();
      const level = pick(LEVELS, next);
      if (level) params.set("programme", level);
      if (next() < 0.7) params.set("country", pick(countries, next));
      if (next() < 0.4) params.set("discipline", pick(disciplines, next));
      const fee = pick(FEES, next);
      if (fee) params.set("tuition", fee);
      const words = pick(WORDS, next);
      if (words) params.set("name", words);
      rows.push({
        userId: firstId + student,
        query: normaliseSavedQuery(params.toString()),
        frequency: pick(frequencies, next),
        token: `bench-${student}-${search}`,
      });
    }
  }
  for (let start = 0; start < rows.length; start += 30_000) {
    await insertSavedSearches(query, rows.slice(start, start + 30_000), at);
  }
  // Two wishlisted programmes each; a tenth of the first ones get a deadline in 20 days.
  await db.execute(
    sql`insert into wishlist_items (user_id, course_id)
        select u.id, c.id from users u
        join courses c on c.published
          and c.id in (1 + (u.id::bigint * 7919) % ${COURSES}, 1 + (u.id::bigint * 104729) % ${COURSES})
        where u.email like 'bench-alerts-%'
        on conflict do nothing`,
  );
  const deadline = new Date(at.getTime() + 20 * 86_400_000);
  await db.execute(
    sql`update courses set deadline_month = ${deadline.getUTCMonth() + 1},
          deadline_year = ${deadline.getUTCFullYear()}
        where id in (select course_id from wishlist_items w join users u on u.id = w.user_id
                     where u.email like 'bench-alerts-%' and u.id % 10 = 0)`,
  );
  const [distinct] = await selectRows<{ n: number }>(
    db,
    sql`select count(distinct query)::int as n from saved_searches`,
  );
  console.log(
    `${STUDENTS.toLocaleString("en")} students, ${(STUDENTS * 3).toLocaleString("en")} saved searches (${Number(distinct?.n).toLocaleString("en")} distinct), wishlists: ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** A catalogue import: copies of random programmes (with their disciplines) added at `at`. */
async function importProgrammes(db: Database, at: Date, round: number) {
  const started = performance.now();
  await db.execute(
    sql`with source as (
          select * from courses where published order by md5(id::text || ${String(round)})
          limit ${IMPORT}),
        copied as (
          insert into courses (slug, name, about, school_id, programme_type_id, degree_type_id,
            language_id, duration, duration_base, course_format, attendance, start_month,
            start_year, deadline_month, deadline_year, tuition_fee, tuition_currency_id,
            tuition_fee_base, tuition_fee_usd, featured, published, school_name,
            discipline_names, created_at, updated_at)
          select slug || '-import-' || ${String(round)}, name, about, school_id,
            programme_type_id, degree_type_id, language_id, duration, duration_base,
            course_format, attendance, start_month, start_year, deadline_month, deadline_year,
            tuition_fee, tuition_currency_id, tuition_fee_base, tuition_fee_usd, featured, true,
            school_name, discipline_names, ${at.toISOString()}::timestamptz,
            ${at.toISOString()}::timestamptz
          from source
          returning id, slug)
        insert into course_disciplines (course_id, discipline_id, position)
        select copied.id, cd.discipline_id, cd.position from copied
        join courses original on original.slug || '-import-' || ${String(round)} = copied.slug
        join course_disciplines cd on cd.course_id = original.id`,
  );
  console.log(
    `Imported ${IMPORT.toLocaleString("en")} programmes in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** CPU ticks of each PostgreSQL backend that served this process (utime + stime; /proc). */
function backendTicks(backends: ReadonlySet<number>): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const pid of backends) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The backend ended (the pool closed an idle connection): its ticks are lost, rarely.
    }
  }
  return ticks;
}

/** CPU seconds the backends used since `before` (a backend that ended meanwhile is not counted). */
function backendSecondsSince(backends: ReadonlySet<number>, before: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, now] of backendTicks(backends)) ticks += now - (before.get(pid) ?? 0);
  return ticks / 100;
}

async function timedRun(db: Database, backends: ReadonlySet<number>, label: string, now: Date) {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const backendBefore = backendTicks(backends);
  const loads: number[] = [];
  const sampler = setInterval(() => loads.push(loadavg()[0] ?? 0), 5_000);
  const phases: string[] = [];
  // As the alert job does: each batch handed over once committed, none kept (ADR 053).
  const recipients = new Set<string>();
  const result = await runAlerts(db, {
    now,
    holder: "bench",
    publicBaseUrl: "https://bench",
    onPhase: (phase, ms) => phases.push(`${phase} ${(ms / 1000).toFixed(1)} s`),
    onMails: async (mails) => {
      for (const mail of mails) recipients.add(mail.message.to);
    },
  });
  clearInterval(sampler);
  loads.push(loadavg()[0] ?? 0);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const verdict = seconds <= 300 ? "within 5 minutes" : "OVER 5 minutes";
  console.log(
    `${engineName} ${COURSES.toLocaleString("en")} | ${label.padEnd(34)} | ${seconds.toFixed(1).padStart(6)} s | ${result.recorded.toLocaleString("en").padStart(7)} e-mails | ${verdict}`,
  );
  console.log(`  ${phases.join("; ")}`);
  const mean = loads.reduce((sum, load) => sum + load, 0) / loads.length;
  console.log(
    `  CPU: Node ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, PostgreSQL ${backendSecondsSince(backends, backendBefore).toFixed(1)} s; load average (1 min) ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}, mean ${mean.toFixed(1)}`,
  );
  return { ...result, recipients };
}

async function main() {
  const env = await prepareDatabase({
    courses: COURSES,
    keep: flag("keep"),
    // Its own database: the run adds students and programmes other benches do not expect.
    name: `bench_alerts_${COURSES}`,
  });
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL }
      : { kind: "pglite", dataDir: env.DATA_DIR ?? "" },
  );
  // The PostgreSQL backends serving the run, for its CPU time.
  const backends = new Set<number>();
  database.pool?.on("acquire", (client) => {
    const pid = (client as unknown as { processID?: number }).processID;
    if (pid) backends.add(pid);
  });
  try {
    await database.db.execute(sql`delete from saved_searches`);
    // A run with --keep starts from the seeded catalogue: earlier runs' imports and e-mails go.
    await database.db.execute(sql`delete from courses where slug like '%-import-%'`);
    await database.db.execute(sql`delete from mail_outbox where kind = 'alert'`);
    await database.db.execute(sql`delete from job_leases`);
    const t0 = new Date(Date.now() + 86_400_000);
    const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
    await addStudents(database.db, database.query, t0);
    // What the students have seen so far: their wishlists' current prices and dates.
    await timedRun(database.db, backends, "first run (records wishlists)", minutes(1));
    await importProgrammes(database.db, minutes(2), 1);
    const first = await timedRun(database.db, backends, "run after import 1 (cold)", minutes(3));
    const students = first.recipients.size;
    console.log(`  ${students.toLocaleString("en")} students e-mailed, one digest each`);
    await importProgrammes(database.db, minutes(4), 2);
    await timedRun(database.db, backends, "run after import 2", minutes(5));
    await timedRun(database.db, backends, "run with nothing new", minutes(6));
  } finally {
    await database.db.execute(sql`delete from users where email like 'bench-alerts-%'`);
    await database.close();
  }
}

await main();
