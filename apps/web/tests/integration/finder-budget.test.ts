// The budget filter and the total-cost order (docs/decisions/051-total-cost-and-rates.md) through
// GET /api/academics/course/list and /facets: max_total in a currency keeps exactly the programmes
// the database's own total says fit, the bands count what each limit would give, the order is by
// total, and every card's total_cost is the fee × the periods its duration implies.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CourseDetailSchema, CourseListItemSchema, pageOf } from "@studyatlas/schemas/catalogue.ts";
import { CourseFacetsSchema } from "@studyatlas/schemas/finder.ts";

import { courseIdsWhere, scalar, sortedIds } from "./catalogue-oracle.ts";
import { createTestApp, listAllCourses, type TestApp } from "./test-app.ts";

const LIST = "/api/academics/course/list";
const FACETS = "/api/academics/course/facets";
const CoursePage = pageOf(CourseListItemSchema);

let t: TestApp;
let eurRate: number;

beforeAll(async () => {
  t = await createTestApp();
  eurRate = await scalar<number>(
    t.database,
    "select usd_exchange_rate::float8 from currencies where short_code = 'EUR'",
  );
});
afterAll(async () => {
  await t?.close();
});

/** The budget in USD as the finder compares it: whole cents (cost/budget-bands.ts budgetUsd). */
const usdOf = (amount: number, rate: number) => Math.round((amount / rate) * 100) / 100;

describe("max_total and currency", () => {
  it.each([
    [20_000, "USD"],
    [20_000, "EUR"],
    [60_000, "eur"],
    [3_000, "EUR"],
  ])("max_total=%i&currency=%s keeps the programmes whose total fits", async (max, currency) => {
    const rate = currency.toUpperCase() === "USD" ? 1 : eurRate;
    const results = await listAllCourses(t, `max_total=${max}&currency=${currency}`);
    const expected = await courseIdsWhere(t.database, "c.tuition_total_usd <= $1", [
      usdOf(max, rate),
    ]);
    expect(sortedIds(results)).toEqual(expected);
    expect(results.length).toBeGreaterThan(0);
    for (const course of results) expect(course.total_cost.status).not.toBe("unknown");
  });

  it("never keeps a programme whose fee is unknown, and keeps free ones", async () => {
    const results = await listAllCourses(t, "max_total=1&currency=USD");
    expect(results.length).toBeGreaterThan(0);
    for (const course of results) {
      expect(course.tuition_fee).toBe(0);
      expect(course.total_cost).toMatchObject({ status: "free", amount: 0 });
    }
  });

  it("combines with the other filters and the budget answers fall as it tightens", async () => {
    const counts: number[] = [];
    for (const max of [200_000, 50_000, 10_000, 2_000]) {
      const page = await t.getJson(
        `${LIST}?programme=postgraduate&max_total=${max}&currency=EUR`,
        CoursePage,
      );
      counts.push(page.count);
    }
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBeGreaterThan(counts[3] ?? 0);
  });

  it.each([
    ["max_total=abc", "max_total"],
    ["max_total=0", "max_total"],
    ["max_total=-5", "max_total"],
    ["max_total=1e9", "max_total"],
    ["max_total=100&currency=EURO", "currency"],
  ])("answers 400 for %s", async (query, field) => {
    const error = await t.getError(`${LIST}?${query}`, 400);
    expect(JSON.stringify(error)).toContain(field);
  });

  it("answers 400 naming the currency for one it does not know", async () => {
    const error = await t.getError(`${LIST}?max_total=100&currency=XYZ`, 400);
    expect(error.message + error.detail).toContain("XYZ");
  });
});

describe("budget bands", () => {
  it("count, per band in the student's currency, what the budget would give", async () => {
    const facets = await t.getJson(
      `${FACETS}?currency=EUR&programme=undergraduate`,
      CourseFacetsSchema,
    );
    const budget = facets.facets.budget;
    expect(budget?.currency).toBe("EUR");
    expect(budget?.bands.length).toBeGreaterThan(3);
    for (const band of budget?.bands ?? []) {
      const expected = await courseIdsWhere(
        t.database,
        "c.tuition_total_usd <= $1 and c.programme_type_id = 7",
        [usdOf(band.max, eurRate)],
      );
      expect(band.count, `up to ${band.max} EUR`).toBe(expected.length);
    }
  });

  it("leave the budget's own limit out, as every facet does", async () => {
    const withLimit = await t.getJson(`${FACETS}?currency=EUR&max_total=5000`, CourseFacetsSchema);
    const without = await t.getJson(`${FACETS}?currency=EUR`, CourseFacetsSchema);
    expect(withLimit.facets.budget).toEqual(without.facets.budget);
    expect(withLimit.count).toBeLessThan(without.count);
  });

  it("are absent when the request names no currency and no budget", async () => {
    const facets = await t.getJson(FACETS, CourseFacetsSchema);
    expect(facets.facets.budget).toBeUndefined();
  });
});

describe("ordering by total cost", () => {
  it.each(["total_cost", "-total_cost"])(
    "ordering=%s sorts by the total, unknown last",
    async (ordering) => {
      const results = await listAllCourses(t, `ordering=${ordering}&programme=postgraduate`);
      const totals = await t.database.query<{ id: number; total: number | null }>(
        "select id, tuition_total_usd::float8 as total from courses",
      );
      const totalOf = new Map(totals.rows.map((row) => [Number(row.id), row.total]));
      const sequence = results.map((course) => totalOf.get(course.id) ?? null);
      const known = sequence.filter((total): total is number => total !== null);
      expect(sequence.slice(0, known.length)).toEqual(known);
      const direction = ordering === "total_cost" ? 1 : -1;
      for (let i = 1; i < known.length; i += 1) {
        expect(
          ((known[i] as number) - (known[i - 1] as number)) * direction,
        ).toBeGreaterThanOrEqual(0);
      }
    },
  );
});

describe("total_cost on the cards and the page", () => {
  it("is the fee × the periods, in the programme's own currency", async () => {
    const page = await t.getJson(`${LIST}?page_size=100&ordering=name`, CoursePage);
    const yearly = page.results.find(
      (course) =>
        course.tuition_fee > 0 &&
        course.tuition_fee_base === "year" &&
        course.duration_base === "years",
    );
    expect(yearly).toBeDefined();
    if (!yearly) return;
    expect(yearly.total_cost).toMatchObject({
      status: "known",
      currency: yearly.tuition_currency.short_code,
      periods: yearly.duration,
      basis: "year",
    });
    expect(yearly.total_cost.amount).toBeCloseTo(yearly.tuition_fee * yearly.duration, 2);
    const unknown = page.results.find((course) => course.tuition_fee < 0);
    if (unknown) expect(unknown.total_cost).toMatchObject({ status: "unknown", amount: null });
    const detail = await t.getJson(
      `/api/academics/course/detail/${yearly.slug}`,
      CourseDetailSchema,
    );
    expect(detail.total_cost).toEqual(yearly.total_cost);
  });
});
