import { describe, expect, it } from "vitest";

import { finderHeading, finderScopeFromPath, variantPathOf } from "./finder-route.ts";

describe("finderHeading (docs/spec/discovery.md §2)", () => {
  it("uses the name query, hyphens as spaces and capitalised, followed by Courses", () => {
    expect(finderHeading({ name: "data-science" })).toBe("Data Science Courses");
    expect(finderHeading({ name: "  machine   learning " })).toBe("Machine Learning Courses");
  });

  it("falls back to Explore without a name or with the placeholder", () => {
    expect(finderHeading({})).toBe("Explore Courses");
    expect(finderHeading({ name: "" })).toBe("Explore Courses");
    expect(finderHeading({ name: "Where?" })).toBe("Explore Courses");
  });

  it("names the programme on the variants, postgraduate as Graduate", () => {
    expect(finderHeading({ programmeLabel: "Graduate", name: "law" })).toBe("Graduate Courses");
    expect(finderHeading({ programmeLabel: "Undergraduate" })).toBe("Undergraduate Courses");
    expect(finderHeading({ programmeLabel: "Executive Education" })).toBe(
      "Executive Education Courses",
    );
  });

  it("does not double a label that already ends in Courses", () => {
    expect(finderHeading({ programmeLabel: "Short Courses" })).toBe("Short Courses");
    expect(finderHeading({ programmeLabel: "Certificate Courses" })).toBe("Certificate Courses");
  });
});

describe("finderScopeFromPath", () => {
  it("knows the finder's own paths, without a child", () => {
    expect(finderScopeFromPath("/coursefinder")).toEqual({
      base: "coursefinder",
      pathScoped: false,
    });
    expect(finderScopeFromPath("/search/")).toEqual({ base: "search", pathScoped: false });
    expect(finderScopeFromPath("/coursefinder/law")).toBeUndefined();
  });

  it("reads the programme and discipline of a variant", () => {
    expect(finderScopeFromPath("/graduate/computer-science")).toEqual({
      base: "graduate",
      pathScoped: true,
      programme: "postgraduate",
      disciplineSlug: "computer-science",
    });
    expect(finderScopeFromPath("/courses/law")).toEqual({
      base: "courses",
      pathScoped: true,
      disciplineSlug: "law",
    });
    expect(finderScopeFromPath("/shortcourse")).toEqual({
      base: "shortcourse",
      pathScoped: true,
      programme: "short",
    });
  });

  it("answers undefined for other paths", () => {
    expect(finderScopeFromPath("/")).toBeUndefined();
    expect(finderScopeFromPath("/course/some-slug")).toBeUndefined();
    expect(finderScopeFromPath("/graduate/law/extra")).toBeUndefined();
  });

  it("maps programmes to their variant paths", () => {
    expect(variantPathOf("postgraduate")).toBe("graduate");
    expect(variantPathOf("short")).toBe("shortcourse");
    expect(variantPathOf(undefined)).toBe("courses");
  });
});
