// The small reference lists the front end preloads: disciplines (with programme counts),
// degree types and currencies.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { Currency, DegreeType, Discipline } from "@studyatlas/schemas/catalogue.ts";
import { PROGRAMME_TYPE_IDS } from "@studyatlas/schemas/catalogue-constants.ts";

import { selectOne, selectPrepared, selectRows } from "../sql-rows.ts";

export async function listDisciplines(db: Database): Promise<Discipline[]> {
  return selectRows<Discipline>(
    db,
    sql`select d.id, d.name, d.slug, d.icon, d.description,
          count(c.id) filter (where c.programme_type_id = ${PROGRAMME_TYPE_IDS.undergraduate})::int as courses_bachelors,
          count(c.id) filter (where c.programme_type_id = ${PROGRAMME_TYPE_IDS.postgraduate})::int as courses_masters,
          count(c.id) filter (where c.programme_type_id = ${PROGRAMME_TYPE_IDS.short})::int as courses_shortcourse,
          count(c.id)::int as courses_total
        from disciplines d
        left join course_disciplines cd on cd.discipline_id = d.id
        left join courses c on c.id = cd.course_id and c.published
          and c.school_id in (select s.id from schools s where s.published)
        group by d.id
        order by d.name, d.id`,
  );
}

/** Maps a discipline slug to its id (the environmental-sciences spelling is an alias). */
export async function findDisciplineId(db: Database, slug: string): Promise<number | undefined> {
  const canonical = DISCIPLINE_SLUG_ALIASES[slug] ?? slug;
  const [row] = await selectPrepared<{ id: number }>(
    db,
    sql`select id from disciplines where slug = ${canonical}`,
  );
  return row?.id;
}

export async function disciplineExists(db: Database, id: number): Promise<boolean> {
  const row = await selectOne<{ id: number }>(db, sql`select id from disciplines where id = ${id}`);
  return row !== undefined;
}

/** The spec spells one discipline two ways (docs/spec-notes.md). */
export const DISCIPLINE_SLUG_ALIASES: Record<string, string> = {
  "environmental-sciences": "environmental-science",
};

export async function listDegreeTypes(db: Database): Promise<DegreeType[]> {
  return selectRows<DegreeType>(
    db,
    sql`select dt.id, dt.name, dt.short_name,
          json_build_object('id', pt.id, 'name', pt.name, 'slug', pt.slug, 'label', pt.label) as programme_type
        from degree_types dt join programme_types pt on pt.id = dt.programme_type_id
        order by pt.id, dt.name`,
  );
}

export async function listCurrencies(
  db: Database,
  options: { limit: number; offset: number },
): Promise<{ count: number; results: Currency[] }> {
  const [total, results] = await Promise.all([
    selectOne<{ count: number }>(db, sql`select count(*)::int as count from currencies`),
    selectRows<Currency>(
      db,
      sql`select id, short_code, name, symbol, usd_exchange_rate::float8 as usd_exchange_rate,
            to_char(rate_date, 'YYYY-MM-DD') as rate_date, rate_source
          from currencies
          order by short_code
          limit ${options.limit} offset ${options.offset}`,
    ),
  ]);
  return { count: total?.count ?? 0, results };
}
