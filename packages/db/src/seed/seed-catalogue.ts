// Seeds the demo catalogue: reference data (currencies, countries, disciplines, programme and
// degree types, languages), schools, courses and the finder's curated synonyms. Used by `npm run db:seed`, the server's first
// start and tests. Deterministic for a given seed (README.md, demo data).
//
// This file is the orchestration; sessions.ts holds the connections, reference-data.ts the rows
// written before the courses, load.ts the row formats and index bookkeeping, index-rebuild.ts
// what follows a bulk load.
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

import { setImmediate as yieldToEventLoop } from "node:timers/promises";

import type { DatabaseHandle } from "../client.ts";
import { COUNTRIES } from "./countries.ts";
import { createCourseGenerator, type CourseGenerator, type CourseRecord } from "./courses.ts";
import { insertSeedRequirements } from "./entry-requirements.ts";
import { COURSE_TABLES, FINISH_STATEMENTS, rebuild } from "./index-rebuild.ts";
import {
  buildCourseBatch,
  dropIndexesAndForeignKeys,
  insertCourseBatch,
  resetIdentity,
  type Session,
} from "./load.ts";
import { writeCatalogueBase } from "./reference-data.ts";
import { generateSchools } from "./schools.ts";
import type { SeedProgress } from "./seed-progress.ts";
import { sessionProvider } from "./sessions.ts";
import { seedSynonyms } from "./seed-synonyms.ts";

export const DEFAULT_SEED_OPTIONS = { courses: 6000, schools: 450, seed: 42 } as const;

/** Above this many courses, indexes and foreign keys are rebuilt after the load instead of maintained. */
export const BULK_THRESHOLD = 50_000;

export type { SeedPhase, SeedProgress } from "./seed-progress.ts";

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
      // The structured entry requirements after their courses (entry-requirements.ts).
      insertCourseBatch(session, batch)
        .then(() => insertSeedRequirements(session, rows))
        .then(() => {
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
  // The finder's curated synonyms come with the demo catalogue (seed-synonyms.ts).
  await seedSynonyms(handle, { reset: options.reset === true });
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
