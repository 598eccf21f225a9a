// The finder page's data for typed text (docs/decisions/045-words-that-are-filters.md;
// docs/spec-notes.md, Course finder): the heading names the searched text (corrected, without the
// words taken as filters), the chips come with the page, the order a price word asks for is the
// page's order, a page whose word filters leave nothing is widened (ADR 059), and one that finds
// nothing as typed carries nearby searches. Both search paths.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  cachedCatalogue,
  type CachedCatalogue,
} from "@studyatlas/core/catalogue/cached-catalogue.ts";

import type { FinderLoaderData } from "../../app/features/finder/finder-data.ts";
import { loadFinderRoute } from "../../app/features/finder/finder-loader.server.ts";
import { unpackFinderCards } from "../../app/components/course-card/packed-cards.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

const FINDER = { base: "coursefinder", pathScoped: false };
const log = { error: () => undefined };

describe.each([
  ["the finder index", true],
  ["SQL", false],
])("the finder page's data for typed text, answered by %s", (_label, finderIndex) => {
  let t: TestApp;
  let catalogue: CachedCatalogue;
  beforeAll(async () => {
    t = await createTestApp({ config: { finderIndex } });
    catalogue = cachedCatalogue(t.database.db, t.app.catalogueCache, t.app.finderIndex);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function finderPage(query: string): Promise<FinderLoaderData> {
    const answer = await loadFinderRoute(catalogue, FINDER, new URLSearchParams(query), null, log);
    expect(answer.status, query).toBe(200);
    if (answer.data.status !== "ok") throw new Error(`${query}: ${answer.data.message}`);
    return answer.data;
  }

  it("heads a corrected search with the corrected text, not the typo", async () => {
    const page = await finderPage("name=mangement&country=Where%3F");
    expect(page.correctedQuery).toBe("management");
    expect(page.heading).toBe("Management Courses");
  });

  it("heads a search with the text left once its filter words are chips", async () => {
    // As typed: the small test catalogue has no psychology master's in the United Kingdom, and
    // the widened search (ADR 059) would set the chips aside.
    const page = await finderPage("name=psychology%20masters%20UK&widen=false");
    expect(page.heading).toBe("Psychology Courses");
    expect(page.queryChips.map((chip) => chip.label)).toEqual(["Master's", "United Kingdom"]);
  });

  it("orders 'cheap MBA' by tuition, as the sort select shows", async () => {
    const page = await finderPage("name=cheap%20MBA");
    expect(page.ordering).toBe("tuition");
    expect(page.count).toBeGreaterThan(0);
    const picked = await finderPage("name=cheap%20MBA&ordering=name");
    expect(picked.ordering).toBe("name");
    expect(picked.count).toBe(page.count);
  });

  it("offers nearby searches with results when nothing matches", async () => {
    // As typed (widen=false): the Vatican City filter taken from the words is kept.
    const page = await finderPage("name=psychology%20Vatican%20City&attendance=ONLINE&widen=false");
    expect(page.count).toBe(0);
    expect(page.widened).toBeUndefined();
    expect(page.nearby.length).toBeGreaterThan(0);
    for (const nearby of page.nearby) expect(nearby.count, nearby.label).toBeGreaterThan(0);
    expect(page.nearby.map((nearby) => nearby.label)).toContain("Vatican City");
  });

  it("widens a search whose word filters leave nothing, and says what it set aside (ADR 059)", async () => {
    const page = await finderPage("name=psychology%20masters%20Vatican%20City&attendance=ONLINE");
    const online = await finderPage("name=psychology&attendance=ONLINE");
    expect(online.count).toBeGreaterThan(0);
    expect(page.count).toBe(online.count);
    const ids = (cards: string[]) => unpackFinderCards(cards).map((course) => course.id);
    expect(ids(page.results)).toHaveLength(page.results.length);
    expect(ids(page.results)).toEqual(ids(online.results));
    // The level first, then the country: the student's own Online filter stays.
    expect(page.widened?.dropped.map((chip) => chip.label)).toEqual(["Master's", "Vatican City"]);
    expect(page.widened?.message).toBe(
      "No ‘psychology’ programmes at the Master's level in Vatican City — showing ‘psychology’ at every level, in all countries.",
    );
    expect(page.queryChips).toEqual([]);
    expect(page.nearby).toEqual([]);
    expect(page.searchedText).toBe("psychology");
    expect(page.facets.attendance.find((item) => item.value === "ONLINE")?.count).toBe(
      online.count,
    );
  });
});
