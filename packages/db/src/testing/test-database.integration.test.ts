// The test database harness itself: each createTestDatabase() is a fresh, migrated, seeded copy,
// independent of the others, and gone after dispose().
import { readFileSync } from "node:fs";

import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { MIGRATIONS_FOLDER } from "../client.ts";
import { TEST_CATALOGUE, createTestDatabase, type TestDatabase } from "./test-database.ts";

let first: TestDatabase;
let second: TestDatabase;

beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([first?.dispose(), second?.dispose()]);
});

async function count(database: TestDatabase, table: string): Promise<number> {
  const { rows } = await database.query<{ count: number }>(
    `select count(*)::int as count from ${table}`,
  );
  return Number(rows[0]?.count);
}

describe("createTestDatabase", () => {
  it("is the kind of database the project asks for", () => {
    expect(first.kind).toBe(process.env.TEST_DB_KIND);
  });

  it("has every migration applied", async () => {
    const journal = JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, "utf8")) as {
      entries: unknown[];
    };
    expect(await count(first, "drizzle.__drizzle_migrations")).toBe(journal.entries.length);
    const { rows } = await first.query<{ extname: string }>(
      "select extname from pg_extension order by extname",
    );
    expect(rows.map((row) => row.extname)).toEqual(expect.arrayContaining(["pg_trgm", "unaccent"]));
  });

  it("gives pg_trgm's match operators their real cost, so the planner takes the trigram index", async () => {
    // Migration 0018: at the default cost of 1 the planner scanned programme_names row by row for
    // a misspelt two-word query (54 ms against 1.5 ms through the index at 100,000 programmes).
    const { rows } = await first.query<{ proname: string; procost: number }>(
      `select proname, procost::float8 as procost from pg_proc
        where proname in ('similarity_op', 'word_similarity_op', 'word_similarity_commutator_op')
        order by proname`,
    );
    expect(rows).toEqual([
      { proname: "similarity_op", procost: 100 },
      { proname: "word_similarity_commutator_op", procost: 100 },
      { proname: "word_similarity_op", procost: 100 },
    ]);
  });

  it("holds the small test catalogue", async () => {
    expect(await count(first, "courses")).toBe(TEST_CATALOGUE.courses);
    expect(await count(first, "schools")).toBe(TEST_CATALOGUE.schools);
    expect(await count(first, "disciplines")).toBe(18);
    expect(await count(first, "countries")).toBeGreaterThan(100);
  });

  it("gives every caller its own copy of the same catalogue", async () => {
    const slugs = async (database: TestDatabase) =>
      (await database.query<{ slug: string }>("select slug from courses order by id")).rows.map(
        (row) => row.slug,
      );
    expect(await slugs(second)).toEqual(await slugs(first));

    await first.query(
      "delete from courses where id in (select id from courses order by id limit 10)",
    );
    expect(await count(first, "courses")).toBe(TEST_CATALOGUE.courses - 10);
    expect(await count(second, "courses")).toBe(TEST_CATALOGUE.courses);
  });

  it("dispose() releases the database", async () => {
    const third = await createTestDatabase();
    const { rows: current } = await third.query<{ name: string }>(
      "select current_database() as name",
    );
    const name = current[0]!.name;
    await third.dispose();
    if (third.kind === "pglite") {
      expect(third.pglite?.closed).toBe(true);
      return;
    }
    // On PostgreSQL the copy is dropped; the template and the other copies stay.
    const source = inject("testDatabase");
    if (source.kind !== "postgres") throw new Error("expected a PostgreSQL source");
    expect(name.startsWith(`${source.runPrefix}_`)).toBe(true);
    const admin = new pg.Client({ connectionString: source.adminUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        "select datname from pg_database where starts_with(datname, $1)",
        [`${source.runPrefix}_`],
      );
      const names = rows.map((row) => row.datname);
      expect(names).toContain(source.template);
      expect(names).not.toContain(name);
    } finally {
      await admin.end();
    }
  });
});
