import { describe, expect, it } from "vitest";

import { copyValue } from "./copy.ts";
import { createCourseGenerator, type CourseRecord } from "./courses.ts";
import { createStringHashSet } from "./hash-set.ts";
import {
  booleanArray,
  buildCourseBatch,
  COURSE_COLUMNS,
  COURSE_DETAIL_COLUMNS,
  courseCopyLine,
  numberArray,
  rebuildOrder,
  textArray,
  upsertClause,
} from "./load.ts";
import { generateSchools } from "./schools.ts";

function someCourses(count: number): CourseRecord[] {
  const generator = createCourseGenerator(generateSchools(20, 3), count, 3);
  return Array.from({ length: count }, () => generator.next());
}

describe("array literals for unnest()", () => {
  it("quotes text and escapes quotes and backslashes only when needed", () => {
    expect(textArray([])).toBe("{}");
    expect(textArray(["a", "b c", ""])).toBe('{"a","b c",""}');
    expect(textArray(['say "hi"', "back\\slash", "plain"])).toBe(
      '{"say \\"hi\\"","back\\\\slash","plain"}',
    );
  });
  it("writes numbers with NULL and booleans as t/f", () => {
    expect(numberArray([1, 2.5, null, -1])).toBe("{1,2.5,NULL,-1}");
    expect(booleanArray([true, false])).toBe("{t,f}");
  });
  it("upserts every column but the id", () => {
    expect(upsertClause([{ name: "id" }, { name: "name" }, { name: "slug" }])).toBe(
      'ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name", "slug" = excluded."slug"',
    );
  });
});

describe("COPY text format", () => {
  it("escapes values and writes \\N for null", () => {
    expect(copyValue(null)).toBe("\\N");
    expect(copyValue(true)).toBe("t");
    expect(copyValue(12.5)).toBe("12.5");
    expect(copyValue("a\tb\nc\\d\re")).toBe("a\\tb\\nc\\\\d\\re");
    expect(copyValue("Économie & Gestión")).toBe("Économie & Gestión");
  });

  it("writes one line per course with every column, and one line per discipline link", () => {
    const courses = someCourses(40);
    const batch = buildCourseBatch(courses, true);
    const lines = batch.courseCopy?.toString("utf8").split("\n") ?? [];
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(40);
    for (const [i, line] of lines.entries()) {
      const fields = line.split("\t");
      expect(fields).toHaveLength(COURSE_COLUMNS.length);
      const course = courses[i] as CourseRecord;
      expect(fields[0]).toBe(String(course.id));
      expect(fields[2]).toBe(course.name);
      expect(fields[19]).toBe(course.tuitionFeeUsd === null ? "\\N" : String(course.tuitionFeeUsd));
    }
    const details = batch.detailCopy?.toString("utf8").split("\n") ?? [];
    expect(details.pop()).toBe("");
    expect(details).toHaveLength(40);
    for (const [i, line] of details.entries()) {
      const fields = line.split("\t");
      expect(fields).toHaveLength(COURSE_DETAIL_COLUMNS.length);
      const course = courses[i] as CourseRecord;
      expect(fields[0]).toBe(String(course.id));
      expect(fields[1]).toBe(course.overview);
      expect(fields[11]).toBe(course.officialProgrammeWebsite);
    }
    const links = batch.linkCopy?.toString("utf8").trim().split("\n") ?? [];
    expect(links).toHaveLength(courses.reduce((sum, c) => sum + c.disciplineIds.length, 0));
    expect(links[0]).toBe(`${courses[0]?.id}\t${courses[0]?.disciplineIds[0]}\t0`);
  });

  it("escapes a line when a value unexpectedly contains special characters", () => {
    const [course] = someCourses(1);
    const odd = { ...(course as CourseRecord), name: "Line\nbreak\\", tuitionFeeUsd: null };
    const fields = courseCopyLine(odd).split("\t");
    expect(fields[2]).toBe("Line\\nbreak\\\\");
    expect(fields[19]).toBe("\\N");
  });

  it("falls back to unnest parameters when COPY is unavailable", () => {
    const batch = buildCourseBatch(someCourses(3), false);
    expect(batch.courseParams).toHaveLength(COURSE_COLUMNS.length);
    expect(batch.detailParams).toHaveLength(COURSE_DETAIL_COLUMNS.length);
    expect(batch.linkParams).toHaveLength(3);
    expect(batch.courseCopy).toBeUndefined();
  });
});

describe("rebuild order", () => {
  it("starts with the GIN indexes, the slowest to build", () => {
    const order = rebuildOrder({
      indexes: [
        {
          table: "courses",
          name: "a_idx",
          sql: "CREATE INDEX a_idx ON public.courses USING btree (x)",
        },
        {
          table: "courses",
          name: "trgm_idx",
          sql: "CREATE INDEX trgm_idx ON public.courses USING gin (search_name gin_trgm_ops)",
        },
        {
          table: "courses",
          name: "tsv_idx",
          sql: "CREATE INDEX tsv_idx ON public.courses USING gin (search_vector)",
        },
      ],
      foreignKeys: [],
    });
    expect(order.map((i) => i.name)).toEqual(["tsv_idx", "trgm_idx", "a_idx"]);
  });
});

describe("string hash set", () => {
  it("remembers strings and grows", () => {
    const set = createStringHashSet(4);
    for (let i = 0; i < 5000; i++) expect(set.add(`slug-${i}`)).toBe(true);
    expect(set.size).toBe(5000);
    expect(set.add("slug-42")).toBe(false);
    expect(set.has("slug-4999")).toBe(true);
    expect(set.has("slug-5000")).toBe(false);
  });
});
