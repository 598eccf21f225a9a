// The reference lists the front end preloads: disciplines, degree types, currencies.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PAGE_SIZE } from "@studyatlas/schemas/catalogue-constants.ts";
import {
  CourseListItemSchema,
  CurrencySchema,
  DegreeTypeSchema,
  DisciplineSchema,
  pageOf,
} from "@studyatlas/schemas/catalogue.ts";

import { scalar } from "./catalogue-oracle.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

const CoursePage = pageOf(CourseListItemSchema);

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("discipline/list", () => {
  it("answers the spec's 18 disciplines", async () => {
    const page = await t.getJson("/api/academics/discipline/list", pageOf(DisciplineSchema));
    expect(page.count).toBe(18);
    expect(page.results).toHaveLength(18);
    expect(page.next).toBeNull();
    const slugs = page.results.map((discipline) => discipline.slug);
    expect(new Set(slugs).size).toBe(18);
    expect(slugs).toEqual(
      expect.arrayContaining(["computer-science", "environmental-science", "art"]),
    );
    for (const discipline of page.results) expect(discipline.name).not.toBe("");
  });

  it("counts each discipline's programmes as the course list does", async () => {
    const page = await t.getJson("/api/academics/discipline/list", pageOf(DisciplineSchema));
    let withCourses = 0;
    for (const discipline of page.results) {
      const count = async (query: string) =>
        (
          await t.getJson(
            `/api/academics/course/list?discipline_id=${discipline.id}${query}`,
            CoursePage,
          )
        ).count;
      expect(discipline.courses_total, discipline.slug).toBe(await count(""));
      expect(discipline.courses_bachelors, discipline.slug).toBe(
        await count("&programme=undergraduate"),
      );
      expect(discipline.courses_masters, discipline.slug).toBe(
        await count("&programme=postgraduate"),
      );
      expect(discipline.courses_shortcourse, discipline.slug).toBe(
        await count("&programme=short+courses"),
      );
      expect(
        discipline.courses_bachelors + discipline.courses_masters + discipline.courses_shortcourse,
      ).toBeLessThanOrEqual(discipline.courses_total);
      if (discipline.courses_total > 0) withCourses += 1;
    }
    expect(withCourses).toBeGreaterThan(10);
    // Every visible programme has at least one discipline.
    const visible = await scalar<number>(
      t.database,
      "select count(*)::int from courses c join schools s on s.id = c.school_id where c.published and s.published",
    );
    const total = page.results.reduce((sum, discipline) => sum + discipline.courses_total, 0);
    expect(total).toBeGreaterThanOrEqual(visible);
  });
});

describe("degree_type/list", () => {
  it("answers every degree type with its programme type; undergraduate (7) and postgraduate (8) exist", async () => {
    const page = await t.getJson("/api/academics/degree_type/list", pageOf(DegreeTypeSchema));
    const total = await scalar<number>(t.database, "select count(*)::int from degree_types");
    expect(page.count).toBe(total);
    expect(page.results).toHaveLength(total);
    expect(new Set(page.results.map((degreeType) => degreeType.id)).size).toBe(total);
    const programmeTypes = new Set(page.results.map((degreeType) => degreeType.programme_type.id));
    expect(programmeTypes.has(7)).toBe(true);
    expect(programmeTypes.has(8)).toBe(true);
    for (const id of programmeTypes) expect([7, 8, 9, 10, 11]).toContain(id);
    const undergraduate = page.results.find((degreeType) => degreeType.programme_type.id === 7)!;
    expect(undergraduate.programme_type.slug).toBe("undergraduate");
    const postgraduate = page.results.find((degreeType) => degreeType.programme_type.id === 8)!;
    expect(postgraduate.programme_type.label).toBe("Graduate");
  });
});

describe("currency/list", () => {
  it("answers every currency with its USD rate when asked for a page of 1000", async () => {
    const page = await t.getJson(
      "/api/academics/currency/list?page_size=1000",
      pageOf(CurrencySchema),
    );
    const total = await scalar<number>(t.database, "select count(*)::int from currencies");
    expect(page.count).toBe(total);
    expect(page.results).toHaveLength(total);
    expect(page.next).toBeNull();
    const byCode = new Map(page.results.map((currency) => [currency.short_code, currency]));
    expect(byCode.get("USD")?.usd_exchange_rate).toBe(1);
    expect(byCode.get("EUR")?.usd_exchange_rate).toBeGreaterThan(0);
    expect(byCode.get("GBP")?.usd_exchange_rate).toBeGreaterThan(0);
    for (const currency of page.results) {
      expect(currency.usd_exchange_rate).toBeGreaterThan(0);
      expect(currency.rate_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("pages 20 at a time by default", async () => {
    const page = await t.getJson("/api/academics/currency/list", pageOf(CurrencySchema));
    expect(page.results).toHaveLength(PAGE_SIZE);
    expect(page.next).not.toBeNull();
  });

  it.each(["page_size=0", "page_size=1001", "page=0"])("400 for ?%s", async (query) => {
    const error = await t.getError(`/api/academics/currency/list?${query}`, 400);
    expect(error.message).toContain(`'${query.split("=")[0]}'`);
  });
});
