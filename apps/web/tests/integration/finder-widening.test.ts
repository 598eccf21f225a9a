// A search whose filters taken from the typed words leave nothing is answered without them, the
// least specific first, and says so (docs/decisions/059-widening-an-empty-search.md), through
// GET /api/academics/course/list; `widen=false` answers the search as typed, with its nearby
// searches. The finder index and SQL widen alike: same pages, same totals, same interpretation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CourseListItemSchema, pageOf } from "@studyatlas/schemas/catalogue.ts";
import { QueryInterpretationSchema } from "@studyatlas/schemas/finder.ts";

import { createTestApp, type TestApp } from "./test-app.ts";

const LIST = "/api/academics/course/list";
const CoursePage = pageOf(CourseListItemSchema).extend({
  interpretation: QueryInterpretationSchema.optional(),
});

const list = (t: TestApp, params: Record<string, string>) =>
  t.getJson(`${LIST}?${new URLSearchParams(params).toString()}`, CoursePage);

describe("widening an empty search, on the finder index and on SQL", () => {
  let indexed: TestApp;
  let sqlOnly: TestApp;
  beforeAll(async () => {
    indexed = await createTestApp({ config: { finderIndex: true } });
    sqlOnly = await createTestApp({ config: { finderIndex: false } });
    // Two apps, one per path: slower than one on a loaded machine.
  }, 180_000);
  afterAll(async () => {
    await indexed?.close();
    await sqlOnly?.close();
  });

  it.each([
    ["the finder index", () => indexed],
    ["SQL", () => sqlOnly],
  ])("'psychology Vatican City' shows psychology everywhere, as %s answers", async (_, app) => {
    const t = app();
    // No school is in Vatican City.
    const page = await list(t, { name: "psychology Vatican City", page_size: "50" });
    const everywhere = await list(t, { name: "psychology", page_size: "50" });
    expect(everywhere.count).toBeGreaterThan(0);
    expect(page.count).toBe(everywhere.count);
    expect(page.results.map((course) => course.id)).toEqual(
      everywhere.results.map((course) => course.id),
    );
    expect(page.interpretation).toEqual({
      text: "psychology",
      chips: [],
      nearby: [],
      widened: {
        dropped: [
          {
            kind: "country",
            label: "Vatican City",
            words: "Vatican City",
            text_without: "psychology",
          },
        ],
        message:
          "No ‘psychology’ programmes in Vatican City — showing ‘psychology’ in all countries.",
        undo_label: "Search in Vatican City only",
      },
    });
    // The page's links keep what the student typed.
    const first = await list(t, { name: "psychology Vatican City", page_size: "1" });
    expect(first.next).toContain("name=psychology+Vatican+City");
  });

  it.each([
    ["the finder index", () => indexed],
    ["SQL", () => sqlOnly],
  ])("the facets API counts the widened search as the list answers it (%s)", async (_, app) => {
    const t = app();
    const facets = async (params: Record<string, string>) =>
      (
        await t.app.inject({
          method: "GET",
          url: `/api/academics/course/facets?${new URLSearchParams(params).toString()}`,
        })
      ).json<{ count: number }>();
    const widened = await facets({ name: "psychology Vatican City" });
    const everywhere = await facets({ name: "psychology" });
    expect(widened.count).toBeGreaterThan(0);
    expect(widened).toEqual(everywhere);
    expect((await facets({ name: "psychology Vatican City", widen: "false" })).count).toBe(0);
  });

  it.each([
    ["the finder index", () => indexed],
    ["SQL", () => sqlOnly],
  ])("widen=false answers the search as typed, with nearby searches (%s)", async (_, app) => {
    const page = await list(app(), { name: "psychology Vatican City", widen: "false" });
    expect(page.count).toBe(0);
    expect(page.interpretation?.widened).toBeUndefined();
    expect(page.interpretation?.chips.map((chip) => chip.label)).toEqual(["Vatican City"]);
    expect(page.interpretation?.nearby.map((item) => item.label)).toContain("Vatican City");
  });

  it("keeps the student's own filters and the chips that still find something", async () => {
    // Postgraduate psychology exists; in Vatican City it does not: only the country goes.
    const page = await list(indexed, { name: "postgraduate psychology Vatican City" });
    expect(page.count).toBeGreaterThan(0);
    expect(page.interpretation?.widened?.dropped.map((chip) => chip.label)).toEqual([
      "Postgraduate",
      "Vatican City",
    ]);
    const online = await list(indexed, {
      name: "psychology Vatican City",
      attendance: "ONLINE",
      page_size: "100",
    });
    for (const course of online.results) expect(course.attendance, course.name).toBe("ONLINE");
  });

  it("never widens a search that has results, nor text that matches nothing at all", async () => {
    const found = await list(indexed, { name: "psychology", page_size: "1" });
    expect(found.interpretation).toBeUndefined();
    const nothing = await list(indexed, { name: "qqqzzzxxy Vatican City" });
    expect(nothing.count).toBe(0);
    expect(nothing.interpretation?.widened).toBeUndefined();
    expect(nothing.interpretation?.chips.map((chip) => chip.label)).toEqual(["Vatican City"]);
  });

  it("rejects a malformed widen value with a 400", async () => {
    const response = await indexed.app.inject({
      method: "GET",
      url: `${LIST}?name=psychology%20Vatican%20City&widen=perhaps`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/widen/);
  });

  it("both paths widen alike: the same pages, totals and interpretation for typed filter words", async () => {
    const subjects = ["psychology", "law", "economics", "MBA"];
    const filterWords = [
      "in Vatican City",
      "online masters Vatican City",
      "free",
      "part-time phd Iceland",
    ];
    let widened = 0;
    for (const subject of subjects) {
      for (const words of filterWords) {
        const params = { name: `${subject} ${words}`, page_size: "20" };
        const a = await list(indexed, params);
        const b = await list(sqlOnly, params);
        expect(b.count, params.name).toBe(a.count);
        expect(
          b.results.map((course) => course.id),
          params.name,
        ).toEqual(a.results.map((course) => course.id));
        expect(b.interpretation, params.name).toEqual(a.interpretation);
        if (a.interpretation?.widened) widened += 1;
      }
    }
    expect(widened).toBeGreaterThan(4);
  }, 180_000);
});
