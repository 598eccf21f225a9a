// GET /api/academics/course/list: the finder's filters (docs/spec/discovery.md §7, §9); the default page,
// orderings and paging are in course-list-paging.test.ts.
// Each filter is checked two ways: every result satisfies it, and the set of results across all
// pages is exactly the set the database gives for the same condition.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  CourseListItemSchema,
  DegreeTypeSchema,
  DisciplineSchema,
  pageOf,
} from "@studyatlas/schemas/catalogue.ts";

import { courseIdsWhere, scalar, sortedIds } from "./catalogue-oracle.ts";
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

async function expectSameCourses(query: string, condition: string, params: unknown[] = []) {
  const results = await allCourses(query);
  const expected = await courseIdsWhere(t.database, condition, params);
  expect(sortedIds(results), query).toEqual(expected);
  return results;
}

describe("programme", () => {
  // Spellings as the spec's clients put them in the URL (docs/spec/discovery.md §7, docs/spec/accounts-and-details.md §7).
  it.each([
    ["undergraduate", 7],
    ["postgraduate", 8],
    ["Executive%20Education", 9],
    ["Executive+Education", 9],
    ["short+courses", 10],
    ["Short+Courses", 10],
    ["Short%20Courses", 10],
    ["Certificate%20Courses", 11],
    ["Certificate+Courses", 11],
  ])("programme=%s filters to programme type %i", async (spelling, typeId) => {
    const results = await expectSameCourses(
      `programme=${spelling}`,
      `c.programme_type_id = ${typeId}`,
    );
    expect(results.length).toBeGreaterThan(0);
    for (const course of results) expect(course.programme_type.id).toBe(typeId);
  });

  it("splits the catalogue: the five programme counts add up to the total", async () => {
    let sum = 0;
    for (const programme of [
      "undergraduate",
      "postgraduate",
      "Executive+Education",
      "short+courses",
      "Certificate+Courses",
    ]) {
      sum += (await t.getJson(`${LIST}?programme=${programme}`, CoursePage)).count;
    }
    expect(sum).toBe(totalVisible);
  });
});

describe("name (free text)", () => {
  it("finds a programme by a word of its name and ranks name matches first", async () => {
    const { rows } = await t.database.query<{ name: string }>(
      "select c.name from courses c join schools s on s.id = c.school_id where c.published and s.published order by c.id limit 1",
    );
    const name = rows[0]!.name;
    const word = name.split(/\s+/).find((part) => /^[A-Za-z]{5,}$/.test(part));
    expect(word, `a searchable word in '${name}'`).toBeDefined();
    const page = await t.getJson(`${LIST}?name=${encodeURIComponent(word!)}`, CoursePage);
    expect(page.count).toBeGreaterThan(0);
    expect(page.count).toBeLessThan(totalVisible);
    expect(page.results[0]!.name.toLowerCase()).toContain(word!.toLowerCase());
    const all = await allCourses(`name=${encodeURIComponent(word!)}`);
    expect(all.map((course) => course.name)).toContain(name);
  });

  it("finds the full name of a programme", async () => {
    const { rows } = await t.database.query<{ id: number; name: string }>(
      "select c.id, c.name from courses c join schools s on s.id = c.school_id where c.published and s.published order by c.id desc limit 1",
    );
    const course = rows[0]!;
    const page = await t.getJson(`${LIST}?name=${encodeURIComponent(course.name)}`, CoursePage);
    expect(page.results.map((result) => result.id)).toContain(Number(course.id));
  });

  it("answers an empty page for text that matches nothing", async () => {
    const page = await t.getJson(`${LIST}?name=qzxwvkjhq`, CoursePage);
    expect(page).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it("ignores an empty name", async () => {
    expect((await t.getJson(`${LIST}?name=&country=Where%3F`, CoursePage)).count).toBe(
      totalVisible,
    );
  });
});

describe("discipline", () => {
  it("filters by discipline slug and by discipline_id alike", async () => {
    const disciplines = await t.getJson("/api/academics/discipline/list", pageOf(DisciplineSchema));
    const computing = disciplines.results.find(
      (discipline) => discipline.slug === "computer-science",
    );
    expect(computing).toBeDefined();
    const bySlug = await expectSameCourses(
      "discipline=computer-science",
      "exists (select 1 from course_disciplines cd where cd.course_id = c.id and cd.discipline_id = $1)",
      [computing!.id],
    );
    expect(bySlug.length).toBeGreaterThan(0);
    for (const course of bySlug) {
      expect(course.disciplines.map((discipline) => discipline.slug)).toContain("computer-science");
    }
    const byId = await allCourses(`discipline_id=${computing!.id}`);
    expect(sortedIds(byId)).toEqual(sortedIds(bySlug));
  });

  it("accepts the spec's environmental-sciences spelling", async () => {
    const canonical = await allCourses("discipline=environmental-science");
    const alias = await allCourses("discipline=environmental-sciences");
    expect(canonical.length).toBeGreaterThan(0);
    expect(sortedIds(alias)).toEqual(sortedIds(canonical));
  });
});

describe("country", () => {
  it("is repeatable: the union of the countries named", async () => {
    const { rows } = await t.database.query<{ slug: string }>(
      `select co.slug from countries co join schools s on s.country_id = co.id
       join courses c on c.school_id = s.id where c.published and s.published
       group by co.slug order by count(*) desc, co.slug limit 2`,
    );
    const [first, second] = rows.map((row) => row.slug);
    expect(second).toBeDefined();
    const one = await expectSameCourses(`country=${first}`, "co.slug = $1", [first]);
    for (const course of one) expect(course.school.country.slug).toBe(first);
    const both = await expectSameCourses(
      `country=${first}&country=${second}`,
      "co.slug in ($1, $2)",
      [first, second],
    );
    for (const course of both) expect([first, second]).toContain(course.school.country.slug);
    expect(both.length).toBeGreaterThan(one.length);
  });

  it("ignores the 'Where?' placeholder, alone or beside a real country", async () => {
    expect((await t.getJson(`${LIST}?country=Where?`, CoursePage)).count).toBe(totalVisible);
    expect((await t.getJson(`${LIST}?country=Where%3F`, CoursePage)).count).toBe(totalVisible);
    const slug = (await allCourses(""))[0]!.school.country.slug;
    const withPlaceholder = await t.getJson(`${LIST}?country=Where%3F&country=${slug}`, CoursePage);
    const without = await t.getJson(`${LIST}?country=${slug}`, CoursePage);
    expect(withPlaceholder.count).toBe(without.count);
    expect(withPlaceholder.count).toBeLessThan(totalVisible);
  });
});

describe("school_slug", () => {
  it("lists one school's programmes", async () => {
    const { rows } = await t.database.query<{ slug: string }>(
      `select s.slug from schools s join courses c on c.school_id = s.id
       where s.published and c.published group by s.slug order by count(*) desc, s.slug limit 1`,
    );
    const slug = rows[0]!.slug;
    const results = await expectSameCourses(`school_slug=${slug}`, "s.slug = $1", [slug]);
    expect(results.length).toBeGreaterThan(1);
    for (const course of results) expect(course.school.slug).toBe(slug);
  });
});

describe("tuition", () => {
  it("keeps programmes whose USD fee is within 'min,max'", async () => {
    const results = await expectSameCourses(
      "tuition=1000,15000",
      "c.tuition_fee_usd between 1000 and 15000",
    );
    expect(results.length).toBeGreaterThan(0);
    for (const course of results) {
      expect(course.tuition_fee_usd).not.toBeNull();
      expect(course.tuition_fee_usd!).toBeGreaterThanOrEqual(1000);
      expect(course.tuition_fee_usd!).toBeLessThanOrEqual(15000);
    }
  });

  it("reads the free-courses preset 0,-1 as programmes with no fee to pay", async () => {
    const results = await expectSameCourses("tuition=0,-1", "c.tuition_fee <= 0");
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThan(totalVisible);
    for (const course of results) expect(course.tuition_fee).toBeLessThanOrEqual(0);
  });
});

describe("duration", () => {
  it("is repeatable: programmes in any of the day ranges, including the open-ended 1461,-1", async () => {
    const results = await expectSameCourses(
      "duration=0,364&duration=1461,-1",
      "c.duration_days between 0 and 364 or c.duration_days >= 1461",
    );
    expect(results.length).toBeGreaterThan(0);
    for (const course of results) {
      expect(course.duration_days < 365 || course.duration_days >= 1461).toBe(true);
    }
    const open = await expectSameCourses("duration=1461,-1", "c.duration_days >= 1461");
    expect(open.length).toBeGreaterThan(0);
    for (const course of open) expect(course.duration_days).toBeGreaterThanOrEqual(1461);
  });
});

describe("degree_type, attendance, course_format", () => {
  it("degree_type is repeatable", async () => {
    const degreeTypes = await t.getJson(
      "/api/academics/degree_type/list",
      pageOf(DegreeTypeSchema),
    );
    const used = await t.database.query<{ id: number }>(
      "select degree_type_id as id from courses where published and degree_type_id is not null group by 1 order by count(*) desc limit 2",
    );
    const ids = used.rows.map((row) => Number(row.id));
    expect(ids).toHaveLength(2);
    for (const id of ids)
      expect(degreeTypes.results.map((degreeType) => degreeType.id)).toContain(id);
    const results = await expectSameCourses(
      `degree_type=${ids[0]}&degree_type=${ids[1]}`,
      "c.degree_type_id in ($1, $2)",
      ids,
    );
    for (const course of results) expect(ids).toContain(course.degree_type?.id);
  });

  it("attendance is repeatable and case-insensitive", async () => {
    const results = await expectSameCourses(
      "attendance=ONLINE&attendance=blended",
      "c.attendance in ('ONLINE', 'BLENDED')",
    );
    expect(results.length).toBeGreaterThan(0);
    for (const course of results) expect(["ONLINE", "BLENDED"]).toContain(course.attendance);
    const site = await expectSameCourses("attendance=SITE", "c.attendance = 'SITE'");
    expect(site.length + results.length).toBe(totalVisible);
  });

  it("course_format is repeatable", async () => {
    const part = await expectSameCourses("course_format=PART", "c.course_format = 'PART'");
    for (const course of part) expect(course.course_format).toBe("PART");
    const full = await expectSameCourses("course_format=FULL", "c.course_format = 'FULL'");
    expect(part.length).toBeGreaterThan(0);
    expect(full.length).toBeGreaterThan(0);
    const both = await t.getJson(`${LIST}?course_format=FULL&course_format=PART`, CoursePage);
    expect(both.count).toBe(totalVisible);
  });
});

describe("featured, published, exclude_continent", () => {
  it("featured=true keeps featured programmes, featured=false the others", async () => {
    const featured = await expectSameCourses("featured=true", "c.featured");
    expect(featured.length).toBeGreaterThan(0);
    for (const course of featured) expect(course.featured).toBe(true);
    const others = await expectSameCourses("featured=false", "not c.featured");
    expect(featured.length + others.length).toBe(totalVisible);
  });

  it("published=true is the default; published=false matches nothing public", async () => {
    expect((await t.getJson(`${LIST}?published=true`, CoursePage)).count).toBe(totalVisible);
    const hidden = await t.getJson(`${LIST}?published=false`, CoursePage);
    expect(hidden).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it("exclude_continent drops programmes of schools on those continents (featured rows drop AS and AF)", async () => {
    const results = await expectSameCourses(
      "exclude_continent=AS&exclude_continent=af",
      "co.continent not in ('AS', 'AF')",
    );
    for (const course of results)
      expect(["AS", "AF"]).not.toContain(course.school.country.continent);
    const asiaAndAfrica = await scalar<number>(
      t.database,
      `select count(*)::int from courses c join schools s on s.id = c.school_id
       join countries co on co.id = s.country_id
       where c.published and s.published and co.continent in ('AS', 'AF')`,
    );
    expect(asiaAndAfrica).toBeGreaterThan(0);
    expect(results.length).toBe(totalVisible - Number(asiaAndAfrica));
  });

  it("combines filters as an intersection", async () => {
    const query = "programme=postgraduate&attendance=ONLINE&course_format=PART";
    const results = await expectSameCourses(
      query,
      "c.programme_type_id = 8 and c.attendance = 'ONLINE' and c.course_format = 'PART'",
    );
    for (const course of results) {
      expect([course.programme_type.id, course.attendance, course.course_format]).toEqual([
        8,
        "ONLINE",
        "PART",
      ]);
    }
  });
});
