import { describe, expect, it } from "vitest";

import type { FinderFacets } from "@studyatlas/core/finder/finder-facets.ts";

import {
  packDegreeTypeGroups,
  packFinderFacets,
  unpackDegreeTypeGroups,
  unpackFinderFacets,
} from "./packed-facets.ts";

const facets: FinderFacets = {
  discipline: [
    { slug: "computer-science", name: "Computer Science", count: 74 },
    { slug: "art", name: "Art", count: 0 },
  ],
  programme: [{ slug: "undergraduate", count: 3 }],
  duration: [{ key: "1-2y", count: 5 }],
  degree_type: [
    { id: 7, name: "Master of Science (MSc)", count: 12 },
    { id: 12, name: "Bachelor", count: 0 },
  ],
  attendance: [{ value: "ONLINE", count: 9 }],
  course_format: [{ value: "PART", count: 4 }],
  country: [
    { slug: "united-kingdom", name: "United Kingdom", count: 1_234 },
    { slug: "cote-divoire", name: "Côte d’Ivoire", count: 1 },
  ],
};

describe("the finder's packed facets", () => {
  it("read back as the records they were made from", () => {
    const packed = packFinderFacets(facets);
    expect(packed.country).toBe("united-kingdom 1234 United Kingdom|cote-divoire 1 Côte d’Ivoire");
    expect(packed.programme).toEqual(facets.programme);
    expect(unpackFinderFacets(packed)).toEqual(facets);
  });

  it("read empty lists as empty, and skip a row that cannot be read", () => {
    const packed = packFinderFacets({ ...facets, discipline: [], degree_type: [], country: [] });
    expect(unpackFinderFacets(packed)).toEqual({
      ...facets,
      discipline: [],
      degree_type: [],
      country: [],
    });
    const damaged = unpackFinderFacets({
      ...packed,
      country: "spain x Spain|france 3 France|italy",
      degree_type: "x 2 Diploma|4 1 Certificate",
    });
    expect(damaged.country).toEqual([{ slug: "france", name: "France", count: 3 }]);
    expect(damaged.degree_type).toEqual([{ id: 4, name: "Certificate", count: 1 }]);
  });

  it("carry the degree types' groups as text, a group of no named level included", () => {
    const groups = [
      { programme: "undergraduate" as const, label: "Undergraduate", ids: [1, 2, 30] },
      { programme: undefined, label: "Other | Misc", ids: [] },
    ];
    const text = packDegreeTypeGroups(groups);
    expect(text).toBe("undergraduate 1,2,30 Undergraduate|-  Other %7C Misc");
    expect(unpackDegreeTypeGroups(text)).toEqual(groups);
  });
});
