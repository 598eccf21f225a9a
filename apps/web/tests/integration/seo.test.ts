// Search engines (docs/decisions/008-detail-pages-html-and-seo.md): the JSON-LD of a programme has every field Google's course
// structured data requires; /sitemap.xml is an index of files of at most 50,000 URLs that lists
// every published programme exactly once (and every published school and enabled country);
// /robots.txt points to it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import { CourseDetailSchema } from "@studyatlas/schemas/catalogue.ts";

import { absoluteUrl, courseJsonLd } from "../../app/utils/seo.ts";
import { courseIdsWhere } from "./catalogue-oracle.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

const BASE = "http://localhost";

/**
 * Google Search Central, "Course info (Course, CourseInstance) structured data": a Course needs
 * name, description, provider, offers (with category) and hasCourseInstance; each instance a
 * courseMode and a courseSchedule or courseWorkload. Price and currency go together.
 */
const GoogleCourseSchema = z.object({
  "@context": z.literal("https://schema.org"),
  "@type": z.literal("Course"),
  name: z.string().min(1),
  description: z.string().min(1).max(300),
  provider: z.object({
    "@type": z.enum(["Organization", "CollegeOrUniversity", "EducationalOrganization"]),
    name: z.string().min(1),
    url: z.url(),
  }),
  offers: z
    .array(
      z
        .object({
          "@type": z.literal("Offer"),
          category: z.enum(["Free", "Partially Free", "Subscription", "Paid"]),
          price: z.number().nonnegative().optional(),
          priceCurrency: z
            .string()
            .regex(/^[A-Z]{3}$/)
            .optional(),
        })
        .refine((offer) => (offer.price === undefined) === (offer.priceCurrency === undefined), {
          message: "price and priceCurrency go together",
        }),
    )
    .min(1),
  hasCourseInstance: z
    .array(
      z.object({
        "@type": z.literal("CourseInstance"),
        courseMode: z.enum(["Online", "Onsite", "Blended"]),
        courseWorkload: z.string().regex(/^P(T\d+H|\d+[YMWD])$/),
        startDate: z
          .string()
          .regex(/^\d{4}-\d{2}$/)
          .optional(),
      }),
    )
    .min(1),
});

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ sitemapUrlsPerFile: 150 });
});
afterAll(async () => {
  await t?.close();
});

describe("programme JSON-LD", () => {
  it("validates against Google's required course fields for every kind of programme", async () => {
    // One programme of each attendance mode, plus a free one and one with an unknown fee.
    const { rows } = await t.database.query<{ slug: string }>(
      `(select distinct on (c.attendance) c.slug from courses c join schools s on s.id = c.school_id
          where c.published and s.published order by c.attendance, c.id)
       union (select c.slug from courses c join schools s on s.id = c.school_id
          where c.published and s.published and c.tuition_fee = 0 order by c.id limit 1)
       union (select c.slug from courses c join schools s on s.id = c.school_id
          where c.published and s.published and c.tuition_fee < 0 order by c.id limit 1)`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const categories = new Set<string>();
    for (const { slug } of rows) {
      const course = await t.getJson(`/api/academics/course/detail/${slug}`, CourseDetailSchema);
      const data = courseJsonLd(
        course,
        {
          page: absoluteUrl(BASE, `/course/${course.slug}`),
          school: absoluteUrl(BASE, `/school/${course.school.slug}`),
          baseUrl: BASE,
        },
        course.about,
      );
      const parsed = GoogleCourseSchema.safeParse(data);
      expect(parsed.success, `${slug}: ${parsed.error?.message ?? ""}`).toBe(true);
      const offer = parsed.data?.offers[0];
      if (course.tuition_fee > 0) {
        expect(offer).toMatchObject({
          category: "Paid",
          price: course.tuition_fee,
          priceCurrency: course.tuition_currency.short_code.toUpperCase(),
        });
      }
      categories.add(offer?.category ?? "");
    }
    expect([...categories].sort()).toEqual(["Free", "Paid"]);
  });
});

/** The <loc> values of a sitemap document. */
function locations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) =>
    (match[1] ?? "").replace(/&amp;/g, "&"),
  );
}

async function getXml(url: string): Promise<string> {
  const response = await t.app.inject({ method: "GET", url });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^application\/xml/);
  return response.body;
}

describe("sitemap and robots", () => {
  it("robots.txt allows crawling, keeps crawlers out of the API and names the sitemap", async () => {
    const response = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.body).toContain("User-agent: *");
    expect(response.body).toContain("Disallow: /api/");
    expect(response.body).toContain("Sitemap: http://localhost/sitemap.xml");
  });

  it("lists every published programme exactly once, split into files", async () => {
    const index = await getXml("/sitemap.xml");
    expect(index).toContain("<sitemapindex");
    const files = locations(index);
    const courseFiles = files.filter((file) => /\/sitemaps\/courses-\d+\.xml$/.test(file));
    const expectedIds = await courseIdsWhere(t.database);
    // 150 URLs per file in this test (50,000 in production).
    expect(courseFiles).toHaveLength(Math.ceil(expectedIds.length / 150));

    const listed: string[] = [];
    for (const file of courseFiles) {
      const urls = locations(await getXml(new URL(file).pathname));
      expect(urls.length).toBeLessThanOrEqual(150);
      listed.push(...urls);
    }
    expect(new Set(listed).size).toBe(listed.length);
    const { rows } = await t.database.query<{ slug: string }>(
      `select c.slug from courses c join schools s on s.id = c.school_id
        where c.published and s.published`,
    );
    expect(listed.sort()).toEqual(rows.map((row) => `http://localhost/course/${row.slug}`).sort());
  });

  it("leaves out unpublished programmes and the programmes of unpublished schools", async () => {
    const { rows } = await t.database.query<{ slug: string }>(
      `update courses set published = false
        where id = (select min(id) from courses where published) returning slug`,
    );
    const hidden = rows[0]?.slug ?? "";
    const listed: string[] = [];
    for (const file of locations(await getXml("/sitemap.xml"))) {
      listed.push(...locations(await getXml(new URL(file).pathname)));
    }
    expect(listed).not.toContain(`http://localhost/course/${hidden}`);
    await t.changeCatalogue("update courses set published = true where slug = $1", [hidden]);
  });

  it("lists the schools and countries and the site's own pages", async () => {
    const files = locations(await getXml("/sitemap.xml")).map((file) => new URL(file).pathname);
    expect(files[0]).toBe("/sitemaps/pages.xml");
    const schoolUrls: string[] = [];
    const countryUrls: string[] = [];
    for (const file of files) {
      const urls = locations(await getXml(file));
      if (file.includes("/schools-")) schoolUrls.push(...urls);
      if (file.includes("/countries-")) countryUrls.push(...urls);
    }
    const schools = await t.database.query<{ slug: string }>(
      "select slug from schools where published",
    );
    expect(schoolUrls.sort()).toEqual(
      schools.rows.map((row) => `http://localhost/school/${row.slug}`).sort(),
    );
    const countries = await t.database.query<{ id: number; name: string; slug: string }>(
      "select id, name, slug from countries where enabled",
    );
    expect(countryUrls).toHaveLength(countries.rows.length);
    expect(countryUrls).toContain(
      "http://localhost/countries/United%20Kingdom?id=6&slug=united-kingdom",
    );
  });

  it("answers 404 for sitemap files that do not exist", async () => {
    for (const url of [
      "/sitemaps/courses-0.xml",
      "/sitemaps/courses-999.xml",
      "/sitemaps/users-1.xml",
      "/sitemaps/courses-1.txt",
      "/sitemaps/..%2Fpackage.json",
    ]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe("flags", () => {
  it("serves a flag per ISO code and 404 for anything else", async () => {
    const flag = await t.app.inject({ method: "GET", url: "/media/flags/gb.svg" });
    expect(flag.statusCode).toBe(200);
    expect(flag.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(flag.body).toContain("<svg");
    for (const url of [
      "/media/flags/zz.svg",
      "/media/flags/..%2F..%2Fpackage.json",
      "/media/flags/gbr.svg",
    ]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
