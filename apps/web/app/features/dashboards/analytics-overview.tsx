// The Overview numbers (docs/decisions/015-programme-analytics.md "The numbers"): for a period of
// 7, 30 or 90 days, each total with its change against the period before, the daily numbers, the
// top programmes and where interested students live. Every figure is text in a table, so it reads
// without sight; each metric also has a daily chart, and the tables' counts carry bars
// (docs/decisions/017-dashboard-charts.md).
import { Link } from "react-router";

import {
  ANALYTICS_PERIODS,
  type AnalyticsMetric,
  type AnalyticsOverview,
} from "@studyatlas/schemas/analytics.ts";

import { dailyPoints, shareOf } from "./chart-data.ts";
import { BarCell, DailyChart } from "./daily-chart.tsx";
import styles from "./dashboard.module.css";
import overviewStyles from "./analytics-overview.module.css";

const whole = (value: number | null) => (value === null ? "—" : value.toLocaleString("en"));
const percent = (value: number | null) =>
  value === null ? "—" : `${(value * 100).toLocaleString("en", { maximumFractionDigits: 1 })} %`;

function changeText(metric: AnalyticsMetric): string {
  if (metric.change === null) return "no earlier figure";
  if (metric.change === 0) return "no change";
  const size = Math.abs(metric.change * 100).toLocaleString("en", { maximumFractionDigits: 0 });
  return `${metric.change > 0 ? "up" : "down"} ${size} %`;
}

const METRICS = [
  { key: "views", label: "Programme page views", format: whole, chart: "bars" },
  { key: "visitors", label: "Unique visitors", format: whole, chart: "bars" },
  { key: "wishlist_saves", label: "Wishlist saves", format: whole, chart: "bars" },
  { key: "applications", label: "Applications", format: whole, chart: "bars" },
  { key: "conversion", label: "Conversion", format: percent, chart: "line" },
] as const;

const largestOf = (values: readonly number[]) => Math.max(0, ...values);

const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });

export function AnalyticsOverviewPanel({
  overview,
  basePath,
}: {
  overview: AnalyticsOverview;
  basePath: string;
}) {
  return (
    <section aria-labelledby="overview-heading" className={overviewStyles.overview}>
      <PeriodToolbar period={overview.period} basePath={basePath} />
      <MetricList overview={overview} />
      <div className={styles.columns}>
        <TopProgrammes programmes={overview.top_programmes.by_views} />
        <Countries countries={overview.countries} />
      </div>
      <DailyTable series={overview.series} />
    </section>
  );
}

/** The period shown, and the links to the other periods. */
function PeriodToolbar({
  period,
  basePath,
}: {
  period: AnalyticsOverview["period"];
  basePath: string;
}) {
  return (
    <div className={styles.toolbar}>
      <h2 id="overview-heading">
        Last {period.days} days{" "}
        <span className={styles.muted}>
          ({dayLabel(period.from)} – {dayLabel(period.to)}, against the {period.days} days before)
        </span>
      </h2>
      <nav aria-label="Period" className={styles.filters}>
        {ANALYTICS_PERIODS.map((days) => (
          <Link
            key={days}
            to={`${basePath}?days=${days}`}
            className={styles.filter}
            aria-current={days === period.days ? "page" : undefined}
          >
            {days} days
          </Link>
        ))}
      </nav>
    </div>
  );
}

/** Each total with its change and its daily chart. */
function MetricList({ overview }: { overview: AnalyticsOverview }) {
  const { totals } = overview;
  // A new partner's first days: a sentence, not charts with axes running to "1" or "100 %".
  if (METRICS.every((metric) => !totals[metric.key].value)) {
    return (
      <p className={styles.muted} data-testid="overview-empty">
        No views, saves or applications in this period yet. The charts appear here once students
        find your programmes.
      </p>
    );
  }
  return (
    <ul className={overviewStyles.kpis}>
      {METRICS.map((metric) => {
        const value = totals[metric.key];
        return (
          <li key={metric.key} className={overviewStyles.kpi}>
            <span className={overviewStyles.kpiLabel}>{metric.label}</span>
            <span className={overviewStyles.kpiValue}>{metric.format(value.value)}</span>
            <span
              className={overviewStyles.kpiChange}
              data-trend={
                value.change === null || value.change === 0
                  ? "flat"
                  : value.change > 0
                    ? "up"
                    : "down"
              }
            >
              {changeText(value)}
            </span>
            <DailyChart
              label={metric.label}
              points={dailyPoints(overview.series, metric.key)}
              format={metric.format}
              kind={metric.chart}
            />
          </li>
        );
      })}
    </ul>
  );
}

function TopProgrammes({
  programmes,
}: {
  programmes: AnalyticsOverview["top_programmes"]["by_views"];
}) {
  return (
    <section className={styles.card} aria-labelledby="top-programmes">
      <h3 id="top-programmes">Top programmes by views</h3>
      {programmes.length === 0 ? (
        <p className={styles.muted}>No views in this period.</p>
      ) : (
        <div className={styles.tableScroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Programme</th>
                <th scope="col">Views</th>
                <th scope="col">Visitors</th>
                <th scope="col">Applications</th>
              </tr>
            </thead>
            <tbody>
              {programmes.map((programme) => (
                <tr key={programme.course_id}>
                  <td>
                    <a href={`/course/${programme.slug}`}>{programme.name}</a>
                  </td>
                  <td>{whole(programme.views)}</td>
                  <td>{whole(programme.visitors)}</td>
                  <td>{whole(programme.applications)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Where interested students live: applications and visitors by country, with bars. */
function Countries({ countries }: { countries: AnalyticsOverview["countries"] }) {
  const topApplicationCountry = largestOf(countries.applications.map((country) => country.count));
  const topVisitorCountry = largestOf(countries.visitors.map((country) => country.count));
  return (
    <section className={styles.card} aria-labelledby="countries">
      <h3 id="countries">Where interested students live</h3>
      {countries.applications.length === 0 ? (
        <p className={styles.muted}>No applications in this period.</p>
      ) : (
        <div className={styles.tableScroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Country</th>
                <th scope="col">Applications</th>
              </tr>
            </thead>
            <tbody>
              {countries.applications.slice(0, 10).map((country) => (
                <tr key={country.country_code}>
                  <td>{country.country_name ?? "Unknown"}</td>
                  <td>
                    <BarCell
                      value={country.count}
                      share={shareOf(country.count, topApplicationCountry)}
                      text={whole(country.count)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3>Visitors by country</h3>
      {countries.visitors.length === 0 ? (
        <p className={styles.muted}>No visitors in this period.</p>
      ) : (
        <div className={styles.tableScroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Country</th>
                <th scope="col">Unique visitors</th>
              </tr>
            </thead>
            <tbody>
              {countries.visitors.slice(0, 10).map((country) => (
                <tr key={country.country_code}>
                  <td>{country.country_name ?? "Unknown"}</td>
                  <td>
                    <BarCell
                      value={country.count}
                      share={shareOf(country.count, topVisitorCountry)}
                      text={whole(country.count)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Every day's numbers, newest first, folded away. */
function DailyTable({ series }: { series: AnalyticsOverview["series"] }) {
  return (
    <details className={styles.card}>
      <summary>Daily numbers</summary>
      <div className={styles.tableScroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Views</th>
              <th scope="col">Visitors</th>
              <th scope="col">Saves</th>
              <th scope="col">Applications</th>
              <th scope="col">Conversion</th>
            </tr>
          </thead>
          <tbody>
            {[...series].reverse().map((day) => (
              <tr key={day.date}>
                <th scope="row">{dayLabel(day.date)}</th>
                <td>{whole(day.views)}</td>
                <td>{whole(day.visitors)}</td>
                <td>{whole(day.wishlist_saves)}</td>
                <td>{whole(day.applications)}</td>
                <td>{percent(day.conversion)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
