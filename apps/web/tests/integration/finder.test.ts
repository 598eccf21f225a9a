// Finder helpers: facet counts (each option's count equals the list's count when that option is
// chosen, with the other filters kept), forgiving search, and search-as-you-type suggestions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CourseListItemSchema, pageOf } from "@studyatlas/schemas/catalogue.ts";
import { CourseFacetsSchema, SuggestionsSchema } from "@studyatlas/schemas/finder.ts";

import { createTestApp, type TestApp } from "./test-app.ts";

const CoursePage = pageOf(CourseListItemSchema);

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function listCount(query: string): Promise<number> {
  return (await t.getJson(`/api/academics/course/list?${query}`, CoursePage)).count;
}

describe("GET /api/academics/course/facets", () => {
  it("counts what each option would give with the other filters applied", async () => {
    const base = "programme=postgraduate&course_format=FULL";
    const facets = await t.getJson(`/api/academics/course/facets?${base}`, CourseFacetsSchema);
    expect(facets.count).toBe(await listCount(base));

    for (const option of facets.facets.attendance) {
      expect(option.count, option.value).toBe(
        await listCount(`${base}&attendance=${option.value}`),
      );
    }
    for (const bucket of facets.facets.duration) {
      expect(bucket.count, bucket.key).toBe(await listCount(`${base}&duration=${bucket.key}`));
    }
    for (const level of facets.facets.programme) {
      // The programme facet ignores the chosen programme, but keeps the format.
      expect(level.count, level.slug).toBe(
        await listCount(`programme=${level.slug}&course_format=FULL`),
      );
    }
    for (const format of facets.facets.course_format) {
      // The format facet ignores the chosen format, but keeps the programme.
      expect(format.count, format.value).toBe(
        await listCount(`programme=postgraduate&course_format=${format.value}`),
      );
    }
    const withCourses = facets.facets.discipline.filter((option) => option.count > 0);
    expect(withCourses.length).toBeGreaterThan(3);
    for (const option of withCourses.slice(0, 4)) {
      expect(option.count, option.slug).toBe(await listCount(`${base}&discipline=${option.slug}`));
    }
    for (const option of facets.facets.country.slice(0, 4)) {
      expect(option.count, option.slug).toBe(await listCount(`${base}&country=${option.slug}`));
    }
    for (const option of facets.facets.degree_type.filter((o) => o.count > 0).slice(0, 4)) {
      expect(option.count, option.name).toBe(await listCount(`${base}&degree_type=${option.id}`));
    }
  });

  it("lists every discipline, level, bucket, attendance and format, with zeros", async () => {
    const facets = await t.getJson(
      "/api/academics/course/facets?name=zzzzqqqq-nothing",
      CourseFacetsSchema,
    );
    expect(facets.count).toBe(0);
    expect(facets.facets.discipline).toHaveLength(18);
    expect(facets.facets.programme.map((option) => option.id)).toEqual([7, 8, 9, 10, 11]);
    expect(facets.facets.duration).toHaveLength(5);
    expect(facets.facets.attendance.map((option) => option.value)).toEqual([
      "BLENDED",
      "ONLINE",
      "SITE",
    ]);
    expect(facets.facets.country).toEqual([]);
    for (const group of Object.values(facets.facets)) {
      // The budget's bands are there only when the request names a currency (ADR 051).
      if (!Array.isArray(group)) continue;
      for (const option of group) expect(option.count).toBe(0);
    }
  });

  it("rejects malformed filters like the list does", async () => {
    const error = await t.getError("/api/academics/course/facets?duration=abc", 400);
    expect(error.errors).toHaveProperty("duration");
  });
});

describe("forgiving free-text search", () => {
  const cases = [
    { query: "bussiness administraton", correct: "business administration" },
    { query: "compter science", correct: "computer science" },
    { query: "phychology", correct: "psychology" },
  ];
  for (const { query, correct } of cases) {
    it(`'${query}' finds the programmes named '${correct}' first`, async () => {
      // The intended programmes: those whose name contains the correctly spelled words.
      const intended = new RegExp(correct.replace(" ", ".*"), "i");
      const { results: correctlySpelled } = await t.getAllPages(
        `/api/academics/course/list?name=${encodeURIComponent(correct)}&page_size=100`,
        CourseListItemSchema,
      );
      const intendedCount = correctlySpelled.filter((course) => intended.test(course.name)).length;
      expect(intendedCount, `the test catalogue has no '${correct}' programme`).toBeGreaterThan(0);

      const page = await t.getJson(
        `/api/academics/course/list?name=${encodeURIComponent(query)}`,
        CoursePage,
      );
      const firstFive = page.results.slice(0, 5).map((course) => course.name);
      const expected = Math.min(5, intendedCount);
      for (const name of firstFive.slice(0, expected)) expect(name).toMatch(intended);
    });
  }

  it("ignores accents both ways", async () => {
    const plain = await t.getJson("/api/academics/course/list?name=economie", CoursePage);
    const accented = await t.getJson("/api/academics/course/list?name=%C3%A9conomie", CoursePage);
    expect(plain.count).toBeGreaterThan(0);
    expect(accented.count).toBe(plain.count);
  });

  it("ranks programmes named after the query above those that only mention it", async () => {
    const page = await t.getJson("/api/academics/course/list?name=nursing", CoursePage);
    const first = page.results[0];
    expect(first?.name).toMatch(/nursing/i);
  });
});

describe("GET /api/academics/search/suggest", () => {
  it("suggests programmes, disciplines, schools and countries as the visitor types", async () => {
    const body = await t.getJson("/api/academics/search/suggest?q=comp", SuggestionsSchema);
    expect(body.query).toBe("comp");
    const types = new Set(body.results.map((suggestion) => suggestion.type));
    expect(types.has("programme")).toBe(true);
    expect(
      body.results.some((s) => s.type === "discipline" && s.label === "Computer Science"),
    ).toBe(true);
    for (const suggestion of body.results) expect(suggestion.url.startsWith("/")).toBe(true);
  });

  it("finds countries by prefix and tolerates a typo in a longer word", async () => {
    const countries = await t.getJson("/api/academics/search/suggest?q=germ", SuggestionsSchema);
    expect(countries.results).toContainEqual(
      expect.objectContaining({
        type: "country",
        label: "Germany",
        url: "/coursefinder?country=germany",
      }),
    );
    const typo = await t.getJson("/api/academics/search/suggest?q=bussiness", SuggestionsSchema);
    expect(typo.results.some((s) => /business/i.test(s.label))).toBe(true);
  });

  it("answers an empty list for one character and 400 without q", async () => {
    const short = await t.getJson("/api/academics/search/suggest?q=a", SuggestionsSchema);
    expect(short.results).toEqual([]);
    const error = await t.getError("/api/academics/search/suggest", 400);
    expect(error.errors).toHaveProperty("q");
  });

  it("treats LIKE wildcards as text", async () => {
    const body = await t.getJson("/api/academics/search/suggest?q=%25%25%25", SuggestionsSchema);
    expect(body.results).toEqual([]);
  });
});
