import { describe, expect, it } from "vitest";

import { CourseListQuerySchema, type CourseListQuery } from "@studyatlas/schemas/catalogue.ts";
import type { QueryChip } from "@studyatlas/schemas/finder.ts";

import { ALL_PUBLISHED_COURSES, type CourseListRequest } from "./course-request.ts";
import { describeWidening, keptChips, widenWhenEmpty } from "./widen-search.ts";

const query = (params: Record<string, string | string[]>) => CourseListQuerySchema.parse(params);

const request = (text: string, chips: QueryChip[]): CourseListRequest => ({
  filters: { ...ALL_PUBLISHED_COURSES, text },
  ...(chips.length > 0 ? { interpretation: { text, chips } } : {}),
  ordering: "relevance",
  seed: 0,
  page: 1,
  pageSize: 20,
});

const ITALY: QueryChip = {
  kind: "country",
  label: "Italy",
  words: "in italy",
  text_without: "architecture",
};

/**
 * A finder over a made-up catalogue: how each typed text resolves (its chips) and how many
 * programmes it finds; records the texts resolved.
 */
function finder(readings: Record<string, { chips: QueryChip[]; count: number }>) {
  const resolved: Array<string | undefined> = [];
  return {
    resolved,
    steps: {
      resolve: async (next: CourseListQuery) => {
        resolved.push(next.name);
        const reading = readings[next.name ?? ""];
        if (!reading) throw new Error(`unexpected text ${next.name}`);
        return request(next.name ?? "", reading.chips);
      },
      list: async (next: CourseListRequest) => ({
        count: readings[next.filters.text ?? ""]?.count ?? 0,
      }),
    },
  };
}

describe("widening a search whose word filters leave nothing", () => {
  it("drops the country and says so: 'architecture in italy' shows architecture everywhere", async () => {
    const asked = request("architecture", [ITALY]);
    const { steps, resolved } = finder({ architecture: { chips: [], count: 40 } });
    const widening = await widenWhenEmpty(
      query({ name: "architecture in italy" }),
      asked,
      { count: 0 },
      steps,
    );
    expect(resolved).toEqual(["architecture"]);
    expect(widening.answer.count).toBe(40);
    expect(widening.request.filters.text).toBe("architecture");
    expect(widening.widened).toEqual({
      dropped: [ITALY],
      message: "No ‘architecture’ programmes in Italy — showing ‘architecture’ in all countries.",
      undo_label: "Search in Italy only",
    });
    expect(keptChips([ITALY], widening.widened)).toEqual([]);
  });

  it("sets aside the least specific filter first and keeps the country longest", async () => {
    const level: QueryChip = {
      kind: "level",
      label: "Undergraduate",
      words: "bachelor",
      text_without: "economics germany",
    };
    const germany: QueryChip = {
      kind: "country",
      label: "Germany",
      words: "germany",
      text_without: "economics bachelor",
    };
    const { steps, resolved } = finder({
      "economics germany": {
        chips: [{ ...germany, text_without: "economics" }],
        count: 7,
      },
      "economics bachelor": { chips: [level], count: 90 },
    });
    const widening = await widenWhenEmpty(
      query({ name: "economics bachelor germany" }),
      request("economics", [germany, level]),
      { count: 0 },
      steps,
    );
    expect(resolved).toEqual(["economics germany"]);
    expect(widening.answer.count).toBe(7);
    expect(widening.widened?.dropped).toEqual([level]);
    expect(widening.widened?.message).toBe(
      "No ‘economics’ programmes at the Undergraduate level — showing ‘economics’ at every level.",
    );
    expect(keptChips([germany, level], widening.widened)).toEqual([germany]);
  });

  it("goes on dropping until something matches, one chip at a time", async () => {
    const online: QueryChip = {
      kind: "format",
      label: "Online",
      words: "online",
      text_without: "law in italy",
    };
    const { steps, resolved } = finder({
      "law in italy": { chips: [{ ...ITALY, text_without: "law" }], count: 0 },
      law: { chips: [], count: 12 },
    });
    const widening = await widenWhenEmpty(
      query({ name: "online law in italy" }),
      request("law", [online, { ...ITALY, text_without: "online law" }]),
      { count: 0 },
      steps,
    );
    expect(resolved).toEqual(["law in italy", "law"]);
    expect(widening.answer.count).toBe(12);
    expect(widening.widened?.dropped.map((chip) => chip.label)).toEqual(["Online", "Italy"]);
    expect(widening.widened?.message).toBe(
      "No ‘law’ programmes (Online) in Italy — showing ‘law’ in every format, in all countries.",
    );
  });

  it("leaves the answer alone when it has results, when asked not to, or with no word filter", async () => {
    const { steps, resolved } = finder({ architecture: { chips: [], count: 40 } });
    const asked = request("architecture", [ITALY]);
    const typed = { name: "architecture in italy" };
    const found = await widenWhenEmpty(query(typed), asked, { count: 3 }, steps);
    expect(found).toEqual({ request: asked, answer: { count: 3 } });
    const strict = await widenWhenEmpty(
      query({ ...typed, widen: "false" }),
      asked,
      { count: 0 },
      steps,
    );
    expect(strict.widened).toBeUndefined();
    const plain = await widenWhenEmpty(
      query({ name: "xyzzy" }),
      request("xyzzy", []),
      { count: 0 },
      steps,
    );
    expect(plain.widened).toBeUndefined();
    expect(resolved).toEqual([]);
  });

  it("never drops an order, and gives up when every drop still finds nothing", async () => {
    const cheapest: QueryChip = {
      kind: "price",
      label: "Cheapest first",
      words: "cheap",
      text_without: "xyzzy in italy",
    };
    const { steps, resolved } = finder({ "cheap xyzzy": { chips: [cheapest], count: 0 } });
    const asked = request("xyzzy", [cheapest, { ...ITALY, text_without: "cheap xyzzy" }]);
    const widening = await widenWhenEmpty(
      query({ name: "cheap xyzzy in italy" }),
      asked,
      { count: 0 },
      steps,
    );
    expect(resolved).toEqual(["cheap xyzzy"]);
    expect(widening).toEqual({ request: asked, answer: { count: 0 } });
  });

  it("never widens to every programme: a filter word alone stays as typed", async () => {
    const uk: QueryChip = {
      kind: "country",
      label: "United Kingdom",
      words: "UK",
      text_without: "",
    };
    const { steps, resolved } = finder({});
    const widening = await widenWhenEmpty(
      query({ name: "UK" }),
      request("", [uk]),
      { count: 0 },
      steps,
    );
    expect(widening.widened).toBeUndefined();
    expect(resolved).toEqual([]);
  });

  it("describes a widening without searched text", () => {
    const free: QueryChip = { kind: "price", label: "Free", words: "free", text_without: "" };
    expect(describeWidening("", [free]).message).toBe(
      "No programmes (Free) — showing programmes at any price.",
    );
  });
});
