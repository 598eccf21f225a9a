// The programmes a finder search gains in a window of time (docs/decisions/053-saved-searches-and-
// alerts.md): the saved searches' "new matches since last seen" and the alert run. SQL only — the
// in-process index does not keep when a programme was added — over the same WHERE clause as the
// finder's list (course-sql.ts), so a saved search finds what the finder shows.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { selectRows } from "../sql-rows.ts";
import { courseWhere } from "./course-sql.ts";
import type { CourseFilters } from "./course-request.ts";

export interface NewMatch {
  id: number;
  name: string;
  slug: string;
  schoolName: string;
}

export interface NewMatches {
  count: number;
  /** The newest few, for the e-mail. */
  newest: NewMatch[];
}

/**
 * Public programmes matching `filters` first published in (from, to] (course_publications,
 * migration 0025: added published, or published later from the dashboard).
 */
export async function newMatchesBetween(
  db: Database,
  filters: CourseFilters,
  window: { from: Date; to: Date },
  newest = 5,
): Promise<NewMatches> {
  const rows = await selectRows<{
    total: number;
    id: number | null;
    name: string | null;
    slug: string | null;
    school_name: string | null;
  }>(
    db,
    sql`with matched as (
          select c.id, c.name, c.slug, c.school_name, p.first_published_at
          from course_publications p
          join courses c on c.id = p.course_id
          where p.first_published_at > ${window.from.toISOString()}::timestamptz
            and p.first_published_at <= ${window.to.toISOString()}::timestamptz
            and ${courseWhere(filters)})
        select (select count(*) from matched)::int as total, m.id, m.name, m.slug, m.school_name
        from (select 1) one
        left join lateral (select * from matched order by first_published_at desc, id desc limit ${newest}) m
          on true`,
  );
  const count = Number(rows[0]?.total ?? 0);
  const list = rows
    .filter((row) => row.id !== null)
    .map((row) => ({
      id: Number(row.id),
      name: row.name ?? "",
      slug: row.slug ?? "",
      schoolName: row.school_name ?? "",
    }));
  return { count, newest: list };
}
