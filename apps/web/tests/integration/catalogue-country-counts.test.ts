// The countries list's counts (GET /api/academics/country/list and the /countries page, which
// read the same function): with the finder's index, the programmes per country come from it and
// only the schools are counted in SQL; without it, SQL counts both. Either way every country's
// numbers are those of its published schools and their published programmes, in the same order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CountryListItemSchema, pageOf } from "@studyatlas/schemas/catalogue.ts";

import { createTestApp, type TestApp } from "./test-app.ts";

const CountryPage = pageOf(CountryListItemSchema);
const ORDERINGS = ["name", "-name", "courses", "-courses"] as const;

let indexed: TestApp;
let sqlOnly: TestApp;

beforeAll(async () => {
  indexed = await createTestApp({ config: { finderIndex: true } });
  sqlOnly = await createTestApp({ config: { finderIndex: false } });
  await indexed.app.finderIndex.settled();
  expect(indexed.app.finderIndex.stats().size).toBeGreaterThan(0);
});
afterAll(async () => {
  await indexed?.close();
  await sqlOnly?.close();
});

/** Every country's published schools and programmes, counted the plain way. */
async function expectedCounts(t: TestApp): Promise<Map<number, [number, number]>> {
  const { rows } = await t.database.query<{ id: number; schools: number; courses: number }>(
    `select co.id,
       (select count(*)::int from schools s where s.country_id = co.id and s.published) as schools,
       (select count(*)::int from courses c join schools s on s.id = c.school_id
         where s.country_id = co.id and s.published and c.published) as courses
     from countries co`,
  );
  return new Map(rows.map((row) => [row.id, [row.schools, row.courses]]));
}

async function countsOf(t: TestApp, query = ""): Promise<Array<[number, number, number]>> {
  const page = await t.getJson(`/api/academics/country/list${query}`, CountryPage);
  return page.results.map((country) => [country.id, country.schools_count, country.courses_count]);
}

async function expectPlainCounts(t: TestApp): Promise<void> {
  const expected = await expectedCounts(t);
  const listed = await countsOf(t);
  expect(listed).toHaveLength(expected.size);
  for (const [id, schools, courses] of listed) {
    expect([id, schools, courses]).toEqual([id, ...(expected.get(id) ?? [])]);
  }
}

describe("the countries list's counts", () => {
  it("are each country's published schools and programmes, with the index and without", async () => {
    await expectPlainCounts(indexed);
    await expectPlainCounts(sqlOnly);
    const busiest = (await countsOf(indexed, "?ordering=-courses"))[0]!;
    expect(busiest[2]).toBeGreaterThan(0);
  });

  it.each(ORDERINGS)("are the same with the index and without, ordered by %s", async (order) => {
    const query = `?ordering=${order}`;
    expect(await countsOf(indexed, query)).toEqual(await countsOf(sqlOnly, query));
  });

  it("follow a change to the catalogue", async () => {
    const [id, , courses] = (await countsOf(indexed, "?ordering=-courses"))[0]!;
    const change = `update schools set published = false
      where id = (select s.id from schools s join courses c on c.school_id = s.id
        where s.country_id = ${id} and s.published and c.published
        group by s.id order by s.id limit 1)`;
    await indexed.changeCatalogue(change);
    await indexed.app.finderIndex.settled();
    await sqlOnly.changeCatalogue(change);
    await expectPlainCounts(indexed);
    await expectPlainCounts(sqlOnly);
    const after = (await countsOf(indexed)).find(([country]) => country === id)!;
    expect(after[2]).toBeLessThan(courses);
    expect(await countsOf(indexed, "?ordering=courses")).toEqual(
      await countsOf(sqlOnly, "?ordering=courses"),
    );
  });
});
