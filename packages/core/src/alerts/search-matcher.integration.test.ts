// The in-process evaluation of saved searches against its oracle, the finder's SQL
// (finder/new-matches.ts over course-sql.ts): over the whole test catalogue as one window, every
// query finds the same programmes both ways.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";

import { newMatchesBetween } from "../finder/new-matches.ts";
import { resolveCourseListRequest } from "../finder/search.ts";
import { selectRows } from "../sql-rows.ts";
import { parseSavedQuery } from "./saved-query.ts";
import { createSearchMatcher, loadNewProgrammes } from "./search-matcher.ts";

let database: TestDatabase;
const window = { from: new Date("2000-01-01T00:00:00Z"), to: new Date("2100-01-01T00:00:00Z") };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

async function someSlugs() {
  const [country, otherCountry] = await selectRows<{ slug: string }>(
    database.db,
    sql`select co.slug from countries co join schools s on s.country_id = co.id
        group by co.slug order by count(*) desc limit 2`,
  );
  const [discipline] = await selectRows<{ slug: string }>(
    database.db,
    sql`select slug from disciplines order by id limit 1`,
  );
  const [school] = await selectRows<{ slug: string }>(
    database.db,
    sql`select slug from schools where published order by id limit 1`,
  );
  return {
    country: country!.slug,
    otherCountry: otherCountry!.slug,
    discipline: discipline!.slug,
    school: school!.slug,
  };
}

describe("saved searches in process", () => {
  it("find what the finder's SQL finds, query by query", async () => {
    const { country, otherCountry, discipline, school } = await someSlugs();
    const queries = [
      "",
      "programme=postgraduate",
      `country=${country}`,
      // Two countries: the window index's candidates are the union of both countries' programmes.
      `country=${country}&country=${otherCountry}&programme=postgraduate`,
      `country=${otherCountry}&country=${country}&country=${country}&tuition=0,40000`,
      `country=${country}&discipline=${discipline}&school_slug=${school}`,
      `discipline=${discipline}&programme=undergraduate`,
      `school_slug=${school}`,
      "tuition=0,20000&attendance=ONLINE",
      "tuition=0,-1",
      "duration=0,364&duration=1461,-1&course_format=PART",
      "exclude_continent=EU&featured=true",
      "name=business",
      `name=data science&country=${country}`,
      "name=mba",
      "name=compter science",
      "country=atlantis",
    ];
    const programmes = await loadNewProgrammes(database.db, window.from, window.to);
    expect(programmes.length).toBeGreaterThan(100);
    const matcher = createSearchMatcher(database.db);
    for (const query of queries) {
      const parsed = parseSavedQuery(query);
      if (!parsed.success) throw new Error(query);
      const inProcess = await matcher.matchesOf(parsed.data, programmes, window);
      // An unknown country is a 400 on the finder, and no match for a saved search.
      const expected = await resolveCourseListRequest(database.db, parsed.data).then(
        (request) => newMatchesBetween(database.db, request.filters, window),
        () => ({ count: 0, newest: [] }),
      );
      expect(inProcess.count, query).toBe(expected.count);
      // The same newest five, in the same order (the e-mail lists them).
      expect(
        inProcess.newest.map((match) => match.id),
        query,
      ).toEqual(expected.newest.map((match) => match.id));
    }
    // Every query is also answered by SQL: longer than one request takes on a loaded machine.
  }, 90_000);
});
