// Facet counts beside every finder filter option: how many programmes each option would give
// with all the *other* filters applied (docs/spec-notes.md, Course finder). The in-process index
// counts them all at once (ADR 011); SQL answers with one grouped query per facet, each with its
// own facet's filter removed.
import { sql, type SQL } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { CourseFacets } from "@studyatlas/schemas/finder.ts";
import {
  ATTENDANCE_OPTIONS,
  DURATION_BUCKETS,
  FORMAT_OPTIONS,
} from "@studyatlas/schemas/catalogue-constants.ts";

import { selectOne, selectRows } from "../sql-rows.ts";
import type { CourseFilters } from "./course-request.ts";
import { courseWhere } from "./course-sql.ts";
import type { CourseIndex } from "./index/course-index.ts";
import { matchText } from "./index/text-match.ts";

type Row = { count: number };
type Facets = CourseFacets["facets"];

function countsByValue(rows: Array<{ value: string; count: number }>): Map<string, number> {
  return new Map(rows.map((row) => [row.value, row.count]));
}

/** The total and every facet's counts: from the index when it can answer, else from SQL. */
export async function countCourseFacets(
  db: Database,
  filters: CourseFilters,
  index?: CourseIndex,
): Promise<CourseFacets> {
  // The in-process index answers every filter, free text included (ADR 024).
  if (index) {
    const text = filters.text !== undefined ? await matchText(db, index, filters) : undefined;
    const fromIndex = index.facets(filters, text);
    if (fromIndex) return fromIndex;
  }
  return countFacetsInSql(db, filters);
}

/** The facets counted by one query per facet, each with its own filter removed. */
async function countFacetsInSql(db: Database, filters: CourseFilters): Promise<CourseFacets> {
  const without = (change: Partial<CourseFilters>): SQL => courseWhere({ ...filters, ...change });
  const [total, discipline, programme, duration, degreeType, attendance, format, country, budget] =
    await Promise.all([
      selectOne<Row>(
        db,
        sql`select count(*)::int as count from courses c where ${courseWhere(filters)}`,
      ),
      selectRows<Facets["discipline"][number]>(
        db,
        sql`select d.id, d.slug, d.name, coalesce(x.count, 0)::int as count
            from disciplines d left join (
              select cd.discipline_id, count(*) as count
              from courses c join course_disciplines cd on cd.course_id = c.id
              where ${without({ disciplineIds: [] })}
              group by cd.discipline_id
            ) x on x.discipline_id = d.id
            order by d.name`,
      ),
      selectRows<Facets["programme"][number]>(
        db,
        sql`select pt.id, pt.slug, pt.label, coalesce(x.count, 0)::int as count
            from programme_types pt left join (
              select c.programme_type_id, count(*) as count from courses c
              where ${without({ programmeTypeId: undefined })}
              group by c.programme_type_id
            ) x on x.programme_type_id = pt.id
            order by pt.id`,
      ),
      selectOne<Record<string, number>>(
        db,
        sql`select ${durationColumns()} from courses c where ${without({ durations: [] })}`,
      ),
      selectRows<Facets["degree_type"][number]>(
        db,
        sql`select dt.id, dt.name, dt.short_name, coalesce(x.count, 0)::int as count
            from degree_types dt left join (
              select c.degree_type_id, count(*) as count from courses c
              where ${without({ degreeTypeIds: [] })}
              group by c.degree_type_id
            ) x on x.degree_type_id = dt.id
            order by dt.programme_type_id, dt.name`,
      ),
      valueCounts(db, sql`c.attendance`, without({ attendance: [] })),
      valueCounts(db, sql`c.course_format`, without({ formats: [] })),
      countryCounts(db, without({ countryIds: [] })),
      budgetCounts(db, filters),
    ]);
  return {
    count: total?.count ?? 0,
    facets: {
      discipline,
      programme,
      duration: DURATION_BUCKETS.map((bucket) => ({
        key: bucket.key,
        label: bucket.label,
        count: duration?.[bucket.key] ?? 0,
      })),
      degree_type: degreeType,
      attendance: ATTENDANCE_OPTIONS.map((option) => ({
        ...option,
        count: attendance.get(option.value) ?? 0,
      })),
      course_format: FORMAT_OPTIONS.map((option) => ({
        ...option,
        count: format.get(option.value) ?? 0,
      })),
      country,
      ...(budget ? { budget } : {}),
    },
  };
}

/** The budget's bands (ADR 051), counted with every filter but the budget's own limit. */
async function budgetCounts(db: Database, filters: CourseFilters): Promise<Facets["budget"]> {
  const budget = filters.budget;
  if (!budget) return undefined;
  const where = courseWhere({ ...filters, budget: { ...budget, maxUsd: undefined } });
  const columns = budget.bands.map(
    (band, position) =>
      sql`count(*) filter (where c.tuition_total_usd <= ${band.maxUsd})::int as ${sql.identifier(`b${position}`)}`,
  );
  if (columns.length === 0) return { currency: budget.currency, bands: [] };
  const row = await selectOne<Record<string, number>>(
    db,
    sql`select ${sql.join(columns, sql`, `)} from courses c where ${where}`,
  );
  return {
    currency: budget.currency,
    bands: budget.bands.map((band, position) => ({
      max: band.max,
      count: row?.[`b${position}`] ?? 0,
    })),
  };
}

/** One count column per duration bucket, named by the bucket's key. */
function durationColumns(): SQL {
  return sql.join(
    DURATION_BUCKETS.map((bucket) =>
      bucket.max === null
        ? sql`count(*) filter (where c.duration_days >= ${bucket.min})::int as ${sql.identifier(bucket.key)}`
        : sql`count(*) filter (where c.duration_days between ${bucket.min} and ${bucket.max})::int as ${sql.identifier(bucket.key)}`,
    ),
    sql`, `,
  );
}

/** The programmes per value of one column of `courses c`. */
async function valueCounts(db: Database, column: SQL, where: SQL): Promise<Map<string, number>> {
  return countsByValue(
    await selectRows<{ value: string; count: number }>(
      db,
      sql`select ${column} as value, count(*)::int as count from courses c
          where ${where} group by ${column}`,
    ),
  );
}

/** The countries that have matching programmes, with their counts, in name order. */
function countryCounts(db: Database, where: SQL): Promise<Facets["country"]> {
  return selectRows<Facets["country"][number]>(
    db,
    sql`select co.id, co.slug, co.name, x.count::int as count
        from (
          select s.country_id, count(*) as count
          from courses c join schools s on s.id = c.school_id
          where ${where}
          group by s.country_id
        ) x join countries co on co.id = x.country_id
        order by co.name`,
  );
}
