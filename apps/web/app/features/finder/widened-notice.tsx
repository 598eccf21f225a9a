// A search whose filters taken from the typed words left nothing, shown without them
// (docs/decisions/059-widening-an-empty-search.md): the sentence that says what was set aside and
// a link to the search as typed (`widen=false`), where the nearby searches of ADR 045 are offered.
import { Link } from "react-router";

import { useFinder, type FinderLocation } from "./finder-data.ts";
import { buildFinderSearch } from "./finder-query.ts";
import styles from "./results.module.css";

/** The address of the search as typed, its word filters kept even though nothing matches. */
export function unwidenedHref(location: FinderLocation): string {
  const params = new URLSearchParams(location.search);
  params.delete("page");
  params.set("widen", "false");
  return `${location.pathname}${buildFinderSearch(params)}`;
}

export function WidenedNotice() {
  const { data, location, linkState } = useFinder();
  if (!data.widened) return null;
  return (
    <p className={styles.widened}>
      {data.widened.message}{" "}
      <Link
        to={unwidenedHref(location)}
        preventScrollReset
        state={linkState}
        className={styles.nearbyLink}
      >
        {data.widened.undo_label}
      </Link>
    </p>
  );
}
