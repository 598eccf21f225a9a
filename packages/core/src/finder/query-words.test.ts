import { describe, expect, it } from "vitest";

import { CourseListQuerySchema, type CourseListQuery } from "@studyatlas/schemas/catalogue.ts";

import { QueryWordLexicon, understandQuery } from "./query-words.ts";

const lexicon = new QueryWordLexicon([
  { slug: "united-kingdom", name: "United Kingdom" },
  { slug: "united-states", name: "United States" },
  { slug: "germany", name: "Germany" },
  { slug: "ireland", name: "Ireland" },
  { slug: "new-zealand", name: "New Zealand" },
  { slug: "ukraine", name: "Ukraine" },
]);

const query = (params: Record<string, string | string[]>): CourseListQuery =>
  CourseListQuerySchema.parse(params);

const understand = (name: string, params: Record<string, string | string[]> = {}) =>
  understandQuery(query({ ...params, name }), lexicon);

const labels = (name: string, params: Record<string, string | string[]> = {}) =>
  understand(name, params).chips.map((chip) => `${chip.kind}:${chip.label}<${chip.words}>`);

describe("countries typed in the search box", () => {
  it("takes a country's name or common name, as whole words, as the country filter", () => {
    for (const [typed, slug, label] of [
      ["psychology UK", "united-kingdom", "United Kingdom"],
      ["psychology united kingdom", "united-kingdom", "United Kingdom"],
      ["psychology in Britain", "united-kingdom", "United Kingdom"],
      ["law U.K.", "united-kingdom", "United Kingdom"],
      ["law USA", "united-states", "United States"],
      ["law us", "united-states", "United States"],
      ["law America", "united-states", "United States"],
      ["law Germany", "germany", "Germany"],
      ["law Deutschland", "germany", "Germany"],
      ["law new zealand", "new-zealand", "New Zealand"],
    ] as const) {
      const understood = understand(typed);
      expect(understood.query.country, typed).toEqual([slug]);
      expect(
        understood.chips.map((chip) => chip.label),
        typed,
      ).toEqual([label]);
      expect(understood.text, typed).toBe(typed.split(" ")[0]);
    }
  });

  it("never takes part of a word ('ukraine' is not 'uk'; 'business' is not 'us')", () => {
    expect(understand("law Ukraine").query.country).toEqual(["ukraine"]);
    expect(understand("business usability").chips).toEqual([]);
    expect(understand("german studies").chips).toEqual([]);
    expect(understand("american studies").chips).toEqual([]);
  });

  it("adds up several countries, and leaves a country the student picked alone", () => {
    expect(understand("law UK Ireland").query.country).toEqual(["united-kingdom", "ireland"]);
    const picked = understand("law UK", { country: "germany" });
    expect(picked.query.country).toEqual(["germany"]);
    expect(picked.chips).toEqual([]);
    expect(picked.text).toBe("law UK");
    // The same country typed and picked: the word is redundant, not searched.
    const same = understand("law UK", { country: "united-kingdom" });
    expect(same.text).toBe("law");
    expect(same.chips).toEqual([]);
  });
});

describe("levels", () => {
  it("takes level words as the programme filter", () => {
    expect(labels("psychology masters UK")).toEqual([
      "level:Postgraduate<masters>",
      "country:United Kingdom<UK>",
    ]);
    for (const typed of ["master's", "Masters degree", "postgraduate", "postgrad", "graduate"]) {
      expect(understand(`law ${typed}`).query.programme, typed).toBe("postgraduate");
      expect(understand(`law ${typed}`).text, typed).toBe("law");
    }
    for (const typed of [
      "bachelor",
      "bachelors",
      "Bachelor's degree",
      "undergraduate",
      "undergrad",
    ]) {
      expect(understand(`law ${typed}`).query.programme, typed).toBe("undergraduate");
    }
    expect(understand("marketing short courses").query.programme).toBe("short");
  });

  it("keeps degree names and degree abbreviations as text", () => {
    for (const typed of [
      "Master of Science psychology",
      "bachelor of arts",
      "graduate certificate data science",
      "MBA",
      "PhD psychology",
      "MSc finance",
      "executive masters leadership",
      "photography master class",
    ]) {
      expect(understand(typed).chips, typed).toEqual([]);
      expect(understand(typed).text, typed).toBe(typed);
    }
  });

  it("leaves a level the student picked, or a variant's path fixed, alone", () => {
    const other = understand("law masters", { programme: "undergraduate" });
    expect(other.query.programme).toBe("undergraduate");
    expect(other.text).toBe("law masters");
    const same = understand("law masters", { programme: "postgraduate" });
    expect(same.text).toBe("law");
    expect(same.chips).toEqual([]);
  });
});

describe("formats", () => {
  it("takes attendance and study-load words as those filters", () => {
    expect(understand("online psychology").query.attendance).toEqual(["ONLINE"]);
    expect(understand("distance learning law").query.attendance).toEqual(["ONLINE"]);
    expect(understand("law on-campus").query.attendance).toEqual(["SITE"]);
    expect(understand("blended MBA").query.attendance).toEqual(["BLENDED"]);
    expect(understand("part-time MBA").query.course_format).toEqual(["PART"]);
    expect(understand("part time MBA").query.course_format).toEqual(["PART"]);
    expect(understand("full-time law").query.course_format).toEqual(["FULL"]);
    expect(labels("part-time online MBA")).toEqual([
      "format:Part time<part-time>",
      "format:Online<online>",
    ]);
    expect(understand("part-time online MBA").text).toBe("MBA");
  });

  it("keeps subjects that start with a format word as text", () => {
    for (const typed of ["online marketing", "Online Journalism", "remote sensing"]) {
      expect(understand(typed).chips, typed).toEqual([]);
      expect(understand(typed).text, typed).toBe(typed);
    }
    // ...while the other words of the same text still can be filters.
    expect(labels("online marketing UK")).toEqual(["country:United Kingdom<UK>"]);
    expect(understand("online marketing UK").text).toBe("online marketing");
  });

  it("keeps words with no filter to become ('self-paced', 'english') as text", () => {
    expect(understand("self-paced python").chips).toEqual([]);
    expect(understand("business english").chips).toEqual([]);
    expect(understand("business english").text).toBe("business english");
  });

  it("leaves an attendance the student picked alone", () => {
    const picked = understand("online law", { attendance: "SITE" });
    expect(picked.query.attendance).toEqual(["SITE"]);
    expect(picked.text).toBe("online law");
  });
});

describe("price words", () => {
  it("orders by tuition for cheap words, unless the student picked an order", () => {
    for (const typed of [
      "cheap MBA",
      "cheapest MBA",
      "affordable MBA",
      "low-cost MBA",
      "MBA budget",
    ]) {
      const understood = understand(typed);
      expect(understood.query.ordering, typed).toBe("tuition");
      expect(understood.text, typed).toBe("MBA");
      expect(
        understood.chips.map((chip) => chip.label),
        typed,
      ).toEqual(["Cheapest first"]);
    }
    const picked = understand("cheap MBA", { ordering: "name" });
    expect(picked.query.ordering).toBe("name");
    // A word about order never searches as text.
    expect(picked.text).toBe("MBA");
    expect(picked.chips).toEqual([]);
  });

  it("takes 'free' as programmes without a fee, not inside 'free trade'", () => {
    expect(understand("free python").query.tuition).toEqual({ kind: "range", min: 0, max: 0 });
    expect(labels("tuition-free nursing")).toEqual(["price:Free<tuition-free>"]);
    expect(understand("free trade law").chips).toEqual([]);
    expect(understand("free python", { tuition: "0,5000" }).text).toBe("free python");
  });
});

describe("the text and the chips' undo", () => {
  it("keeps the typed text but the chip's words, for each chip", () => {
    const understood = understand("Psychology Masters in the UK");
    expect(understood.chips.map((chip) => [chip.label, chip.text_without])).toEqual([
      ["Postgraduate", "Psychology in the UK"],
      ["United Kingdom", "Psychology Masters"],
    ]);
    expect(understand("psychology masters in UK").chips[1]?.text_without).toBe(
      "psychology masters",
    );
  });

  it("leaves no text when every word was a filter, and the query unchanged when none was", () => {
    const all = understand("online masters UK");
    expect(all.text).toBe("");
    expect(all.query.name).toBeUndefined();
    const none = understand("computer science");
    expect(none.chips).toEqual([]);
    expect(none.query.name).toBe("computer science");
  });
});

describe("master's degrees", () => {
  const withDegrees = new QueryWordLexicon(
    [{ slug: "united-kingdom", name: "United Kingdom" }],
    [
      { id: 6, name: "Master of Science" },
      { id: 7, name: "Master of Arts" },
      { id: 12, name: "Doctor of Philosophy" },
      { id: 14, name: "Executive MBA" },
      { id: 20, name: "Graduate Certificate" },
    ],
  );
  const read = (name: string, params: Record<string, string | string[]> = {}) =>
    understandQuery(query({ ...params, name }), withDegrees);

  it("takes 'masters' as the master's degree types, not the whole postgraduate level", () => {
    for (const typed of ["masters", "psychology masters UK", "Master's in finance", "master"]) {
      const understood = read(typed);
      expect(understood.query.degree_type, typed).toEqual([6, 7]);
      expect(understood.query.programme, typed).toBeUndefined();
      expect(understood.chips[0]?.label, typed).toBe("Master's");
      expect(understood.chips[0]?.kind, typed).toBe("level");
    }
    expect(read("Master's in finance").text).toBe("finance");
  });

  it("keeps degree names as text and leaves a degree type or other level the student picked", () => {
    expect(read("master of science").chips).toEqual([]);
    expect(read("masters", { degree_type: "12" }).chips).toEqual([]);
    expect(read("masters", { degree_type: "12" }).query.degree_type).toEqual([12]);
    expect(read("masters law", { programme: "undergraduate" }).query.name).toBe("masters law");
    expect(read("masters law", { programme: "postgraduate" }).query.degree_type).toEqual([6, 7]);
  });

  it("is the postgraduate level where the catalogue has no master's degree type", () => {
    expect(understand("masters").query.programme).toBe("postgraduate");
  });
});

describe("connecting words and plain-language openings", () => {
  it("drops the word that joined a filter to the subject", () => {
    expect(understand("architecture in Germany").text).toBe("architecture");
    expect(understand("law in the UK online").text).toBe("law");
    expect(understand("law from Germany part-time").text).toBe("law");
    expect(understand("psychology in UK online").text).toBe("psychology");
  });

  it("drops an opening that says what the student wants, leaving the subject", () => {
    const canada = new QueryWordLexicon([{ slug: "canada", name: "Canada" }]);
    const understood = understandQuery(
      query({ name: "I want to study computer science in Canada" }),
      canada,
    );
    expect(understood.text).toBe("computer science");
    expect(understood.query.country).toEqual(["canada"]);
    expect(understood.chips.map((chip) => chip.label)).toEqual(["Canada"]);
    expect(understand("how to become a psychologist").text).toBe("psychologist");
    expect(understand("how to become a psychologist").chips).toEqual([]);
    expect(understand("study law in Germany").text).toBe("law");
  });

  it("keeps an opening that is all the student typed, and openings inside the text", () => {
    expect(understand("study").query.name).toBe("study");
    expect(understand("how to become").query.name).toBe("how to become");
    expect(understand("religious study").query.name).toBe("religious study");
  });
});
