import { describe, expect, it } from "vitest";

import {
  continentName,
  countryPath,
  formatDetailAttendance,
  formatMonthYear,
  formatWithSpaces,
  schoolCoursesPath,
  whyChooseTitle,
  youtubeEmbedUrl,
} from "./detail-display.ts";

describe("formatMonthYear (Intakes and Deadlines)", () => {
  it("shows month and year", () => {
    expect(formatMonthYear(9, 2027)).toBe("September 2027");
    expect(formatMonthYear(1, 2026)).toBe("January 2026");
  });
  it("hides the year when it is 0", () => {
    expect(formatMonthYear(3, 0)).toBe("March");
  });
  it("shows nothing when the month is not announced or out of range", () => {
    expect(formatMonthYear(0, 2027)).toBeUndefined();
    expect(formatMonthYear(0, 0)).toBeUndefined();
    expect(formatMonthYear(13, 2027)).toBeUndefined();
  });
});

describe("formatDetailAttendance", () => {
  it("shows SITE as On-site", () => {
    expect(formatDetailAttendance("SITE")).toBe("On-site");
    expect(formatDetailAttendance("ONLINE")).toBe("Online");
    expect(formatDetailAttendance("BLENDED")).toBe("Blended");
  });
});

describe("formatWithSpaces (population, students)", () => {
  it("separates thousands with a space", () => {
    expect(formatWithSpaces(67596281)).toBe("67 596 281");
    expect(formatWithSpaces(1000)).toBe("1 000");
    expect(formatWithSpaces(999)).toBe("999");
    expect(formatWithSpaces(0)).toBe("0");
    expect(formatWithSpaces(1417492000)).toBe("1 417 492 000");
    expect(formatWithSpaces(-12345)).toBe("-12 345");
    expect(formatWithSpaces(1234.6)).toBe("1 235");
  });
});

describe("links and labels", () => {
  it("builds the country path with id and slug", () => {
    expect(countryPath({ id: 6, name: "United Kingdom", slug: "united-kingdom" })).toBe(
      "/countries/United%20Kingdom?id=6&slug=united-kingdom",
    );
  });
  it("builds the finder link of a school", () => {
    expect(schoolCoursesPath("northbridge-university")).toBe(
      "/coursefinder?name=&country=Where%3F&school_slug=northbridge-university",
    );
  });
  it("names continents", () => {
    expect(continentName("EU")).toBe("Europe");
    expect(continentName("na")).toBe("North America");
    expect(continentName("XX")).toBe("XX");
  });
  it("titles the why-choose section", () => {
    expect(whyChooseTitle("BA Media Production", "Northbridge University")).toBe(
      "Why Choose a BA Media Production program from Northbridge University",
    );
    expect(whyChooseTitle("MSc Data Science", "Northbridge University")).toBe(
      "Why Choose an MSc Data Science program from Northbridge University",
    );
    expect(whyChooseTitle("Advanced Certificate in Law", "Rosscliffe College")).toBe(
      "Why Choose an Advanced Certificate in Law program from Rosscliffe College",
    );
  });
  it("accepts only YouTube videos, in their privacy-enhanced form", () => {
    expect(youtubeEmbedUrl("https://www.youtube.com/embed/abcdefghijk")).toBe(
      "https://www.youtube-nocookie.com/embed/abcdefghijk",
    );
    expect(youtubeEmbedUrl("https://youtu.be/abcdefghijk")).toBe(
      "https://www.youtube-nocookie.com/embed/abcdefghijk",
    );
    expect(youtubeEmbedUrl("javascript:alert(1)")).toBeUndefined();
    expect(youtubeEmbedUrl("https://evil.example/embed/abcdefghijk")).toBeUndefined();
    expect(youtubeEmbedUrl("")).toBeUndefined();
  });
});
