import { describe, expect, it } from "vitest";

import { countryListRequest, countryPageHref, countryPageRequest } from "./country-page-request.ts";

const query = (text: string) => new URLSearchParams(text);

describe("countryPageRequest", () => {
  it("reads the id, slug, tab, sort and page of the address", () => {
    expect(
      countryPageRequest(query("id=12&slug=japan&tab=schools&sort=-courses&page=3"), "Japan"),
    ).toEqual({ id: 12, slug: "japan", name: "Japan", tab: "schools", sort: "-courses", page: 3 });
  });

  it("falls back to the defaults for what the address gets wrong", () => {
    expect(countryPageRequest(query("id=x&tab=nope&sort=size&page=-2"), "Peru")).toEqual({
      name: "Peru",
      tab: "about",
      sort: "name",
      page: 1,
    });
    expect(countryPageRequest(query("page=0"), "Peru").page).toBe(1);
  });
});

describe("countryListRequest", () => {
  it("orders by programmes when asked, by name otherwise", () => {
    expect(countryListRequest(query("sort=programmes"))).toEqual({
      sort: "programmes",
      ordering: "-courses",
    });
    expect(countryListRequest(query("sort=other"))).toEqual({ sort: "name", ordering: "name" });
  });
});

describe("countryPageHref", () => {
  const base = "/countries/Japan?id=12&slug=japan";
  const view = { tab: "schools" as const, sort: "-courses" as const, page: 2 };

  it("keeps the country's id and slug and the view, leaving defaults out", () => {
    expect(countryPageHref(base, view, {})).toBe(
      "/countries/Japan?id=12&slug=japan&tab=schools&sort=-courses&page=2",
    );
    expect(countryPageHref(base, view, { page: "1" })).toBe(
      "/countries/Japan?id=12&slug=japan&tab=schools&sort=-courses",
    );
  });

  it("drops the sort and page outside the schools tab", () => {
    expect(countryPageHref(base, view, { tab: "about" })).toBe("/countries/Japan?id=12&slug=japan");
    expect(countryPageHref(base, view, { tab: "costs" })).toBe(
      "/countries/Japan?id=12&slug=japan&tab=costs",
    );
  });
});
