// Bad finder parameters are the caller's mistake: 400 JSON naming the parameter, never a 500
// (ADR 004). And GET course/detail/{slug}.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  CourseDetailSchema,
  CourseListItemSchema,
  DisciplineSchema,
  pageOf,
} from "@studyatlas/schemas/catalogue.ts";

import { createTestApp, type TestApp } from "./test-app.ts";

const LIST = "/api/academics/course/list";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("course/list with malformed parameters", () => {
  it.each([
    ["page", "page=0"],
    ["page", "page=abc"],
    ["page", "page=-1"],
    ["page_size", "page_size=0"],
    ["page_size", "page_size=1000"],
    ["tuition", "tuition=abc"],
    ["tuition", "tuition=5,1"],
    ["tuition", "tuition=-5,10"],
    ["duration", "duration=5"],
    ["duration", "duration=a,b"],
    ["duration", "duration=0,364&duration=9,3"],
    ["degree_type", "degree_type=x"],
    ["degree_type", "degree_type=1&degree_type=two"],
    ["attendance", "attendance=NOPE"],
    ["course_format", "course_format=x"],
    ["featured", "featured=maybe"],
    ["published", "published=yes-please"],
    ["ordering", "ordering=foo"],
    ["programme", "programme=phd"],
    ["exclude_continent", "exclude_continent=XX"],
    ["discipline", "discipline=no-such-discipline"],
    ["discipline", "discipline=Not%20a%20slug!"],
    ["discipline_id", "discipline_id=999999"],
    ["discipline_id", "discipline_id=abc"],
    ["school_slug", "school_slug=no-such-school"],
    ["country", "country=atlantis"],
    ["seed", "seed=-3"],
    ["name", `name=${"x".repeat(201)}`],
  ])("400 naming '%s' for ?%s", async (parameter, query) => {
    const error = await t.getError(`${LIST}?${query}`, 400);
    expect(error.code).toBe("invalid_parameter");
    expect(error.message).toContain(`'${parameter}'`);
    expect(error.detail).toBe(error.message);
    expect(Object.keys(error.errors ?? {})).toContain(parameter);
  });
});

describe("course/detail/{slug}", () => {
  it("answers one programme with its HTML sections, the same as its list entry", async () => {
    const page = await t.getJson(`${LIST}?page_size=5`, pageOf(CourseListItemSchema));
    const listed = page.results[0]!;
    const detail = await t.getJson(
      `/api/academics/course/detail/${listed.slug}`,
      CourseDetailSchema,
    );
    expect(CourseListItemSchema.parse(detail)).toEqual(listed);
    expect(detail.overview).toMatch(/<\w+[^>]*>/);
    const sections = [
      detail.overview,
      detail.why_chose,
      detail.who_for,
      detail.admission_requirements,
      detail.programme_structure,
    ];
    expect(sections.filter((section) => section.trim() !== "").length).toBeGreaterThanOrEqual(3);
    // Sanitised on the way in (ADR 008): nothing executable survives.
    for (const section of sections) expect(section).not.toMatch(/<script|javascript:|\son\w+=/i);
  });

  it("404 JSON for an unknown slug", async () => {
    const error = await t.getError("/api/academics/course/detail/no-such-programme", 404);
    expect(error.code).toBe("not_found");
    expect(error.message).toContain("no-such-programme");
  });

  it("404 JSON for an unpublished programme", async () => {
    await t.changeCatalogue(
      "update courses set published = false where id = (select id from courses where published order by id limit 1)",
    );
    const { rows } = await t.database.query<{ slug: string }>(
      "select slug from courses where not published order by id limit 1",
    );
    await t.getError(`/api/academics/course/detail/${rows[0]!.slug}`, 404);
    const listed = await t.getAllPages(`${LIST}?page_size=100`, CourseListItemSchema);
    expect(listed.results.map((course) => course.slug)).not.toContain(rows[0]!.slug);
  });

  it("hides every programme of an unpublished school, in the list, the detail and the counts", async () => {
    const before = await t.getJson(`${LIST}?page_size=1`, pageOf(CourseListItemSchema));
    const { rows } = await t.database.query<{ id: number; slug: string; courses: number }>(
      `select s.id, s.slug, count(c.id)::int as courses from schools s join courses c on c.school_id = s.id
       where s.published and c.published group by s.id order by count(c.id) desc limit 1`,
    );
    const school = rows[0]!;
    const { rows: courses } = await t.database.query<{ slug: string }>(
      "select slug from courses where school_id = $1 and published order by id limit 1",
      [school.id],
    );
    await t.changeCatalogue("update schools set published = false where id = $1", [school.id]);

    const after = await t.getAllPages(`${LIST}?page_size=100`, CourseListItemSchema);
    expect(after.count).toBe(before.count - Number(school.courses));
    expect(after.results.filter((course) => course.school.slug === school.slug)).toEqual([]);
    await t.getError(`/api/academics/course/detail/${courses[0]!.slug}`, 404);
    await t.getError(`/api/academics/school/detail/${school.slug}`, 404);
    const disciplines = await t.getJson("/api/academics/discipline/list", pageOf(DisciplineSchema));
    for (const discipline of disciplines.results) {
      const listed = await t.getJson(
        `${LIST}?discipline_id=${discipline.id}&page_size=1`,
        pageOf(CourseListItemSchema),
      );
      expect(discipline.courses_total, discipline.slug).toBe(listed.count);
    }
  });
});
