// The compare table (docs/decisions/052-my-currency-and-compare.md): a real table, one column per
// programme (its name as the column header) and one row per fact (the fact as the row header), so
// a screen reader reads "Duration, Programme X: 2 years". Rows whose values differ are marked; "show
// only differences" leaves the others out. The table scrolls sideways in its own focusable region
// with the row headers held at the left.
import type { ReactNode } from "react";
import { Link } from "react-router";

import type { ComparedProgramme } from "@studyatlas/core/compare/compare-tray.ts";
import { comparePath } from "@studyatlas/schemas/my-currency-rules.ts";

import type { CompareRow } from "./compare-rows.ts";
import styles from "./compare-page.module.css";

export function CompareTable({
  programmes,
  rows,
  onlyDifferences,
  actionOf,
}: {
  programmes: readonly ComparedProgramme[];
  rows: readonly CompareRow[];
  onlyDifferences: boolean;
  /** Each programme's Apply button (composed by the route). */
  actionOf: (programme: ComparedProgramme, className: string) => ReactNode;
}) {
  const shown = onlyDifferences ? rows.filter((row) => row.differs) : rows;
  const ids = programmes.map((programme) => programme.id);
  return (
    <div
      className={styles.scroller}
      role="region"
      aria-labelledby="compare-caption"
      // Focusable, so a keyboard can scroll the columns sideways (axe: scrollable-region-focusable).
      tabIndex={0}
    >
      <table className={styles.table}>
        <caption id="compare-caption" className="visually-hidden">
          {programmes.length} programmes side by side
          {onlyDifferences ? ", only the rows where they differ" : ""}
        </caption>
        <thead>
          <tr>
            <td className={styles.corner} />
            {programmes.map((programme) => (
              <th key={programme.id} scope="col" className={styles.programme}>
                <Link to={`/course/${programme.slug}`} className={styles.programmeName}>
                  {programme.name}
                </Link>
                <span className={styles.programmeSchool}>{programme.school.name}</span>
                <Link
                  to={comparePath(ids.filter((id) => id !== programme.id))}
                  className={styles.removeLink}
                  aria-label={`Remove ${programme.name} from this comparison`}
                  preventScrollReset
                >
                  Remove
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.key} data-differs={row.differs || undefined}>
              <th scope="row" className={styles.rowHeader}>
                {row.label}
                {row.differs && <span className={styles.differs}>Differs</span>}
              </th>
              {row.cells.map((cell, index) => (
                <td key={programmes[index]?.id ?? index} className={styles.cell}>
                  <span className={row.key === "requirements" ? styles.longText : undefined}>
                    {cell.text}
                  </span>
                  {cell.detail && <span className={styles.detail}>{cell.detail}</span>}
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row" className={styles.rowHeader}>
              Apply
            </th>
            {programmes.map((programme) => (
              <td key={programme.id} className={styles.cell}>
                {actionOf(programme, styles.apply ?? "")}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
