// Facet counts beside every finder filter option: how many programmes each option would give
// with all the *other* filters applied (issue "Discovery" item 4). One grouped query per facet,
// each with its own facet's filter removed.
import { sql, type SQL } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { CourseFacets } from "@studyatlas/schemas/finder.ts";
import {
  ATTENDANCE_OPTIONS,
  DURATION_BUCKETS,
  FORMAT_OPTIONS,
} from "@studyatlas/schemas/catalogue-constants.ts";

import { selectOne, selectRows } from "../sql-rows.ts";
import { courseWhere, type CourseFilters } from "./courses.ts";
import type { CourseIndex } from "./index/course-index.ts";
import { matchText } from "./index/text-match.ts";

type Row = { count: number };

function countsByValue(rows: Array<{ value: string; count: number }>): Map<string, number> {
  return new Map(rows.map((row) => [row.value, row.count]));
}

export async function countCourseFacets(
  db: Database,
  filters: CourseFilters,
  index?: CourseIndex,
): Promise<CourseFacets> {
  // The in-process index answers every filter, free text included (ADR 011, ADR 024).
  if (index) {
    const text = filters.text !== undefined ? await matchText(db, index, filters) : undefined;
    const fromIndex = index.facets(filters, text);
    if (fromIndex) return fromIndex;
  }
  const without = (change: Partial<CourseFilters>): SQL => courseWhere({ ...filters, ...change });

  const bucketColumns = sql.join(
    DURATION_BUCKETS.map((bucket) =>
      bucket.max === null
        ? sql`count(*) filter (where c.duration_days >= ${bucket.min})::int as ${sql.identifier(bucket.key)}`
        : sql`count(*) filter (where c.duration_days between ${bucket.min} and ${bucket.max})::int as ${sql.identifier(bucket.key)}`,
    ),
    sql`, `,
  );

  const [total, discipline, programme, duration, degreeType, attendance, format, country] =
    await Promise.all([
      selectOne<Row>(
        db,
        sql`select count(*)::int as count from courses c where ${courseWhere(filters)}`,
      ),
      selectRows<{ id: number; slug: string; name: string; count: number }>(
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
      selectRows<{ id: number; slug: string; label: string; count: number }>(
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
        sql`select ${bucketColumns} from courses c where ${without({ durations: [] })}`,
      ),
      selectRows<{ id: number; name: string; short_name: string; count: number }>(
        db,
        sql`select dt.id, dt.name, dt.short_name, coalesce(x.count, 0)::int as count
            from degree_types dt left join (
              select c.degree_type_id, count(*) as count from courses c
              where ${without({ degreeTypeIds: [] })}
              group by c.degree_type_id
            ) x on x.degree_type_id = dt.id
            order by dt.programme_type_id, dt.name`,
      ),
      selectRows<{ value: string; count: number }>(
        db,
        sql`select c.attendance as value, count(*)::int as count from courses c
            where ${without({ attendance: [] })} group by c.attendance`,
      ),
      selectRows<{ value: string; count: number }>(
        db,
        sql`select c.course_format as value, count(*)::int as count from courses c
            where ${without({ formats: [] })} group by c.course_format`,
      ),
      selectRows<{ id: number; slug: string; name: string; count: number }>(
        db,
        sql`select co.id, co.slug, co.name, x.count::int as count
            from (
              select s.country_id, count(*) as count
              from courses c join schools s on s.id = c.school_id
              where ${without({ countryIds: [] })}
              group by s.country_id
            ) x join countries co on co.id = x.country_id
            order by co.name`,
      ),
    ]);

  const attendanceCounts = countsByValue(attendance);
  const formatCounts = countsByValue(format);
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
        count: attendanceCounts.get(option.value) ?? 0,
      })),
      course_format: FORMAT_OPTIONS.map((option) => ({
        ...option,
        count: formatCounts.get(option.value) ?? 0,
      })),
      country,
    },
  };
}
