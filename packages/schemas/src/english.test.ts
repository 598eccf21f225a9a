import { describe, expect, it } from "vitest";

import {
  countryInSentence,
  endSentence,
  indefiniteArticle,
  withEllipsis,
  withIndefiniteArticle,
} from "./english.ts";

describe("indefiniteArticle", () => {
  it.each([
    ["Advanced Diploma in Law", "an"],
    ["MBA in Finance", "an"],
    ["MSc Data Science", "an"],
    ["LLM in International Law", "an"],
    ["BA Media Production", "a"],
    ["PhD in Physics", "a"],
    ["Executive MBA", "an"],
    ["University Certificate", "a"],
    ["European Studies", "a"],
    ["online course", "an"],
    ["one-year course", "a"],
    ["hour", "an"],
    ["honours degree", "an"],
    ["Certificate in Coding", "a"],
    ["Introduction to Law", "an"],
    ["8-hour course", "an"],
    ["80-hour course", "an"],
    ["11-month course", "an"],
    ["18-month course", "an"],
    ["2-day course", "a"],
    ["12-week course", "a"],
    ["100-hour course", "a"],
    ["800-hour course", "an"],
    ["18,000-word thesis", "an"],
  ])("%s takes '%s'", (phrase, article) => {
    expect(indefiniteArticle(phrase)).toBe(article);
  });

  it("writes the phrase with its article", () => {
    expect(withIndefiniteArticle("Advanced Certificate")).toBe("an Advanced Certificate");
  });
});

describe("countryInSentence", () => {
  it.each([
    ["United Kingdom", "the United Kingdom"],
    ["United States", "the United States"],
    ["Netherlands", "the Netherlands"],
    ["Philippines", "the Philippines"],
    ["Czech Republic", "the Czech Republic"],
    ["Democratic Republic of the Congo", "the Democratic Republic of the Congo"],
    ["Republic of the Congo", "the Republic of the Congo"],
    ["Marshall Islands", "the Marshall Islands"],
    ["United Arab Emirates", "the United Arab Emirates"],
    ["France", "France"],
    ["Vatican City", "Vatican City"],
    ["Ireland", "Ireland"],
  ])("%s reads '%s'", (name, inSentence) => {
    expect(countryInSentence(name)).toBe(inSentence);
  });
});

describe("endSentence", () => {
  it("adds one full stop, never a second", () => {
    expect(endSentence("Study in Washington, D.C.")).toBe("Study in Washington, D.C.");
    expect(endSentence("Study in Paris")).toBe("Study in Paris.");
    expect(endSentence("Why not?")).toBe("Why not?");
  });
});

describe("withEllipsis", () => {
  it("drops the punctuation and spaces the cut left", () => {
    expect(withEllipsis("Rosscliffe School.")).toBe("Rosscliffe School…");
    expect(withEllipsis("Rosscliffe School, ")).toBe("Rosscliffe School…");
    expect(withEllipsis("Rosscliffe School –")).toBe("Rosscliffe School…");
    expect(withEllipsis("Rosscliffe School")).toBe("Rosscliffe School…");
  });
});
