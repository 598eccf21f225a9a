// A metric's daily chart on the Overview (docs/decisions/017-dashboard-charts.md): an SVG drawn
// with visx on the server as on the client, so it shows before any script runs and adds no layout
// work. It stretches to its card (the viewBox is not kept to scale; strokes keep their width),
// while its labels are HTML text that stays readable at 375 px. It is not interactive: the sentence
// in its accessible name says what it shows, and the 'Daily numbers' table beside it has every
// figure.
import { Bar, LinePath } from "@visx/shape";
import { scaleBand, scaleLinear } from "@visx/scale";

import { chartSummary, niceMax, type ChartPoint } from "./chart-data.ts";
import styles from "./charts.module.css";

const WIDTH = 300;
const HEIGHT = 100;

const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });

export function DailyChart({
  label,
  points,
  format,
  kind,
}: {
  label: string;
  points: readonly ChartPoint[];
  format: (value: number) => string;
  /** Bars for counts, a line for a rate. */
  kind: "bars" | "line";
}) {
  const top = niceMax(points.map((point) => point.value));
  const x = scaleBand<string>({
    domain: points.map((point) => point.date),
    range: [0, WIDTH],
    paddingInner: points.length > 40 ? 0.15 : 0.25,
  });
  const y = scaleLinear<number>({ domain: [0, top], range: [HEIGHT, 0] });
  const summary = chartSummary(label, points, format);
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <figure className={styles.chart} data-testid="daily-chart" data-metric={label}>
      <div className={styles.plot}>
        <span className={styles.axisTop} aria-hidden="true">
          {format(top)}
        </span>
        <svg
          className={styles.svg}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={summary}
        >
          <line className={styles.grid} x1={0} x2={WIDTH} y1={0.5} y2={0.5} />
          <line className={styles.grid} x1={0} x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} />
          {kind === "bars" ? (
            points.map((point) => {
              const value = point.value ?? 0;
              const height = HEIGHT - y(value);
              return (
                <Bar
                  key={point.date}
                  className={styles.bar}
                  x={x(point.date) ?? 0}
                  y={HEIGHT - height}
                  width={x.bandwidth()}
                  height={height}
                />
              );
            })
          ) : (
            <LinePath<ChartPoint>
              className={styles.line}
              data={[...points]}
              defined={(point) => point.value !== null}
              x={(point) => (x(point.date) ?? 0) + x.bandwidth() / 2}
              y={(point) => y(point.value ?? 0)}
            />
          )}
          <line className={styles.baseline} x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} />
        </svg>
      </div>
      {first && last && (
        <figcaption className={styles.dates} aria-hidden="true">
          <span>{dayLabel(first.date)}</span>
          <span>{dayLabel(last.date)}</span>
        </figcaption>
      )}
    </figure>
  );
}

/** A number with a bar for its share of the table's largest (the table is the chart's text). */
export function BarCell({ value, share, text }: { value: number; share: number; text: string }) {
  return (
    <span className={styles.barCell} data-value={value}>
      <span className={styles.barTrack} aria-hidden="true">
        <span className={styles.barFill} style={{ width: `${share}%` }} />
      </span>
      <span className={styles.barValue}>{text}</span>
    </span>
  );
}
