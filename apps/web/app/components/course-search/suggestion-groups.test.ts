import { describe, expect, it } from "vitest";

import type { Suggestion } from "@studyatlas/schemas/finder.ts";

import { groupSuggestions, moveHighlight } from "./suggestion-groups.ts";

const suggestion = (type: Suggestion["type"], label: string): Suggestion => ({
  type,
  label,
  detail: "",
  url: `/${type}/${label}`,
});

describe("groupSuggestions", () => {
  it("groups by Programmes, Disciplines, Schools, Countries and numbers them in that order", () => {
    const { groups, ordered } = groupSuggestions([
      suggestion("country", "Germany"),
      suggestion("programme", "MSc Data Science"),
      suggestion("school", "Atlas University"),
      suggestion("programme", "BSc Data Science"),
      suggestion("discipline", "Computer Science"),
    ]);
    expect(groups.map((group) => group.label)).toEqual([
      "Programmes",
      "Disciplines",
      "Schools",
      "Countries",
    ]);
    expect(ordered.map((item) => item.label)).toEqual([
      "MSc Data Science",
      "BSc Data Science",
      "Computer Science",
      "Atlas University",
      "Germany",
    ]);
    expect(groups[2]?.items[0]?.index).toBe(3);
  });

  it("leaves out empty groups", () => {
    const { groups } = groupSuggestions([suggestion("school", "Atlas University")]);
    expect(groups.map((group) => group.type)).toEqual(["school"]);
  });
});

describe("moveHighlight", () => {
  it("moves down from nothing to the first and wraps at the end", () => {
    expect(moveHighlight(-1, "ArrowDown", 3)).toBe(0);
    expect(moveHighlight(1, "ArrowDown", 3)).toBe(2);
    expect(moveHighlight(2, "ArrowDown", 3)).toBe(0);
  });

  it("moves up from nothing to the last and wraps at the start", () => {
    expect(moveHighlight(-1, "ArrowUp", 3)).toBe(2);
    expect(moveHighlight(0, "ArrowUp", 3)).toBe(2);
  });

  it("highlights nothing in an empty list", () => {
    expect(moveHighlight(0, "ArrowDown", 0)).toBe(-1);
  });
});
