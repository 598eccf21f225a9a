import { describe, expect, it } from "vitest";

import { programmeSlug } from "./programmes.ts";

describe("programmeSlug", () => {
  it("joins the name and the school's slug, as the catalogue's slugs read", () => {
    expect(programmeSlug("MSc Data Science", "university-of-leeds", new Set())).toBe(
      "msc-data-science-university-of-leeds",
    );
  });

  it("removes accents and punctuation", () => {
    expect(programmeSlug("Économie & Gestión (MBA)", "hec", new Set())).toBe(
      "economie-gestion-mba-hec",
    );
  });

  it("takes the next free number when the slug is taken", () => {
    const taken = new Set(["law-oxford", "law-oxford-2"]);
    expect(programmeSlug("Law", "oxford", taken)).toBe("law-oxford-3");
  });

  it("names a programme whose name has no Latin letters or digits 'programme'", () => {
    expect(programmeSlug("经济学", "peking", new Set())).toBe("programme-peking");
  });

  it("keeps long names to a slug the pages accept", () => {
    const slug = programmeSlug("Advanced ".repeat(40), "school", new Set());
    expect(slug.length).toBeLessThanOrEqual(130);
    expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});
