// Previous / 'Page N of M' / Next under a dashboard list; the pages are addresses, so the back
// button and shared links keep the place.
import { Link } from "react-router";

import styles from "./dashboard.module.css";

export function Pager({
  page,
  count,
  pageSize,
  query,
}: {
  page: number;
  count: number;
  pageSize: number;
  /** The list's other parameters (filters), kept on every page link. */
  query: string;
}) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pages <= 1) return null;
  const href = (to: number) => {
    const params = new URLSearchParams(query);
    params.set("page", String(to));
    return `?${params.toString()}`;
  };
  return (
    <nav aria-label="Pages" className={styles.pager}>
      {page > 1 && <Link to={href(page - 1)}>Previous</Link>}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages && <Link to={href(page + 1)}>Next</Link>}
    </nav>
  );
}
