// The generated schools: spread over the world like the real market, with the countries the spec
// links to, and plausible names and pages. Their programmes: generate-courses.test.ts.
import { beforeAll, describe, expect, it } from "vitest";

import { COUNTRIES } from "./countries.ts";
import { SCHOOLS } from "./generate-support.ts";
import { REQUIRED_SCHOOL_COUNTRY_CODES } from "./school-markets.ts";
import { allocateSchools, generateSchools, type SchoolRecord } from "./schools.ts";

let schools: SchoolRecord[];
const countryById = new Map(COUNTRIES.map((c) => [c.id, c]));

beforeAll(() => {
  // The same schools as the whole catalogue's: the programmes are generated after them.
  schools = generateSchools(SCHOOLS, 42);
});

describe("schools", () => {
  it("spreads over at least 40 countries on every continent, weighted to the big markets", () => {
    const countryIds = new Set(schools.map((s) => s.countryId));
    expect(countryIds.size).toBeGreaterThanOrEqual(40);
    const continents = new Set([...countryIds].map((id) => countryById.get(id)?.continent));
    for (const continent of ["AF", "AS", "EU", "NA", "OC", "SA"])
      expect(continents.has(continent as never), continent).toBe(true);
    const perCountry = (code: string) => schools.filter((s) => s.countryCode === code).length;
    expect(perCountry("US")).toBeGreaterThan(perCountry("FI"));
    expect(perCountry("GB")).toBeGreaterThan(perCountry("CL"));
  });

  it("covers every country slug the spec links to", () => {
    const slugs = new Set(schools.map((s) => countryById.get(s.countryId)?.slug));
    for (const slug of [
      "united-kingdom",
      "united-states",
      "canada",
      "australia",
      "germany",
      "netherlands",
      "singapore",
      "france",
      "spain",
      "italy",
      "japan",
      "switzerland",
      "hong-kong",
      "finland",
      "south-korea",
      "china",
      "india",
      "south-africa",
      "sweden",
    ]) {
      expect(slugs.has(slug), slug).toBe(true);
    }
  });

  it("allocates the spec's countries first even for tiny catalogues", () => {
    const allocation = allocateSchools(REQUIRED_SCHOOL_COUNTRY_CODES.length);
    expect([...allocation.keys()].sort()).toEqual([...REQUIRED_SCHOOL_COUNTRY_CODES].sort());
    expect([...allocateSchools(8000).values()].reduce((a, b) => a + b, 0)).toBe(8000);
  });

  it("has unique, plausible names and the fields the school page shows", () => {
    expect(new Set(schools.map((s) => s.name)).size).toBe(schools.length);
    expect(new Set(schools.map((s) => s.slug)).size).toBe(schools.length);
    const types = new Set(schools.map((s) => s.institutionType));
    for (const type of [
      "Public university",
      "Private university",
      "Business school",
      "Institute of technology",
      "Online university",
      "College",
    ]) {
      expect(types.has(type as never), type).toBe(true);
    }
    for (const school of schools) {
      expect(school.name).toMatch(/^\S(.*\S)?$/);
      expect(school.name).not.toMatch(/undefined|\{|\}| {2}/);
      expect(school.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(school.website).toBe(`https://www.${school.slug}.example.edu`);
      expect(school.logo).toBe(`/media/schools/${school.slug}/logo.svg`);
      expect(school.banner).toBe(`/media/schools/${school.slug}/banner.svg`);
      expect(["", `/media/schools/${school.slug}/thumbnail.svg`]).toContain(school.thumbnail);
      expect(school.video).toMatch(/^$|^https:\/\/www\.youtube\.com\/embed\/[\w-]{11}$/);
      expect(school.yearEstablished).toBeGreaterThanOrEqual(1150);
      expect(school.yearEstablished).toBeLessThanOrEqual(2020);
      expect(school.about.split(/(?<=\.) /).length).toBeGreaterThanOrEqual(2);
      expect(school.about).toContain(school.city);
    }
    const withoutThumbnail = schools.filter((s) => s.thumbnail === "").length / schools.length;
    expect(withoutThumbnail).toBeGreaterThan(0.04);
    expect(withoutThumbnail).toBeLessThan(0.18);
    // Names follow the country's conventions.
    expect(
      schools.some(
        (s) =>
          s.countryCode === "DE" &&
          /^(Universität|Technische|Hochschule|Fachhochschule|Fernhochschule|Private Hochschule)/.test(
            s.name,
          ),
      ),
    ).toBe(true);
    expect(schools.some((s) => s.countryCode === "ES" && s.name.startsWith("Universidad"))).toBe(
      true,
    );
    expect(
      schools.some((s) => s.countryCode === "FR" && /^(Université|École|Institut)/.test(s.name)),
    ).toBe(true);
    // European public universities are older on average than online universities.
    const average = (rows: SchoolRecord[]) =>
      rows.reduce((sum, s) => sum + s.yearEstablished, 0) / rows.length;
    expect(
      average(
        schools.filter((s) => s.continent === "EU" && s.institutionType === "Public university"),
      ),
    ).toBeLessThan(average(schools.filter((s) => s.institutionType === "Online university")));
  });
});
