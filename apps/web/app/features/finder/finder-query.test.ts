import { describe, expect, it } from "vitest";

import { CourseListQuerySchema, durationRangeParam } from "@studyatlas/schemas/catalogue.ts";
import { DURATION_BUCKETS } from "@studyatlas/schemas/catalogue-constants.ts";

import {
  buildFinderSearch,
  disciplineHref,
  disciplineHrefs,
  finderQueryObject,
  programmeHref,
  toggleValue,
  withOrdering,
  withPage,
  withValues,
} from "./finder-query.ts";
import { finderScopeFromPath, type FinderScope } from "./finder-route.ts";

const FINDER: FinderScope = { base: "coursefinder", pathScoped: false };
const GRADUATE_LAW: FinderScope = {
  base: "graduate",
  pathScoped: true,
  programme: "postgraduate",
  disciplineSlug: "law",
};

describe("buildFinderSearch (docs/spec/discovery.md §5)", () => {
  it("skips empty values and any value containing 'where'", () => {
    const params = new URLSearchParams(
      "name=&country=Where%3F&country=canada&school_slug=somewhere-else&attendance=ONLINE",
    );
    expect(buildFinderSearch(params)).toBe("?country=canada&attendance=ONLINE");
  });

  it("drops unknown keys and repeated values, and keeps the last of a single key", () => {
    const params = new URLSearchParams("utm_source=x&country=canada&country=canada&page=2&page=3");
    expect(buildFinderSearch(params)).toBe("?country=canada&page=3");
  });

  it("answers an empty string for an empty query", () => {
    expect(buildFinderSearch(new URLSearchParams("name=&country=Where?"))).toBe("");
  });
});

describe("changing filters", () => {
  it("goes back to page 1 on any filter change", () => {
    expect(toggleValue("?attendance=ONLINE&page=4", "attendance", "SITE")).toBe(
      "?attendance=ONLINE&attendance=SITE",
    );
    expect(toggleValue("?attendance=ONLINE&page=4", "attendance", "ONLINE")).toBe("");
    expect(withValues("?page=2&tuition=0,10", "tuition", ["5,50"])).toBe("?tuition=5%2C50");
  });

  it("sets and clears the page", () => {
    expect(withPage("?name=law", 3)).toBe("?name=law&page=3");
    expect(withPage("?name=law&page=3", 1)).toBe("?name=law");
  });

  it("changes the order from page 1 and drops a URL seed", () => {
    expect(withOrdering("?name=law&page=5&seed=9&ordering=name", "-name")).toBe(
      "?name=law&ordering=-name",
    );
  });
});

describe("duration buckets as query values (docs/spec/discovery.md §9)", () => {
  it("are 'min,max' in days, -1 for no upper bound, and parse as durations", () => {
    expect(DURATION_BUCKETS.map((bucket) => bucket.key)).toEqual([
      "0,364",
      "365,728",
      "729,1095",
      "1096,1460",
      "1461,-1",
    ]);
    for (const bucket of DURATION_BUCKETS) {
      expect(bucket.key).toBe(`${bucket.min},${bucket.max ?? -1}`);
      expect(durationRangeParam.parse(bucket.key)).toEqual({ min: bucket.min, max: bucket.max });
    }
  });

  it("do not overlap", () => {
    for (const [index, bucket] of DURATION_BUCKETS.entries()) {
      const next = DURATION_BUCKETS[index + 1];
      if (next) expect(next.min).toBe((bucket.max ?? Number.NaN) + 1);
    }
  });

  it("toggle into repeated duration keys", () => {
    const one = toggleValue("", "duration", "0,364");
    expect(toggleValue(one, "duration", "1461,-1")).toBe("?duration=0%2C364&duration=1461%2C-1");
  });
});

describe("discipline and programme links (docs/spec/discovery.md §2)", () => {
  it("sends a discipline to /{programme variant}/{slug}, or /courses/{slug}, keeping filters", () => {
    expect(
      disciplineHref(FINDER, "graduate", "?programme=postgraduate&country=canada&page=2", "law"),
    ).toBe("/graduate/law?country=canada");
    expect(disciplineHref(FINDER, "courses", "?name=data", "computer-science")).toBe(
      "/courses/computer-science?name=data",
    );
  });

  it("clears the discipline back to the variant, or drops the query key", () => {
    expect(disciplineHref(GRADUATE_LAW, "graduate", "?attendance=ONLINE", undefined)).toBe(
      "/graduate?attendance=ONLINE",
    );
    expect(disciplineHref(FINDER, "courses", "?discipline=law&name=x", undefined)).toBe(
      "/coursefinder?name=x",
    );
  });

  it("gives every discipline of a list the link disciplineHref gives it", () => {
    const search = "?programme=postgraduate&discipline=law&country=canada&page=2";
    const hrefOf = disciplineHrefs(FINDER, "graduate", search);
    for (const slug of ["law", "art", undefined]) {
      expect(hrefOf(slug)).toBe(disciplineHref(FINDER, "graduate", search, slug));
    }
  });

  it("switches programme by path on the variants and by query on the finder", () => {
    expect(
      programmeHref(GRADUATE_LAW, "?page=3", {
        variantPath: "undergraduate",
        query: "undergraduate",
      }),
    ).toBe("/undergraduate/law");
    expect(programmeHref(GRADUATE_LAW, "", undefined)).toBe("/courses/law");
    expect(
      programmeHref(FINDER, "?name=x", { variantPath: "shortcourse", query: "Short Courses" }),
    ).toBe("/coursefinder?name=x&programme=Short+Courses");
    expect(programmeHref(FINDER, "?programme=postgraduate", undefined)).toBe("/coursefinder");
  });
});

describe("finderQueryObject", () => {
  it("lets the path's programme and discipline win, and parses with the API schema", () => {
    const scope = finderScopeFromPath("/graduate/law");
    if (!scope) throw new Error("expected a finder scope");
    const query = finderQueryObject(
      new URLSearchParams(
        "programme=undergraduate&discipline=medicine&country=canada&currency=EUR",
      ),
      scope,
    );
    expect(query).toEqual({ programme: "postgraduate", discipline: "law", country: ["canada"] });
    expect(CourseListQuerySchema.parse(query)).toMatchObject({
      programme: "postgraduate",
      discipline: "law",
      country: ["canada"],
    });
  });

  it("skips placeholder values", () => {
    expect(finderQueryObject(new URLSearchParams("name=&country=Where?"), FINDER)).toEqual({});
  });
});
