// The finder page when its address cannot be answered (finder-loader.server.ts): the heading, what
// went wrong, and a way out (Reset filters, Browse by discipline) rather than an error page.
import { Link } from "react-router";

import type { FinderProblem } from "./finder-data.ts";
import styles from "./finder-page.module.css";

export function FinderProblemView({ problem }: { problem: FinderProblem }) {
  return (
    <div className={styles.page}>
      <div className={styles.intro}>
        <h1 className={styles.heading}>{problem.heading}</h1>
      </div>
      <div className={styles.problem} role="alert">
        <h2 className={styles.problemTitle}>{problem.title}</h2>
        <p>{problem.message}</p>
        <p className={styles.problemActions}>
          <Link to={`/${problem.scope.base}`} className={styles.primaryLink}>
            Reset filters
          </Link>
          <Link to="/discipline/">Browse by discipline</Link>
        </p>
      </div>
    </div>
  );
}
