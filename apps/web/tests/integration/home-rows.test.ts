// The home page's rows (docs/spec/discovery.md §7): every row, Free Courses included
// (docs/spec-notes.md, Home page), leaves out schools in Asia and Africa, asked through the API
// with the row's own query.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CourseListItemSchema, pageOf } from "@studyatlas/schemas/catalogue.ts";

import { FEATURED_ROWS } from "../../app/utils/home-content.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("home page rows", () => {
  it.each(FEATURED_ROWS.map((row) => [row.title, row] as const))(
    "%s shows no school in Asia or Africa",
    async (_title, row) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(row.query)) {
        for (const item of Array.isArray(value) ? value : [value]) query.append(key, String(item));
      }
      query.set("page_size", "100");
      const page = await t.getJson(
        `/api/academics/course/list?${query.toString()}`,
        pageOf(CourseListItemSchema),
      );
      const continents = new Set(page.results.map((course) => course.school.country.continent));
      expect(continents.has("AS") || continents.has("AF")).toBe(false);
    },
  );
});
