// The programme view beacon (docs/decisions/015-programme-analytics.md): counted once per visitor
// per day for uniques, capped per visitor, bots and User-Agent-less requests not counted, safe
// under a burst of identical beacons, exempt from the XSRF check without touching the session, and
// the past day's salt and hashes gone after rotation. Runs on both engines.
import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { hashPassword } from "@studyatlas/core/accounts/passwords.ts";
import {
  MAX_COUNTED_VIEWS_PER_VISITOR,
  createDailySaltSource,
  recordProgrammeView,
  visitorHash,
} from "@studyatlas/core/dashboards/analytics/page-views.ts";
import { utcDay } from "@studyatlas/core/dashboards/analytics/period.ts";
import { selectOne, selectRows } from "@studyatlas/core/sql-rows.ts";
import { programmeViewBeaconPath } from "@studyatlas/schemas/analytics-beacon.ts";

import { PASSWORD, apiTokens, uniqueEmail } from "./account-client.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let t: TestApp;
let withHeader: TestApp | undefined;
let courseIds: number[];
let nextCourse = 0;
/** An app behind one trusted proxy (TRUST_PROXY=1) that believes cf-ipcountry; made once. */
async function secondApp(): Promise<TestApp> {
  withHeader ??= await createTestApp({
    config: { visitorCountryHeader: "cf-ipcountry", trustProxy: 1 },
  });
  return withHeader;
}

/** A published programme no other test of this file counts views of. */
const freshCourse = () => courseIds[nextCourse++]!;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await selectRows<{ id: number }>(
    t.database.db,
    sql`select c.id from courses c join schools s on s.id = c.school_id
        where c.published and s.published order by c.id limit 20`,
  );
  courseIds = rows.map((row) => Number(row.id));
});
afterAll(async () => {
  await t?.close();
  await withHeader?.close();
});

function beacon(courseId: number, options: Partial<InjectOptions> = {}): InjectOptions {
  const { headers, ...rest } = options;
  return {
    method: "POST",
    url: programmeViewBeaconPath(courseId),
    remoteAddress: "203.0.113.7",
    headers: { "user-agent": BROWSER, ...headers },
    ...rest,
  };
}

async function today(app: TestApp, courseId: number) {
  const row = await selectOne<{ views: number; visitors: number }>(
    app.database.db,
    sql`select views, visitors from programme_view_days
        where course_id = ${courseId} and day = ${utcDay(new Date())}::date`,
  );
  return row ? { views: Number(row.views), visitors: Number(row.visitors) } : null;
}

async function countries(app: TestApp, courseId: number) {
  const rows = await selectRows<{ country_code: string; visitors: number; views: number }>(
    app.database.db,
    sql`select country_code, visitors, views from programme_view_countries
        where course_id = ${courseId} order by country_code`,
  );
  return rows.map((row) => ({
    code: row.country_code,
    visitors: Number(row.visitors),
    views: Number(row.views),
  }));
}

describe("POST /api/academics/course/{id}/view", () => {
  it("answers 204 without a body or a cookie and counts a view and a visitor", async () => {
    const course = freshCourse();
    const response = await t.app.inject(beacon(course));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(await today(t, course)).toEqual({ views: 1, visitors: 1 });
    expect(await countries(t, course)).toEqual([{ code: "unknown", visitors: 1, views: 1 }]);
  });

  it("counts a visitor once a day however often they look, and another visitor again", async () => {
    const course = freshCourse();
    for (let i = 0; i < 3; i += 1) {
      expect((await t.app.inject(beacon(course))).statusCode).toBe(204);
    }
    expect(await today(t, course)).toEqual({ views: 3, visitors: 1 });
    // Another address, then another browser at the first address: two more visitors.
    await t.app.inject(beacon(course, { remoteAddress: "203.0.113.8" }));
    await t.app.inject(beacon(course, { headers: { "user-agent": `${BROWSER} Edg/131.0` } }));
    expect(await today(t, course)).toEqual({ views: 5, visitors: 3 });
  });

  it("does not count bots, requests without a User-Agent, or beacons from another site", async () => {
    const course = freshCourse();
    const answers = await Promise.all([
      t.app.inject(beacon(course, { headers: { "user-agent": GOOGLEBOT } })),
      t.app.inject(beacon(course, { headers: { "user-agent": "curl/8.5.0" } })),
      t.app.inject(beacon(course, { headers: { "user-agent": "" } })),
      t.app.inject({ method: "POST", url: programmeViewBeaconPath(course) }),
      t.app.inject(beacon(course, { headers: { "sec-fetch-site": "cross-site" } })),
      t.app.inject(beacon(course, { headers: { origin: "https://evil.example" } })),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204, 204, 204, 204]);
    expect(await today(t, course)).toBeNull();
    // The same beacon from a browser on our own page counts.
    await t.app.inject(beacon(course, { headers: { "sec-fetch-site": "same-origin" } }));
    expect(await today(t, course)).toEqual({ views: 1, visitors: 1 });
  });

  it("stays right under ten identical beacons at once: one visitor, views capped", async () => {
    const course = freshCourse();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.app.inject(beacon(course))),
    );
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([204]));
    expect(await today(t, course)).toEqual({
      views: MAX_COUNTED_VIEWS_PER_VISITOR,
      visitors: 1,
    });
    expect(await countries(t, course)).toEqual([
      { code: "unknown", visitors: 1, views: MAX_COUNTED_VIEWS_PER_VISITOR },
    ]);
    const hashes = await selectRows<{ views: number }>(
      t.database.db,
      sql`select views from programme_view_visitors where course_id = ${course}`,
    );
    expect(hashes.map((row) => Number(row.views))).toEqual([MAX_COUNTED_VIEWS_PER_VISITOR]);
  });

  it("answers 404 for an unknown or unpublished programme and 400 for a bad id", async () => {
    expect((await t.app.inject(beacon(2_000_000_000))).statusCode).toBe(404);
    const course = freshCourse();
    await t.database.query("update courses set published = false where id = $1", [course]);
    const hidden = await t.app.inject(beacon(course));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: "not_found" });
    expect(await today(t, course)).toBeNull();
    const bad = await t.app.inject({ ...beacon(1), url: "/api/academics/course/abc/view" });
    expect(bad.statusCode).toBe(400);
  });

  it("passes without the XSRF header for a signed-in visitor, never renews their session, and takes the country from their profile", async () => {
    const email = uniqueEmail("viewer");
    const user = await selectOne<{ id: number }>(
      t.database.db,
      sql`insert into users (email, first_name, last_name, password_hash, email_verified, referral_code)
          values (${email}, 'Vera', 'Viewer', ${await hashPassword(PASSWORD)}, true, ${`VIEW${Date.now()}`})
          returning id`,
    );
    await t.database.query(
      `insert into client_profiles (user_id, country_of_residence_id)
       values ($1, (select id from countries where code = 'DE'))`,
      [user!.id],
    );
    const { access } = await apiTokens(t.app, email);
    const course = freshCourse();
    const signedIn = await t.app.inject(
      beacon(course, {
        headers: { cookie: `sa_access=${access}; XSRF-TOKEN=abc`, "sec-fetch-site": "same-origin" },
      }),
    );
    expect(signedIn.statusCode, signedIn.body).toBe(204);
    expect(signedIn.headers["set-cookie"]).toBeUndefined();
    // An expired access cookie with a refresh cookie: anonymous, and nothing rotated or cleared.
    const stale = await t.app.inject(
      beacon(course, {
        remoteAddress: "203.0.113.9",
        headers: { cookie: "sa_access=expired; sa_refresh=some-refresh-token" },
      }),
    );
    expect(stale.statusCode, stale.body).toBe(204);
    expect(stale.headers["set-cookie"]).toBeUndefined();
    expect(await countries(t, course)).toEqual([
      { code: "DE", visitors: 1, views: 1 },
      { code: "unknown", visitors: 1, views: 1 },
    ]);
    // Any other cookie mutation still needs the header.
    const forged = await t.app.inject({
      method: "POST",
      url: "/api/wishlists/create",
      headers: { cookie: `sa_access=${access}` },
      payload: { course: course },
    });
    expect(forged.statusCode).toBe(403);
  });

  it("believes a country header only when VISITOR_COUNTRY_HEADER names it", async () => {
    const course = freshCourse();
    await t.app.inject(beacon(course, { headers: { "cf-ipcountry": "FR" } }));
    expect(await countries(t, course)).toEqual([{ code: "unknown", visitors: 1, views: 1 }]);

    const trusting = await secondApp();
    await trusting.app.inject(beacon(course, { headers: { "cf-ipcountry": "fr" } }));
    await trusting.app.inject(
      beacon(course, { remoteAddress: "203.0.113.10", headers: { "cf-ipcountry": "XX" } }),
    );
    await trusting.app.inject(
      beacon(course, { remoteAddress: "203.0.113.11", headers: { "cf-ipcountry": "FR" } }),
    );
    expect(await countries(trusting, course)).toEqual([
      { code: "FR", visitors: 2, views: 2 },
      { code: "unknown", visitors: 1, views: 1 },
    ]);
  });
  it("takes the visitor's address from X-Forwarded-For only when TRUST_PROXY says so", async () => {
    const course = freshCourse();
    const forwarded = (address: string) =>
      beacon(course, { remoteAddress: "10.0.0.1", headers: { "x-forwarded-for": address } });
    // Not trusted: one socket address, one visitor, whatever the header claims.
    await t.app.inject(forwarded("198.51.100.1"));
    await t.app.inject(forwarded("198.51.100.2"));
    expect(await today(t, course)).toEqual({ views: 2, visitors: 1 });
    // Behind one trusted proxy: the forwarded addresses are two visitors.
    const behindProxy = await secondApp();
    await behindProxy.app.inject(forwarded("198.51.100.1"));
    await behindProxy.app.inject(forwarded("198.51.100.2"));
    await behindProxy.app.inject(forwarded("198.51.100.2"));
    expect(await today(behindProxy, course)).toEqual({ views: 3, visitors: 2 });
  });
});

describe("the daily salt", () => {
  it("makes another hash for the same visitor on another day, and the past day's salt and hashes are gone after rotation", async () => {
    const db = t.database.db;
    const course = freshCourse();
    const salts = createDailySaltSource();
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const now = new Date();
    const old = await salts.saltFor(db, yesterday);
    await recordProgrammeView(db, {
      courseId: course,
      visitorHash: visitorHash(old.salt, "203.0.113.7", BROWSER),
      now: yesterday,
    });
    const pastRows = async () =>
      selectOne<{ salts: number; hashes: number }>(
        db,
        sql`select (select count(*) from analytics_daily_salts where day = ${old.day}::date)::int as salts,
          (select count(*) from programme_view_visitors where day = ${old.day}::date)::int as hashes`,
      );
    expect(await pastRows()).toEqual({ salts: 1, hashes: 1 });

    const fresh = await salts.saltFor(db, now);
    expect(fresh.day).toBe(utcDay(now));
    expect(fresh.salt.equals(old.salt)).toBe(false);
    expect(visitorHash(fresh.salt, "203.0.113.7", BROWSER)).not.toEqual(
      visitorHash(old.salt, "203.0.113.7", BROWSER),
    );
    expect(await pastRows()).toEqual({ salts: 0, hashes: 0 });
    // The totals of the past day stay.
    const kept = await selectOne<{ views: number; visitors: number }>(
      db,
      sql`select views, visitors from programme_view_days where course_id = ${course} and day = ${old.day}::date`,
    );
    expect(kept).toEqual({ views: 1, visitors: 1 });
    // A second process reads the same salt for today rather than making its own.
    const other = await createDailySaltSource().saltFor(db, now);
    expect(other.salt.equals(fresh.salt)).toBe(true);
  });
});
