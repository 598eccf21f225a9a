// Seeds the demo catalogue: reference data (currencies, countries, disciplines, programme and
// degree types, languages), schools and courses. Used by `npm run db:seed`, the server's first
// start and tests. Deterministic for a given seed (engineering guide §4).
//
// Loading strategy:
// - Courses are generated in batches and written with COPY (unnest INSERTs as a fallback); the
//   next batch is generated while the database writes the previous one.
// - Small loads (up to BULK_THRESHOLD courses) run in one transaction on one connection: a failed
//   seed leaves the catalogue as it was.
// - Bulk loads drop the secondary indexes and foreign keys of courses, course_details and
//   course_disciplines and rebuild them afterwards, keep section rows inline instead of
//   TOAST-compressing them
//   (toast_tuple_target, restored afterwards), and on PostgreSQL write on several connections at
//   once. A bulk load that fails restores the indexes and constraints but leaves partial data:
//   rerun with --reset.
// Where the time goes (PostgreSQL 15, 2 vCPUs, per course row): ~35 µs of server CPU computing
// the schema's generated search_vector, ~20 µs for the rest of the insert, ~20 µs of generation
// in Node; TOAST compression would add ~60 µs, unnest() parsing instead of COPY ~30 µs. For a
// million rows the search-vector GIN index takes ~8 s to build, the slug index ~2 s, the
// foreign-key checks ~5 s; bench/RESULTS.md has the measured totals.

import { availableParallelism } from "node:os";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";

import pg from "pg";

import type { DatabaseHandle } from "../client.ts";
import { copyFromStdin } from "./copy.ts";
import { COUNTRIES, type CountryRecord } from "./countries.ts";
import { createCourseGenerator, type CourseGenerator, type CourseRecord } from "./courses.ts";
import { CURRENCIES, RATE_DATE, type CurrencyData } from "./currencies.ts";
import { DISCIPLINES, type DisciplineData } from "./disciplines.ts";
import {
  buildCourseBatch,
  dropIndexesAndForeignKeys,
  insertCourseBatch,
  insertRows,
  quoteIdent,
  rebuildOrder,
  resetIdentity,
  SCHOOL_COLUMNS,
  upsertClause,
  type Column,
  type DeferredDdl,
  type Session,
} from "./load.ts";
import {
  DEGREE_TYPES,
  LANGUAGES,
  PROGRAMME_TYPES,
  type DegreeTypeData,
  type LanguageData,
  type ProgrammeTypeData,
} from "./reference.ts";
import { generateSchools, type SchoolRecord } from "./schools.ts";

export const DEFAULT_SEED_OPTIONS = { courses: 6000, schools: 450, seed: 42 } as const;

/** Above this many courses, indexes and foreign keys are rebuilt after the load instead of maintained. */
export const BULK_THRESHOLD = 50_000;

/**
 * Connections writing courses (and rebuilding indexes) in parallel during a bulk load on
 * PostgreSQL. The server's per-row work is what limits the load, so more cores, more writers; one
 * generator feeds about 25,000 rows/s, so more than four writers would not help.
 */
const BULK_WRITERS = Math.min(4, Math.max(2, availableParallelism()));

export type SeedPhase = "reference" | "schools" | "courses" | "indexes" | "analyze" | "done";

export interface SeedProgress {
  phase: SeedPhase;
  /** Courses written so far, or steps done in the indexes phase. */
  done: number;
  total: number;
}

export interface SeedOptions {
  courses: number;
  schools: number;
  seed: number;
  /** Empty the catalogue first (TRUNCATE ... CASCADE: also empties tables that reference courses or schools). */
  reset?: boolean;
  onProgress?: (progress: SeedProgress) => void;
  /** Courses per COPY/INSERT; 5,000 by default. */
  batchSize?: number;
  /** Course count above which the bulk strategy is used (BULK_THRESHOLD by default; tests lower it). */
  bulkThreshold?: number;
}

export interface SeedResult {
  courses: number;
  schools: number;
  countries: number;
  seconds: number;
  /** True when indexes and foreign keys were dropped and rebuilt. */
  bulk: boolean;
  /** Seconds spent writing course rows and rebuilding indexes (bulk loads). */
  loadSeconds: number;
  indexSeconds: number;
}

export async function isCatalogueSeeded(handle: DatabaseHandle): Promise<boolean> {
  const result = await handle.query<{ seeded: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM "courses") AS "seeded"`,
  );
  return result.rows[0]?.seeded === true;
}

// ---------------------------------------------------------------------------------------------
// Sessions: dedicated connections (PostgreSQL) or the single PGlite connection.

interface SessionProvider {
  kind: DatabaseHandle["kind"];
  /** How many connections can write at once. */
  writers: number;
  /** Runs fn in one transaction on one connection. */
  transaction<T>(fn: (session: Session) => Promise<T>): Promise<T>;
  /** Runs fn with `count` separate connections, each inside its own transaction. */
  parallel<T>(count: number, fn: (sessions: Session[]) => Promise<T>): Promise<T>;
  /**
   * Runs fn with `count` separate connections in autocommit mode (each statement commits on its
   * own, so locks are held only while a statement runs). PGlite and unknown drivers get their
   * single session.
   */
  autocommit<T>(count: number, fn: (sessions: Session[]) => Promise<T>): Promise<T>;
}

function poolOf(handle: DatabaseHandle): pg.Pool | undefined {
  // drizzle exposes the driver client as `$client`; for node-postgres it is the pg.Pool.
  const client = (handle.db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

function sessionProvider(handle: DatabaseHandle): SessionProvider {
  const pglite = handle.pglite;
  if (pglite) {
    const transaction = <T>(fn: (session: Session) => Promise<T>): Promise<T> =>
      pglite.transaction((tx) =>
        fn({
          query: async (text, params) => ({
            rows: (await tx.query<Record<string, unknown>>(text, params)).rows,
          }),
          // PGlite reads COPY input from a Blob exposed as /dev/blob.
          copyFrom: async (sql, data) => {
            await tx.query(sql.replace("FROM STDIN", "FROM '/dev/blob'"), [], {
              blob: new Blob([new Uint8Array(data)]),
            });
          },
        }),
      );
    return {
      kind: "pglite",
      writers: 1,
      transaction,
      parallel: (_count, fn) => transaction((session) => fn([session])),
      autocommit: (_count, fn) => transaction((session) => fn([session])),
    };
  }
  const pool = poolOf(handle);
  if (!pool) {
    // Unknown driver: no dedicated connection, so no transaction and no COPY.
    const session: Session = { query: (text, params) => handle.query(text, params) };
    return {
      kind: handle.kind,
      writers: 1,
      transaction: (fn) => fn(session),
      parallel: (_count, fn) => fn([session]),
      autocommit: (_count, fn) => fn([session]),
    };
  }
  const wrap = (client: pg.PoolClient): Session => ({
    query: async (text, params) => ({
      rows: (await client.query(text, params)).rows as Record<string, unknown>[],
    }),
    copyFrom: (sql, data) => copyFromStdin(client, sql, data),
  });
  /** `count` connections, each in its own transaction, committed together when fn succeeds. */
  const parallel = async <T>(
    count: number,
    fn: (sessions: Session[]) => Promise<T>,
  ): Promise<T> => {
    const clients: pg.PoolClient[] = [];
    try {
      for (let i = 0; i < count; i++) {
        const client = await pool.connect();
        clients.push(client);
        await client.query("BEGIN");
        // Losing the last moments of a crashed seed is fine; waiting for WAL flushes is not.
        await client.query("SET LOCAL synchronous_commit = off");
      }
      const result = await fn(clients.map(wrap));
      for (const client of clients) await client.query("COMMIT");
      return result;
    } catch (error) {
      for (const client of clients) await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      for (const client of clients) client.release();
    }
  };
  const autocommit = async <T>(
    count: number,
    fn: (sessions: Session[]) => Promise<T>,
  ): Promise<T> => {
    const clients: pg.PoolClient[] = [];
    try {
      for (let i = 0; i < count; i++) clients.push(await pool.connect());
      return await fn(clients.map(wrap));
    } finally {
      // Settings made with SET must not leak to the pool's other users.
      for (const client of clients) {
        await client.query("RESET ALL").catch(() => undefined);
        client.release();
      }
    }
  };
  return {
    kind: "postgres",
    writers: Math.max(1, Math.min(BULK_WRITERS, pool.options.max - 1)),
    transaction: (fn) => parallel(1, (sessions) => fn(sessions[0] as Session)),
    parallel,
    autocommit,
  };
}

// ---------------------------------------------------------------------------------------------
// Reference data

const CURRENCY_COLUMNS: readonly Column<CurrencyData & { id: number }>[] = [
  { name: "id", type: "int", get: (c) => c.id },
  { name: "short_code", type: "text", get: (c) => c.code },
  { name: "name", type: "text", get: (c) => c.name },
  { name: "symbol", type: "text", get: (c) => c.symbol },
  { name: "usd_exchange_rate", type: "numeric", get: (c) => c.rate },
  { name: "rate_date", type: "date", get: () => RATE_DATE },
];

function countryColumns(enabled: ReadonlySet<number>): readonly Column<CountryRecord>[] {
  return [
    { name: "id", type: "int", get: (c) => c.id },
    { name: "name", type: "text", get: (c) => c.name },
    { name: "slug", type: "text", get: (c) => c.slug },
    { name: "code", type: "text", get: (c) => c.code },
    { name: "continent", type: "text", get: (c) => c.continent },
    { name: "capital", type: "text", get: (c) => c.capital },
    { name: "population", type: "bigint", get: (c) => c.population },
    { name: "students", type: "int", get: (c) => c.students },
    { name: "international_students", type: "int", get: (c) => c.internationalStudents },
    { name: "about", type: "text", get: (c) => c.about },
    { name: "about_wiki_link", type: "text", get: (c) => c.aboutWikiLink },
    { name: "trivia_facts", type: "text", get: (c) => c.triviaFacts },
    { name: "living_costs", type: "text", get: (c) => c.livingCosts },
    { name: "currency_code", type: "text", get: (c) => c.currencyCode },
    { name: "image", type: "text", get: (c) => c.image },
    // Countries with schools are "enabled" (academics/country/list_enabled).
    { name: "enabled", type: "bool", get: (c) => enabled.has(c.id) },
  ];
}

const DISCIPLINE_COLUMNS: readonly Column<DisciplineData & { id: number }>[] = [
  { name: "id", type: "int", get: (d) => d.id },
  { name: "name", type: "text", get: (d) => d.name },
  { name: "slug", type: "text", get: (d) => d.slug },
  { name: "icon", type: "text", get: (d) => `/media/disciplines/${d.slug}.svg` },
  { name: "description", type: "text", get: (d) => d.description },
];

const PROGRAMME_TYPE_COLUMNS: readonly Column<ProgrammeTypeData>[] = [
  { name: "id", type: "int", get: (p) => p.id },
  { name: "name", type: "text", get: (p) => p.name },
  { name: "slug", type: "text", get: (p) => p.slug },
  { name: "label", type: "text", get: (p) => p.label },
];

const DEGREE_TYPE_COLUMNS: readonly Column<DegreeTypeData>[] = [
  { name: "id", type: "int", get: (d) => d.id },
  { name: "name", type: "text", get: (d) => d.name },
  { name: "short_name", type: "text", get: (d) => d.shortName },
  {
    name: "programme_type_id",
    type: "int",
    get: (d) => PROGRAMME_TYPES.find((p) => p.slug === d.level)?.id ?? 7,
  },
];

const LANGUAGE_COLUMNS: readonly Column<LanguageData>[] = [
  { name: "id", type: "int", get: (l) => l.id },
  { name: "name", type: "text", get: (l) => l.name },
  { name: "code", type: "text", get: (l) => l.code },
];

/** Reference rows are upserted by id, so accounts that point at countries survive a reset. */
async function writeReferenceData(
  session: Session,
  enabledCountryIds: ReadonlySet<number>,
): Promise<void> {
  const upsert = async <Row>(
    table: string,
    columns: readonly Column<Row>[],
    rows: readonly Row[],
  ) => insertRows(session, table, columns, rows, upsertClause(columns));
  await upsert(
    "currencies",
    CURRENCY_COLUMNS,
    CURRENCIES.map((c, i) => ({ ...c, id: i + 1 })),
  );
  await upsert("countries", countryColumns(enabledCountryIds), COUNTRIES);
  await upsert(
    "disciplines",
    DISCIPLINE_COLUMNS,
    DISCIPLINES.map((d, i) => ({ ...d, id: i + 1 })),
  );
  await upsert("programme_types", PROGRAMME_TYPE_COLUMNS, PROGRAMME_TYPES);
  await upsert("degree_types", DEGREE_TYPE_COLUMNS, DEGREE_TYPES);
  await upsert("languages", LANGUAGE_COLUMNS, LANGUAGES);
}

async function writeCatalogueBase(
  session: Session,
  schools: readonly SchoolRecord[],
  reset: boolean,
  report: (progress: SeedProgress) => void,
  total: number,
): Promise<void> {
  report({ phase: "reference", done: 0, total });
  if (reset) {
    await session.query(
      `TRUNCATE "course_disciplines", "course_details", "courses", "schools" RESTART IDENTITY CASCADE`,
    );
  } else {
    // Not seeded yet (the caller checked): clear leftovers such as schools without courses.
    await session.query(`DELETE FROM "course_disciplines"`);
    await session.query(`DELETE FROM "course_details"`);
    await session.query(`DELETE FROM "courses"`);
    await session.query(`DELETE FROM "schools"`);
  }
  await writeReferenceData(session, new Set(schools.map((s) => s.countryId)));
  report({ phase: "schools", done: 0, total });
  for (let start = 0; start < schools.length; start += 2000) {
    await insertRows(session, "schools", SCHOOL_COLUMNS, schools.slice(start, start + 2000));
  }
}

// ---------------------------------------------------------------------------------------------
// Courses

/**
 * Generates `total` courses in batches and hands each to the first free writer. Generation yields
 * to the event loop regularly, so sockets keep draining and writers start their next statement
 * while the following batch is generated.
 */
async function writeCourses(
  writers: readonly Session[],
  generator: CourseGenerator,
  total: number,
  batchSize: number,
  onWritten: (count: number) => void,
): Promise<void> {
  const inFlight = new Map<number, Promise<void>>();
  const free = writers.map((_, index) => index);
  for (let start = 0; start < total; start += batchSize) {
    const size = Math.min(batchSize, total - start);
    const rows = new Array<CourseRecord>(size);
    for (let i = 0; i < size; i++) {
      rows[i] = generator.next();
      if ((i & 255) === 255) await yieldToEventLoop();
    }
    while (free.length === 0) await Promise.race(inFlight.values());
    const writer = free.pop() as number;
    const session = writers[writer] as Session;
    const batch = buildCourseBatch(rows, session.copyFrom !== undefined);
    inFlight.set(
      writer,
      insertCourseBatch(session, batch).then(() => {
        inFlight.delete(writer);
        free.push(writer);
        onWritten(batch.size);
      }),
    );
  }
  await Promise.all(inFlight.values());
}

// ---------------------------------------------------------------------------------------------

function validateOptions(options: SeedOptions): void {
  for (const key of ["courses", "schools", "seed"] as const) {
    const value = options[key];
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`${key} must be a non-negative integer, got ${value}`);
  }
  if (options.courses > 0 && options.schools === 0)
    throw new Error("courses need at least one school");
  if (options.courses > 2_000_000_000) throw new Error("courses must fit in a 32-bit id");
}

/** The tables a bulk load fills, in validation order (links first: they are the most rows). */
const COURSE_TABLES: readonly string[] = ["course_disciplines", "course_details", "courses"];

const IDENTITY_TABLES = [
  "currencies",
  "countries",
  "disciplines",
  "degree_types",
  "languages",
  "schools",
  "courses",
];

export async function seedCatalogue(
  handle: DatabaseHandle,
  options: SeedOptions,
): Promise<SeedResult> {
  validateOptions(options);
  const started = performance.now();
  const report = options.onProgress ?? (() => undefined);
  const batchSize = Math.max(1, options.batchSize ?? 5000);
  const total = options.courses;
  const provider = sessionProvider(handle);
  const bulk = total > (options.bulkThreshold ?? BULK_THRESHOLD);

  const schools = generateSchools(options.schools, options.seed);
  const generator = createCourseGenerator(schools, Math.max(total, 1), options.seed);
  let written = 0;
  const onWritten = (count: number) => {
    written += count;
    report({ phase: "courses", done: written, total });
  };

  let loadSeconds = 0;
  let indexSeconds = 0;
  if (!bulk) {
    await provider.transaction(async (session) => {
      await writeCatalogueBase(session, schools, options.reset === true, report, total);
      const loadStart = performance.now();
      report({ phase: "courses", done: 0, total });
      await writeCourses([session], generator, total, batchSize, onWritten);
      await resetIdentity(session, IDENTITY_TABLES);
      loadSeconds = (performance.now() - loadStart) / 1000;
    });
  } else {
    const deferred = await provider.transaction(async (session) => {
      await writeCatalogueBase(session, schools, options.reset === true, report, total);
      const ddl = await dropIndexesAndForeignKeys(session, COURSE_TABLES);
      // Section rows are close to the 2 kB TOAST threshold; compressing them costs more CPU than
      // it saves space. Restored after the load.
      await session.query(`ALTER TABLE "course_details" SET (toast_tuple_target = 8160)`);
      return ddl;
    });
    const loadStart = performance.now();
    let loadError: unknown;
    try {
      report({ phase: "courses", done: 0, total });
      await provider.parallel(provider.writers, (sessions) =>
        writeCourses(sessions, generator, total, batchSize, onWritten),
      );
    } catch (error) {
      loadError = error;
    }
    loadSeconds = (performance.now() - loadStart) / 1000;
    // Rebuild even after a failed load, so the schema is never left without its indexes.
    const indexStart = performance.now();
    try {
      await rebuild(provider, deferred, report, loadError === undefined);
      await provider.transaction(async (session) => {
        await session.query(`ALTER TABLE "course_details" RESET (toast_tuple_target)`);
        await resetIdentity(session, IDENTITY_TABLES);
      });
    } catch (error) {
      throw loadError ?? error;
    }
    if (loadError !== undefined) throw loadError;
    indexSeconds = (performance.now() - indexStart) / 1000;
  }

  if (!bulk) {
    report({ phase: "analyze", done: 0, total });
    // The search vocabulary (misspelling correction) is derived from the catalogue just written.
    for (const sql of FINISH_STATEMENTS) await handle.query(sql);
  }
  const seconds = (performance.now() - started) / 1000;
  report({ phase: "done", done: total, total });
  return {
    courses: total,
    schools: schools.length,
    countries: COUNTRIES.length,
    seconds,
    bulk,
    loadSeconds,
    indexSeconds,
  };
}

/** Refreshes the search vocabulary and the planner statistics after a catalogue write. */
const FINISH_STATEMENTS = [
  // The search vocabulary (misspelling correction) and the distinct programme names (typo
  // matching, suggestions) are derived from the catalogue just written.
  `REFRESH MATERIALIZED VIEW search_words`,
  `REFRESH MATERIALIZED VIEW programme_names`,
  `ANALYZE "courses", "course_details", "course_disciplines", "schools", "countries", "search_words", "programme_names"`,
];

/**
 * One statement of the rebuild. `lock` names the table whose lock it takes: "share" statements
 * (CREATE INDEX takes SHARE) can run together on a table, "exclusive" ones (VALIDATE CONSTRAINT
 * and ANALYZE take SHARE UPDATE EXCLUSIVE, REFRESH takes ACCESS EXCLUSIVE on the view) run alone.
 */
interface RebuildTask {
  sql: string;
  table: string;
  mode: "share" | "exclusive";
  /** Index of a task that must finish first. */
  after?: number;
  /** Counts as a step of the progress report. */
  step: boolean;
}

function conflicts(a: RebuildTask, b: RebuildTask): boolean {
  return a.table === b.table && (a.mode === "exclusive" || b.mode === "exclusive");
}

/**
 * Everything after the course rows are written, as independent statements: the dropped indexes
 * (slowest first), validation of the foreign keys (re-added NOT VALID first, so validating takes
 * a weaker lock than adding and runs alongside index builds on other tables), the search
 * vocabulary and ANALYZE.
 */
export function rebuildTasks(ddl: DeferredDdl, finish: boolean): RebuildTask[] {
  const tasks: RebuildTask[] = rebuildOrder(ddl).map((index) => ({
    sql: index.sql.replace(/^CREATE (UNIQUE )?INDEX /, "CREATE $1INDEX IF NOT EXISTS "),
    table: index.table,
    mode: "share",
    step: true,
  }));
  const validate = (table: string) =>
    ddl.foreignKeys
      .filter((fk) => fk.table === table)
      .map((fk): RebuildTask => ({
        sql: `ALTER TABLE ${quoteIdent(fk.table)} VALIDATE CONSTRAINT ${quoteIdent(fk.name)}`,
        table: fk.table,
        mode: "exclusive",
        step: true,
      }));
  if (!finish) {
    tasks.push(...COURSE_TABLES.flatMap(validate));
    return tasks;
  }
  // The refreshes read courses without blocking index builds; they go early so that they overlap
  // them rather than running alone at the end.
  const refresh = tasks.length === 0 ? 0 : Math.min(2, tasks.length);
  tasks.splice(
    refresh,
    0,
    { sql: FINISH_STATEMENTS[0] as string, table: "search_words", mode: "exclusive", step: false },
    {
      sql: FINISH_STATEMENTS[1] as string,
      table: "programme_names",
      mode: "exclusive",
      step: false,
    },
  );
  const others = ddl.foreignKeys
    .map((fk) => fk.table)
    .filter((table) => !COURSE_TABLES.includes(table));
  tasks.push(...COURSE_TABLES.flatMap(validate), ...[...new Set(others)].flatMap(validate));
  for (const table of ["schools", "countries", ...COURSE_TABLES])
    tasks.push({ sql: `ANALYZE ${quoteIdent(table)}`, table, mode: "exclusive", step: false });
  tasks.push(
    {
      sql: `ANALYZE "search_words"`,
      table: "search_words",
      mode: "exclusive",
      after: refresh,
      step: false,
    },
    {
      sql: `ANALYZE "programme_names"`,
      table: "programme_names",
      mode: "exclusive",
      after: refresh + 1,
      step: false,
    },
  );
  return tasks;
}

/**
 * Recreates dropped indexes and foreign keys on several connections at once (PostgreSQL) and,
 * when `finish` is set, refreshes the search vocabulary and runs ANALYZE. Each worker takes the
 * first task whose lock does not conflict with a running one, so both cores stay busy: PostgreSQL
 * 15 builds GIN indexes single-threaded, and foreign keys on one table validate one at a time.
 */
async function rebuild(
  provider: SessionProvider,
  ddl: DeferredDdl,
  report: (p: SeedProgress) => void,
  finish: boolean,
): Promise<void> {
  // Adding a key NOT VALID only checks new rows: quick, before any index build holds a lock.
  await provider.transaction(async (session) => {
    for (const fk of ddl.foreignKeys) await session.query(`${fk.sql} NOT VALID`);
  });
  const tasks = rebuildTasks(ddl, finish);
  const steps = tasks.filter((task) => task.step).length;
  let done = 0;
  report({ phase: "indexes", done, total: steps });
  const pending = tasks.map((_, index) => index);
  const running = new Set<number>();
  const finished = new Set<number>();
  let failure: unknown;
  let wake: () => void = () => undefined;
  let changed = new Promise<void>((resolve) => (wake = resolve));
  const notify = () => {
    const resolve = wake;
    changed = new Promise<void>((next) => (wake = next));
    resolve();
  };
  const runnable = (index: number) => {
    const task = tasks[index] as RebuildTask;
    if (task.after !== undefined && !finished.has(task.after)) return false;
    for (const other of running) if (conflicts(task, tasks[other] as RebuildTask)) return false;
    return true;
  };
  const work = async (session: Session) => {
    if (provider.kind === "postgres") {
      // Two builds at a time on a machine with plenty of memory; GIN builds flush less often.
      await session.query("SET maintenance_work_mem = '1GB'");
      await session.query("SET synchronous_commit = off");
    }
    // After a failure the remaining statements still run: as much of the schema as possible is
    // restored, and the first error is reported.
    while (pending.length > 0) {
      const position = pending.findIndex(runnable);
      if (position < 0) {
        await changed;
        continue;
      }
      const index = pending.splice(position, 1)[0] as number;
      const task = tasks[index] as RebuildTask;
      running.add(index);
      try {
        await session.query(task.sql);
      } catch (error) {
        failure ??= error;
      } finally {
        running.delete(index);
        finished.add(index);
        if (task.step) report({ phase: "indexes", done: ++done, total: steps });
        notify();
      }
    }
  };
  const workers = provider.kind === "postgres" ? provider.writers : 1;
  await provider.autocommit(workers, (sessions) => Promise.all(sessions.map(work)));
  if (failure !== undefined) throw failure;
}
