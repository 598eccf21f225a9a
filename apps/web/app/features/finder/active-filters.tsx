// The filters in effect as removable chips above the results, plus 'Clear all'
// (docs/spec-notes.md, Course finder). Each chip is a link to the same results without that
// filter (active-filter-chips.ts). Filters taken from the typed words come first, with the words
// they came from (ADR 045).
import { SiteLink } from "../../components/site-link/site-link.tsx";
import { useCountryOptions } from "../../hooks/use-country-options.ts";
import { activeFilterChips, type Chip } from "./active-filter-chips.ts";
import { useFinder } from "./finder-data.ts";
import styles from "./active-filters.module.css";

export function ActiveFilters() {
  const { data, location, linkState } = useFinder();
  const countries = useCountryOptions();
  const { scope } = location;
  const chips = activeFilterChips(data, location, countries);

  if (chips.length === 0) return null;
  return (
    <div className={styles.bar}>
      <h2 className="visually-hidden">Active filters</h2>
      <ul className={styles.chips}>
        {chips.map((chip) => (
          <ActiveFilterChip key={chip.key} chip={chip} linkState={linkState} />
        ))}
      </ul>
      <SiteLink
        to={`/${scope.base}`}
        className={styles.clearAll}
        preventScrollReset
        state={linkState}
      >
        Clear all
      </SiteLink>
    </div>
  );
}

/** A chip: its label, the typed words it came from when they say more than the label, and ×. */
function ActiveFilterChip({
  chip,
  linkState,
}: {
  chip: Chip;
  linkState: Record<string, unknown> | undefined;
}) {
  // 'Vatican City' typed as 'Vatican City' says it once.
  const words =
    chip.words && chip.words.toLowerCase() !== chip.label.toLowerCase() ? chip.words : undefined;
  return (
    <li>
      <SiteLink
        to={chip.href}
        className={styles.chip}
        // The name holds the visible text, the typed words included (WCAG 2.5.3).
        aria-label={
          words
            ? `Remove ${chip.label} ‘${words}’`
            : chip.words
              ? `Remove ${chip.label}`
              : `Remove filter: ${chip.label}`
        }
        title={words ? `From the words you typed: ‘${words}’` : undefined}
        preventScrollReset
        state={linkState}
      >
        <span className={styles.chipLabel}>{chip.label}</span>
        {words ? <span className={styles.chipWords}>‘{words}’</span> : null}
        <span aria-hidden="true" className={styles.chipX}>
          ×
        </span>
      </SiteLink>
    </li>
  );
}
