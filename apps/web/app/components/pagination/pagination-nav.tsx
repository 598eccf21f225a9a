// Page links below a list of results (docs/spec/discovery.md §2, §9; the finder and the country page): real links to ?page=N, so they work before
// the page's JavaScript has loaded and crawlers can follow them.
import { type PaginationItem, paginationWindow } from "./pagination.ts";
import { SiteLink } from "../site-link/site-link.tsx";
import styles from "./pagination-nav.module.css";

/** docs/spec/discovery.md §9: 2 edge pages and 5 around the current one. */
const WIDE = { edge: 2, around: 5 };
/** Below 480 px: 1 edge page and 3 around the current one, so that the numbers fit on one line. */
const NARROW = { edge: 1, around: 3 };

function PageList({
  className,
  items,
  page,
  href,
}: {
  className: string;
  items: PaginationItem[];
  page: number;
  href: (page: number) => string;
}) {
  return (
    <ol className={`${styles.pages} ${className}`}>
      {items.map((item) =>
        item.kind === "gap" ? (
          <li key={`gap-${item.after}`} className={styles.gap} aria-hidden="true">
            …
          </li>
        ) : (
          <li key={item.page}>
            <SiteLink
              to={href(item.page)}
              className={styles.page}
              aria-current={item.page === page ? "page" : undefined}
              aria-label={`Page ${item.page}`}
            >
              {item.page}
            </SiteLink>
          </li>
        ),
      )}
    </ol>
  );
}

/** Previous, numbered pages (2 at each end, 5 around the current one) and Next, as links. */
export function PageLinks({
  page,
  pageCount,
  href,
  label = "Pages of results",
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.nav} aria-label={label}>
      {page > 1 ? (
        <SiteLink to={href(page - 1)} className={styles.step} rel="prev">
          <span aria-hidden="true">‹</span> Previous
        </SiteLink>
      ) : (
        <span className={styles.step} aria-disabled="true" data-disabled>
          <span aria-hidden="true">‹</span> Previous
        </span>
      )}
      {/* Phones get a shorter run (1 at each end, 3 around the current page) that fits on one
          line; the other list is display: none, so neither screen readers nor the keyboard meet
          the links twice. */}
      <PageList
        className={styles.pagesWide ?? ""}
        items={paginationWindow(page, pageCount, WIDE)}
        page={page}
        href={href}
      />
      <PageList
        className={styles.pagesNarrow ?? ""}
        items={paginationWindow(page, pageCount, NARROW)}
        page={page}
        href={href}
      />
      {page < pageCount ? (
        <SiteLink to={href(page + 1)} className={styles.step} rel="next">
          Next <span aria-hidden="true">›</span>
        </SiteLink>
      ) : (
        <span className={styles.step} aria-disabled="true" data-disabled>
          Next <span aria-hidden="true">›</span>
        </span>
      )}
    </nav>
  );
}
