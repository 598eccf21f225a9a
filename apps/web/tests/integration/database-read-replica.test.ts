// The read replica (DATABASE_READ_URL; docs/decisions/048-backups-and-the-read-replica.md): the
// catalogue's public reads (the programme page, the finder's list and its index, the catalogue
// API, the sitemaps) go to the read database, while writes and the reads that follow them (a
// sign-up, the signed-in user's profile and wishlist) stay on the primary. On PostgreSQL the
// "replica" here is a second copy of the test catalogue that the test then makes differ from the
// primary (a renamed programme, five programmes unpublished), so each answer shows which database
// it came from; docs/deploy.md shows the same settings over streaming replication. On embedded
// PGlite there is no replica: the catalogue reads the one database.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase, type DatabaseHandle } from "@studyatlas/db/client.ts";
import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";
import { CourseDetailSchema, CourseListItemSchema, pageOf } from "@studyatlas/schemas/catalogue.ts";
import { WishlistListSchema } from "@studyatlas/schemas/engagement.ts";

import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";
import { Browser, uniqueEmail } from "./account-client.ts";
import { register } from "./accounts-support.ts";
import { ensureBuiltFrontEnd } from "./built-front-end.ts";
import { parseWith } from "./test-app.ts";

const onPostgres = process.env.TEST_DB_KIND === "postgres";
const REPLICA_NAME = "Replica Harbour Studies";
const UNPUBLISHED_ON_REPLICA = 5;

describe.runIf(!onPostgres)("on embedded PGlite", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("reads the catalogue from the one database", () => {
    expect(database.read).toBe(database.db);
    expect(database.readCaughtUp).toBeUndefined();
  });
});

describe.runIf(onPostgres)("with DATABASE_READ_URL", () => {
  let primary: TestDatabase;
  let replica: TestDatabase;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let slug: string;

  const countOn = async (on: DatabaseHandle, text: string, params: unknown[] = []) =>
    Number((await on.query<{ n: number }>(text, params)).rows[0]?.n);

  beforeAll(async () => {
    ensureBuiltFrontEnd();
    primary = await createTestDatabase();
    replica = await createTestDatabase();
    if (!primary.url || !replica.url) {
      throw new Error("The PostgreSQL test databases have no address");
    }
    const { rows } = await primary.query<{ slug: string }>(
      `select c.slug from courses c join schools s on s.id = c.school_id
       where c.published and s.published order by c.id limit 1`,
    );
    slug = rows[0]?.slug ?? "";
    await replica.query("update courses set name = $1 where slug = $2", [REPLICA_NAME, slug]);
    await replica.query(
      `update courses set published = false where id in (
         select c.id from courses c join schools s on s.id = c.school_id
         where c.published and s.published and c.slug <> $1 order by c.id desc limit $2)`,
      [slug, UNPUBLISHED_ON_REPLICA],
    );
    const urls = { url: primary.url, readUrl: replica.url };
    database = await openDatabase({ kind: "postgres", ...urls, maxConnections: 3 });
    app = await buildApp({
      config: testConfig({ database: { kind: "postgres", ...urls }, pageReuseBytes: 0 }),
      database,
      frontend: { kind: "production" },
      logger: false,
    });
    await app.ready();
    await app.finderIndex.settled();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await replica?.dispose();
    await primary?.dispose();
  });

  it("opens a second pool for the read database", () => {
    expect(database.read).not.toBe(database.db);
    expect(database.readCaughtUp).toBeTypeOf("function");
  });

  it("renders the programme page and the catalogue API from the read database", async () => {
    const page = await app.inject({ url: `/course/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(REPLICA_NAME);
    const detail = await app.inject({ url: `/api/academics/course/detail/${slug}` });
    expect(detail.statusCode, detail.body.slice(0, 200)).toBe(200);
    expect(parseWith(CourseDetailSchema, detail.json(), "detail").name).toBe(REPLICA_NAME);
  });

  it("answers the finder, from its index and by name, with the read database's programmes", async () => {
    const published = `select count(*)::int as n from courses c join schools s on s.id = c.school_id
                       where c.published and s.published`;
    const onPrimary = await countOn(primary, published);
    const onReplica = await countOn(replica, published);
    expect(onReplica).toBe(onPrimary - UNPUBLISHED_ON_REPLICA);
    expect(app.finderIndex.stats().size).toBe(onReplica);
    const list = await app.inject({ url: "/api/academics/course/list?page_size=1" });
    expect(list.statusCode, list.body.slice(0, 200)).toBe(200);
    expect(parseWith(pageOf(CourseListItemSchema), list.json(), "list").count).toBe(onReplica);
    const named = await app.inject({
      url: `/api/academics/course/list?name=${encodeURIComponent(REPLICA_NAME)}&page_size=5`,
    });
    expect(named.statusCode, named.body.slice(0, 200)).toBe(200);
    const names = parseWith(pageOf(CourseListItemSchema), named.json(), "list").results.map(
      (course) => course.name,
    );
    expect(names).toContain(REPLICA_NAME);
  });

  it("writes to the primary and reads a person's own rows back from it", async () => {
    const browser = new Browser(app);
    const email = await register(browser, uniqueEmail("replica"));
    const byEmail = "select count(*)::int as n from users where email = $1";
    expect(await countOn(primary, byEmail, [email])).toBe(1);
    expect(await countOn(replica, byEmail, [email])).toBe(0);
    // Read after write: the session and the profile are the primary's rows.
    const detail = await browser.call("GET", "/api/account/detail");
    expect(detail.statusCode, detail.body.slice(0, 200)).toBe(200);
    expect(detail.json<{ email: string }>().email).toBe(email);
    const { rows } = await primary.query<{ id: number }>("select id from courses where slug = $1", [
      slug,
    ]);
    const course = Number(rows[0]?.id);
    const saved = await browser.call("POST", "/api/wishlists/create", {
      body: { user: email, course },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const byUser = `select count(*)::int as n from wishlist_items w join users u on u.id = w.user_id
                    where u.email = $1`;
    expect(await countOn(primary, byUser, [email])).toBe(1);
    expect(await countOn(replica, byUser, [email])).toBe(0);
    const wishlist = await browser.call("GET", "/api/wishlists/list");
    expect(wishlist.statusCode, wishlist.body.slice(0, 200)).toBe(200);
    const listed = parseWith(WishlistListSchema, wishlist.json(), "wishlist");
    expect(listed.results.map((entry) => entry.course.id)).toEqual([course]);
  });
});
