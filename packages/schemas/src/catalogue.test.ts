import { describe, expect, it } from "vitest";

import { PROGRAMME_TYPE_IDS, isPlaceholder, normaliseProgramme } from "./catalogue-constants.ts";
import { CourseListQuerySchema, durationRangeParam, tuitionRangeParam } from "./catalogue.ts";

describe("normaliseProgramme", () => {
  // Every spelling the spec's clients send (docs/spec/discovery.md §7, docs/spec/accounts-and-details.md §7) and the
  // forms a browser turns them into.
  it.each([
    ["undergraduate", "undergraduate"],
    ["Undergraduates", "undergraduate"],
    ["bachelors", "undergraduate"],
    ["postgraduate", "postgraduate"],
    ["graduate", "postgraduate"],
    ["Masters", "postgraduate"],
    ["Executive Education", "executive"],
    ["Executive+Education", "executive"],
    ["executive", "executive"],
    ["short+courses", "short"],
    ["Short+Courses", "short"],
    ["Short Courses", "short"],
    ["short_course", "short"],
    ["short-courses", "short"],
    ["shortcourse", "short"],
    ["Certificate Courses", "certificate"],
    ["Certificate+Courses", "certificate"],
    ["certificates", "certificate"],
    ["  POSTGRADUATE  ", "postgraduate"],
    ["Short   Courses", "short"],
  ] as const)("maps %j to %s", (spelling, slug) => {
    expect(normaliseProgramme(spelling)).toBe(slug);
  });

  it.each(["", "phd", "doctorate", "executives education", "short courses please", "7"])(
    "rejects %j",
    (spelling) => {
      expect(normaliseProgramme(spelling)).toBeUndefined();
    },
  );

  it("gives each programme the spec's type id", () => {
    expect(PROGRAMME_TYPE_IDS).toEqual({
      undergraduate: 7,
      postgraduate: 8,
      executive: 9,
      short: 10,
      certificate: 11,
    });
  });
});

describe("isPlaceholder", () => {
  it.each(["Where?", "where?", "WHERE", "", "   ", "Anywhere"])(
    "treats %j as no filter",
    (value) => {
      expect(isPlaceholder(value)).toBe(true);
    },
  );

  it.each(["united-kingdom", "hong-kong", "wh"])("keeps %j as a filter", (value) => {
    expect(isPlaceholder(value)).toBe(false);
  });
});

describe("durationRangeParam", () => {
  it.each([
    ["0,364", { min: 0, max: 364 }],
    ["365,728", { min: 365, max: 728 }],
    ["730,1460", { min: 730, max: 1460 }],
    ["1461,-1", { min: 1461, max: null }],
    [" 365 , 728 ", { min: 365, max: 728 }],
    ["5,5", { min: 5, max: 5 }],
    ["0,-1", { min: 0, max: null }],
  ] as const)("parses %j", (value, range) => {
    expect(durationRangeParam.parse(value)).toEqual(range);
  });

  it.each(["5", "a,b", "10,5", "-1,5", "5,-2", "1.5,3", "1,2,3", "", ",", "1461,"])(
    "rejects %j with a message quoting it",
    (value) => {
      const result = durationRangeParam.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toContain(`'${value}'`);
    },
  );
});

describe("tuitionRangeParam", () => {
  it("reads the free-courses preset 0,-1", () => {
    expect(tuitionRangeParam.parse("0,-1")).toEqual({ kind: "free-or-unknown" });
    expect(tuitionRangeParam.parse(" 0 , -1 ")).toEqual({ kind: "free-or-unknown" });
  });

  it.each([
    ["0,5000", { kind: "range", min: 0, max: 5000 }],
    ["1000,1000", { kind: "range", min: 1000, max: 1000 }],
    ["0,0", { kind: "range", min: 0, max: 0 }],
    ["200, 90000", { kind: "range", min: 200, max: 90000 }],
  ] as const)("parses %j", (value, range) => {
    expect(tuitionRangeParam.parse(value)).toEqual(range);
  });

  it.each(["abc", "5,1", "-5,10", "10,-1", "1,-1", "100", "1e3,2e3", "", "0,-2"])(
    "rejects %j",
    (value) => {
      expect(tuitionRangeParam.safeParse(value).success).toBe(false);
    },
  );
});

describe("CourseListQuerySchema", () => {
  it("reads repeated keys as lists and single keys as one value", () => {
    const query = CourseListQuerySchema.parse({
      country: ["united-kingdom", "Hong-Kong"],
      duration: ["0,364", "1461,-1"],
      degree_type: "3",
      attendance: ["online", "Blended"],
      course_format: "part",
      programme: "short+courses",
      page: "2",
    });
    expect(query.country).toEqual(["united-kingdom", "hong-kong"]);
    expect(query.duration).toEqual([
      { min: 0, max: 364 },
      { min: 1461, max: null },
    ]);
    expect(query.degree_type).toEqual([3]);
    expect(query.attendance).toEqual(["ONLINE", "BLENDED"]);
    expect(query.course_format).toEqual(["PART"]);
    expect(query.programme).toBe("short");
    expect(query.page).toBe(2);
  });

  it("drops the 'Where?' country placeholder and empty values", () => {
    const query = CourseListQuerySchema.parse({
      country: ["Where?", "", "france"],
      name: "",
      discipline: "",
    });
    expect(query.country).toEqual(["france"]);
    expect(query.name).toBeUndefined();
    expect(query.discipline).toBeUndefined();
  });

  it("takes the last value of a repeated single-valued key, as DRF does", () => {
    expect(CourseListQuerySchema.parse({ page: ["1", "3"] }).page).toBe(3);
  });

  it("reads booleans", () => {
    expect(CourseListQuerySchema.parse({ featured: "true", published: "0" })).toMatchObject({
      featured: true,
      published: false,
    });
  });

  it.each([
    ["page", "0"],
    ["page", "abc"],
    ["page_size", "101"],
    ["tuition", "abc"],
    ["duration", "5"],
    ["degree_type", "x"],
    ["attendance", "NOPE"],
    ["course_format", "x"],
    ["featured", "maybe"],
    ["ordering", "foo"],
    ["discipline", "Not A Slug!"],
    ["exclude_continent", "XX"],
    ["programme", "phd"],
  ])("reports %s=%j against that parameter", (parameter, value) => {
    const result = CourseListQuerySchema.safeParse({ [parameter]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(parameter);
  });
});
