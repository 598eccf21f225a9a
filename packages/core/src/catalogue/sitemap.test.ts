import { describe, expect, it } from "vitest";

import { sitemapFiles } from "./sitemap.ts";

describe("sitemapFiles", () => {
  it("splits each kind into files of at most 50,000 URLs", () => {
    // The sitemaps.org limit: exactly 50,000 fit one file, one more needs a second.
    expect(sitemapFiles({ courses: 50_000, schools: 0, countries: 0 })).toHaveLength(1);
    expect(sitemapFiles({ courses: 50_001, schools: 0, countries: 0 })).toHaveLength(2);
    const files = sitemapFiles({ courses: 100_001, schools: 50_000, countries: 0 });
    expect(files.map((file) => file.name)).toEqual([
      "courses-1.xml",
      "courses-2.xml",
      "courses-3.xml",
      "schools-1.xml",
    ]);
  });

  it("lists no file for a kind with nothing to list, and numbers each kind from 1", () => {
    const files = sitemapFiles({ courses: 0, schools: 3, countries: 1 }, 2);
    expect(files).toEqual([
      { kind: "schools", number: 1, name: "schools-1.xml" },
      { kind: "schools", number: 2, name: "schools-2.xml" },
      { kind: "countries", number: 1, name: "countries-1.xml" },
    ]);
  });

  it("uses the size it is given", () => {
    expect(sitemapFiles({ courses: 5, schools: 2, countries: 3 }, 2).map((f) => f.name)).toEqual([
      "courses-1.xml",
      "courses-2.xml",
      "courses-3.xml",
      "schools-1.xml",
      "countries-1.xml",
      "countries-2.xml",
    ]);
  });
});
