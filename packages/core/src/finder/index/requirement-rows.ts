// Reads every stated entry requirement (ADR 054) for the index as parallel arrays: one row of
// arrays, cheap to read at a million programmes (as the discipline links are, load.ts).
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { ENGLISH_TEST_KEYS } from "@studyatlas/schemas/entry-requirements.ts";

import { selectRows } from "../../sql-rows.ts";
import { NO_REQUIREMENT_ROWS, type RequirementRows } from "../requirement-columns.ts";

type Row = Record<string, unknown[] | null>;

export async function loadRequirementRows(db: Database): Promise<RequirementRows> {
  const tests = sql.raw(
    ENGLISH_TEST_KEYS.map(
      (test) => `array_agg(r.${test}::float8 order by r.course_id) as ${test}`,
    ).join(", "),
  );
  const [row] = await selectRows<Row>(
    db,
    sql`select array_agg(r.course_id order by r.course_id) as course_ids,
          array_agg(r.no_formal_requirements order by r.course_id) as no_formal,
          array_agg(r.min_education order by r.course_id) as education,
          array_agg(r.min_work_years order by r.course_id) as work_years, ${tests}
        from course_entry_requirements r`,
  );
  if (!row?.course_ids) return NO_REQUIREMENT_ROWS;
  const column = <T>(name: string) => (row[name] ?? []) as T[];
  return {
    courseIds: column<number>("course_ids"),
    noFormal: column<boolean>("no_formal"),
    education: column<RequirementRows["education"][number]>("education"),
    workYears: column<number | null>("work_years"),
    tests: Object.fromEntries(
      ENGLISH_TEST_KEYS.map((test) => [test, column<number | null>(test)]),
    ) as unknown as RequirementRows["tests"],
  };
}
