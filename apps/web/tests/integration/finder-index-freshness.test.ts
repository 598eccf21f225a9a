// Freshness of the finder index across app processes (ADR 011 "Freshness"): two processes on one
// PostgreSQL database; an edit, an unpublish and a new programme written through the first show
// in the second's finder results within a second, and again once its index has been rebuilt; so
// does a school's new name in the cards (put together from the index's reference maps).
// PostgreSQL only: PGlite is one process's database.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase, type DatabaseHandle } from "@studyatlas/db/client.ts";
import { CourseListItemSchema, pageOf } from "@studyatlas/schemas/catalogue.ts";

import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

const runnable = process.env.TEST_DB_KIND === "postgres";
const CoursePage = pageOf(CourseListItemSchema);

let first: TestApp;
let secondDatabase: DatabaseHandle;
let second: FastifyInstance;

beforeAll(async () => {
  if (!runnable) return;
  first = await createTestApp();
  if (!first.database.url) throw new Error("The PostgreSQL test database has no address");
  secondDatabase = await openDatabase({
    kind: "postgres",
    url: first.database.url,
    maxConnections: 3,
  });
  second = await buildApp({
    config: testConfig(),
    database: secondDatabase,
    frontend: { kind: "none" },
    logger: false,
  });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await secondDatabase?.close();
  await first?.close();
});

async function listFromSecond(query: string) {
  const response = await second.inject({
    method: "GET",
    url: `/api/academics/course/list?${query}`,
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return CoursePage.parse(response.json());
}

/** Milliseconds until the second process's answer satisfies `accept`; fails after 1 s. */
async function millisecondsUntil(
  query: string,
  accept: (page: Awaited<ReturnType<typeof listFromSecond>>) => boolean,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    const page = await listFromSecond(query);
    const elapsed = performance.now() - started;
    if (accept(page)) return elapsed;
    if (elapsed > 1000) throw new Error(`The second process did not show the change within 1 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.runIf(runnable)("the finder index in a second process", () => {
  it("answers from its index before any change", async () => {
    expect(second.finderIndex.stats().size).toBeGreaterThan(0);
  });

  it("shows an edit, an unpublish and a new programme within a second", async () => {
    const byName = "ordering=name&page_size=50";
    const before = await listFromSecond(byName);
    const target = before.results[3];
    const gone = before.results[4];
    if (!target || !gone) throw new Error("too few programmes in the test catalogue");

    // An edit that moves a programme to the front of the name order.
    await first.database.query("update courses set name = $1 where id = $2", [
      "Aaa Freshness Programme",
      target.id,
    ]);
    expect(
      await millisecondsUntil(byName, (page) => page.results[0]?.id === target.id),
    ).toBeLessThan(1000);

    // An unpublish.
    await first.database.query("update courses set published = false where id = $1", [gone.id]);
    expect(
      await millisecondsUntil(byName, (page) => !page.results.some((c) => c.id === gone.id)),
    ).toBeLessThan(1000);

    // A new programme: a copy of another under a new slug and name.
    const { rows: columns } = await first.database.query<{ column_name: string }>(
      `select column_name from information_schema.columns
       where table_schema = 'public' and table_name = 'courses' and is_generated = 'NEVER'
         and column_name not in ('id', 'slug', 'name')`,
    );
    const list = columns.map((c) => `"${c.column_name}"`).join(", ");
    const { rows } = await first.database.query<{ id: number }>(
      `insert into courses (slug, name, ${list})
       select 'aab-new-freshness-programme', 'Aab New Freshness Programme', ${list}
       from courses where id = $1 returning id`,
      [target.id],
    );
    const created = Number(rows[0]?.id);
    await first.database.query(
      `insert into course_disciplines (course_id, discipline_id, position)
       select $1, discipline_id, position from course_disciplines where course_id = $2`,
      [created, target.id],
    );
    expect(await millisecondsUntil(byName, (page) => page.results[1]?.id === created)).toBeLessThan(
      1000,
    );

    // Once rebuilt, the index itself answers the same.
    await second.finderIndex.settled();
    expect(second.finderIndex.stats().size).toBeGreaterThan(0);
    const after = await listFromSecond(byName);
    expect(after.results.slice(0, 2).map((c) => c.id)).toEqual([target.id, created]);
    expect(after.results.some((c) => c.id === gone.id)).toBe(false);
    expect(after.count).toBe(before.count);
  });

  it("shows a school's new name in its cards within a second, and from the rebuilt index", async () => {
    await second.finderIndex.settled();
    const byName = "ordering=name&page_size=20";
    const shown = (await listFromSecond(byName)).results[6];
    if (!shown) throw new Error("too few programmes in the test catalogue");
    const renamed = "Renamed In Another Process";
    await first.database.query("update schools set name = $1 where id = $2", [
      renamed,
      shown.school.id,
    ]);
    const nameOf = (page: Awaited<ReturnType<typeof listFromSecond>>) =>
      page.results.find((c) => c.id === shown.id)?.school.name;
    expect(await millisecondsUntil(byName, (page) => nameOf(page) === renamed)).toBeLessThan(1000);
    // Once rebuilt, the cards come from the new index's maps (another address: not a kept answer).
    await second.finderIndex.settled();
    expect(second.finderIndex.stats().size).toBeGreaterThan(0);
    expect(nameOf(await listFromSecond("ordering=name&page_size=21"))).toBe(renamed);
  });
});
