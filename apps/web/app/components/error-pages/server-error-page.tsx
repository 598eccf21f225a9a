// What a visitor sees when a page fails for any reason other than "not found": a calm message
// and a way on. The details stay in the server log (docs/decisions/004-api-conventions.md); development
// builds show them here too.
import { Link } from "react-router";

import styles from "./error-pages.module.css";

interface ServerErrorPageProps {
  status?: number;
  /** Shown in development only. */
  detail?: string;
}

export function ServerErrorPage({ status, detail }: ServerErrorPageProps) {
  return (
    <section className={styles.page} aria-labelledby="error-title">
      {status !== undefined && (
        <div className={styles.badge} aria-hidden="true">
          {status}
        </div>
      )}
      <h1 id="error-title" className={styles.title}>
        Something went wrong
      </h1>
      <p className={styles.message}>We couldn’t load this page. Please try again in a moment.</p>
      <Link to="/" className={styles.action}>
        Back to homepage
      </Link>
      {detail && <pre className={styles.detail}>{detail}</pre>}
    </section>
  );
}
