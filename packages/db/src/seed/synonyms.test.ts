// The curated synonym list keeps the table's rules (schema/search.ts) and its own: normalised
// words, no entry repeating a word, no two entries alike, one-way inputs that are not their own
// expansions (docs/decisions/044-synonyms-as-data.md).
import { describe, expect, it } from "vitest";

import { CURATED_SYNONYMS } from "./synonyms.ts";

const NORMALISED = /^[a-z0-9]+( [a-z0-9]+)*$/;

function key(entry: (typeof CURATED_SYNONYMS)[number]): string {
  const words = [...entry.words].sort().join("|");
  return entry.kind === "one-way" ? `one-way:${entry.input}:${words}` : `two-way:${words}`;
}

describe("the curated synonym list", () => {
  it("has between 80 and 150 entries, both kinds", () => {
    expect(CURATED_SYNONYMS.length).toBeGreaterThanOrEqual(80);
    expect(CURATED_SYNONYMS.length).toBeLessThanOrEqual(150);
    expect(CURATED_SYNONYMS.some((entry) => entry.kind === "one-way")).toBe(true);
    expect(CURATED_SYNONYMS.some((entry) => entry.kind === "two-way")).toBe(true);
  });

  it("writes every word lower case, unaccented, single-spaced", () => {
    for (const entry of CURATED_SYNONYMS) {
      const words = entry.kind === "one-way" ? [entry.input, ...entry.words] : entry.words;
      for (const word of words) expect(word, key(entry)).toMatch(NORMALISED);
    }
  });

  it("gives a two-way set two words or more and a one-way entry one or more", () => {
    for (const entry of CURATED_SYNONYMS) {
      expect(entry.words.length, key(entry)).toBeGreaterThanOrEqual(
        entry.kind === "two-way" ? 2 : 1,
      );
    }
  });

  it("never repeats a word within an entry, nor a one-way input among its words", () => {
    for (const entry of CURATED_SYNONYMS) {
      const words = entry.kind === "one-way" ? [entry.input, ...entry.words] : entry.words;
      expect(new Set(words).size, key(entry)).toBe(words.length);
    }
  });

  it("has no two entries alike", () => {
    const keys = CURATED_SYNONYMS.map(key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it("covers the abbreviations students type", () => {
    const twoWay = (word: string) =>
      CURATED_SYNONYMS.find((entry) => entry.kind === "two-way" && entry.words.includes(word));
    expect(twoWay("mba")?.words).toContain("master of business administration");
    expect(twoWay("cs")?.words).toEqual(expect.arrayContaining(["computer science", "comp sci"]));
    expect(twoWay("phd")?.words).toEqual(
      expect.arrayContaining(["doctor of philosophy", "doctorate"]),
    );
    expect(twoWay("hotel management")?.words).toContain("hospitality management");
    expect(twoWay("stats")?.words).toContain("statistics");
    expect(twoWay("maths")?.words).toEqual(expect.arrayContaining(["math", "mathematics"]));
    const psych = CURATED_SYNONYMS.find(
      (entry) => entry.kind === "one-way" && entry.input === "psych",
    );
    expect(psych?.words).toEqual(["psychology"]);
  });
});
