// The index load reads the programmes in short statements (load.ts, docs/architecture.md "Data,
// freshness and caches"): no statement returns more than a page of programme rows, the build lets
// the event loop run between its steps, and the paged index answers exactly as an index read in
// one page, on both engines.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Database } from "@studyatlas/db/client.ts";
import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";
import { COURSE_ORDERINGS } from "@studyatlas/schemas/catalogue-constants.ts";

import { ALL_PUBLISHED_COURSES } from "../course-request.ts";
import { loadCourseIndex } from "./load.ts";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

/** The database, recording how many programme rows (rows with a `programmeTypeId`) each statement returned. */
function countingRows(db: Database, counts: number[]): Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property !== "execute" || typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        const result = (await (value as (...a: unknown[]) => Promise<unknown>).apply(
          target,
          args,
        )) as { rows: Record<string, unknown>[] };
        if (result.rows[0] && "programmeTypeId" in result.rows[0]) counts.push(result.rows.length);
        return result;
      };
    },
  });
}

describe("the finder index load", () => {
  it("reads the programmes in pages: no statement returns more than a page of them", async () => {
    const { rows } = await database.query<{ n: number }>(
      "select count(*)::int as n from courses where published",
    );
    const published = Number(rows[0]!.n);
    expect(published).toBeGreaterThan(300);
    const counts: number[] = [];
    const index = await loadCourseIndex(countingRows(database.db, counts), { pageRows: 100 });
    expect(index.size).toBeGreaterThan(300);
    expect(Math.max(...counts)).toBeLessThanOrEqual(100);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(index.size);
  });

  it("lets the event loop run between the steps of the build", async () => {
    let turns = 0;
    let running = true;
    const tick = (): void => {
      turns += 1;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const index = await loadCourseIndex(database.db, { pageRows: 20 });
    running = false;
    // One turn at least per page of programmes and per step of the build after the reads.
    expect(turns).toBeGreaterThanOrEqual(Math.ceil(index.size / 20) + 10);
  });

  it("answers every ordering and page exactly as an index read in one page", async () => {
    const paged = await loadCourseIndex(database.db, { pageRows: 37 });
    const whole = await loadCourseIndex(database.db, { pageRows: 1_000_000 });
    expect(paged.size).toBe(whole.size);
    const filters = { ...ALL_PUBLISHED_COURSES };
    for (const ordering of COURSE_ORDERINGS.filter((order) => order !== "relevance")) {
      for (const page of [1, 2, 7, 40]) {
        const request = { filters, ordering, seed: 3, page, pageSize: 20 };
        expect(paged.list(request)).toEqual(whole.list(request));
      }
    }
    expect(paged.facets(filters)).toEqual(whole.facets(filters));
    expect(paged.facets({ ...filters, featured: true })).toEqual(
      whole.facets({ ...filters, featured: true }),
    );
  });
});
