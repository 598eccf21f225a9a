// The demo catalogue as `npm start` seeds it on a first run (apps/web/server/index.ts: 6,000
// programmes, 450 schools, seed 42, the defaults of SEED_COURSES and SEED_SCHOOLS), in an embedded
// in-memory PGlite, and the generator's ground truth for every public programme: the facts the
// judged queries' rules read (README.md in this folder).
import { sql } from "drizzle-orm";

import { selectRows } from "@studyatlas/core/sql-rows.ts";
import { openDatabase, type DatabaseHandle } from "@studyatlas/db/client.ts";
import { DEFAULT_SEED_OPTIONS, seedCatalogue } from "@studyatlas/db/seed/seed-catalogue.ts";

import type { Programme } from "./judgments.ts";

/** The demo catalogue's size and seed: what a first `npm start` seeds. */
export const DEMO_CATALOGUE = DEFAULT_SEED_OPTIONS;

export async function openDemoCatalogue(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ kind: "pglite" });
  await handle.migrate();
  await seedCatalogue(handle, { ...DEMO_CATALOGUE });
  return handle;
}

interface Row {
  id: number;
  name: string;
  disciplines: string[];
  level: string;
  degree: string | null;
  country: string;
  attendance: string;
  format: string;
  tuition_fee: number;
  tuition_usd: number | null;
  language: string | null;
}

/** Every programme a visitor can find (published, at a published school), with its facts. */
export async function readProgrammes(handle: DatabaseHandle): Promise<Programme[]> {
  const rows = await selectRows<Row>(
    handle.db,
    sql`select c.id, c.name,
          coalesce((select array_agg(d.slug order by cd.position)
              from course_disciplines cd join disciplines d on d.id = cd.discipline_id
              where cd.course_id = c.id), '{}') as disciplines,
          pt.slug as level, dt.short_name as degree, co.code as country,
          c.attendance, c.course_format as format, c.tuition_fee::float8 as tuition_fee,
          c.tuition_fee_usd::float8 as tuition_usd, l.code as language
        from courses c join schools s on s.id = c.school_id
        join countries co on co.id = s.country_id
        join programme_types pt on pt.id = c.programme_type_id
        left join degree_types dt on dt.id = c.degree_type_id
        left join languages l on l.id = c.language_id
        where c.published and s.published
        order by c.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    disciplines: row.disciplines,
    level: row.level,
    degree: row.degree,
    country: row.country,
    attendance: row.attendance,
    format: row.format,
    tuitionFee: row.tuition_fee,
    tuitionUsd: row.tuition_usd,
    language: row.language,
  }));
}
