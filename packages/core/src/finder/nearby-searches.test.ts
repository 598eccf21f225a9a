import { describe, expect, it } from "vitest";

import { CourseListQuerySchema, type CourseListQuery } from "@studyatlas/schemas/catalogue.ts";

import { ALL_PUBLISHED_COURSES, type CourseListRequest } from "./course-request.ts";
import { applyNearbyChange, nearbySearches } from "./nearby-searches.ts";

const query = (params: Record<string, string | string[]>) => CourseListQuerySchema.parse(params);

const request = (chips: NonNullable<CourseListRequest["interpretation"]>["chips"], text: string) =>
  ({
    filters: ALL_PUBLISHED_COURSES,
    interpretation: { text, chips },
    ordering: "relevance",
    seed: 0,
    page: 1,
    pageSize: 20,
  }) as CourseListRequest;

const countryNames = new Map([["vatican-city", "Vatican City"]]);

describe("nearby searches when nothing matches", () => {
  it("relaxes each chip, each filter set and each searched word; keeps those with results, most first", async () => {
    const asked = query({
      name: "psychology masters Vatican City",
      attendance: "ONLINE",
      page: "3",
    });
    const seen: CourseListQuery[] = [];
    const count = async (other: CourseListQuery) => {
      seen.push(other);
      if (other.attendance.length === 0) return 40;
      if (other.name === "psychology Vatican City") return 0;
      if (other.name === "psychology masters") return 12;
      return 0;
    };
    const found = await nearbySearches(
      asked,
      request(
        [
          {
            kind: "level",
            label: "Postgraduate",
            words: "masters",
            text_without: "psychology Vatican City",
          },
          {
            kind: "country",
            label: "Vatican City",
            words: "Vatican City",
            text_without: "psychology masters",
          },
          { kind: "price", label: "Cheapest first", words: "cheap", text_without: "x" },
        ],
        "psychology",
      ),
      count,
      { countryNames },
    );
    expect(found).toEqual([
      {
        kind: "filter",
        label: "Online Learning",
        count: 40,
        change: { drop: [{ key: "attendance", value: "ONLINE" }] },
      },
      {
        kind: "chip",
        label: "Vatican City",
        count: 12,
        change: { name: "psychology masters", drop: [] },
      },
    ]);
    // An order chip is never offered (it does not change the count); every candidate is page 1.
    expect(seen.map((other) => other.name)).not.toContain("x");
    expect(seen.every((other) => other.page === undefined)).toBe(true);
    // The searched word dropped from what was typed, the chips' words kept.
    expect(seen.map((other) => other.name)).toContain("masters Vatican City");
  });

  it("never offers a search with no text and no filter (every programme)", async () => {
    const found = await nearbySearches(
      query({ name: "qzxwv" }),
      request([], "qzxwv"),
      async () => 100,
      { countryNames },
    );
    expect(found).toEqual([]);
  });

  it("applies a change as the page's link does", () => {
    const asked = query({ name: "law UK", country: ["germany", "france"], tuition: "0,0" });
    expect(
      applyNearbyChange(asked, {
        drop: [{ key: "country", value: "germany" }, { key: "tuition" }],
      }),
    ).toMatchObject({ name: "law UK", country: ["france"] });
    expect(applyNearbyChange(asked, { name: "", drop: [] }).name).toBeUndefined();
  });
});
