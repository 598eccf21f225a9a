// Seeds into a real database: a fresh in-memory PGlite (and, in the integration-postgres project,
// a copy of the test database on the PostgreSQL server, for the parallel bulk path).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase, type DatabaseHandle } from "../client.ts";
import { createTestDatabase, type TestDatabase } from "../testing/test-database.ts";
import { COUNTRIES } from "./countries.ts";
import { isCatalogueSeeded, seedCatalogue } from "./seed-catalogue.ts";

const COURSES = 300;
const SCHOOLS = 40;

async function count(db: DatabaseHandle, sql: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT (${sql})::int AS n`);
  return Number(rows[0]?.n);
}

async function indexNames(db: DatabaseHandle): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT indexname AS name FROM pg_indexes WHERE tablename IN ('courses', 'course_disciplines') ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

async function foreignKeys(db: DatabaseHandle): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT conname AS name FROM pg_constraint WHERE contype = 'f' AND conrelid IN ('courses'::regclass, 'course_disciplines'::regclass) AND convalidated ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

/** Checks shared by every database kind after seeding COURSES courses and SCHOOLS schools. */
async function expectSeeded(db: DatabaseHandle): Promise<void> {
  expect(await isCatalogueSeeded(db)).toBe(true);
  expect(await count(db, "SELECT count(*) FROM courses")).toBe(COURSES);
  expect(await count(db, "SELECT count(*) FROM schools")).toBe(SCHOOLS);
  expect(await count(db, "SELECT count(*) FROM countries")).toBeGreaterThanOrEqual(
    COUNTRIES.length,
  );
  expect(await count(db, "SELECT count(*) FROM disciplines")).toBe(18);
  expect(await count(db, "SELECT count(*) FROM programme_types")).toBe(5);
  expect(await count(db, "SELECT count(*) FROM course_disciplines")).toBeGreaterThanOrEqual(
    COURSES,
  );
  expect(await count(db, "SELECT count(*) FROM course_disciplines WHERE position = 0")).toBe(
    COURSES,
  );
  // Generated columns are computed by the database from what we wrote.
  expect(
    await count(
      db,
      "SELECT count(*) FROM courses WHERE search_vector = ''::tsvector OR search_name = ''",
    ),
  ).toBe(0);
  expect(await count(db, "SELECT count(*) FROM courses WHERE duration_days <= 0")).toBe(0);
  const search = await db.query<{ name: string }>(
    `SELECT name FROM courses WHERE search_vector @@ websearch_to_tsquery('english', public.f_unaccent($1)) LIMIT 1`,
    [
      (
        await db.query<{ word: string }>(
          "SELECT split_part(discipline_names, ' ', 1) AS word FROM courses LIMIT 1",
        )
      ).rows[0]?.word,
    ],
  );
  expect(search.rows.length).toBe(1);
  // Fixed ids and enabled countries.
  expect(
    (await db.query<{ slug: string }>("SELECT slug FROM countries WHERE id = 17")).rows[0]?.slug,
  ).toBe("united-states");
  expect(await count(db, "SELECT count(*) FROM countries WHERE enabled")).toBe(
    await count(db, "SELECT count(DISTINCT country_id) FROM schools"),
  );
  // Identity sequences continue after the explicit ids.
  const inserted = await db.query<{ id: number }>(
    "INSERT INTO languages (name, code) VALUES ('Klingon', 'tlh') RETURNING id",
  );
  expect(Number(inserted.rows[0]?.id)).toBeGreaterThan(1);
  await db.query("DELETE FROM languages WHERE code = 'tlh'");
  // USD amounts follow the currency snapshot.
  expect(
    await count(
      db,
      `SELECT count(*) FROM courses c JOIN currencies cur ON cur.id = c.tuition_currency_id
        WHERE c.tuition_fee > 0 AND abs(c.tuition_fee_usd - round(c.tuition_fee / cur.usd_exchange_rate, 2)) > 0.01`,
    ),
  ).toBe(0);
}

describe("seedCatalogue on a fresh PGlite", () => {
  let db: DatabaseHandle;

  beforeAll(async () => {
    db = await openDatabase({ kind: "pglite" });
    await db.migrate();
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it("loads a small catalogue in one transaction", async () => {
    expect(await isCatalogueSeeded(db)).toBe(false);
    const indexesBefore = await indexNames(db);
    const phases: string[] = [];
    const result = await seedCatalogue(db, {
      courses: COURSES,
      schools: SCHOOLS,
      seed: 11,
      onProgress: (p) => phases.push(p.phase),
    });
    expect(result).toMatchObject({ courses: COURSES, schools: SCHOOLS, bulk: false });
    expect(phases.at(-1)).toBe("done");
    expect(phases).toContain("courses");
    await expectSeeded(db);
    expect(await indexNames(db)).toEqual(indexesBefore);
  }, 60_000);

  it("reseeds with reset through the bulk path and restores indexes, keys and storage options", async () => {
    const indexes = await indexNames(db);
    const keys = await foreignKeys(db);
    const first = (await db.query<{ slug: string }>("SELECT slug FROM courses ORDER BY id LIMIT 5"))
      .rows;
    const result = await seedCatalogue(db, {
      courses: COURSES,
      schools: SCHOOLS,
      seed: 11,
      reset: true,
      bulkThreshold: 100,
      batchSize: 70,
    });
    expect(result.bulk).toBe(true);
    await expectSeeded(db);
    expect(await indexNames(db)).toEqual(indexes);
    expect(await foreignKeys(db)).toEqual(keys);
    expect(
      (
        await db.query<{ reloptions: unknown }>(
          "SELECT reloptions FROM pg_class WHERE relname = 'courses'",
        )
      ).rows[0]?.reloptions,
    ).toBeNull();
    // Same seed, same catalogue.
    expect(
      (await db.query<{ slug: string }>("SELECT slug FROM courses ORDER BY id LIMIT 5")).rows,
    ).toEqual(first);
  }, 60_000);
});

describe.runIf(process.env.TEST_DB_KIND === "postgres")("seedCatalogue on PostgreSQL", () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it("reseeds through the parallel bulk path", async () => {
    const indexes = await indexNames(db);
    const keys = await foreignKeys(db);
    const result = await seedCatalogue(db, {
      courses: COURSES,
      schools: SCHOOLS,
      seed: 11,
      reset: true,
      bulkThreshold: 100,
      batchSize: 40,
    });
    expect(result.bulk).toBe(true);
    await expectSeeded(db);
    expect(await indexNames(db)).toEqual(indexes);
    expect(await foreignKeys(db)).toEqual(keys);
  }, 60_000);
});
