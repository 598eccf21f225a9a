// The compare tray (docs/decisions/052-my-currency-and-compare.md): a bar at the foot of every
// page while programmes are picked, listing them with a remove button each, a link to
// /compare?ids=… and "Clear". A landmark of its own, so a screen-reader user finds it.
import { Link, useLocation } from "react-router";

import { COMPARE_LIMIT, comparePath } from "@studyatlas/schemas/my-currency-rules.ts";

import { useCompare } from "./compare-context.tsx";
import styles from "./compare-tray.module.css";

export function CompareTray() {
  const { tray, toggle, clear } = useCompare();
  const { pathname } = useLocation();
  if (tray.length === 0) return null;
  const href = comparePath(tray.map((entry) => entry.id));
  return (
    <aside className={styles.tray} aria-label="Compare tray">
      <p className={styles.count}>
        {tray.length} of {COMPARE_LIMIT} to compare
      </p>
      <ul className={styles.list}>
        {tray.map((entry) => (
          <li key={entry.id} className={styles.item}>
            <span className={styles.name}>{entry.name || `Programme ${entry.id}`}</span>
            <button
              type="button"
              className={styles.remove}
              aria-label={`Remove ${entry.name || `programme ${entry.id}`} from compare`}
              onClick={() => toggle(entry)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <button type="button" className={styles.clear} onClick={clear}>
          Clear
        </button>
        {pathname === "/compare" ? null : (
          <Link to={href} className={styles.open}>
            Compare {tray.length === 1 ? "programme" : `${tray.length} programmes`}
          </Link>
        )}
      </div>
    </aside>
  );
}
