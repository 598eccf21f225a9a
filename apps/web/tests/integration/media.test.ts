// Generated SVG images served by us (docs/architecture.md): school logos, banners, thumbnails,
// country pictures and discipline icons; 404 for anything we do not know.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  CountryListItemSchema,
  DisciplineSchema,
  SchoolSchema,
  pageOf,
} from "@studyatlas/schemas/catalogue.ts";

import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function expectSvg(url: string): Promise<string> {
  const response = await t.app.inject({ method: "GET", url });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^image\/svg\+xml/);
  expect(response.headers["cache-control"]).toMatch(/max-age=\d+/);
  expect(response.body).toMatch(/^(<\?xml[^>]*>\s*)?<svg[\s>]/);
  expect(response.body).toMatch(/<\/svg>\s*$/);
  expect(response.body).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(response.body).not.toMatch(/<script|\son\w+=/i);
  return response.body;
}

async function expectNotFound(url: string): Promise<void> {
  const response = await t.app.inject({ method: "GET", url });
  expect(response.statusCode, url).toBe(404);
  expect(response.headers["content-type"]).not.toMatch(/^image\/svg/);
}

describe("school images", () => {
  it("serves the logo, banner and thumbnail of a seeded school", async () => {
    const page = await t.getJson("/api/academics/school/list?page_size=2", pageOf(SchoolSchema));
    const [school, other] = page.results;
    const logo = await expectSvg(`/media/schools/${school!.slug}/logo.svg`);
    await expectSvg(`/media/schools/${school!.slug}/banner.svg`);
    await expectSvg(`/media/schools/${school!.slug}/thumbnail.svg`);
    // Drawn from the school: two schools do not share a logo.
    expect(await expectSvg(`/media/schools/${other!.slug}/logo.svg`)).not.toBe(logo);
  });

  it("every image URL the school API hands out is served", async () => {
    const page = await t.getJson("/api/academics/school/list?page_size=100", pageOf(SchoolSchema));
    for (const school of page.results) {
      expect(school.logo).toMatch(/^\/media\//);
      for (const image of [school.logo, school.banner, school.thumbnail]) {
        if (image !== "") await expectSvg(image);
      }
    }
  });

  it("404 for an unknown school or image", async () => {
    const page = await t.getJson("/api/academics/school/list?page_size=1", pageOf(SchoolSchema));
    await expectNotFound("/media/schools/no-such-school/logo.svg");
    await expectNotFound(`/media/schools/${page.results[0]!.slug}/portrait.svg`);
  });
});

describe("country and discipline images", () => {
  it("serves the pictures and icons the API points at", async () => {
    const countries = await t.getJson(
      "/api/academics/country/list?ordering=-courses&page_size=5",
      pageOf(CountryListItemSchema),
    );
    for (const country of countries.results) await expectSvg(country.image);
    await expectSvg("/media/countries/united-kingdom.svg");
    const disciplines = await t.getJson("/api/academics/discipline/list", pageOf(DisciplineSchema));
    for (const discipline of disciplines.results) await expectSvg(discipline.icon);
  });

  it("404 for unknown ones", async () => {
    await expectNotFound("/media/countries/atlantis.svg");
    await expectNotFound("/media/countries/united-kingdom.png");
    await expectNotFound("/media/disciplines/alchemy.svg");
  });
});
