// Programme cards after a catalogue change (ADR 026): a school rename or a currency change shows in
// the finder's cards as soon as the catalogue notice is heard (SQL answers while the index is
// rebuilt), and again once the index is rebuilt, its cards put together from the new index's
// reference maps; on both engines. The cards' agreement with the SQL card query is the test beside
// the index (packages/core/src/finder/index/card-references.integration.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { coursesByIds } from "@studyatlas/core/finder/search.ts";
import { CourseListItemSchema, pageOf } from "@studyatlas/schemas/catalogue.ts";

import { createTestApp, type TestApp } from "./test-app.ts";

describe("programme cards after a catalogue change", () => {
  let t: TestApp;
  const CoursePage = pageOf(CourseListItemSchema);
  const byName = "/api/academics/course/list?ordering=name&page_size=20";

  beforeAll(async () => {
    // Answer cache off: every request below is answered afresh (from SQL or the index).
    t = await createTestApp({ config: { catalogueCacheBytes: 0 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The cards the search module gives for the page's ids once the index is rebuilt. */
  async function cardsFromRebuiltIndex(pageIds: number[]) {
    await t.app.finderIndex.settled();
    if (t.app.finderIndex.stats().size === undefined) {
      throw new Error("the finder index was not rebuilt");
    }
    return coursesByIds(t.database.db, pageIds, t.app.finderIndex);
  }

  it("shows a school's new name right after the notice, and once the index is rebuilt", async () => {
    await t.app.finderIndex.settled();
    const before = await t.getJson(byName, CoursePage);
    const shown = before.results[2];
    if (!shown) throw new Error("too few programmes in the test catalogue");
    await t.changeCatalogue("update schools set name = $1 where id = $2", [
      "Renamed Cards School",
      shown.school.id,
    ]);
    // At once: the old index (and its maps) is gone; SQL answers until the new one is built.
    const right = await t.getJson(byName, CoursePage);
    expect(right.results.find((c) => c.id === shown.id)?.school.name).toBe("Renamed Cards School");
    const rebuilt = await cardsFromRebuiltIndex(right.results.map((c) => c.id));
    expect(rebuilt?.find((c) => c.id === shown.id)?.school.name).toBe("Renamed Cards School");
    const after = await t.getJson(byName, CoursePage);
    expect(JSON.stringify(after.results)).toBe(JSON.stringify(right.results));
    expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(right.results));
  });

  it("shows a currency's new name and rate right after the notice, and once rebuilt", async () => {
    await t.app.finderIndex.settled();
    const before = await t.getJson(byName, CoursePage);
    const shown = before.results[5];
    if (!shown) throw new Error("too few programmes in the test catalogue");
    const code = shown.tuition_currency.short_code;
    await t.changeCatalogue(
      "update currencies set name = $1, usd_exchange_rate = $2 where short_code = $3",
      ["Changed Cards Currency", 7.25, code],
    );
    const right = await t.getJson(byName, CoursePage);
    const changed = right.results.find((c) => c.id === shown.id)?.tuition_currency;
    expect(changed).toEqual({
      short_code: code,
      name: "Changed Cards Currency",
      usd_exchange_rate: 7.25,
    });
    const rebuilt = await cardsFromRebuiltIndex(right.results.map((c) => c.id));
    expect(rebuilt?.find((c) => c.id === shown.id)?.tuition_currency).toEqual(changed);
    const after = await t.getJson(byName, CoursePage);
    expect(JSON.stringify(after.results)).toBe(JSON.stringify(right.results));
  });
});
