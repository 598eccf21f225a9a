// Words that are filters in GET /api/academics/course/list?name=… (docs/decisions/
// 045-words-that-are-filters.md): a price word orders by tuition, a level and a country filter,
// each shown as a chip with its words; and a query that finds nothing offers nearby searches, each
// finding as many programmes as it says. On the finder index and on SQL alike.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CourseListItemSchema, pageOf } from "@studyatlas/schemas/catalogue.ts";
import { QueryInterpretationSchema, type NearbySearch } from "@studyatlas/schemas/finder.ts";

import { createTestApp, listAllCourses, type TestApp } from "./test-app.ts";

const LIST = "/api/academics/course/list";
const CoursePage = pageOf(CourseListItemSchema).extend({
  interpretation: QueryInterpretationSchema.optional(),
});

/** The address of a nearby search, as the finder page builds it (empty-results.tsx). */
function nearbyQuery(base: URLSearchParams, change: NearbySearch["change"]): string {
  const params = new URLSearchParams(base);
  if (change.name !== undefined) {
    if (change.name) params.set("name", change.name);
    else params.delete("name");
  }
  for (const { key, value } of change.drop) {
    const kept = value === undefined ? [] : params.getAll(key).filter((item) => item !== value);
    params.delete(key);
    for (const item of kept) params.append(key, item);
  }
  return params.toString();
}

describe.each([
  ["the finder index", true],
  ["SQL", false],
])("words that are filters, answered by %s", (_label, finderIndex) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { finderIndex },
      // The small test catalogue has no psychology in the United Kingdom: move the schools of a
      // psychology master's and an undergraduate psychology programme there.
      prepare: async (database) => {
        await database.query(
          `update schools set country_id = (select id from countries where slug = 'united-kingdom')
           where id in (
             select distinct on (c.programme_type_id) c.school_id from courses c
             where c.name ilike '%psycholog%' and c.programme_type_id in (7, 8) and c.published
               and (c.programme_type_id = 7 or c.degree_type_id in (
                 select id from degree_types where name like 'Master of %' or name like 'Master in %'))
             order by c.programme_type_id, c.id)`,
        );
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("'cheap MBA': the MBAs, cheapest first, with a 'Cheapest first' chip", async () => {
    const page = await t.getJson(`${LIST}?name=cheap%20MBA&page_size=100`, CoursePage);
    const mbas = await t.getJson(`${LIST}?name=MBA&page_size=1`, CoursePage);
    expect(page.count).toBeGreaterThan(0);
    expect(page.count).toBe(mbas.count);
    expect(page.interpretation?.text).toBe("MBA");
    expect(page.interpretation?.chips).toEqual([
      { kind: "price", label: "Cheapest first", words: "cheap", text_without: "MBA" },
    ]);
    const fees = page.results.map((course) => course.tuition_fee_usd);
    const known = fees.filter((fee): fee is number => fee !== null);
    expect(known).toEqual([...known].sort((a, b) => a - b));
    // Unknown fees come last.
    expect(fees.slice(0, known.length)).toEqual(known);
    const cheapestFirst = await t.getJson(
      `${LIST}?name=MBA&ordering=tuition&page_size=100`,
      CoursePage,
    );
    expect(page.results.map((course) => course.id)).toEqual(
      cheapestFirst.results.map((course) => course.id),
    );
  });

  it("'psychology masters UK': psychology master's degrees in the United Kingdom", async () => {
    const page = await t.getJson(`${LIST}?name=psychology%20masters%20UK&page_size=1`, CoursePage);
    expect(page.interpretation?.text).toBe("psychology");
    expect(page.interpretation?.chips.map((chip) => [chip.kind, chip.label, chip.words])).toEqual([
      ["level", "Master's", "masters"],
      ["country", "United Kingdom", "UK"],
    ]);
    const results = await listAllCourses(t, "name=psychology%20masters%20UK");
    expect(results.length).toBe(page.count);
    expect(results.length).toBeGreaterThan(0);
    for (const course of results) {
      // A master's, never a doctorate (docs/decisions/045-words-that-are-filters.md).
      expect(course.degree_type?.name ?? "", course.name).toMatch(/^Master (of|in) /);
      expect(course.school.country.slug, course.name).toBe("united-kingdom");
    }
    const masters = await t.database.query(
      `select id from degree_types where name like 'Master of %' or name like 'Master in %'`,
    );
    const explicit = await listAllCourses(
      t,
      `name=psychology&country=united-kingdom&${masters.rows.map((row) => `degree_type=${String((row as { id: number }).id)}`).join("&")}`,
    );
    expect(results.map((course) => course.id)).toEqual(explicit.map((course) => course.id));
    // Most of them name psychology (the rest mention it in their text or discipline).
    const named = results.filter((course) => /psycholog/i.test(course.name));
    expect(named.length * 2).toBeGreaterThan(results.length);
  });

  it("removing a chip (searching the typed text without its words) widens the results", async () => {
    const page = await t.getJson(`${LIST}?name=psychology%20masters%20UK&page_size=1`, CoursePage);
    for (const chip of page.interpretation?.chips ?? []) {
      const wider = await t.getJson(
        `${LIST}?name=${encodeURIComponent(chip.text_without)}&page_size=1`,
        CoursePage,
      );
      expect(wider.count, chip.label).toBeGreaterThan(page.count);
    }
  });

  it("a word is not a filter when the student set that filter to something else", async () => {
    const page = await t.getJson(
      `${LIST}?name=psychology%20UK&country=germany&page_size=1`,
      CoursePage,
    );
    expect(page.interpretation).toBeUndefined();
  });

  it("a query that finds nothing offers nearby searches, each finding what it says", async () => {
    // No school is in Vatican City.
    // As typed (widen=false): the filters taken from the words are kept (ADR 059).
    const typed = new URLSearchParams({
      name: "psychology masters Vatican City",
      attendance: "ONLINE",
      widen: "false",
    });
    const page = await t.getJson(`${LIST}?${typed.toString()}`, CoursePage);
    expect(page.count).toBe(0);
    const nearby = page.interpretation?.nearby ?? [];
    expect(nearby.map((item) => item.label)).toContain("Vatican City");
    expect(nearby.length).toBeGreaterThan(0);
    for (const item of nearby) {
      expect(item.count, item.label).toBeGreaterThan(0);
      const answer = await t.getJson(
        `${LIST}?${nearbyQuery(typed, item.change)}&page_size=1`,
        CoursePage,
      );
      expect(answer.count, item.label).toBe(item.count);
    }
    const counts = nearby.map((item) => item.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("a query with results has no nearby searches, and text without filter words no interpretation", async () => {
    const page = await t.getJson(`${LIST}?name=psychology&page_size=1`, CoursePage);
    expect(page.count).toBeGreaterThan(0);
    expect(page.interpretation).toBeUndefined();
  });
});
