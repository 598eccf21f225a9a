// Builds the finder's in-process index (course-index.ts) from PostgreSQL, the store of record: the
// public programmes in name order, read in short keyset pages (loadIndexedCourses), with the two
// tuition orders as PostgreSQL sorts them (numeric, nulls last), and the facets' option lists in
// the order the SQL facets give them.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { selectRows } from "../../sql-rows.ts";
import { loadCardReferences } from "./card-references.ts";
import type { IndexedCourse } from "./columns.ts";
import { CourseIndex } from "./course-index.ts";
import { loadRequirementRows } from "./requirement-rows.ts";
import type { FacetOptions } from "./facet-counts.ts";

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
function tuitionRanks(
  rows: readonly IndexedCourse[],
  direction: 1 | -1,
  valueOf: (row: IndexedCourse) => number | null = (row) => row.tuitionFeeUsd,
): Int32Array {
  // The keys in typed arrays, read by the comparator instead of the rows (ADR 027): the fee signed
  // by the direction, a missing fee +Infinity (last either way; two compare as NaN, falsy, so by
  // id).
  const n = rows.length;
  const fee = new Float64Array(n);
  const id = new Int32Array(n);
  for (let index = 0; index < n; index += 1) {
    const value = valueOf(rows[index] as IndexedCourse);
    fee[index] = value === null ? Number.POSITIVE_INFINITY : value * direction;
    id[index] = (rows[index] as IndexedCourse).id;
  }
  const order = Int32Array.from({ length: n }, (_, index) => index);
  order.sort(
    (a, b) => (fee[a] as number) - (fee[b] as number) || (id[a] as number) - (id[b] as number),
  );
  const ranks = new Int32Array(n);
  for (let position = 0; position < n; position += 1)
    ranks[order[position] as number] = position + 1;
  return ranks;
}

/** Programmes per statement of the load: each a short turn on PGlite's one thread (ADR 011). */
const LOAD_PAGE_ROWS = 2000;

/** Lets the event loop serve waiting requests between two steps of a load (setImmediate). */
const yieldToRequests = (): Promise<void> =>
  new Promise((resolve) => {
    setImmediate(resolve);
  });

/**
 * Every public programme's indexed columns, in the finder's name order (course-sql.ts BY_NAME), read
 * in keyset pages of `pageRows` by id so that no single statement holds PGlite's one thread or a
 * PostgreSQL connection for long (docs/architecture.md "Data, freshness and caches"). The order
 * comes from one statement of ids only. The pages are not one snapshot: a change committed
 * meanwhile raises its notice, and the holder throws this build away (finder-index.ts); until
 * then a row missing from either read is left out.
 */
async function loadIndexedCourses(db: Database, pageRows: number): Promise<IndexedCourse[]> {
  const [order] = await selectRows<{ ids: number[] | null }>(
    db,
    // The same order as the finder's name order (course-sql.ts BY_NAME), so document numbers
    // follow it; the same visibility as courseWhere: published programmes of published schools.
    sql`select array_agg(c.id order by c.search_name collate "C" asc, c.name collate "C" asc,
            c.id asc) as ids
          from courses c
          join schools s on s.id = c.school_id
          where c.published and s.published`,
  );
  const byId = new Map<number, IndexedCourse>();
  for (let after = 0; ;) {
    await yieldToRequests();
    // Named as the index reads them: each row is used as it arrives (no copy per programme).
    const page = await selectRows<IndexedCourse>(
      db,
      sql`select c.id, c.programme_type_id as "programmeTypeId",
            c.degree_type_id as "degreeTypeId", c.school_id as "schoolId",
            s.country_id as "countryId", co.continent, c.tuition_fee::float8 as "tuitionFee",
            c.tuition_fee_usd::float8 as "tuitionFeeUsd",
            c.tuition_total_usd::float8 as "tuitionTotalUsd", c.duration_days as "durationDays",
            c.attendance, c.course_format as "courseFormat", c.featured,
            c.shuffle_key as "shuffleKey", c.start_year as "startYear",
            c.start_month as "startMonth"
          from courses c
          join schools s on s.id = c.school_id
          join countries co on co.id = s.country_id
          where c.published and s.published and c.id > ${after}
          order by c.id asc
          limit ${pageRows}`,
    );
    for (const row of page) byId.set(row.id, row);
    const last = page.at(-1);
    if (page.length < pageRows || !last) break;
    after = last.id;
  }
  const rows: IndexedCourse[] = [];
  for (const id of order?.ids ?? []) {
    const row = byId.get(id);
    if (row) rows.push(row);
  }
  return rows;
}

/**
 * Reads the index's rows statement by statement, each a short one, and builds it; `pageRows`
 * (LOAD_PAGE_ROWS) programmes per statement.
 */
export async function loadCourseIndex(
  db: Database,
  options: { pageRows?: number } = {},
): Promise<CourseIndex> {
  const rows = await loadIndexedCourses(db, options.pageRows ?? LOAD_PAGE_ROWS);
  const [
    links,
    hidden,
    names,
    disciplines,
    programmeTypes,
    degreeTypes,
    countries,
    cardReferences,
    requirements,
    currencies,
  ] = await Promise.all([
    selectRows<LinkRow>(
      db,
      sql`select array_agg(cd.course_id) as course_ids, array_agg(cd.discipline_id) as discipline_ids
          from course_disciplines cd`,
    ),
    // The published programmes of unpublished schools: not public, but the free-text mode probe
    // counts them (ADR 005), so the index must know them to answer it (postings.ts). Few.
    selectRows<{ ids: number[] | null }>(
      db,
      sql`select array_agg(c.id) as ids from courses c
          join schools s on s.id = c.school_id
          where c.published and not s.published`,
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
    // What the cards of a page nest, so that a page's card query reads plain columns only.
    loadCardReferences(db),
    loadRequirementRows(db),
    // The rates the budget filter converts at (ADR 051): read with the totals they compare with.
    selectRows<{ code: string; rate: number }>(
      db,
      sql`select upper(short_code) as code, usd_exchange_rate::float8 as rate from currencies
          where usd_exchange_rate > 0`,
    ),
  ]);
  await yieldToRequests();
  const tuitionRank = tuitionRanks(rows, 1);
  await yieldToRequests();
  const tuitionDescRank = tuitionRanks(rows, -1);
  await yieldToRequests();
  const totalOf = (row: IndexedCourse) => row.tuitionTotalUsd;
  const totalRank = tuitionRanks(rows, 1, totalOf);
  await yieldToRequests();
  const totalDescRank = tuitionRanks(rows, -1, totalOf);
  await yieldToRequests();
  return CourseIndex.build(
    rows,
    {
      tuitionRank,
      tuitionDescRank,
      totalRank,
      totalDescRank,
      links: {
        courseIds: links[0]?.course_ids ?? [],
        disciplineIds: links[0]?.discipline_ids ?? [],
      },
      hiddenPublished: hidden[0]?.ids ?? [],
      requirements,
      usdRates: new Map(currencies.map((row) => [row.code, Number(row.rate)])),
    },
    { disciplines, programmeTypes, degreeTypes, countries },
    names,
    cardReferences,
    yieldToRequests,
  );
}
