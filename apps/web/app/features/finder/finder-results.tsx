// The finder's results column (docs/spec/discovery.md §2 "Course finder page"): the count and the
// order, the corrected search text (ADR 005), the filters in effect, the page's cards (or the
// empty result, or a page past the last one) and the page links. While a new page of results
// loads, the current one stays, marked busy.
import { useEffect, useRef } from "react";
import { Link } from "react-router";

import { CourseCard } from "../../components/course-card/course-card.tsx";
import { ActiveFilters } from "./active-filters.tsx";
import { EmptyResults } from "./empty-results.tsx";
import { useFinder } from "./finder-data.ts";
import { withPage } from "./finder-query.ts";
import { PaginationNav } from "./pagination-nav.tsx";
import { SortSelect } from "./sort-select.tsx";
import { WidenedNotice } from "./widened-notice.tsx";
import styles from "./finder-page.module.css";
import resultsStyles from "./results.module.css";

const COUNT = new Intl.NumberFormat("en-US");

/** A new page of results starts at the top of the list, not where the last one was left. */
function useScrollToTopOfNewPage(page: number) {
  const resultsRef = useRef<HTMLDivElement>(null);
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    const top = resultsRef.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) resultsRef.current?.scrollIntoView({ block: "start" });
  }, [page]);
  return resultsRef;
}

export function FinderResults({ loading }: { loading: boolean }) {
  const { data: page } = useFinder();
  const resultsRef = useScrollToTopOfNewPage(page.page);
  return (
    <div className={styles.results} ref={resultsRef}>
      <div className={styles.resultsHeader}>
        <h2 className={styles.count}>
          {`${COUNT.format(page.count)} ${page.count === 1 ? "result" : "results"}`}
        </h2>
        <SortSelect />
      </div>
      {page.correctedQuery ? (
        <p className={styles.correction}>
          Showing results for <strong>‘{page.correctedQuery}’</strong>
        </p>
      ) : null}
      <WidenedNotice />
      <ActiveFilters />
      <div role="status" aria-label="Results" className={styles.status}>
        {loading ? (
          <>
            <span className={styles.spinner} aria-hidden="true" />
            Loading results…
          </>
        ) : null}
      </div>
      <div
        aria-busy={loading || undefined}
        className={styles.list}
        data-loading={loading || undefined}
      >
        <ResultList />
      </div>
      <PaginationNav />
    </div>
  );
}

/** The page's cards; the empty result; or, past the last page, a way back to the first. */
function ResultList() {
  const { data: page, location } = useFinder();
  if (page.results.length > 0) {
    return (
      <ul className={resultsStyles.grid}>
        {page.results.map((course) => (
          <li key={course.id}>
            <CourseCard course={course} />
          </li>
        ))}
      </ul>
    );
  }
  if (page.count === 0) return <EmptyResults />;
  return (
    <p className={styles.pastEnd}>
      There is no page {page.page}: these results end on page {page.pageCount}.{" "}
      <Link to={`${location.pathname}${withPage(location.search, 1)}`}>Back to the first page</Link>
    </p>
  );
}
