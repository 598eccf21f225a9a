// Schools: the list (by country, for country pages) and one school's page data with programme
// counts computed from the catalogue (never stored, so they cannot drift).
import { sql, type SQL } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { School } from "@studyatlas/schemas/catalogue.ts";
import { PROGRAMME_TYPE_IDS } from "@studyatlas/schemas/catalogue-constants.ts";

import { selectOne, selectPrepared, selectRows } from "../sql-rows.ts";

export type SchoolOrdering = "name" | "-name" | "courses" | "-courses";

const SCHOOL_ORDER: Record<SchoolOrdering, SQL> = {
  name: sql`lower(s.name) collate "C" asc, s.name collate "C" asc`,
  "-name": sql`lower(s.name) collate "C" desc, s.name collate "C" desc`,
  courses: sql`counts.courses_total asc, lower(s.name) collate "C" asc, s.name collate "C" asc`,
  "-courses": sql`counts.courses_total desc, lower(s.name) collate "C" asc, s.name collate "C" asc`,
};

// Doctorates are postgraduate programmes whose degree is a doctorate (PhD, DBA, ...).
const SCHOOL_COUNTS = sql`
  left join lateral (
    select
      count(*) filter (where c.programme_type_id = ${PROGRAMME_TYPE_IDS.undergraduate})::int as courses_undergraduates,
      count(*) filter (where c.programme_type_id = ${PROGRAMME_TYPE_IDS.postgraduate})::int as courses_postgraduates,
      count(*) filter (where c.programme_type_id = ${PROGRAMME_TYPE_IDS.short})::int as courses_shortcourses,
      count(*) filter (where c.programme_type_id = ${PROGRAMME_TYPE_IDS.executive})::int as courses_executive,
      count(*) filter (where c.programme_type_id = ${PROGRAMME_TYPE_IDS.certificate})::int as courses_certificates,
      count(*)::int as courses_total,
      count(*) filter (where c.programme_type_id = ${PROGRAMME_TYPE_IDS.undergraduate})::int as courses_bachelors,
      count(*) filter (where c.programme_type_id = ${PROGRAMME_TYPE_IDS.postgraduate} and not coalesce(dt.short_name ilike 'D%' or dt.name ilike 'Doctor%', false))::int as courses_masters,
      count(*) filter (where c.programme_type_id = ${PROGRAMME_TYPE_IDS.postgraduate} and coalesce(dt.short_name ilike 'D%' or dt.name ilike 'Doctor%', false))::int as courses_doctorates
    from courses c
    left join degree_types dt on dt.id = c.degree_type_id
    where c.school_id = s.id and c.published
  ) counts on true`;

const SCHOOL_COLUMNS = sql`s.id, s.name, s.slug, s.logo, s.banner, s.thumbnail, s.video, s.about,
  s.city, s.institution_type, s.year_established::int as year_established, s.website,
  json_build_object('id', co.id, 'name', co.name, 'slug', co.slug, 'code', co.code,
    'short_code', co.code, 'continent', co.continent) as country,
  counts.courses_undergraduates, counts.courses_postgraduates, counts.courses_shortcourses,
  counts.courses_executive, counts.courses_certificates, counts.courses_total,
  counts.courses_bachelors, counts.courses_masters, counts.courses_doctorates`;

export async function listSchools(
  db: Database,
  options: { countryId?: number; ordering?: SchoolOrdering; limit: number; offset: number },
): Promise<{ count: number; results: School[] }> {
  const where =
    options.countryId === undefined
      ? sql`where s.published`
      : sql`where s.published and s.country_id = ${options.countryId}`;
  const [total, results] = await Promise.all([
    selectOne<{ count: number }>(db, sql`select count(*)::int as count from schools s ${where}`),
    selectRows<School>(
      db,
      sql`select ${SCHOOL_COLUMNS}
          from schools s join countries co on co.id = s.country_id ${SCHOOL_COUNTS}
          ${where}
          order by ${SCHOOL_ORDER[options.ordering ?? "name"]}, s.id
          limit ${options.limit} offset ${options.offset}`,
    ),
  ]);
  return { count: total?.count ?? 0, results };
}

export async function getSchoolBySlug(db: Database, slug: string): Promise<School | undefined> {
  const [school] = await selectPrepared<School>(
    db,
    sql`select ${SCHOOL_COLUMNS}
        from schools s join countries co on co.id = s.country_id ${SCHOOL_COUNTS}
        where s.slug = ${slug} and s.published`,
  );
  return school;
}

export async function findSchoolId(db: Database, slug: string): Promise<number | undefined> {
  const [row] = await selectPrepared<{ id: number }>(
    db,
    sql`select id from schools where slug = ${slug} and published`,
  );
  return row?.id;
}
