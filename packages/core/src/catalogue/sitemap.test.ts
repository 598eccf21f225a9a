import { describe, expect, it } from "vitest";

import { SITEMAP_MAX_URLS, sitemapFiles } from "./sitemap.ts";

describe("sitemapFiles", () => {
  it("splits each kind into files of at most 50,000 URLs", () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    const files = sitemapFiles({ courses: 100_001, schools: 50_000, countries: 0 });
    expect(files.map((file) => file.name)).toEqual([
      "courses-1.xml",
      "courses-2.xml",
      "courses-3.xml",
      "schools-1.xml",
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
