import { describe, expect, it } from "vitest";

import {
  nameSavedSearch,
  normaliseSavedQuery,
  parseSavedQuery,
  savedSearchPath,
} from "./saved-query.ts";

const names = {
  countries: { germany: "Germany", france: "France", spain: "Spain" },
  disciplines: { business: "Business" },
  schools: { "tu-example": "TU Example" },
};

function nameOf(query: string): string {
  const parsed = parseSavedQuery(normaliseSavedQuery(query));
  if (!parsed.success) throw new Error(parsed.error.message);
  return nameSavedSearch(parsed.data, names);
}

describe("saved queries", () => {
  it("keep only the filters and the text, sorted, without duplicates or empty values", () => {
    expect(
      normaliseSavedQuery(
        "?page=2&ordering=name&seed=4&country=germany&name=MBA&country=france&country=germany&attendance=",
      ),
    ).toBe("name=MBA&country=france&country=germany");
    expect(normaliseSavedQuery("country=germany&name=MBA")).toBe(
      normaliseSavedQuery("name=MBA&country=germany"),
    );
  });

  it("open on the course finder", () => {
    expect(savedSearchPath("")).toBe("/coursefinder");
    expect(savedSearchPath("name=MBA")).toBe("/coursefinder?name=MBA");
  });

  it("are named from their text and filters, most telling first", () => {
    expect(nameOf("name=MBA&programme=postgraduate&country=germany&tuition=0,20000")).toBe(
      "MBA · Graduates · Germany · up to $20,000",
    );
    expect(nameOf("discipline=business&country=germany&country=france&country=spain")).toBe(
      "Business · France, Germany +1",
    );
    expect(nameOf("tuition=0,-1&attendance=ONLINE&course_format=PART")).toBe(
      "free · Online · Part time",
    );
    expect(nameOf("tuition=1000,5000&duration=365,728")).toBe("$1,000 – $5,000 · 1 - 2 years");
    expect(nameOf("school_slug=tu-example&programme=short")).toBe("Short Courses · TU Example");
    expect(nameOf("")).toBe("All programmes");
    expect(nameOf(`name=${"x".repeat(200)}`)).toHaveLength(120);
  });

  it("are refused when the finder would refuse them", () => {
    expect(parseSavedQuery("tuition=abc").success).toBe(false);
    expect(parseSavedQuery("attendance=ROOF").success).toBe(false);
  });
});
