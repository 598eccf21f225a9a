// GET /api/academics/course/list: the default page, orderings and paging (docs/spec/discovery.md §7, §9).
// The filters are in course-list.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PAGE_SIZE } from "@studyatlas/schemas/catalogue-constants.ts";
import { CourseListItemSchema, pageOf } from "@studyatlas/schemas/catalogue.ts";

import { courseIdsWhere } from "./catalogue-oracle.ts";
import { createTestApp, listAllCourses, type TestApp } from "./test-app.ts";

const LIST = "/api/academics/course/list";
const CoursePage = pageOf(CourseListItemSchema);

let t: TestApp;
let totalVisible: number;

beforeAll(async () => {
  t = await createTestApp();
  totalVisible = (await courseIdsWhere(t.database)).length;
});
afterAll(async () => {
  await t?.close();
});

const allCourses = (query: string) => listAllCourses(t, query);

describe("default page", () => {
  it("answers the first 20 visible programmes by name with their school, currency and dates", async () => {
    const page = await t.getJson(LIST, CoursePage);
    expect(totalVisible).toBeGreaterThan(PAGE_SIZE);
    expect(page.count).toBe(totalVisible);
    expect(page.results).toHaveLength(PAGE_SIZE);
    expect(page.previous).toBeNull();
    expect(page.next).toMatch(/\/api\/academics\/course\/list\?page=2$/);
    for (const course of page.results) {
      expect(course.published).toBe(true);
      expect(course.school.slug).not.toBe("");
      expect(course.school.country.slug).not.toBe("");
      expect(course.tuition_currency.short_code).toMatch(/^[A-Z]{3}$/);
      expect(course.course_dates.start_month).toBeGreaterThanOrEqual(0);
      expect(course.course_dates.start_month).toBeLessThanOrEqual(12);
    }
    const byName = await t.database.query<{ id: number }>(
      `select c.id from courses c join schools s on s.id = c.school_id
       where c.published and s.published
       order by c.search_name collate "C", c.name collate "C", c.id limit ${PAGE_SIZE}`,
    );
    expect(page.results.map((course) => course.id)).toEqual(
      byName.rows.map((row) => Number(row.id)),
    );
  });

  it("walks every visible programme exactly once through the next links", async () => {
    const { count, results } = await t.getAllPages(LIST, CourseListItemSchema);
    expect(count).toBe(totalVisible);
    expect(new Set(results.map((course) => course.id)).size).toBe(totalVisible);
  });
});

describe("ordering", () => {
  it("name and -name are exact reverses, in one case-insensitive order on both engines", async () => {
    const ascending = await allCourses("ordering=name");
    const descending = await allCourses("ordering=-name");
    expect(ascending).toHaveLength(totalVisible);
    expect(descending.map((course) => course.id)).toEqual(
      ascending.map((course) => course.id).reverse(),
    );
    const { rows } = await t.database.query<{ id: number }>(
      `select c.id from courses c join schools s on s.id = c.school_id where c.published and s.published
       order by c.search_name collate "C", c.name collate "C", c.id`,
    );
    expect(ascending.map((course) => course.id)).toEqual(rows.map((row) => Number(row.id)));
    // Case does not decide the order ("LLM in …" before "LLM Technology …", "Master…" near "MBA").
    const ascii = ascending
      .map((course) => course.name)
      .filter((name) => /^[\x20-\x7e]+$/.test(name));
    for (let index = 1; index < ascii.length; index += 1) {
      expect(ascii[index - 1]!.toLowerCase() <= ascii[index]!.toLowerCase(), ascii[index]).toBe(
        true,
      );
    }
  });

  it("random with a seed is a stable permutation: same seed, same page; pages never overlap", async () => {
    const first = await t.getJson(`${LIST}?ordering=random&seed=1234`, CoursePage);
    const again = await t.getJson(`${LIST}?ordering=random&seed=1234`, CoursePage);
    expect(again.results.map((course) => course.id)).toEqual(
      first.results.map((course) => course.id),
    );
    expect(first.next).toContain("seed=1234");
    const second = await t.getJson(`${LIST}?ordering=random&seed=1234&page=2`, CoursePage);
    const firstIds = new Set(first.results.map((course) => course.id));
    expect(second.results).toHaveLength(PAGE_SIZE);
    expect(second.results.filter((course) => firstIds.has(course.id))).toEqual([]);

    const everything = await allCourses("ordering=random&seed=1234");
    expect(new Set(everything.map((course) => course.id)).size).toBe(totalVisible);
    const byName = await allCourses("ordering=name");
    expect(everything.map((course) => course.id)).not.toEqual(byName.map((course) => course.id));
  });

  it("random with another seed gives another order", async () => {
    const a = await t.getJson(`${LIST}?ordering=random&seed=1`, CoursePage);
    const b = await t.getJson(`${LIST}?ordering=random&seed=987654`, CoursePage);
    expect(b.count).toBe(a.count);
    expect(b.results.map((course) => course.id)).not.toEqual(a.results.map((course) => course.id));
  });
});

describe("page and page_size", () => {
  it("page_size sets the page length and page the offset", async () => {
    const byName = (await allCourses("ordering=name")).map((course) => course.id);
    const page = await t.getJson(`${LIST}?ordering=name&page_size=7&page=3`, CoursePage);
    expect(page.results.map((course) => course.id)).toEqual(byName.slice(14, 21));
    expect(page.count).toBe(totalVisible);
    const previous = new URL(page.previous!);
    expect(previous.searchParams.get("page")).toBe("2");
    expect(previous.searchParams.get("page_size")).toBe("7");
    expect(previous.searchParams.get("ordering")).toBe("name");
    expect(new URL(page.next!).searchParams.get("page")).toBe("4");
  });

  it("the last page is short and has no next link; the page after it is 'Invalid page.'", async () => {
    const lastPage = Math.ceil(totalVisible / PAGE_SIZE);
    const last = await t.getJson(`${LIST}?page=${lastPage}`, CoursePage);
    expect(last.next).toBeNull();
    expect(last.results).toHaveLength(totalVisible - (lastPage - 1) * PAGE_SIZE);
    const past = await t.getError(`${LIST}?page=${lastPage + 1}`, 404);
    expect(past.message).toBe("Invalid page.");
    expect(past.code).toBe("not_found");
  });
});
