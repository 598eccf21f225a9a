// The not-found page (docs/spec/accounts-and-details.md §2 "Not-found page"), with the spec's exact texts.
import { Link } from "react-router";

import { CompassIcon } from "../icons/icons.tsx";
import styles from "./error-pages.module.css";

export function NotFoundPage() {
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <div className={styles.badge} aria-hidden="true">
        <CompassIcon className={styles.badgeIcon} />
        404
      </div>
      <h1 id="not-found-title" className={styles.title}>
        Oops!
      </h1>
      <p className={styles.message}>
        {"Sorry this page does not exist or has been removed "}
        <span className={styles.line}>Please return back to homepage</span>
      </p>
      <Link to="/" className={styles.action}>
        Back to homepage
      </Link>
    </section>
  );
}
