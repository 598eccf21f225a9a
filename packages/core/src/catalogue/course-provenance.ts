// Where a programme's fee and dates come from (docs/decisions/051-total-cost-and-rates.md
// "Provenance"): the newest audit-log entry that changed them (a creation sets them all), read as
// who changed them, the school (a partner) or StudyAtlas (sales, admin), and when. No entry:
// they came with the catalogue import. The audit log keeps only the fields that changed, so an
// entry that changed the fee holds `tuition` in `after`, and one that changed the dates `start`
// or `deadline` (dashboards/programme-audit-snapshot.ts).
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { CourseProvenance, FigureChange } from "@studyatlas/schemas/catalogue.ts";

import { selectPrepared } from "../sql-rows.ts";

type ChangeRow = { changed_at: string; role: string } | null;

function changeOf(row: ChangeRow | string): FigureChange | null {
  const change = typeof row === "string" ? (JSON.parse(row) as ChangeRow) : row;
  if (!change) return null;
  return { changed_at: change.changed_at, by: change.role === "partner" ? "school" : "studyatlas" };
}

const latest = (condition: ReturnType<typeof sql>, courseId: number) => sql`(
  select json_build_object('changed_at',
      to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'role', l.actor_role)
  from audit_log l
  where l.entity = 'programme' and l.entity_id = ${courseId}
    and l.action in ('create', 'update') and (${condition})
  order by l.id desc limit 1)`;

export async function courseProvenance(db: Database, courseId: number): Promise<CourseProvenance> {
  const [row] = await selectPrepared<{ fee: ChangeRow | string; dates: ChangeRow | string }>(
    db,
    sql`select ${latest(sql`l.after -> 'tuition' is not null`, courseId)} as fee,
          ${latest(sql`l.after -> 'start' is not null or l.after -> 'deadline' is not null`, courseId)} as dates`,
  );
  return { fee: changeOf(row?.fee ?? null), dates: changeOf(row?.dates ?? null) };
}
