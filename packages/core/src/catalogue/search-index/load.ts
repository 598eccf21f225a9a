// Builds the finder's in-process index (course-index.ts) from PostgreSQL, the store of record: one
// pass over the public programmes in name order, with the two tuition orders as PostgreSQL sorts
// them (numeric, nulls last), and the facets' option lists in the order the SQL facets give them.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { selectRows } from "../../sql-rows.ts";
import { CourseIndex, type FacetOptions, type IndexedCourse } from "./course-index.ts";

interface Row {
  id: number;
  programme_type_id: number;
  degree_type_id: number | null;
  school_id: number;
  country_id: number;
  continent: string;
  tuition_fee: number;
  tuition_fee_usd: number | null;
  duration_days: number;
  attendance: string;
  course_format: string;
  featured: boolean;
  shuffle_key: number;
  start_year: number;
  start_month: number;
  tuition_rank: number;
  tuition_desc_rank: number;
  discipline_ids: number[];
}

export async function loadCourseIndex(db: Database): Promise<CourseIndex> {
  const [rows, disciplines, programmeTypes, degreeTypes, countries] = await Promise.all([
    selectRows<Row>(
      db,
      // The same order as the finder's name order (courses.ts BY_NAME), so document numbers
      // follow it; the same visibility as courseWhere: published programmes of published schools.
      sql`select c.id, c.programme_type_id, c.degree_type_id, c.school_id, s.country_id,
            co.continent, c.tuition_fee::float8 as tuition_fee,
            c.tuition_fee_usd::float8 as tuition_fee_usd, c.duration_days, c.attendance,
            c.course_format, c.featured, c.shuffle_key, c.start_year, c.start_month,
            (row_number() over (order by c.tuition_fee_usd asc nulls last, c.id asc))::int
              as tuition_rank,
            (row_number() over (order by c.tuition_fee_usd desc nulls last, c.id asc))::int
              as tuition_desc_rank,
            coalesce((select array_agg(cd.discipline_id) from course_disciplines cd
              where cd.course_id = c.id), '{}') as discipline_ids
          from courses c
          join schools s on s.id = c.school_id
          join countries co on co.id = s.country_id
          where c.published and s.published
          order by c.search_name collate "C" asc, c.name collate "C" asc, c.id asc`,
    ),
    selectRows<FacetOptions["disciplines"][number]>(
      db,
      sql`select d.id, d.slug, d.name from disciplines d order by d.name`,
    ),
    selectRows<FacetOptions["programmeTypes"][number]>(
      db,
      sql`select pt.id, pt.slug, pt.label from programme_types pt order by pt.id`,
    ),
    selectRows<FacetOptions["degreeTypes"][number]>(
      db,
      sql`select dt.id, dt.name, dt.short_name from degree_types dt
          order by dt.programme_type_id, dt.name`,
    ),
    selectRows<FacetOptions["countries"][number]>(
      db,
      sql`select co.id, co.slug, co.name from countries co order by co.name`,
    ),
  ]);
  const courses: IndexedCourse[] = rows.map((row) => ({
    id: row.id,
    programmeTypeId: row.programme_type_id,
    degreeTypeId: row.degree_type_id,
    schoolId: row.school_id,
    countryId: row.country_id,
    continent: row.continent,
    tuitionFee: row.tuition_fee,
    tuitionFeeUsd: row.tuition_fee_usd,
    durationDays: row.duration_days,
    attendance: row.attendance,
    courseFormat: row.course_format,
    featured: row.featured,
    shuffleKey: row.shuffle_key,
    startYear: row.start_year,
    startMonth: row.start_month,
    tuitionRank: row.tuition_rank,
    tuitionDescRank: row.tuition_desc_rank,
    disciplineIds: row.discipline_ids,
  }));
  return new CourseIndex(courses, { disciplines, programmeTypes, degreeTypes, countries });
}
