// "Only programmes I qualify for" (docs/decisions/054-entry-requirements-and-eligibility.md): one
// checkbox in the URL (`qualified=true`). It filters by the qualifications recorded in /settings;
// signed out, or with none recorded, the box says what is missing and filters nothing.
import { Link } from "react-router";

import { FacetCheckbox } from "./facet-checkbox.tsx";
import { useFinder } from "./finder-data.ts";
import { withValues } from "./finder-query.ts";
import styles from "./filter-panel.module.css";

const HINTS = {
  off: "Uses the qualifications in your settings.",
  on: "Programmes whose stated entry requirements your qualifications meet.",
  "sign-in": "Sign in and record your qualifications in Settings to use this filter.",
  "no-qualifications": "Record your qualifications in Settings to use this filter.",
} as const;

export function QualifiedFilter() {
  const { data, location, go } = useFinder();
  const checked = new URLSearchParams(location.search).get("qualified") === "true";
  const state = data.qualifiedFilter;
  return (
    <div className={styles.options}>
      <FacetCheckbox
        label="Only programmes I qualify for"
        count={undefined}
        checked={checked}
        onChange={() =>
          go(
            `${location.pathname}${withValues(location.search, "qualified", checked ? [] : ["true"])}`,
          )
        }
      />
      <p className={styles.qualifiedHint} data-state={state}>
        {HINTS[state]}
        {state === "no-qualifications" || state === "sign-in" ? (
          <>
            {" "}
            <Link to="/settings#qualifications-title">Go to Settings</Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
