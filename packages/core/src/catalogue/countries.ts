// Countries: the list (dropdowns, /countries), slugs and names to ids, and a country's programme
// count (one country's page data: country-detail.ts).
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { CountryListItem } from "@studyatlas/schemas/catalogue.ts";

import {
  intArrayLiteral,
  selectOne,
  selectPrepared,
  selectRows,
  textArrayLiteral,
} from "../sql-rows.ts";

export type CountryOrdering = "name" | "-name" | "courses" | "-courses";

const COUNTRY_ORDER: Record<CountryOrdering, ReturnType<typeof sql>> = {
  name: sql`lower(co.name) collate "C" asc, co.name collate "C" asc`,
  "-name": sql`lower(co.name) collate "C" desc, co.name collate "C" desc`,
  courses: sql`courses_count asc, lower(co.name) collate "C" asc, co.name collate "C" asc`,
  "-courses": sql`courses_count desc, lower(co.name) collate "C" asc, co.name collate "C" asc`,
};

// Per-country counts of published schools and courses, computed once per query.
const COUNTRY_COUNTS = sql`
  left join lateral (
    select count(distinct s.id)::int as schools_count, count(c.id)::int as courses_count
    from schools s
    left join courses c on c.school_id = s.id and c.published
    where s.country_id = co.id and s.published
  ) counts on true`;

/**
 * The same counts when the programmes per country are known already (the finder's index counts
 * them: search.ts `countryCourseCounts`): only the schools are counted here, in one pass over a
 * table of a few thousand rows, where COUNTRY_COUNTS reads every programme of every country.
 */
function knownCourseCounts(courseCounts: ReadonlyMap<number, number>) {
  return sql`
  left join (
    select s.country_id, count(*)::int as n from schools s
    where s.published group by s.country_id
  ) school_counts on school_counts.country_id = co.id
  left join unnest(
    ${intArrayLiteral([...courseCounts.keys()])}::int[],
    ${intArrayLiteral([...courseCounts.values()])}::int[]
  ) as course_counts(country_id, n) on course_counts.country_id = co.id
  cross join lateral (
    select coalesce(school_counts.n, 0) as schools_count, coalesce(course_counts.n, 0) as courses_count
  ) counts`;
}

/**
 * A page of countries with their counts of published schools and programmes. `courseCounts`,
 * when given, is every country's number of public programmes (a country it lacks has none).
 */
export async function listCountries(
  db: Database,
  options: { enabledOnly?: boolean; ordering?: CountryOrdering; limit: number; offset: number },
  courseCounts?: ReadonlyMap<number, number>,
): Promise<{ count: number; results: CountryListItem[] }> {
  const where = options.enabledOnly ? sql`where co.enabled` : sql``;
  const counts = courseCounts ? knownCourseCounts(courseCounts) : COUNTRY_COUNTS;
  const [total, results] = await Promise.all([
    selectOne<{ count: number }>(db, sql`select count(*)::int as count from countries co ${where}`),
    selectRows<CountryListItem>(
      db,
      sql`select co.id, co.name, co.slug, co.code, co.code as short_code, co.continent, co.image,
            co.enabled, counts.schools_count, counts.courses_count
          from countries co ${counts}
          ${where}
          order by ${COUNTRY_ORDER[options.ordering ?? "name"]}, co.id
          limit ${options.limit} offset ${options.offset}`,
    ),
  ]);
  return { count: total?.count ?? 0, results };
}

/**
 * How many published programmes a country's published schools offer: `courses_count` as
 * COUNTRY_COUNTS gives it, for the country page when no finder index counts them (search.ts).
 */
export async function countPublishedCoursesOfCountry(
  db: Database,
  countryId: number,
): Promise<number> {
  const row = await selectPrepared<{ count: number }>(
    db,
    sql`select count(c.id)::int as count
        from schools s
        join courses c on c.school_id = s.id and c.published
        where s.country_id = ${countryId} and s.published`,
  );
  return row[0]?.count ?? 0;
}

/** Maps country slugs to ids; returns the slugs that matched nothing. */
export async function resolveCountrySlugs(
  db: Database,
  slugs: string[],
): Promise<{ ids: number[]; unknown: string[] }> {
  if (slugs.length === 0) return { ids: [], unknown: [] };
  const rows = await selectPrepared<{ id: number; slug: string }>(
    db,
    sql`select id, slug from countries where slug = any(${textArrayLiteral(slugs)}::text[])`,
  );
  const found = new Set(rows.map((row) => row.slug));
  return { ids: rows.map((row) => row.id), unknown: slugs.filter((slug) => !found.has(slug)) };
}

export interface CountryOption {
  id: number;
  name: string;
  slug: string;
}

/** The lean list behind every country dropdown (header, hero): no counts, one index scan. */
export async function listCountryOptions(
  db: Database,
  options: { enabledOnly: boolean },
): Promise<CountryOption[]> {
  return selectRows<CountryOption>(
    db,
    sql`select id, name, slug from countries ${options.enabledOnly ? sql`where enabled` : sql``}
        order by name, id`,
  );
}

/** A country's id from its slug, else from its name (any case); the country page's fallbacks. */
export async function findCountryId(
  db: Database,
  by: { slug?: string; name?: string },
): Promise<number | undefined> {
  if (by.slug) {
    const row = await selectOne<{ id: number }>(
      db,
      sql`select id from countries where slug = ${by.slug.toLowerCase()}`,
    );
    if (row) return row.id;
  }
  if (by.name) {
    const row = await selectOne<{ id: number }>(
      db,
      sql`select id from countries where lower(name) = ${by.name.toLowerCase()} order by id limit 1`,
    );
    if (row) return row.id;
  }
  return undefined;
}
