// Saved searches evaluated in process (docs/decisions/053-saved-searches-and-alerts.md): the alert
// run reads the programmes first published in its window once (an import of 10,000 is 10,000
// rows), and tests every distinct saved search against them in memory with the finder's own
// filter rules (course-sql.ts courseWhere, one to one). The filters come from the finder's own
// resolution, each slug resolved once per run; free text, which needs PostgreSQL's text search,
// is evaluated once per distinct text and window in SQL. newMatchesBetween (finder/new-matches.ts)
// answers the same question for one search in SQL and is this matcher's oracle in the tests.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { PROGRAMME_TYPE_IDS } from "@studyatlas/schemas/catalogue-constants.ts";
import type { CourseListQuery } from "@studyatlas/schemas/catalogue.ts";

import { InvalidParameterError } from "../errors.ts";
import type { CourseFilters } from "../finder/course-request.ts";
import { courseWhere } from "../finder/course-sql.ts";
import type { FinderIndex } from "../finder/finder-index.ts";
import type { NewMatch, NewMatches } from "../finder/new-matches.ts";
import { resolveCourseListRequest } from "../finder/search.ts";
import { selectRows } from "../sql-rows.ts";
import { candidatesOf, windowIndexOf, type NewProgramme } from "./window-index.ts";

/** Public programmes first published in (from, to], newest first. */
export async function loadNewProgrammes(db: Database, from: Date, to: Date) {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`select c.id, c.name, c.slug, c.school_name, p.first_published_at, c.programme_type_id,
               c.degree_type_id, c.school_id, s.country_id, co.continent, c.tuition_fee,
               c.tuition_fee_usd, c.duration_days, c.attendance, c.course_format, c.featured,
               coalesce((select array_agg(cd.discipline_id) from course_disciplines cd
                         where cd.course_id = c.id), '{}') as discipline_ids
        from course_publications p
        join courses c on c.id = p.course_id
        join schools s on s.id = c.school_id
        join countries co on co.id = s.country_id
        where p.first_published_at > ${from.toISOString()}::timestamptz
          and p.first_published_at <= ${to.toISOString()}::timestamptz
          and c.published and s.published
        order by p.first_published_at desc, c.id desc`,
  );
  return rows.map((row): NewProgramme => ({
    id: Number(row.id),
    name: String(row.name),
    slug: String(row.slug),
    schoolName: String(row.school_name),
    publishedAt: new Date(row.first_published_at as string).getTime(),
    programmeTypeId: Number(row.programme_type_id),
    degreeTypeId: row.degree_type_id === null ? null : Number(row.degree_type_id),
    schoolId: Number(row.school_id),
    countryId: Number(row.country_id),
    continent: String(row.continent),
    tuitionFee: Number(row.tuition_fee),
    tuitionFeeUsd: row.tuition_fee_usd === null ? null : Number(row.tuition_fee_usd),
    durationDays: Number(row.duration_days),
    attendance: String(row.attendance),
    format: String(row.course_format),
    featured: Boolean(row.featured),
    disciplineIds: new Set((row.discipline_ids as number[]).map(Number)),
  }));
}

/** courseWhere's filters (bar the text) over one programme already known to be public. */
export function matchesFilters(p: NewProgramme, f: CourseFilters): boolean {
  if (!f.published) return false;
  if (f.programmeTypeId !== undefined && p.programmeTypeId !== f.programmeTypeId) return false;
  for (const id of f.disciplineIds) if (!p.disciplineIds.has(id)) return false;
  if (f.countryIds.length > 0 && !f.countryIds.includes(p.countryId)) return false;
  if (f.excludeContinents.includes(p.continent)) return false;
  if (f.schoolId !== undefined && p.schoolId !== f.schoolId) return false;
  if (f.tuition) {
    if (f.tuition.kind === "free-or-unknown") {
      if (p.tuitionFee > 0) return false;
    } else if (
      p.tuitionFeeUsd === null ||
      p.tuitionFeeUsd < f.tuition.min ||
      p.tuitionFeeUsd > f.tuition.max
    ) {
      return false;
    }
  }
  if (
    f.durations.length > 0 &&
    !f.durations.some((r) => p.durationDays >= r.min && (r.max === null || p.durationDays <= r.max))
  ) {
    return false;
  }
  if (
    f.degreeTypeIds.length > 0 &&
    (p.degreeTypeId === null || !f.degreeTypeIds.includes(p.degreeTypeId))
  ) {
    return false;
  }
  if (f.attendance.length > 0 && !f.attendance.includes(p.attendance)) return false;
  if (f.formats.length > 0 && !f.formats.includes(p.format)) return false;
  if (f.featured !== undefined && p.featured !== f.featured) return false;
  return true;
}

const EMPTY_QUERY: CourseListQuery = {
  country: [],
  exclude_continent: [],
  duration: [],
  degree_type: [],
  attendance: [],
  course_format: [],
};

/** Resolves saved queries and evaluates them over a window's new programmes, caching lookups. */
export function createSearchMatcher(db: Database, finder?: FinderIndex) {
  const lookups = new Map<string, Promise<CourseFilters | null>>();
  const texts = new Map<string, Promise<Set<number> | null>>();

  /** One slug lookup, resolved by the finder and kept for the run; null when unknown. */
  function lookup(key: string, query: Partial<CourseListQuery>) {
    let found = lookups.get(key);
    if (!found) {
      found = resolveCourseListRequest(db, { ...EMPTY_QUERY, ...query }, finder).then(
        (request) => request.filters,
        (error: unknown) => {
          if (error instanceof InvalidParameterError) return null;
          throw error;
        },
      );
      lookups.set(key, found);
    }
    return found;
  }

  /** The filters of a query without its text; null when a slug no longer exists. */
  async function filtersOf(query: CourseListQuery): Promise<CourseFilters | null> {
    const parts = await Promise.all([
      query.discipline ? lookup(`d:${query.discipline}`, { discipline: query.discipline }) : null,
      query.country.length > 0
        ? lookup(`c:${query.country.join(",")}`, { country: query.country })
        : null,
      query.school_slug
        ? lookup(`s:${query.school_slug}`, { school_slug: query.school_slug })
        : null,
    ]);
    if ((query.discipline && !parts[0]) || (query.country.length > 0 && !parts[1])) return null;
    if (query.school_slug && !parts[2]) return null;
    return {
      ...(query.programme ? { programmeTypeId: PROGRAMME_TYPE_IDS[query.programme] } : {}),
      disciplineIds: parts[0]?.disciplineIds ?? [],
      countryIds: parts[1]?.countryIds ?? [],
      excludeContinents: query.exclude_continent,
      ...(parts[2]?.schoolId !== undefined ? { schoolId: parts[2].schoolId } : {}),
      ...(query.tuition ? { tuition: query.tuition } : {}),
      durations: query.duration,
      degreeTypeIds: query.degree_type,
      attendance: query.attendance,
      formats: query.course_format,
      ...(query.featured !== undefined ? { featured: query.featured } : {}),
      published: true,
    };
  }

  /**
   * The ids of the window's programmes the text finds (with the filters its words stand for, ADR
   * 045), by the finder's own text condition; null when its words name something unknown.
   */
  function textIdsOf(text: string, from: Date, to: Date) {
    const key = `${from.toISOString()} ${text}`;
    let found = texts.get(key);
    if (!found) {
      found = (async () => {
        const filters = await lookup(`t:${text}`, { name: text });
        if (!filters) return null;
        const rows = await selectRows<{ id: number }>(
          db,
          sql`select c.id from course_publications p join courses c on c.id = p.course_id
              where p.first_published_at > ${from.toISOString()}::timestamptz
                and p.first_published_at <= ${to.toISOString()}::timestamptz
                and ${courseWhere(filters)}`,
        );
        return new Set(rows.map((row) => Number(row.id)));
      })();
      texts.set(key, found);
    }
    return found;
  }

  /** A saved query's matches among `programmes` (the window's, newest first). */
  async function matchesOf(
    query: CourseListQuery,
    programmes: readonly NewProgramme[],
    window: { from: Date; to: Date },
  ): Promise<NewMatches> {
    if (programmes.length === 0) return { count: 0, newest: [] };
    const filters = await filtersOf(query);
    const ids = query.name ? await textIdsOf(query.name, window.from, window.to) : undefined;
    if (!filters || ids === null) return { count: 0, newest: [] };
    const index = windowIndexOf(programmes);
    let count = 0;
    const newest: NewMatch[] = [];
    for (const position of candidatesOf(index, filters, ids)) {
      const p = programmes[position] as NewProgramme;
      if ((ids !== undefined && !ids.has(p.id)) || !matchesFilters(p, filters)) continue;
      count += 1;
      if (newest.length < 5) {
        newest.push({ id: p.id, name: p.name, slug: p.slug, schoolName: p.schoolName });
      }
    }
    return { count, newest };
  }

  return { matchesOf };
}
