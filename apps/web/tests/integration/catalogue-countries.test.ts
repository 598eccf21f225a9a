// GET /api/academics/country/list, list_enabled and detail/{id} (docs/spec/discovery.md §7).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  CountryListItemSchema,
  CountrySchema,
  CourseListItemSchema,
  SchoolSchema,
  pageOf,
} from "@studyatlas/schemas/catalogue.ts";

import { scalar } from "./catalogue-oracle.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

const CountryPage = pageOf(CountryListItemSchema);

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("country/list", () => {
  it("answers every country in one page, ordered by name", async () => {
    const page = await t.getJson("/api/academics/country/list", CountryPage);
    const total = await scalar<number>(t.database, "select count(*)::int from countries");
    expect(total).toBeGreaterThan(100);
    expect(page.count).toBe(total);
    expect(page.results).toHaveLength(total);
    expect(page.next).toBeNull();
    expect(page.previous).toBeNull();
    expect(new Set(page.results.map((country) => country.id)).size).toBe(total);
    expect(new Set(page.results.map((country) => country.slug)).size).toBe(total);
    const { rows } = await t.database.query<{ slug: string }>(
      "select slug from countries order by name, id",
    );
    expect(page.results.map((country) => country.slug)).toEqual(rows.map((row) => row.slug));
    for (const country of page.results) {
      expect(country.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(country.short_code).toMatch(/^[A-Z]{2}$/);
      expect(country.short_code).toBe(country.code);
      expect(country.name).not.toBe("");
    }
  });

  it("keeps the spec's fixed ids for the linked countries", async () => {
    const page = await t.getJson("/api/academics/country/list", CountryPage);
    const bySlug = new Map(page.results.map((country) => [country.slug, country]));
    expect(bySlug.get("united-kingdom")).toMatchObject({
      id: 6,
      name: "United Kingdom",
      short_code: "GB",
    });
    expect(bySlug.get("hong-kong")).toMatchObject({ id: 89, short_code: "HK" });
    expect(bySlug.get("south-korea")).toMatchObject({ id: 15, short_code: "KR" });
    // Every country the spec links to exists (docs/spec/discovery.md §2).
    for (const slug of [
      "united-kingdom",
      "united-states",
      "canada",
      "australia",
      "germany",
      "netherlands",
      "singapore",
      "france",
      "spain",
      "italy",
      "japan",
      "switzerland",
      "hong-kong",
      "finland",
      "south-korea",
    ]) {
      expect(bySlug.has(slug), slug).toBe(true);
    }
  });

  it("counts each country's published schools and programmes", async () => {
    const page = await t.getJson("/api/academics/country/list?ordering=-courses", CountryPage);
    const busiest = page.results[0]!;
    expect(busiest.courses_count).toBeGreaterThan(0);
    expect(page.results[1]!.courses_count).toBeLessThanOrEqual(busiest.courses_count);
    const schools = await t.getAllPages(
      `/api/academics/school/list?country=${busiest.slug}`,
      SchoolSchema,
    );
    expect(busiest.schools_count).toBe(schools.count);
    const courses = schools.results.reduce((sum, school) => sum + school.courses_total, 0);
    expect(busiest.courses_count).toBe(courses);
    const listed = await t.getJson(
      `/api/academics/course/list?country=${busiest.slug}`,
      pageOf(CourseListItemSchema),
    );
    expect(listed.count).toBe(busiest.courses_count);
  });

  it("pages when asked to", async () => {
    const page = await t.getJson("/api/academics/country/list?page_size=10&page=2", CountryPage);
    expect(page.results).toHaveLength(10);
    expect(new URL(page.next!).searchParams.get("page")).toBe("3");
    expect(new URL(page.previous!).searchParams.has("page")).toBe(false);
  });

  it("rejects an unknown ordering", async () => {
    const error = await t.getError("/api/academics/country/list?ordering=size", 400);
    expect(error.message).toContain("'ordering'");
  });
});

describe("country/list_enabled", () => {
  it("answers only the enabled countries, a subset of the list", async () => {
    const enabled = await t.getJson("/api/academics/country/list_enabled", CountryPage);
    const all = await t.getJson("/api/academics/country/list", CountryPage);
    const expected = await scalar<number>(
      t.database,
      "select count(*)::int from countries where enabled",
    );
    expect(enabled.count).toBe(expected);
    expect(enabled.results).toHaveLength(expected);
    expect(expected).toBeGreaterThan(0);
    for (const country of enabled.results) expect(country.enabled).toBe(true);
    const allIds = new Set(all.results.map((country) => country.id));
    for (const country of enabled.results) expect(allIds.has(country.id)).toBe(true);
  });

  it("drops a country once it is disabled", async () => {
    await t.changeCatalogue("update countries set enabled = false where slug = 'finland'");
    const enabled = await t.getJson("/api/academics/country/list_enabled", CountryPage);
    expect(enabled.results.map((country) => country.slug)).not.toContain("finland");
    const all = await t.getJson("/api/academics/country/list", CountryPage);
    expect(all.results.find((country) => country.slug === "finland")?.enabled).toBe(false);
  });
});

describe("country/detail/{id}", () => {
  it("answers one country, matching its list entry", async () => {
    const detail = await t.getJson("/api/academics/country/detail/6", CountrySchema);
    const list = await t.getJson("/api/academics/country/list", CountryPage);
    const entry = list.results.find((country) => country.id === 6)!;
    expect(detail).toMatchObject({
      id: 6,
      slug: "united-kingdom",
      name: entry.name,
      code: entry.code,
      short_code: entry.short_code,
      continent: "EU",
      capital: "London",
      schools_count: entry.schools_count,
      courses_count: entry.courses_count,
    });
    expect(detail.population).toBeGreaterThan(1_000_000);
    expect(detail.currency_code).toBe("GBP");
  });

  it("404 JSON for an unknown id", async () => {
    const error = await t.getError("/api/academics/country/detail/999999", 404);
    expect(error.code).toBe("not_found");
    expect(error.message).toContain("999999");
  });

  it.each(["abc", "0", "1.5", "-6"])("400 JSON naming 'id' for id %j", async (id) => {
    const error = await t.getError(`/api/academics/country/detail/${id}`, 400);
    expect(error.code).toBe("invalid_parameter");
    expect(error.message).toContain("'id'");
  });
});
