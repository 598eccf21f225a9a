// The dashboards' overview (docs/decisions/015-programme-analytics.md): on a small fixture whose
// numbers are worked out by hand, for one organisation's school, for every school, and for another
// school (whose data must not leak in); the route wrapper with its guard; and the demo data
// (plausible, deterministic, idempotent). Runs on both engines.
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedDemoAnalytics } from "@studyatlas/core/dashboards/analytics/demo-analytics.ts";
import { createAnalyticsOverviewCache } from "@studyatlas/core/dashboards/analytics/overview-cache.ts";
import { loadAnalyticsOverview } from "@studyatlas/core/dashboards/analytics/overview.ts";
import { ForbiddenError } from "@studyatlas/core/errors.ts";
import { selectOne, selectRows } from "@studyatlas/core/sql-rows.ts";
import { AnalyticsOverviewSchema } from "@studyatlas/schemas/analytics.ts";

import { registerApiErrorHandling } from "../../server/plugins/errors.ts";
import { analyticsOverviewRoutes } from "../../server/routes/api/dashboards/analytics-overview.ts";
import { createTestApp, parseWith, type TestApp } from "./test-app.ts";

const NOW = new Date("2030-06-15T12:00:00Z");

let t: TestApp;
let schoolA: number;
let schoolB: number;
let a1: number;
let a2: number;
let b1: number;
let kenya: { id: number; name: string };
let brazil: { id: number; name: string };

async function query(text: string, params: unknown[] = []) {
  await t.database.query(text, params);
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const schools = await selectRows<{ school_id: number; ids: number[] }>(
    db,
    sql`select school_id, (array_agg(id order by id))[1:2] as ids from courses
        where published group by school_id having count(*) >= 2 order by school_id limit 2`,
  );
  schoolA = Number(schools[0]!.school_id);
  schoolB = Number(schools[1]!.school_id);
  [a1, a2] = schools[0]!.ids.map(Number) as [number, number];
  b1 = Number(schools[1]!.ids[0]);
  const country = async (code: string) => {
    const row = await selectOne<{ id: number; name: string }>(
      db,
      sql`select id, name from countries where code = ${code}`,
    );
    return { id: Number(row!.id), name: row!.name };
  };
  kenya = await country("KE");
  brazil = await country("BR");

  // Views: period 2030-06-09..15, previous 06-02..08; 06-01 is outside both.
  const views: [number, number, string, number, number][] = [
    [a1, schoolA, "2030-06-15", 10, 4],
    [a1, schoolA, "2030-06-09", 5, 3],
    [a2, schoolA, "2030-06-10", 2, 2],
    [a1, schoolA, "2030-06-05", 8, 5],
    [a1, schoolA, "2030-06-01", 1000, 900],
    [b1, schoolB, "2030-06-15", 100, 50],
  ];
  for (const [course, school, day, v, u] of views) {
    await query(
      `insert into programme_view_days (course_id, school_id, day, views, visitors)
       values ($1, $2, $3, $4, $5)`,
      [course, school, day, v, u],
    );
  }
  const countries: [number, number, string, string, number, number][] = [
    [a1, schoolA, "2030-06-15", "DE", 8, 3],
    [a1, schoolA, "2030-06-15", "unknown", 2, 1],
    [a1, schoolA, "2030-06-05", "US", 8, 5],
    [b1, schoolB, "2030-06-15", "FR", 100, 50],
  ];
  for (const [course, school, day, code, v, u] of countries) {
    await query(
      `insert into programme_view_countries (course_id, school_id, day, country_code, views, visitors)
       values ($1, $2, $3, $4, $5, $6)`,
      [course, school, day, code, v, u],
    );
  }
  const users: number[] = [];
  for (const n of [1, 2]) {
    const row = await selectOne<{ id: number }>(
      db,
      sql`insert into users (email, first_name, last_name, referral_code)
          values (${`overview-${n}@example.com`}, 'Olu', 'Overview', ${`OVERVIEW${n}`}) returning id`,
    );
    users.push(Number(row!.id));
  }
  const [u1, u2] = users as [number, number];
  const saves: [number, number, string][] = [
    [u1, a1, "2030-06-15T01:00:00Z"],
    [u1, a2, "2030-06-08T23:59:59Z"],
    [u1, b1, "2030-06-15T02:00:00Z"],
  ];
  for (const [user, course, at] of saves) {
    await query(`insert into wishlist_items (user_id, course_id, created_at) values ($1, $2, $3)`, [
      user,
      course,
      at,
    ]);
  }
  const applications: [number, number, number, string][] = [
    [u1, a1, kenya.id, "2030-06-15T10:00:00Z"],
    [u2, a1, brazil.id, "2030-06-12T08:00:00Z"],
    [u1, a2, kenya.id, "2030-06-03T08:00:00Z"],
    [u1, b1, brazil.id, "2030-06-15T09:00:00Z"],
    // After "now" on the last day still counts as today; the next day does not.
    [u2, b1, brazil.id, "2030-06-16T00:00:00Z"],
  ];
  for (const [user, course, country, at] of applications) {
    await query(
      `insert into applications (user_id, course_id, title, first_name, last_name, email, sex,
         country_id, nationality_id, date_of_birth, phone_number, address, city, zip_code, created_at)
       values ($1, $2, 'Mr', 'Olu', 'Overview', 'o@example.com', 'Male', $3, $3, '2000-01-01',
         '+100', '1 Road', 'Town', '1000', $4)`,
      [user, course, country, at],
    );
  }
});
afterAll(async () => {
  await t?.close();
});

describe("loadAnalyticsOverview", () => {
  it("gives one organisation's numbers, worked out by hand", async () => {
    const overview = parseWith(
      AnalyticsOverviewSchema,
      await loadAnalyticsOverview(t.database.db, { schoolIds: [schoolA], days: 7, now: NOW }),
      "overview",
    );
    expect(overview.period).toEqual({
      days: 7,
      from: "2030-06-09",
      to: "2030-06-15",
      previous_from: "2030-06-02",
      previous_to: "2030-06-08",
    });
    expect(overview.totals).toEqual({
      views: { value: 17, previous: 8, change: 9 / 8 },
      visitors: { value: 9, previous: 5, change: 4 / 5 },
      wishlist_saves: { value: 1, previous: 1, change: 0 },
      applications: { value: 2, previous: 1, change: 1 },
      conversion: { value: 2 / 9, previous: 1 / 5, change: (2 / 9 - 1 / 5) / (1 / 5) },
    });
    expect(overview.series).toEqual([
      {
        date: "2030-06-09",
        views: 5,
        visitors: 3,
        wishlist_saves: 0,
        applications: 0,
        conversion: 0,
      },
      {
        date: "2030-06-10",
        views: 2,
        visitors: 2,
        wishlist_saves: 0,
        applications: 0,
        conversion: 0,
      },
      {
        date: "2030-06-11",
        views: 0,
        visitors: 0,
        wishlist_saves: 0,
        applications: 0,
        conversion: null,
      },
      {
        date: "2030-06-12",
        views: 0,
        visitors: 0,
        wishlist_saves: 0,
        applications: 1,
        conversion: null,
      },
      {
        date: "2030-06-13",
        views: 0,
        visitors: 0,
        wishlist_saves: 0,
        applications: 0,
        conversion: null,
      },
      {
        date: "2030-06-14",
        views: 0,
        visitors: 0,
        wishlist_saves: 0,
        applications: 0,
        conversion: null,
      },
      {
        date: "2030-06-15",
        views: 10,
        visitors: 4,
        wishlist_saves: 1,
        applications: 1,
        conversion: 0.25,
      },
    ]);
    expect(
      overview.top_programmes.by_views.map(({ course_id, views, visitors, applications }) => ({
        course_id,
        views,
        visitors,
        applications,
      })),
    ).toEqual([
      { course_id: a1, views: 15, visitors: 7, applications: 2 },
      { course_id: a2, views: 2, visitors: 2, applications: 0 },
    ]);
    expect(overview.top_programmes.by_views[0]).toMatchObject({ school_id: schoolA });
    expect(overview.top_programmes.by_applications.map((row) => row.course_id)).toEqual([a1]);
    expect(overview.countries.applications).toEqual(
      [
        { country_code: "BR", country_name: brazil.name, count: 1 },
        { country_code: "KE", country_name: kenya.name, count: 1 },
      ].sort((x, y) => x.country_code.localeCompare(y.country_code)),
    );
    expect(overview.countries.visitors).toEqual([
      { country_code: "DE", country_name: "Germany", count: 3 },
      { country_code: "unknown", country_name: null, count: 1 },
    ]);
  });

  it("keeps another school's data out, and answers every school for null", async () => {
    const other = await loadAnalyticsOverview(t.database.db, {
      schoolIds: [schoolB],
      days: 7,
      now: NOW,
    });
    expect(other.totals.views).toEqual({ value: 100, previous: 0, change: null });
    expect(other.totals.applications.value).toBe(1);
    expect(other.totals.wishlist_saves.value).toBe(1);
    expect(other.top_programmes.by_views.map((row) => row.course_id)).toEqual([b1]);
    expect(other.countries.visitors.map((row) => row.country_code)).toEqual(["FR"]);
    expect(other.countries.applications).toEqual([
      { country_code: "BR", country_name: brazil.name, count: 1 },
    ]);

    const all = await loadAnalyticsOverview(t.database.db, { schoolIds: null, days: 7, now: NOW });
    expect(all.totals.views).toEqual({ value: 117, previous: 8, change: 109 / 8 });
    expect(all.totals.visitors.value).toBe(59);
    expect(all.totals.applications.value).toBe(3);
    expect(all.top_programmes.by_views.map((row) => row.course_id)).toEqual([b1, a1, a2]);

    const none = await loadAnalyticsOverview(t.database.db, { schoolIds: [], days: 30, now: NOW });
    expect(none.series).toHaveLength(30);
    expect(none.totals.views).toEqual({ value: 0, previous: 0, change: null });
    expect(none.top_programmes).toEqual({ by_views: [], by_applications: [] });
  });

  it("reaches back 30 days, with the previous 30 before them", async () => {
    const month = await loadAnalyticsOverview(t.database.db, {
      schoolIds: [schoolA],
      days: 30,
      now: NOW,
    });
    expect(month.period.from).toBe("2030-05-17");
    // 06-01's 1000 views fall inside the 30-day period.
    expect(month.totals.views.value).toBe(17 + 8 + 1000);
    expect(month.totals.applications.value).toBe(3);
    expect(month.totals.wishlist_saves.value).toBe(2);
  });
});

describe("analyticsOverviewRoutes", () => {
  it("answers the guarded caller's schools, validates days, and runs the guard first", async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerApiErrorHandling(app);
    const services = { db: t.database.db } as Parameters<
      typeof analyticsOverviewRoutes
    >[1]["services"];
    await app.register(analyticsOverviewRoutes, {
      services,
      path: "/dashboard/partner/analytics/overview",
      guard: async (request) => {
        if (request.headers["x-role"] !== "partner") throw new ForbiddenError("Partners only.");
      },
      schoolIdsOf: async () => [schoolA],
    });
    await app.register(analyticsOverviewRoutes, {
      services,
      path: "/dashboard/sales/analytics/overview",
      guard: async () => undefined,
      schoolIdsOf: async () => null,
      cache: createAnalyticsOverviewCache(),
    });
    try {
      const sales = await app.inject({ url: "/dashboard/sales/analytics/overview?days=7" });
      expect(sales.statusCode, sales.body).toBe(200);
      expect(sales.json()).toEqual(
        await loadAnalyticsOverview(t.database.db, { schoolIds: null, days: 7 }),
      );
      const refused = await app.inject({
        url: "/dashboard/partner/analytics/overview?days=5",
      });
      expect(refused.statusCode).toBe(403);
      const bad = await app.inject({
        url: "/dashboard/partner/analytics/overview?days=5",
        headers: { "x-role": "partner" },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain("must be 7, 30 or 90");
      const ok = await app.inject({
        url: "/dashboard/partner/analytics/overview?days=90",
        headers: { "x-role": "partner" },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.headers["cache-control"]).toBe("no-store");
      const body = parseWith(AnalyticsOverviewSchema, ok.json(), "route");
      expect(body.period.days).toBe(90);
      expect(body.series).toHaveLength(90);
      const fallback = await app.inject({
        url: "/dashboard/partner/analytics/overview",
        headers: { "x-role": "partner" },
      });
      expect(fallback.json()).toMatchObject({ period: { days: 30 } });
    } finally {
      await app.close();
    }
  });
});

describe("seedDemoAnalytics", () => {
  it("writes plausible, deterministic numbers for the school's programmes, and running twice doubles nothing", async () => {
    const db = t.database.db;
    const school = await selectOne<{ id: number }>(
      db,
      sql`select school_id as id from courses where published group by school_id
          having count(*) >= 3 order by school_id offset 2 limit 1`,
    );
    const schoolIds = [Number(school!.id)];
    const now = new Date();
    const first = await seedDemoAnalytics(db, { schoolIds, days: 90, seed: 42, now });
    expect(first.programmes).toBeGreaterThanOrEqual(3);
    expect(first.viewDays).toBeGreaterThan(first.programmes * 60);
    expect(first.applications).toBeGreaterThan(0);
    expect(first.wishlistSaves).toBeGreaterThanOrEqual(first.applications);
    const overview = await loadAnalyticsOverview(db, { schoolIds, days: 30, now });
    const again = await seedDemoAnalytics(db, { schoolIds, days: 90, seed: 42, now });
    expect(again).toMatchObject({ applications: 0, wishlistSaves: 0 });
    const after = await loadAnalyticsOverview(db, { schoolIds, days: 30, now });
    expect(after).toEqual(overview);

    // Plausible: every day has views, weekends are quieter than weekdays, visitors <= views,
    // the previous period is there to compare with, and countries add up to the visitors.
    expect(overview.series.every((day) => day.views > 0 && day.visitors <= day.views)).toBe(true);
    const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const weekend = mean(
      overview.series.filter((d) => [0, 6].includes(weekdayOf(d.date))).map((d) => d.views),
    );
    const midweek = mean(
      overview.series.filter((d) => [2, 3].includes(weekdayOf(d.date))).map((d) => d.views),
    );
    expect(weekend).toBeLessThan(midweek);
    expect(overview.totals.views.previous).toBeGreaterThan(0);
    expect(overview.countries.visitors.reduce((sum, row) => sum + row.count, 0)).toBe(
      overview.totals.visitors.value,
    );
    expect(overview.countries.visitors.map((row) => row.country_code)).toContain("unknown");
    const students = await selectOne<{ n: number }>(
      db,
      sql`select count(*)::int as n from users where email like '%@demo.studyatlas.test'`,
    );
    expect(students?.n).toBe(first.students);
  });
});
