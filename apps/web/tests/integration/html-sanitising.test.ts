// HTML sanitising (docs/decisions/008-detail-pages-html-and-seo.md): every HTML field is sanitised on the server before it is
// rendered. At least 100 XSS vectors go through the sanitiser directly, then through the database
// and the API (course detail, country detail): no script, event handler or javascript: URL
// survives.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { COURSE_HTML_FIELDS } from "@studyatlas/core/catalogue/course-detail.ts";
import { sanitizeHtml } from "@studyatlas/core/content/sanitize-html.ts";
import { CountrySchema, CourseDetailSchema } from "@studyatlas/schemas/catalogue.ts";

import { createTestApp, type TestApp } from "./test-app.ts";
import { XSS_VECTORS } from "./xss-vectors.ts";

/** Decodes character references the way a browser would before it reads a URL. */
function decodeReferences(text: string): string {
  return text
    .replace(/&#x([\da-f]+);?/gi, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16)),
    )
    .replace(/&#(\d+);?/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&colon;/gi, ":")
    .replace(/&tab;/gi, "\t")
    .replace(/&newline;/gi, "\n")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

const DANGEROUS_TAGS =
  /<\s*\/?\s*(script|iframe|object|embed|style|link|meta|base|form|input|button|textarea|select|svg|math|img|video|audio|source|frame|frameset|applet|template|noscript|xmp|plaintext|portal|body|details|marquee|isindex|keygen|bgsound)\b/i;

/** Fails with the vector and the output when anything executable is left. */
function expectHarmless(output: string, vector: string): void {
  const label = `vector ${JSON.stringify(vector)} gave ${JSON.stringify(output)}`;
  expect(output, label).not.toMatch(DANGEROUS_TAGS);
  // No event handler attribute on any tag.
  for (const tag of output.match(/<[^>]*>/g) ?? []) {
    expect(tag, label).not.toMatch(/[\s/"']on[a-z]+\s*=/i);
    expect(tag, label).not.toMatch(/\sstyle\s*=/i);
  }
  // Every URL left is http(s), mailto or relative to the site.
  for (const match of output.matchAll(/\s(?:href|src|action|formaction|xlink:href)="([^"]*)"/gi)) {
    // Browsers ignore control characters and spaces inside a URL's scheme.
    const url = [...decodeReferences(match[1] ?? "")]
      .filter((character) => character.charCodeAt(0) > 0x20)
      .join("")
      .toLowerCase();
    expect(url, label).toMatch(/^(https?:|mailto:|\/(?!\/)|#|[^:]*$)/);
    expect(url, label).not.toMatch(/^(javascript|vbscript|data|livescript):/);
  }
  expect(decodeReferences(output).replace(/\s/g, "").toLowerCase(), label).not.toMatch(
    /<[^>]*javascript:/,
  );
}

describe("the sanitiser against XSS vectors", () => {
  it("has at least 100 distinct vectors", () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(100);
  });

  it.each(XSS_VECTORS.map((vector) => [vector]))("neutralises %s", (vector) => {
    expectHarmless(sanitizeHtml(vector), vector);
    // Inside ordinary content too.
    expectHarmless(sanitizeHtml(`<p>Before</p>${vector}<p>After</p>`), vector);
  });
});

describe("HTML fields from the database, through the API", () => {
  let t: TestApp;
  // PostgreSQL text cannot hold NUL, so the one vector with a NUL byte is tested above only.
  const hostile = XSS_VECTORS.filter((vector) => !vector.includes("\0")).join("\n");

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("course/detail returns every HTML section sanitised", async () => {
    const { rows } = await t.database.query<{ slug: string }>(
      `select c.slug from courses c join schools s on s.id = c.school_id
        where c.published and s.published order by c.id limit 1`,
    );
    const slug = rows[0]?.slug ?? "";
    await t.changeCatalogue(
      `update course_details d set ${COURSE_HTML_FIELDS.map((field) => `${field} = $1`).join(", ")}
        from courses c where c.id = d.course_id and c.slug = $2`,
      [
        `<p>Keep this <strong>text</strong> and <a href="https://ok.example/x">link</a>.</p>${hostile}`,
        slug,
      ],
    );
    const course = await t.getJson(`/api/academics/course/detail/${slug}`, CourseDetailSchema);
    for (const field of COURSE_HTML_FIELDS) {
      expectHarmless(course[field], `${field} with every vector`);
      expect(course[field]).toContain("<p>Keep this <strong>text</strong> and ");
      expect(course[field]).toContain(
        '<a href="https://ok.example/x" target="_blank" rel="noopener noreferrer nofollow">link</a>',
      );
    }
  });

  it("country/detail returns about, trivia and living costs sanitised", async () => {
    await t.changeCatalogue(
      "update countries set about = $1, trivia_facts = $1, living_costs = $1 where id = 6",
      [`<p>Country text</p>${hostile}`],
    );
    const country = await t.getJson("/api/academics/country/detail/6", CountrySchema);
    for (const field of ["about", "trivia_facts", "living_costs"] as const) {
      expectHarmless(country[field], `${field} with every vector`);
      expect(country[field]).toContain("<p>Country text</p>");
    }
  });
});
