import { describe, expect, it } from "vitest";

import { activeFilterChips } from "./active-filter-chips.ts";
import type { FinderLocation, FinderPageData } from "./finder-data.ts";

const COUNTRIES = [{ id: 1, name: "United Kingdom", slug: "united-kingdom" }];

function page(data: Partial<FinderPageData>): FinderPageData {
  return {
    facets: { country: [], degree_type: [] },
    currencies: [],
    queryChips: [],
    nearby: [],
    discipline: undefined,
    school: undefined,
    ...data,
  } as unknown as FinderPageData;
}

const at = (search: string): FinderLocation => ({
  pathname: "/coursefinder",
  search,
  scope: { base: "coursefinder", pathScoped: false },
});

describe("the finder's active-filter chips", () => {
  it("shows no chip for the country box's placeholder ('Where?')", () => {
    const chips = activeFilterChips(page({}), at("?name=law&country=Where%3F"), COUNTRIES);
    expect(chips.map((chip) => chip.label)).toEqual(["Search: law"]);
  });

  it("shows the filters taken from the typed words first; removing one searches without its words", () => {
    const data = page({
      searchedText: "psychology",
      queryChips: [
        { kind: "level", label: "Postgraduate", words: "masters", text_without: "psychology UK" },
        {
          kind: "country",
          label: "United Kingdom",
          words: "UK",
          text_without: "psychology masters",
        },
      ],
    });
    const chips = activeFilterChips(
      data,
      at("?name=psychology+masters+UK&country=Where%3F&page=2"),
      COUNTRIES,
    );
    expect(chips.map((chip) => [chip.label, chip.words, chip.href])).toEqual([
      ["Postgraduate", "masters", "/coursefinder?name=psychology+UK"],
      ["United Kingdom", "UK", "/coursefinder?name=psychology+masters"],
      ["Search: psychology", undefined, "/coursefinder"],
    ]);
  });

  it("shows no text chip when every typed word became a filter", () => {
    const data = page({
      searchedText: undefined,
      queryChips: [{ kind: "country", label: "United Kingdom", words: "UK", text_without: "" }],
    });
    const chips = activeFilterChips(data, at("?name=UK"), COUNTRIES);
    expect(chips.map((chip) => [chip.label, chip.href])).toEqual([
      ["United Kingdom", "/coursefinder"],
    ]);
  });
});
