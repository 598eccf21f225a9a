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
}

/** Every programme–discipline link as two parallel arrays (one row: cheap to read at a million). */
interface LinkRow {
  course_ids: number[] | null;
  discipline_ids: number[] | null;
}

/**
 * The 1-based rank of each row in a tuition order as PostgreSQL sorts `tuition_fee_usd` (numeric,
 * nulls last) then id; computed here rather than by window functions in the load query, which
 * cost PostgreSQL two extra sorts of the whole catalogue (most of the start time at a million).
 */
function tuitionRanks(rows: readonly Row[], direction: 1 | -1): Int32Array {
  const order = Int32Array.from({ length: rows.length }, (_, index) => index);
  order.sort((a, b) => {
    const x = rows[a] as Row;
    const y = rows[b] as Row;
    if (x.tuition_fee_usd === null || y.tuition_fee_usd === null) {
      if (x.tuition_fee_usd !== y.tuition_fee_usd) return x.tuition_fee_usd === null ? 1 : -1;
    } else if (x.tuition_fee_usd !== y.tuition_fee_usd) {
      return (x.tuition_fee_usd - y.tuition_fee_usd) * direction;
    }
    return x.id - y.id;
  });
  const ranks = new Int32Array(rows.length);
  order.forEach((index, position) => {
    ranks[index] = position + 1;
  });
  return ranks;
}

export async function loadCourseIndex(db: Database): Promise<CourseIndex> {
  const [rows, links, names, disciplines, programmeTypes, degreeTypes, countries] =
    await Promise.all([
      selectRows<Row>(
        db,
        // The same order as the finder's name order (courses.ts BY_NAME), so document numbers
        // follow it; the same visibility as courseWhere: published programmes of published schools.
        sql`select c.id, c.programme_type_id, c.degree_type_id, c.school_id, s.country_id,
            co.continent, c.tuition_fee::float8 as tuition_fee,
            c.tuition_fee_usd::float8 as tuition_fee_usd, c.duration_days, c.attendance,
            c.course_format, c.featured, c.shuffle_key, c.start_year, c.start_month
          from courses c
          join schools s on s.id = c.school_id
          join countries co on co.id = s.country_id
          where c.published and s.published
          order by c.search_name collate "C" asc, c.name collate "C" asc, c.id asc`,
      ),
      selectRows<LinkRow>(
        db,
        sql`select array_agg(cd.course_id) as course_ids, array_agg(cd.discipline_id) as discipline_ids
          from course_disciplines cd`,
      ),
      // Each distinct name (as the similar-name match and the name order see it) and how many
      // public programmes carry it, in the same order: a name's documents are consecutive.
      selectRows<{ name: string; count: number }>(
        db,
        sql`select c.search_name as name, count(*)::int as count
          from courses c
          join schools s on s.id = c.school_id
          where c.published and s.published
          group by c.search_name
          order by c.search_name collate "C" asc`,
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
  const disciplinesOf = new Map<number, number[]>();
  const linkCourses = links[0]?.course_ids ?? [];
  const linkDisciplines = links[0]?.discipline_ids ?? [];
  linkCourses.forEach((courseId, index) => {
    const disciplineId = linkDisciplines[index] as number;
    const list = disciplinesOf.get(courseId);
    if (list) list.push(disciplineId);
    else disciplinesOf.set(courseId, [disciplineId]);
  });
  const tuitionRank = tuitionRanks(rows, 1);
  const tuitionDescRank = tuitionRanks(rows, -1);
  const courses: IndexedCourse[] = rows.map((row, index) => ({
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
    tuitionRank: tuitionRank[index] as number,
    tuitionDescRank: tuitionDescRank[index] as number,
    disciplineIds: disciplinesOf.get(row.id) ?? [],
  }));
  return new CourseIndex(courses, { disciplines, programmeTypes, degreeTypes, countries }, names);
}
