// The Overview of the partner dashboard and the sales dashboard's numbers
// (docs/decisions/015-programme-analytics.md "The numbers"): for a set of schools (an
// organisation's; null for every school) and a period of 7, 30 or 90 UTC days ending today, daily
// series, totals against the previous period, top programmes and where interested students live.
// Views and visitors come from the per-day totals the beacon keeps; wishlist saves and
// applications from their rows' created_at. Every query reads an index on (school or day) and the
// period only: bench/analytics.ts measures it (bench/RESULTS.md).
import { sql, type SQL } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type {
  AnalyticsCountry,
  AnalyticsDay,
  AnalyticsMetric,
  AnalyticsOverview,
  AnalyticsPeriodDays,
  AnalyticsTopProgramme,
} from "@studyatlas/schemas/analytics.ts";

import { selectRows } from "../../sql-rows.ts";
import { UNKNOWN_COUNTRY } from "./page-views.ts";
import { addDays, analyticsPeriod, conversionRate, relativeChange } from "./period.ts";

/** Programmes in each top list. */
export const TOP_PROGRAMMES = 10;

export interface AnalyticsOverviewRequest {
  /** The organisation's schools; null means every school (the sales dashboard). */
  schoolIds: readonly number[] | null;
  days: AnalyticsPeriodDays;
  /** "Today" (tests fix it); the clock otherwise. */
  now?: Date;
}

/** `{1,2,3}`: a list as one integer-array parameter. */
function intArray(ids: readonly number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(",")}}`;
}

/** A filter on a column holding a school id, or nothing for every school. */
function schoolFilter(column: SQL, schoolIds: readonly number[] | null): SQL {
  return schoolIds === null ? sql`` : sql`and ${column} = any(${intArray(schoolIds)}::int[])`;
}

/**
 * A filter on a row's programme: one of the schools' programmes. The ids are computed first
 * (`= any(array(…))` is an init plan), so the planner reads saves and applications through their
 * (course_id, created_at) indexes instead of scanning the whole period of every school.
 */
function courseFilter(column: SQL, schoolIds: readonly number[] | null): SQL {
  return schoolIds === null
    ? sql``
    : sql`and ${column} = any(array(select id from courses where school_id = any(${intArray(schoolIds)}::int[])))`;
}

/** The UTC day of a timestamp column, as the view totals' days are. */
const utcDate = (column: SQL) => sql`(${column} at time zone 'UTC')::date`;

interface DayCounts {
  views: number;
  visitors: number;
  wishlist_saves: number;
  applications: number;
}

const metric = (value: number | null, previous: number | null): AnalyticsMetric => ({
  value,
  previous,
  change: relativeChange(value, previous),
});

function toDay(value: string | Date): string {
  return typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

type AnalyticsPeriod = ReturnType<typeof analyticsPeriod>;
type ViewRow = { day: string; views: number; visitors: number };
type CountRow = { day: string; n: number };
type TopViewRow = { course_id: number; views: number; visitors: number };
type TopApplicationRow = { course_id: number; applications: number };
type CountryRow = { country_code: string; country_name: string | null; count: number };

/** The rows the Overview is made of, one read each. */
interface OverviewRows {
  views: ViewRow[];
  saves: CountRow[];
  applications: CountRow[];
  topViews: TopViewRow[];
  topApplications: TopApplicationRow[];
  applicationCountries: CountryRow[];
  visitorCountries: CountryRow[];
}

export async function loadAnalyticsOverview(
  db: Database,
  request: AnalyticsOverviewRequest,
): Promise<AnalyticsOverview> {
  const period = analyticsPeriod(request.days, request.now ?? new Date());
  const rows = await readOverviewRows(db, period, request.schoolIds);
  const byDay = countsByDay(rows);
  const current = sumDays(byDay, period.from, period.to);
  const previous = sumDays(byDay, period.previousFrom, period.previousTo);
  const series: AnalyticsDay[] = period.dates.map((date) => {
    const counts = byDay.get(date) ?? noCounts();
    return { date, ...counts, conversion: conversionRate(counts.applications, counts.visitors) };
  });
  const topProgrammes = await describeTopProgrammes(
    db,
    period,
    rows.topViews,
    rows.topApplications,
  );
  return {
    period: {
      days: period.days,
      from: period.from,
      to: period.to,
      previous_from: period.previousFrom,
      previous_to: period.previousTo,
    },
    series,
    totals: {
      views: metric(current.views, previous.views),
      visitors: metric(current.visitors, previous.visitors),
      wishlist_saves: metric(current.wishlist_saves, previous.wishlist_saves),
      applications: metric(current.applications, previous.applications),
      conversion: metric(
        conversionRate(current.applications, current.visitors),
        conversionRate(previous.applications, previous.visitors),
      ),
    },
    top_programmes: topProgrammes,
    countries: {
      applications: rows.applicationCountries.map(country),
      visitors: rows.visitorCountries.map(country),
    },
  };
}

/** Every read of the Overview, for the schools (none for an organisation without schools). */
async function readOverviewRows(
  db: Database,
  period: AnalyticsPeriod,
  schoolIds: readonly number[] | null,
): Promise<OverviewRows> {
  if (schoolIds !== null && schoolIds.length === 0) {
    return {
      views: [],
      saves: [],
      applications: [],
      topViews: [],
      topApplications: [],
      applicationCountries: [],
      visitorCountries: [],
    };
  }
  const queries = overviewQueries(period, schoolIds);
  // Independent reads: on a PostgreSQL pool they run on several connections at once.
  const [views, saves, applications, topViews, topApplications, appCountries, visCountries] =
    await Promise.all([
      selectRows<ViewRow>(db, queries.viewDays),
      selectRows<CountRow>(db, queries.countDays(sql`wishlist_items`)),
      selectRows<CountRow>(db, queries.countDays(sql`applications`)),
      selectRows<TopViewRow>(db, queries.topByViews),
      selectRows<TopApplicationRow>(db, queries.topByApplications),
      selectRows<CountryRow>(db, queries.applicationCountries),
      selectRows<CountryRow>(db, queries.visitorCountries),
    ]);
  return {
    views,
    saves,
    applications,
    topViews,
    topApplications,
    applicationCountries: appCountries,
    visitorCountries: visCountries,
  };
}

/** The Overview's SQL for the period and the schools. */
function overviewQueries(period: AnalyticsPeriod, schoolIds: readonly number[] | null) {
  // Timestamps of the whole span (previous period and this one) as a half-open UTC range.
  const start = `${period.previousFrom}T00:00:00Z`;
  const end = `${addDays(period.to, 1)}T00:00:00Z`;
  const periodApplications = sql`from applications a
      where a.created_at >= ${`${period.from}T00:00:00Z`}::timestamptz
        and a.created_at < ${end}::timestamptz ${courseFilter(sql`a.course_id`, schoolIds)}`;
  return {
    viewDays: sql`select day::text as day, sum(views)::int as views, sum(visitors)::int as visitors
      from programme_view_days
      where day between ${period.previousFrom}::date and ${period.to}::date
        ${schoolFilter(sql`school_id`, schoolIds)}
      group by day`,
    countDays: (table: SQL) =>
      sql`select ${utcDate(sql`t.created_at`)}::text as day, count(*)::int as n
        from ${table} t
        where t.created_at >= ${start}::timestamptz and t.created_at < ${end}::timestamptz
          ${courseFilter(sql`t.course_id`, schoolIds)}
        group by 1`,
    topByViews: sql`select course_id, sum(views)::int as views, sum(visitors)::int as visitors
      from programme_view_days
      where day between ${period.from}::date and ${period.to}::date
        ${schoolFilter(sql`school_id`, schoolIds)}
      group by course_id order by sum(views) desc, course_id limit ${TOP_PROGRAMMES}`,
    topByApplications: sql`select a.course_id, count(*)::int as applications
      ${periodApplications} group by a.course_id order by count(*) desc, a.course_id
      limit ${TOP_PROGRAMMES}`,
    // Counted per country id first, then named: 250 countries at most.
    applicationCountries: sql`select co.code as country_code, co.name as country_name, n.count
      from (select a.country_id, count(*)::int as count ${periodApplications} group by a.country_id) n
      join countries co on co.id = n.country_id
      order by n.count desc, co.code`,
    visitorCountries: sql`select k.country_code, co.name as country_name, sum(k.visitors)::int as count
      from programme_view_countries k left join countries co on co.code = k.country_code
      where k.day between ${period.from}::date and ${period.to}::date
        ${schoolFilter(sql`k.school_id`, schoolIds)}
      group by k.country_code, co.name
      having sum(k.visitors) > 0
      order by sum(k.visitors) desc, k.country_code`,
  };
}

const noCounts = (): DayCounts => ({ views: 0, visitors: 0, wishlist_saves: 0, applications: 0 });

/** Each day's counts, from the view totals and the saves' and applications' rows. */
function countsByDay(rows: OverviewRows): Map<string, DayCounts> {
  const byDay = new Map<string, DayCounts>();
  const at = (day: string): DayCounts => {
    let counts = byDay.get(day);
    if (!counts) {
      counts = noCounts();
      byDay.set(day, counts);
    }
    return counts;
  };
  for (const row of rows.views) {
    const counts = at(toDay(row.day));
    counts.views = Number(row.views);
    counts.visitors = Number(row.visitors);
  }
  for (const row of rows.saves) at(toDay(row.day)).wishlist_saves = Number(row.n);
  for (const row of rows.applications) at(toDay(row.day)).applications = Number(row.n);
  return byDay;
}

/** The counts of the days from `from` to `to`, both included. */
function sumDays(byDay: Map<string, DayCounts>, from: string, to: string): DayCounts {
  const total = noCounts();
  for (const [day, counts] of byDay) {
    if (day < from || day > to) continue;
    total.views += counts.views;
    total.visitors += counts.visitors;
    total.wishlist_saves += counts.wishlist_saves;
    total.applications += counts.applications;
  }
  return total;
}

function country(row: CountryRow): AnalyticsCountry {
  return {
    country_code: row.country_code,
    country_name: row.country_code === UNKNOWN_COUNTRY ? null : row.country_name,
    count: Number(row.count),
  };
}

/**
 * Names, schools and the other count of the programmes in either top list: one read for at most
 * twice TOP_PROGRAMMES programmes.
 */
async function describeTopProgrammes(
  db: Database,
  period: { from: string; to: string },
  byViews: { course_id: number; views: number; visitors: number }[],
  byApplications: { course_id: number; applications: number }[],
): Promise<{ by_views: AnalyticsTopProgramme[]; by_applications: AnalyticsTopProgramme[] }> {
  const ids = [...new Set([...byViews, ...byApplications].map((row) => Number(row.course_id)))];
  if (ids.length === 0) return { by_views: [], by_applications: [] };
  const end = `${addDays(period.to, 1)}T00:00:00Z`;
  const rows = await selectRows<{
    course_id: number;
    name: string;
    slug: string;
    school_id: number;
    school_name: string;
    views: number;
    visitors: number;
    applications: number;
  }>(
    db,
    sql`select c.id as course_id, c.name, c.slug, s.id as school_id, s.name as school_name,
          coalesce((select sum(d.views) from programme_view_days d where d.course_id = c.id
            and d.day between ${period.from}::date and ${period.to}::date), 0)::int as views,
          coalesce((select sum(d.visitors) from programme_view_days d where d.course_id = c.id
            and d.day between ${period.from}::date and ${period.to}::date), 0)::int as visitors,
          (select count(*) from applications a where a.course_id = c.id
            and a.created_at >= ${`${period.from}T00:00:00Z`}::timestamptz
            and a.created_at < ${end}::timestamptz)::int as applications
        from courses c join schools s on s.id = c.school_id
        where c.id = any(${intArray(ids)}::int[])`,
  );
  const byId = new Map(
    rows.map((row) => [
      Number(row.course_id),
      {
        course_id: Number(row.course_id),
        name: row.name,
        slug: row.slug,
        school_id: Number(row.school_id),
        school_name: row.school_name,
        views: Number(row.views),
        visitors: Number(row.visitors),
        applications: Number(row.applications),
      },
    ]),
  );
  const pick = (list: { course_id: number }[]) =>
    list.flatMap((row) => {
      const programme = byId.get(Number(row.course_id));
      return programme ? [programme] : [];
    });
  return { by_views: pick(byViews), by_applications: pick(byApplications) };
}
