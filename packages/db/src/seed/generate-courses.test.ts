// The generated catalogue's programmes: deterministic, and with the variety the spec's display
// rules need. Their schools: generate-schools.test.ts.
import { beforeAll, describe, expect, it } from "vitest";

import { COUNTRIES } from "./countries.ts";
import type { CourseRecord } from "./courses.ts";
import { CURRENCIES } from "./currencies.ts";
import { DISCIPLINES } from "./disciplines.ts";
import { COURSES, SCHOOLS, generate } from "./generate-support.ts";
import { DEGREE_TYPES, LANGUAGES, PROGRAMME_TYPES } from "./reference.ts";
import type { SchoolRecord } from "./schools.ts";

let schools: SchoolRecord[];
let courses: CourseRecord[];
const schoolById = new Map<number, SchoolRecord>();
const levelOf = new Map(PROGRAMME_TYPES.map((p) => [p.id, p.slug]));

beforeAll(() => {
  ({ schools, courses } = generate(COURSES, SCHOOLS, 42));
  for (const school of schools) schoolById.set(school.id, school);
});

const TEXT_FIELDS = [
  "slug",
  "name",
  "about",
  "overview",
  "whyChose",
  "whoFor",
  "admissionRequirements",
  "otherRequirements",
  "programmeStructure",
  "syllabus",
  "tuitionAndAid",
  "scholarship",
  "video",
  "officialProgrammeWebsite",
  "tuitionFeeBase",
  "schoolName",
  "disciplineNames",
] as const;

describe("determinism", () => {
  it("produces identical schools and courses for the same seed", () => {
    const again = generate(50, SCHOOLS, 42);
    expect(again.schools).toEqual(schools);
    // The first courses do not depend on the total asked for beyond the showcase spacing.
    const sameTotal = generate(COURSES, SCHOOLS, 42).courses.slice(0, 50);
    expect(sameTotal).toEqual(courses.slice(0, 50));
  });

  it("produces a different catalogue for another seed", () => {
    const other = generate(50, SCHOOLS, 43);
    expect(other.schools.map((s) => s.name)).not.toEqual(schools.map((s) => s.name));
    expect(other.courses.map((c) => c.name)).not.toEqual(courses.slice(0, 50).map((c) => c.name));
  });
});

describe("courses", () => {
  it("covers every level in roughly the intended shares", () => {
    const share = (slug: string) =>
      courses.filter((c) => levelOf.get(c.programmeTypeId) === slug).length / courses.length;
    expect(share("undergraduate")).toBeCloseTo(0.3, 1);
    expect(share("postgraduate")).toBeCloseTo(0.35, 1);
    expect(share("executive")).toBeCloseTo(0.12, 1);
    expect(share("short")).toBeCloseTo(0.12, 1);
    expect(share("certificate")).toBeCloseTo(0.11, 1);
  });

  it("has unique slugs made of the name and the school slug, and the official website", () => {
    expect(new Set(courses.map((c) => c.slug)).size).toBe(courses.length);
    for (const course of courses) {
      const school = schoolById.get(course.schoolId) as SchoolRecord;
      expect(course.slug.endsWith(`-${school.slug}`)).toBe(true);
      expect(course.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(course.officialProgrammeWebsite).toBe(
        `https://www.${school.slug}.example.edu/programmes/${course.slug}`,
      );
      expect(course.schoolName).toBe(school.name);
    }
  });

  it("has plausible names that match their degree type and level", () => {
    const degree = new Map(DEGREE_TYPES.map((d) => [d.id, d]));
    for (const course of courses) {
      const type = degree.get(course.degreeTypeId);
      expect(type, course.name).toBeDefined();
      expect(levelOf.get(course.programmeTypeId)).toBe(type?.level);
      expect(course.name).toMatch(/^\S(.*\S)?$/);
      expect(course.name).not.toMatch(/undefined|NaN|null|\{|\}| {2}| in in | of of /);
      expect(course.name.length).toBeLessThanOrEqual(110);
      expect(course.name.charAt(0)).toBe(course.name.charAt(0).toUpperCase());
      if (course.languageId === 1) {
        const short = type?.shortName ?? "";
        // English names name their degree: "BSc ...", "Master of Science in ...", "MBA ...".
        const names = [
          short,
          type?.name ?? "",
          short === "EMBA" ? "Executive MBA" : "",
          short === "Short Course" ? "" : "",
        ];
        if (
          [
            "BSc",
            "BA",
            "BBA",
            "LLB",
            "BEng",
            "MSc",
            "MA",
            "MBA",
            "LLM",
            "MEd",
            "MPH",
            "PhD",
            "DBA",
          ].includes(short)
        ) {
          expect(
            names.some((n) => n && course.name.includes(n)) || course.name.includes(short),
            `${course.name} / ${short}`,
          ).toBe(true);
        }
      }
    }
    const names = courses.map((c) => c.name);
    for (const example of [
      /^BSc Computer Science/,
      /^MSc Data Science/,
      /^MBA in /,
      /^Executive Certificate in /,
      /^Short Course in /,
      /^Professional Certificate in /,
      /^BSc \(Hons\) /,
      /^LLM /,
    ]) {
      expect(
        names.some((n) => example.test(n)),
        String(example),
      ).toBe(true);
    }
    // Accented local-language names for accent-insensitive search.
    expect(names.some((n) => /[áéíóúàèìòùâêîôûçãõñü]/i.test(n))).toBe(true);
    // Many distinct names; the same programme name at different schools is realistic.
    expect(new Set(names).size).toBeGreaterThan(courses.length * 0.5);
  });

  it("has one to three distinct disciplines, the primary first, with their names copied", () => {
    const names = new Map(DISCIPLINES.map((d, i) => [i + 1, d.name]));
    const counts = new Set<number>();
    for (const course of courses) {
      expect(course.disciplineIds.length).toBeGreaterThanOrEqual(1);
      expect(course.disciplineIds.length).toBeLessThanOrEqual(3);
      expect(new Set(course.disciplineIds).size).toBe(course.disciplineIds.length);
      expect(course.disciplineNames).toBe(
        course.disciplineIds.map((id) => names.get(id)).join(" "),
      );
      counts.add(course.disciplineIds.length);
    }
    expect([...counts].sort()).toEqual([1, 2, 3]);
    expect(new Set(courses.map((c) => c.disciplineIds[0])).size).toBe(18);
  });

  it("uses every duration unit, format and attendance mode", () => {
    expect(new Set(courses.map((c) => c.durationBase))).toEqual(
      new Set(["hours", "days", "weeks", "months", "years"]),
    );
    expect(new Set(courses.map((c) => c.courseFormat))).toEqual(new Set(["FULL", "PART"]));
    expect(new Set(courses.map((c) => c.attendance))).toEqual(
      new Set(["SITE", "ONLINE", "BLENDED"]),
    );
    for (const course of courses) expect(course.duration).toBeGreaterThan(0);
    const online = courses.filter((c) => c.attendance !== "SITE").length / courses.length;
    expect(online).toBeGreaterThan(0.75);
    // Degrees last years or months; hours and days are for short and executive courses.
    for (const course of courses.filter((c) => c.programmeTypeId === 7))
      expect(["years", "months"]).toContain(course.durationBase);
  });

  it("has start dates in 2026-2027 (some not announced) and deadlines before the start", () => {
    let unannounced = 0;
    let deadlines = 0;
    for (const course of courses) {
      if (course.startMonth === 0) {
        unannounced++;
        expect(course.startYear).toBe(0);
        expect(course.deadlineMonth).toBe(0);
        continue;
      }
      expect(course.startMonth).toBeGreaterThanOrEqual(1);
      expect(course.startMonth).toBeLessThanOrEqual(12);
      expect([2026, 2027]).toContain(course.startYear);
      if (course.deadlineMonth > 0) {
        deadlines++;
        expect(course.deadlineYear * 12 + course.deadlineMonth).toBeLessThan(
          course.startYear * 12 + course.startMonth,
        );
      } else {
        expect(course.deadlineYear).toBe(0);
      }
    }
    expect(unannounced).toBeGreaterThan(0);
    expect(deadlines).toBeGreaterThan(courses.length / 2);
  });

  it("has free, unknown and priced tuition in the school's currency, with the USD amount", () => {
    const rate = new Map(CURRENCIES.map((c, i) => [i + 1, c.rate]));
    const free = courses.filter((c) => c.tuitionFee === 0);
    const unknown = courses.filter((c) => c.tuitionFee < 0);
    expect(free.length / courses.length).toBeGreaterThan(0.02);
    expect(free.length / courses.length).toBeLessThan(0.07);
    expect(unknown.length / courses.length).toBeGreaterThan(0.03);
    expect(unknown.length / courses.length).toBeLessThan(0.08);
    for (const course of courses) {
      expect(["year", "semester", "programme", "credit", "month"]).toContain(course.tuitionFeeBase);
      if (course.tuitionFee < 0) {
        expect(course.tuitionFee).toBe(-1);
        expect(course.tuitionFeeUsd).toBeNull();
      } else if (course.tuitionFee === 0) {
        expect(course.tuitionFeeUsd).toBe(0);
      } else {
        const expected =
          Math.round((course.tuitionFee / (rate.get(course.tuitionCurrencyId) ?? 1)) * 100) / 100;
        expect(course.tuitionFeeUsd).toBe(expected);
        expect(course.tuitionFee).toBeLessThan(1e10);
      }
      const school = schoolById.get(course.schoolId) as SchoolRecord;
      expect([school.currencyId, CURRENCIES.findIndex((c) => c.code === "USD") + 1]).toContain(
        course.tuitionCurrencyId,
      );
    }
    // Realistic ranges: an undergraduate year in the US costs thousands of dollars, not millions.
    const usYears = courses.filter(
      (c) =>
        schoolById.get(c.schoolId)?.countryCode === "US" &&
        c.programmeTypeId === 7 &&
        c.tuitionFeeBase === "year" &&
        c.tuitionFee > 0,
    );
    for (const course of usYears) {
      expect(course.tuitionFeeUsd).toBeGreaterThan(3000);
      expect(course.tuitionFeeUsd).toBeLessThan(80000);
    }
  });

  it("features about 8% of courses, with at least 20 per level outside Asia and Africa, some free", () => {
    const featured = courses.filter((c) => c.featured);
    expect(featured.length / courses.length).toBeGreaterThan(0.06);
    expect(featured.length / courses.length).toBeLessThan(0.12);
    for (const level of PROGRAMME_TYPES) {
      const shown = featured.filter((c) => {
        const continent = schoolById.get(c.schoolId)?.continent;
        return (
          c.programmeTypeId === level.id && c.published && continent !== "AS" && continent !== "AF"
        );
      });
      expect(shown.length, level.slug).toBeGreaterThanOrEqual(20);
    }
    expect(featured.filter((c) => c.tuitionFee === 0 && c.published).length).toBeGreaterThanOrEqual(
      5,
    );
    const published = courses.filter((c) => c.published).length / courses.length;
    expect(published).toBeGreaterThan(0.96);
    expect(published).toBeLessThan(1);
  });

  it("has a plain-text about of 150-400 characters and compact HTML sections", () => {
    const languages = new Set(LANGUAGES.map((l) => l.id));
    let total = 0;
    let longOverviews = 0;
    let withLink = 0;
    let noAid = 0;
    let noScholarship = 0;
    for (const course of courses) {
      expect(languages.has(course.languageId)).toBe(true);
      expect(course.about.length, course.about).toBeGreaterThanOrEqual(150);
      expect(course.about.length).toBeLessThanOrEqual(400);
      expect(course.about).not.toMatch(/[<>]/);
      expect(course.overview.match(/<p>/g)?.length).toBe(3);
      expect(course.admissionRequirements).toMatch(/^<ul>(<li>[^<]+<\/li>)+<\/ul>$/);
      expect(course.programmeStructure).toMatch(/<ol>(<li>[^<]+<\/li>)+<\/ol>$/);
      expect(course.syllabus).toMatch(/^<ul>(<li>[^<]+<\/li>)+<\/ul>$/);
      for (const field of [
        "overview",
        "whyChose",
        "whoFor",
        "admissionRequirements",
        "otherRequirements",
        "programmeStructure",
        "syllabus",
        "tuitionAndAid",
        "scholarship",
      ] as const) {
        const html = course[field];
        // Balanced tags and no bare ampersands.
        const opened = html.match(/<(p|ul|ol|li|strong|a)[ >]/g)?.length ?? 0;
        const closed = html.match(/<\/(p|ul|ol|li|strong|a)>/g)?.length ?? 0;
        expect(opened, `${field}: ${html}`).toBe(closed);
        expect(html).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
        total += html.length;
      }
      if (course.overview.length > 1000) longOverviews++;
      if (course.overview.includes('<a href="https://')) withLink++;
      if (course.tuitionAndAid === "" && course.scholarship === "") noAid++;
      if (course.scholarship === "") noScholarship++;
      expect(course.video).toMatch(/^$|^https:\/\/www\.youtube\.com\/embed\/[\w-]{11}$/);
    }
    expect(total / courses.length).toBeGreaterThan(1200);
    expect(total / courses.length).toBeLessThan(3000);
    expect(longOverviews).toBeGreaterThan(0);
    expect(withLink).toBeGreaterThan(0);
    expect(noAid / courses.length).toBeCloseTo(0.15, 1);
    expect(noScholarship / courses.length).toBeCloseTo(0.3, 1);
  });

  it("never puts tabs, line breaks or backslashes in text (COPY writes them unescaped)", () => {
    for (const course of courses) {
      for (const field of TEXT_FIELDS) expect(course[field], field).not.toMatch(/[\t\n\r\\]/);
    }
    for (const school of schools)
      expect(`${school.name}${school.about}${school.city}`).not.toMatch(/[\t\n\r\\]/);
  });

  it("writes grammatical copy: a/an, compound durations, 'the' before countries, one full stop", () => {
    const prose = (course: CourseRecord) =>
      [course.about, course.overview, course.whyChose, course.whoFor].join(" ");
    for (const course of courses) {
      const text = prose(course);
      // "a 80 hours", "a 2 days": the article and a plural unit before a noun.
      expect(text, course.slug).not.toMatch(/\ba (?:8|11|18|8\d)\b|\ban (?:[2-79]|1[02-79])\b/);
      expect(text, course.slug).not.toMatch(
        /\b(?:a|an|this) \d+ (?:hours|days|weeks|months|years)\b/,
      );
      expect(text, course.slug).not.toMatch(
        /\b[Aa] (?:Advanced|Applied|Executive|Intensive|International|Integrated|Online|MBA|MSc|MA|LLM|MPhil|8|11|18|8\d)\b/,
      );
      expect(text, course.slug).not.toMatch(/\.\.(?!\.)/);
      expect(text, course.slug).not.toMatch(/\bin (?:United Kingdom|United States|Netherlands)\b/);
    }
    const eighty = courses.find((c) => /\ban 8\d?-hour\b/.test(c.about));
    expect(eighty, "an about text with 'an 8-hour' or 'an 80-hour'").toBeDefined();
    for (const country of COUNTRIES) {
      expect(country.about, country.name).not.toMatch(/\.\.(?!\.)/);
      expect(country.about, country.name).not.toMatch(
        /\bin (?:United Kingdom|United States|Netherlands|Philippines)\b/,
      );
    }
    const uk = COUNTRIES.find((c) => c.code === "GB");
    expect(uk?.about).toMatch(/^<p>The United Kingdom is a country/);
    expect(uk?.about).toMatch(/in the United Kingdom/);
    // The figures are grouped as the country page's side card groups them: with spaces.
    expect(uk?.about).toContain("population of about 68\u00a0300\u00a0000.");
    expect(COUNTRIES.find((c) => c.code === "US")?.about).toContain("Washington, D.C. The");
  });

  it("never contradicts a name that says how the programme is taught", () => {
    const named = courses.filter((c) =>
      /^Online\b|\(Online\)|\(Blended\)|\(Part-time\)/.test(c.name),
    );
    expect(named.length).toBeGreaterThan(20);
    for (const course of named) {
      if (/^Online\b|\(Online\)/.test(course.name))
        expect(course.attendance, course.name).toBe("ONLINE");
      if (/\(Blended\)/.test(course.name)) expect(course.attendance, course.name).toBe("BLENDED");
      if (/\(Part-time\)/.test(course.name)) expect(course.courseFormat, course.name).toBe("PART");
    }
  });

  it("keeps slugs unique in a large catalogue with few schools", () => {
    const { courses: many } = generate(20000, 30, 5);
    expect(new Set(many.map((c) => c.slug)).size).toBe(many.length);
  });
});
