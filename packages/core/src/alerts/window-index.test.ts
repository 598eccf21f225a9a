// The alert run's window index (window-index.ts): a search is tested against the shortest
// posting list its filters allow, in the window's order (newest first), and never misses a
// programme that list should hold.
import { describe, expect, it } from "vitest";

import { ALL_PUBLISHED_COURSES, type CourseFilters } from "../finder/course-request.ts";
import { candidatesOf, windowIndexOf, type NewProgramme } from "./window-index.ts";

function programme(id: number, countryId: number, typeId: number, disciplines: number[]) {
  return {
    id,
    name: `Programme ${id}`,
    slug: `programme-${id}`,
    schoolName: "School",
    publishedAt: 1_000 - id,
    programmeTypeId: typeId,
    degreeTypeId: null,
    schoolId: 100 + (id % 2),
    countryId,
    continent: "EU",
    tuitionFee: 0,
    tuitionFeeUsd: null,
    durationDays: 365,
    attendance: "ONLINE",
    format: "FULL",
    featured: false,
    disciplineIds: new Set(disciplines),
  } satisfies NewProgramme;
}

// Positions 0..5, newest first.
const WINDOW = [
  programme(1, 10, 1, [7]),
  programme(2, 20, 2, [7, 8]),
  programme(3, 10, 2, []),
  programme(4, 30, 1, [8]),
  programme(5, 20, 1, [7]),
  programme(6, 10, 1, [8]),
];
const index = windowIndexOf(WINDOW);
const filters = (change: Partial<CourseFilters>): CourseFilters => ({
  ...ALL_PUBLISHED_COURSES,
  ...change,
});
const candidates = (change: Partial<CourseFilters>, text?: Set<number>) => [
  ...candidatesOf(index, filters(change), text),
];

describe("the window index", () => {
  it("tests every programme when no filter narrows the search", () => {
    expect(candidates({ attendance: ["ONLINE"] })).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("takes the shortest list the filters allow, in the window's order", () => {
    expect(candidates({ countryIds: [10] })).toEqual([0, 2, 5]);
    // Type 1 and country 20 together: the one programme of both.
    expect(candidates({ programmeTypeId: 1, countryIds: [20] })).toEqual([4]);
    expect(candidates({ programmeTypeId: 2, countryIds: [30] })).toEqual([]);
    // Every discipline must match: the rarer one's list is enough.
    expect(candidates({ disciplineIds: [7, 8] })).toEqual([0, 1, 4]);
    expect(candidates({ schoolId: 100 })).toEqual([1, 3, 5]);
  });

  it("merges the lists of several countries in order, each once", () => {
    expect(candidates({ countryIds: [30, 20, 30] })).toEqual([1, 3, 4]);
  });

  it("tests nothing for a value no new programme has", () => {
    expect(candidates({ countryIds: [99] })).toEqual([]);
    expect(candidates({ programmeTypeId: 9, countryIds: [10] })).toEqual([]);
  });

  it("narrows to the programmes the free text found", () => {
    expect(candidates({}, new Set([6, 2, 42]))).toEqual([1, 5]);
  });
});
