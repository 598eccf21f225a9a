// GET /api/academics/school/list?country= and school/detail/{slug} (docs/spec/accounts-and-details.md §4, §7).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PAGE_SIZE } from "@studyatlas/schemas/catalogue-constants.ts";
import {
  CourseListItemSchema,
  DegreeTypeSchema,
  SchoolSchema,
  pageOf,
} from "@studyatlas/schemas/catalogue.ts";

import { scalar } from "./catalogue-oracle.ts";
import { createTestApp, pathOf, type TestApp } from "./test-app.ts";

const SCHOOLS = "/api/academics/school/list";
const SchoolPage = pageOf(SchoolSchema);
const CoursePage = pageOf(CourseListItemSchema);

let t: TestApp;
let publishedSchools: number;

/** The small test catalogue spreads its schools thinly; this country gets enough to need pages. */
const CROWDED = "germany";

beforeAll(async () => {
  t = await createTestApp();
  await t.changeCatalogue(
    `insert into schools (name, slug, city, country_id, published)
     select 'Test School ' || n, 'test-school-' || n, 'Leipzig', co.id, n <= 25
     from generate_series(1, 26) n, countries co where co.slug = $1`,
    [CROWDED],
  );
  publishedSchools = await scalar<number>(
    t.database,
    "select count(*)::int from schools where published",
  );
});
afterAll(async () => {
  await t?.close();
});

/** The country with the most published schools. */
async function busiestCountry(): Promise<{ slug: string; schools: number }> {
  const { rows } = await t.database.query<{ slug: string; schools: number }>(
    `select co.slug, count(*)::int as schools from schools s join countries co on co.id = s.country_id
     where s.published group by co.slug order by count(*) desc, co.slug limit 1`,
  );
  expect(rows[0]?.slug).toBe(CROWDED);
  return rows[0]!;
}

describe("school/list", () => {
  it("pages all published schools 20 at a time with next/previous links", async () => {
    expect(publishedSchools).toBeGreaterThan(PAGE_SIZE);
    const first = await t.getJson(SCHOOLS, SchoolPage);
    expect(first.count).toBe(publishedSchools);
    expect(first.results).toHaveLength(PAGE_SIZE);
    expect(first.previous).toBeNull();
    expect(first.next).not.toBeNull();
    expect(new URL(first.next!).searchParams.get("page")).toBe("2");

    const second = await t.getJson(pathOf(first.next!), SchoolPage);
    expect(second.results).toHaveLength(Math.min(PAGE_SIZE, publishedSchools - PAGE_SIZE));
    expect(pathOf(second.previous!)).toBe(SCHOOLS);
    const seen = new Set(first.results.map((school) => school.id));
    for (const school of second.results) expect(seen.has(school.id)).toBe(false);
  });

  it("lists every published school of a country and no other, 20 per page", async () => {
    const country = await busiestCountry();
    expect(country.schools).toBeGreaterThan(PAGE_SIZE);
    const { rows } = await t.database.query<{ slug: string }>(
      `select s.slug from schools s join countries co on co.id = s.country_id
       where s.published and co.slug = $1 order by s.slug`,
      [country.slug],
    );
    const first = await t.getJson(`${SCHOOLS}?country=${country.slug}`, SchoolPage);
    expect(first.count).toBe(country.schools);
    expect(first.results).toHaveLength(PAGE_SIZE);
    expect(first.previous).toBeNull();
    expect(pathOf(first.next!)).toBe(`${SCHOOLS}?country=${country.slug}&page=2`);
    const second = await t.getJson(`${SCHOOLS}?country=${country.slug}&page=2`, SchoolPage);
    expect(second.results).toHaveLength(country.schools - PAGE_SIZE);
    expect(second.next).toBeNull();
    expect(pathOf(second.previous!)).toBe(`${SCHOOLS}?country=${country.slug}`);
    const listed = [...first.results, ...second.results];
    expect(listed.map((school) => school.slug).sort()).toEqual(rows.map((row) => row.slug));
    for (const school of listed) expect(school.country.slug).toBe(country.slug);
    expect(listed.map((school) => school.slug)).not.toContain("test-school-26");

    // Smaller pages walk to the same set.
    const walked = await t.getAllPages(
      `${SCHOOLS}?country=${country.slug}&page_size=7`,
      SchoolSchema,
    );
    expect(walked.results.map((school) => school.slug).sort()).toEqual(rows.map((row) => row.slug));
  });

  it("orders by name, or by programme count", async () => {
    const byName = await t.getAllPages(`${SCHOOLS}?page_size=100`, SchoolSchema);
    const { rows } = await t.database.query<{ slug: string }>(
      "select slug from schools where published order by name, id",
    );
    expect(byName.results.map((school) => school.slug)).toEqual(rows.map((row) => row.slug));
    const byCourses = await t.getAllPages(
      `${SCHOOLS}?page_size=100&ordering=-courses`,
      SchoolSchema,
    );
    const totals = byCourses.results.map((school) => school.courses_total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(totals[0]).toBeGreaterThan(0);
  });

  it("answers 'Invalid page.' past the last page", async () => {
    const country = await busiestCountry();
    const lastPage = Math.ceil(country.schools / PAGE_SIZE);
    await t.getJson(`${SCHOOLS}?country=${country.slug}&page=${lastPage}`, SchoolPage);
    const error = await t.getError(`${SCHOOLS}?country=${country.slug}&page=${lastPage + 1}`, 404);
    expect(error.message).toBe("Invalid page.");
  });

  it("answers an empty first page for a country without schools", async () => {
    const { rows } = await t.database.query<{ slug: string }>(
      `select co.slug from countries co where not exists
       (select 1 from schools s where s.country_id = co.id and s.published) order by co.slug limit 1`,
    );
    const page = await t.getJson(`${SCHOOLS}?country=${rows[0]!.slug}`, SchoolPage);
    expect(page).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it("400 naming 'country' for an unknown country", async () => {
    const error = await t.getError(`${SCHOOLS}?country=atlantis`, 400);
    expect(error.code).toBe("invalid_parameter");
    expect(error.message).toContain("'country'");
    expect(error.message).toContain("atlantis");
  });

  it("ignores the 'Where?' placeholder", async () => {
    expect((await t.getJson(`${SCHOOLS}?country=Where%3F`, SchoolPage)).count).toBe(
      publishedSchools,
    );
  });

  it.each(["page=0", "page=x", "page_size=0", "ordering=rank"])("400 for ?%s", async (query) => {
    const error = await t.getError(`${SCHOOLS}?${query}`, 400);
    expect(error.message).toContain(`'${query.split("=")[0]}'`);
  });
});

describe("school/detail/{slug}", () => {
  it("counts programmes as the course list does for that school", async () => {
    const degreeTypes = await t.getJson(
      "/api/academics/degree_type/list",
      pageOf(DegreeTypeSchema),
    );
    const doctorateIds = degreeTypes.results
      .filter((degreeType) => /^D/.test(degreeType.short_name) || /^Doctor/i.test(degreeType.name))
      .map((degreeType) => degreeType.id);
    const { rows } = await t.database.query<{ slug: string }>(
      `select s.slug from schools s join courses c on c.school_id = s.id
       where s.published and c.published group by s.slug order by count(*) desc, s.slug limit 3`,
    );
    expect(rows).toHaveLength(3);
    for (const { slug } of rows) {
      const school = await t.getJson(`/api/academics/school/detail/${slug}`, SchoolSchema);
      expect(school.slug).toBe(slug);
      const count = async (query: string) =>
        (await t.getJson(`/api/academics/course/list?school_slug=${slug}${query}`, CoursePage))
          .count;
      expect(school.courses_total).toBe(await count(""));
      expect(school.courses_total).toBeGreaterThan(0);
      expect(school.courses_undergraduates).toBe(await count("&programme=undergraduate"));
      expect(school.courses_postgraduates).toBe(await count("&programme=postgraduate"));
      expect(school.courses_executive).toBe(await count("&programme=Executive+Education"));
      expect(school.courses_shortcourses).toBe(await count("&programme=short+courses"));
      expect(school.courses_certificates).toBe(await count("&programme=Certificate+Courses"));
      expect(school.courses_bachelors).toBe(school.courses_undergraduates);
      const doctorates =
        doctorateIds.length === 0
          ? 0
          : await count(
              `&programme=postgraduate${doctorateIds.map((id) => `&degree_type=${id}`).join("")}`,
            );
      expect(school.courses_doctorates).toBe(doctorates);
      expect(school.courses_masters + school.courses_doctorates).toBe(school.courses_postgraduates);
      expect(
        school.courses_undergraduates +
          school.courses_postgraduates +
          school.courses_executive +
          school.courses_shortcourses +
          school.courses_certificates,
      ).toBe(school.courses_total);
    }
  });

  it("matches the school's list entry", async () => {
    const page = await t.getJson(SCHOOLS, SchoolPage);
    const listed = page.results[0]!;
    expect(await t.getJson(`/api/academics/school/detail/${listed.slug}`, SchoolSchema)).toEqual(
      listed,
    );
  });

  it("404 JSON for an unknown slug", async () => {
    const error = await t.getError("/api/academics/school/detail/no-such-school", 404);
    expect(error.code).toBe("not_found");
    expect(error.message).toContain("no-such-school");
  });
});
