// The partner dashboard's programme list (docs/decisions/016-organisations-and-dashboards.md
// "Programme authoring"): the scope's programmes by name, with a search and a status filter.
import { sql, type SQL } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { ProgrammeList } from "@studyatlas/schemas/programmes.ts";

import { selectOne, selectRows } from "../sql-rows.ts";
import { inScope, type ProgrammeReadScope } from "./programme-reads.ts";

export const PROGRAMME_PAGE_SIZE = 25;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface SummaryRow {
  id: number;
  name: string;
  slug: string;
  published: boolean;
  school_id: number;
  school_name: string;
  school_published: boolean;
  organisation_id: number | null;
  organisation_name: string | null;
  programme_type: string;
  updated_at: Date | string;
}

/** The scope's programmes by name, with a search over the name and a status filter. */
export async function listProgrammes(
  db: Database,
  scope: ProgrammeReadScope,
  filters: {
    q?: string | undefined;
    status?: "published" | "unpublished" | undefined;
    organisation?: number | undefined;
    page?: number | undefined;
  },
): Promise<ProgrammeList> {
  const conditions: SQL[] = [inScope(scope, sql`c.school_id`)];
  if (filters.q) {
    const pattern = likePattern(filters.q);
    conditions.push(
      sql`(c.name ilike ${pattern} or c.slug ilike ${pattern} or c.id::text = ${filters.q})`,
    );
  }
  if (filters.status === "published") conditions.push(sql`c.published`);
  if (filters.status === "unpublished") conditions.push(sql`not c.published`);
  if (filters.organisation !== undefined) {
    conditions.push(sql`l.organisation_id = ${filters.organisation}`);
  }
  const where = sql.join(conditions, sql` and `);
  const page = Math.max(1, filters.page ?? 1);
  const from = sql`from courses c join schools s on s.id = c.school_id
    join programme_types pt on pt.id = c.programme_type_id
    left join organisation_schools l on l.school_id = c.school_id
    left join organisations o on o.id = l.organisation_id`;
  const total = await selectOne<{ count: number }>(
    db,
    sql`select count(*)::int as count ${from} where ${where}`,
  );
  const rows = await selectRows<SummaryRow>(
    db,
    sql`select c.id, c.name, c.slug, c.published, s.id as school_id, s.name as school_name,
          s.published as school_published, o.id as organisation_id, o.name as organisation_name,
          pt.label as programme_type, c.updated_at
        ${from} where ${where}
        order by c.name, c.id
        limit ${PROGRAMME_PAGE_SIZE} offset ${(page - 1) * PROGRAMME_PAGE_SIZE}`,
  );
  return {
    count: total?.count ?? 0,
    page,
    page_size: PROGRAMME_PAGE_SIZE,
    results: rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      slug: row.slug,
      published: row.published,
      school: {
        id: Number(row.school_id),
        name: row.school_name,
        published: row.school_published,
      },
      organisation:
        row.organisation_id === null
          ? null
          : { id: Number(row.organisation_id), name: row.organisation_name ?? "" },
      programme_type: row.programme_type,
      updated_at: new Date(row.updated_at).toISOString(),
    })),
  };
}
