// One catalogue-change event for every in-process cache (docs/decisions/009-finder-speed.md,
// 011-finder-index.md, 018-page-reuse.md), on both engines: a programme edited through the
// partner dashboard's API is dropped at once by every cache of the process that saved it (the
// API's answers, the reference lists, the reused pages, the sales overview) and by its finder
// index, and a moment later, through the database's notice, by every cache and the finder index
// of a second app instance on the same database. Closing an app stops every scheduled job.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { openDatabase, type DatabaseHandle } from "@studyatlas/db/client.ts";
import { CourseDetailSchema } from "@studyatlas/schemas/catalogue.ts";
import { ProgrammeDetailSchema } from "@studyatlas/schemas/programmes.ts";

import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";
import { registerPartner, type DashboardPartner } from "./dashboards-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let first: TestApp;
let secondDatabase: DatabaseHandle | undefined;
let second: FastifyInstance;
let partner: DashboardPartner;
let course: { id: number; slug: string };
let address = 0;
const nextIp = () => `10.31.0.${(address++ % 250) + 1}`;

beforeAll(async () => {
  first = await createTestApp();
  await ensureDemoAccounts(first.database.db);
  const { rows } = await first.database.query<{ school_id: number; id: number; slug: string }>(
    `select c.school_id, c.id, c.slug from courses c join schools s on s.id = c.school_id
     where c.published and s.published order by c.id limit 1`,
  );
  const row = rows[0];
  if (!row) throw new Error("no published programme in the test catalogue");
  course = { id: Number(row.id), slug: row.slug };
  partner = await registerPartner(first, { schoolIds: [Number(row.school_id)], ip: nextIp });
  // A second app on the same database: another process on PostgreSQL (its own connections), or
  // another app over the same embedded PGlite, which hears the same notices.
  if (first.database.kind === "postgres") {
    if (!first.database.url) throw new Error("The PostgreSQL test database has no address");
    secondDatabase = await openDatabase({
      kind: "postgres",
      url: first.database.url,
      maxConnections: 3,
    });
  }
  second = await buildApp({
    config: testConfig(),
    database: secondDatabase ?? first.database,
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

/** What each cache and the finder index of `app` have done so far. */
function cachesOf(app: FastifyInstance) {
  const caches = app.catalogueCaches;
  return {
    answers: caches.answers.stats().invalidations,
    references: caches.references.stats().invalidations,
    pages: caches.pages.stats().invalidations,
    overviews: caches.salesOverview.size(),
    indexBuilds: app.finderIndex.stats().builds,
  };
}

/** Reads the programme, the reference lists and the sales overview, so every cache holds them. */
async function fill(app: FastifyInstance): Promise<void> {
  for (let read = 0; read < 2; read += 1) {
    const detail = await app.inject({ url: `/api/academics/course/detail/${course.slug}` });
    expect(detail.statusCode, detail.body.slice(0, 200)).toBe(200);
    if (read === 1) expect(detail.headers["x-cache"]).toBe("hit");
    expect((await app.inject({ url: "/api/academics/discipline/list" })).statusCode).toBe(200);
  }
  await app.catalogueCaches.salesOverview.get(first.database.db, { schoolIds: null, days: 7 });
  expect(app.catalogueCaches.salesOverview.size()).toBeGreaterThan(0);
  await app.finderIndex.settled();
  expect(app.finderIndex.stats().size).toBeGreaterThan(0);
}

async function publicName(app: FastifyInstance): Promise<{ name: string; cache: unknown }> {
  const detail = await app.inject({ url: `/api/academics/course/detail/${course.slug}` });
  expect(detail.statusCode).toBe(200);
  return { name: CourseDetailSchema.parse(detail.json()).name, cache: detail.headers["x-cache"] };
}

/** The finder's answer for `name`, by index or SQL, includes the programme. */
async function findsByName(app: FastifyInstance, name: string): Promise<boolean> {
  const answer = await app.inject({
    url: `/api/academics/course/list?name=${encodeURIComponent(name)}&page_size=50`,
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ results: { id: number }[] }>().results.some((c) => c.id === course.id);
}

function expectDropped(
  before: ReturnType<typeof cachesOf>,
  after: ReturnType<typeof cachesOf>,
): void {
  expect(after.answers).toBeGreaterThan(before.answers);
  expect(after.references).toBeGreaterThan(before.references);
  expect(after.pages).toBeGreaterThan(before.pages);
  expect(after.overviews).toBe(0);
}

describe("a programme edited through the dashboard API", () => {
  it("is dropped by every cache of this app at once and of a second app on the same database", async () => {
    await fill(first.app);
    await fill(second);
    const before = { first: cachesOf(first.app), second: cachesOf(second) };
    expect(await publicName(second)).toMatchObject({ cache: "hit" });

    const edited = await partner.browser.call(
      "GET",
      `/api/dashboard/partner/programmes/${course.id}`,
    );
    const values = ProgrammeDetailSchema.parse(edited.json()).values;
    const name = "Zephyr Cartography Renamed";
    const saved = await partner.browser.call(
      "PUT",
      `/api/dashboard/partner/programmes/${course.id}`,
      { body: { ...values, name } },
    );
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);

    // This app: every cache dropped before the save answered; the index is rebuilt.
    expectDropped(before.first, cachesOf(first.app));
    expect(await publicName(first.app)).toEqual({ name, cache: "miss" });
    await first.app.finderIndex.settled();
    expect(cachesOf(first.app).indexBuilds).toBeGreaterThan(before.first.indexBuilds);
    expect(await findsByName(first.app, name)).toBe(true);

    // The second app: through the database's notice, within a few seconds.
    await expect
      .poll(() => cachesOf(second).answers, { timeout: 5000, interval: 10 })
      .toBeGreaterThan(before.second.answers);
    expectDropped(before.second, cachesOf(second));
    expect(await publicName(second)).toEqual({ name, cache: "miss" });
    await second.finderIndex.settled();
    expect(cachesOf(second).indexBuilds).toBeGreaterThan(before.second.indexBuilds);
    expect(await findsByName(second, name)).toBe(true);
  });
});

describe("the scheduler", () => {
  it("runs the app's jobs by name and stops every one when the app closes", async () => {
    const app = await buildApp({
      config: testConfig(),
      database: secondDatabase ?? first.database,
      frontend: { kind: "none" },
      logger: false,
    });
    await app.ready();
    expect(app.scheduler.running().sort()).toEqual([
      "alerts",
      "chat-heartbeat",
      "chat-session-check",
      "forget-past-visitors",
      "signing-keys-reload",
      "student-notifications",
      "webhook-delivery",
    ]);
    await app.close();
    expect(app.scheduler.running()).toEqual([]);
  });
});
