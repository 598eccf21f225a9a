// Nothing matches (docs/spec/discovery.md §2 "Empty result"): the spec's message with a fresh-start link,
// and other programmes (featured, random order) so the page never ends in a dead end.
import { Link } from "react-router";

import { CourseCard } from "../../components/course-card/course-card.tsx";
import { useFinder } from "./finder-data.ts";
import styles from "./results.module.css";

export function EmptyResults() {
  const { data, location } = useFinder();
  return (
    <div className={styles.empty}>
      <p className={styles.emptyText}>
        No results. But we&apos;ve got a lot more! Modify your filters or{" "}
        <Link to={`/${location.scope.base}`}>make a fresh start</Link>.
      </p>
      {data.suggestions.length > 0 ? (
        <section aria-labelledby="finder-suggestions">
          <h2 id="finder-suggestions" className={styles.suggestionsTitle}>
            Other interesting programmes for you
          </h2>
          <ul className={styles.grid}>
            {data.suggestions.map((course) => (
              <li key={course.id}>
                <CourseCard course={course} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
