// The benchmark's peer: the same finder requests answered by `@orama/orama`, the
// embedded search engine a JavaScript team would pick instead of our own index, over the same
// public programmes in the same process. It answers the list (ids in the requested order and the
// total) and the facet counts with each facet's own filter removed, which Orama's facets cannot do
// in one search: one search per facet group plus one for the total, as an application on Orama
// would have to. Free text goes through Orama's BM25 with typo tolerance 1 over the name, school
// and disciplines (not PostgreSQL's dictionary, so its matches differ from ours). Start-date and
// random orders are approximated (by year and month, by the shuffle key); the rest are exact.
import { count, create, insertMultiple, search, type Orama } from "@orama/orama";
import { sql } from "drizzle-orm";

import type { CourseFilters, CourseListRequest } from "@studyatlas/core/finder/course-request.ts";
import { selectRows } from "@studyatlas/core/sql-rows.ts";
import type { Database } from "@studyatlas/db/client.ts";
import type { CourseFacets } from "@studyatlas/schemas/finder.ts";

const SCHEMA = {
  cid: "number",
  name: "string",
  about: "string",
  programme: "enum",
  disciplines: "enum[]",
  country: "enum",
  continent: "enum",
  school: "enum",
  tuitionFee: "number",
  tuitionUsd: "number",
  duration: "number",
  degreeType: "enum",
  attendance: "enum",
  format: "enum",
  featured: "boolean",
  nameRank: "number",
  tuitionRank: "number",
  tuitionDescRank: "number",
  start: "number",
  shuffle: "number",
} as const;

type Peer = Orama<typeof SCHEMA>;
type Where = Record<string, unknown>;
type Group = keyof CourseFacets["facets"];

interface Row {
  id: number;
  name: string;
  about: string;
  programme_type_id: number;
  discipline_ids: number[];
  country_id: number;
  continent: string;
  school_id: number;
  tuition_fee: number;
  tuition_fee_usd: number | null;
  duration_days: number;
  degree_type_id: number | null;
  attendance: string;
  course_format: string;
  featured: boolean;
  name_rank: number;
  tuition_rank: number;
  tuition_desc_rank: number;
  start: number;
  shuffle_key: number;
}

export async function buildOramaPeer(db: Database): Promise<OramaPeer> {
  const rows = await selectRows<Row>(
    db,
    sql`select c.id, c.name, s.name || ' ' || coalesce((select string_agg(d.name, ' ')
              from course_disciplines cd join disciplines d on d.id = cd.discipline_id
              where cd.course_id = c.id), '') as about,
          c.programme_type_id, coalesce((select array_agg(cd.discipline_id)
              from course_disciplines cd where cd.course_id = c.id), '{}') as discipline_ids,
          s.country_id, co.continent, c.school_id, c.tuition_fee::float8 as tuition_fee,
          c.tuition_fee_usd::float8 as tuition_fee_usd, c.duration_days, c.degree_type_id,
          c.attendance, c.course_format, c.featured,
          (row_number() over (order by c.search_name collate "C", c.name collate "C", c.id))::int
            as name_rank,
          (row_number() over (order by c.tuition_fee_usd asc nulls last, c.id asc))::int
            as tuition_rank,
          (row_number() over (order by c.tuition_fee_usd desc nulls last, c.id asc))::int
            as tuition_desc_rank,
          (c.start_year * 12 + c.start_month) as start, c.shuffle_key
        from courses c join schools s on s.id = c.school_id
        join countries co on co.id = s.country_id
        where c.published and s.published`,
  );
  const peer = create({ schema: SCHEMA });
  await insertMultiple(
    peer,
    rows.map((row) => ({
      cid: row.id,
      name: row.name,
      about: row.about,
      programme: row.programme_type_id,
      disciplines: row.discipline_ids,
      country: row.country_id,
      continent: row.continent,
      school: row.school_id,
      tuitionFee: row.tuition_fee,
      // Orama numbers have no null: -1 never falls in a tuition range.
      tuitionUsd: row.tuition_fee_usd ?? -1,
      duration: row.duration_days,
      degreeType: row.degree_type_id ?? -1,
      attendance: row.attendance,
      format: row.course_format,
      featured: row.featured,
      nameRank: row.name_rank,
      tuitionRank: row.tuition_rank,
      tuitionDescRank: row.tuition_desc_rank,
      start: row.start,
      shuffle: row.shuffle_key,
    })),
    2000,
  );
  return new OramaPeer(peer);
}

export class OramaPeer {
  private readonly db: Peer;

  constructor(db: Peer) {
    this.db = db;
  }

  size(): number {
    return count(this.db);
  }

  /** The conditions of every filter group but `without`. */
  private where(filters: CourseFilters, without?: Group): Where {
    const and: Where[] = [];
    if (filters.programmeTypeId !== undefined && without !== "programme") {
      and.push({ programme: { eq: filters.programmeTypeId } });
    }
    if (filters.disciplineIds.length > 0 && without !== "discipline") {
      and.push({ disciplines: { containsAll: filters.disciplineIds } });
    }
    if (filters.countryIds.length > 0 && without !== "country") {
      and.push({ country: { in: filters.countryIds } });
    }
    if (filters.excludeContinents.length > 0) {
      and.push({ continent: { nin: filters.excludeContinents } });
    }
    if (filters.schoolId !== undefined) and.push({ school: { eq: filters.schoolId } });
    if (filters.tuition) {
      and.push(
        filters.tuition.kind === "free-or-unknown"
          ? { tuitionFee: { lte: 0 } }
          : { tuitionUsd: { between: [filters.tuition.min, filters.tuition.max] } },
      );
    }
    if (filters.durations.length > 0 && without !== "duration") {
      and.push({
        or: filters.durations.map((range) => ({
          duration: range.max === null ? { gte: range.min } : { between: [range.min, range.max] },
        })),
      });
    }
    if (filters.degreeTypeIds.length > 0 && without !== "degree_type") {
      and.push({ degreeType: { in: filters.degreeTypeIds } });
    }
    if (filters.attendance.length > 0 && without !== "attendance") {
      and.push({ attendance: { in: filters.attendance } });
    }
    if (filters.formats.length > 0 && without !== "course_format") {
      and.push({ format: { in: filters.formats } });
    }
    if (filters.featured !== undefined) and.push({ featured: filters.featured });
    return and.length === 0 ? {} : { and };
  }

  private text(filters: CourseFilters) {
    return filters.text
      ? { term: filters.text, properties: ["name", "about"] as ("name" | "about")[], tolerance: 1 }
      : {};
  }

  /** One page of programme ids in the requested order, and the total. */
  async list(request: CourseListRequest): Promise<{ count: number; ids: number[] }> {
    const sortBy = ((): { property: keyof typeof SCHEMA; order: "ASC" | "DESC" } | undefined => {
      switch (request.ordering) {
        case "name":
          return { property: "nameRank", order: "ASC" };
        case "-name":
          return { property: "nameRank", order: "DESC" };
        case "tuition":
          return { property: "tuitionRank", order: "ASC" };
        case "-tuition":
          return { property: "tuitionDescRank", order: "ASC" };
        case "start_date":
          return { property: "start", order: "ASC" };
        case "random":
          return { property: "shuffle", order: "ASC" };
        default:
          // Relevance: Orama's own score with text, else name order.
          return request.filters.text ? undefined : { property: "nameRank", order: "ASC" };
      }
    })();
    const found = await search(this.db, {
      ...this.text(request.filters),
      where: this.where(request.filters) as never,
      ...(sortBy ? { sortBy: sortBy as never } : {}),
      limit: request.pageSize,
      offset: (request.page - 1) * request.pageSize,
    });
    return { count: found.count, ids: found.hits.map((hit) => hit.document.cid) };
  }

  /** Every facet's counts with its own filter removed, and the total: eight searches. */
  async facets(filters: CourseFilters): Promise<Record<string, unknown>> {
    const text = this.text(filters);
    const facetOf = async (group: Group, property: keyof typeof SCHEMA, definition: object) => {
      const found = await search(this.db, {
        ...text,
        where: this.where(filters, group) as never,
        facets: { [property]: definition },
        limit: 0,
      });
      return found.facets?.[property]?.values ?? {};
    };
    const many = { limit: 1000 };
    const [total, discipline, programme, duration, degreeType, attendance, format, country] =
      await Promise.all([
        search(this.db, { ...text, where: this.where(filters) as never, limit: 0 }),
        facetOf("discipline", "disciplines", many),
        facetOf("programme", "programme", many),
        facetOf("duration", "duration", {
          ranges: [
            { from: 0, to: 364 },
            { from: 365, to: 728 },
            { from: 729, to: 1095 },
            { from: 1096, to: 1460 },
            { from: 1461, to: Number.MAX_SAFE_INTEGER },
          ],
        }),
        facetOf("degree_type", "degreeType", many),
        facetOf("attendance", "attendance", many),
        facetOf("course_format", "format", many),
        facetOf("country", "country", many),
      ]);
    return {
      count: total.count,
      facets: { discipline, programme, duration, degreeType, attendance, format, country },
    };
  }
}
