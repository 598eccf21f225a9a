// One checkbox filter option with its facet count (docs/spec-notes.md, Course finder): how many
// results it would give with the other filters applied. An option with no results is disabled
// unless it is already selected, so the visitor can never click into an empty page by accident.
import { groupedDigits } from "../../utils/grouped-digits.ts";
import styles from "./filter-panel.module.css";

const COUNT = new Intl.NumberFormat("en-US");

interface FacetCheckboxProps {
  label: string;
  count: number | undefined;
  checked: boolean;
  onChange: () => void;
}

export function FacetCheckbox({ label, count, checked, onChange }: FacetCheckboxProps) {
  const disabled = !checked && count === 0;
  return (
    <label className={styles.option} data-disabled={disabled || undefined}>
      {/* Styled through the option (filter-panel.module.css); `disabled` is all a screen reader
          needs to hear it is unavailable. */}
      <input type="checkbox" checked={checked} disabled={disabled} onChange={onChange} />
      <span>{label}</span>
      {count !== undefined ? <FacetCount count={count} /> : null}
    </label>
  );
}

/**
 * "2,104", read as "2,104 results": the word is the stylesheet's (the count's `::after`, visually
 * hidden, which accessible names include), not an element in each of a page's ~70 counts. Styled
 * as the `<small>` of an option, a level or a discipline (filter-panel.module.css): no class.
 */
export function FacetCount({ count }: { count: number }) {
  return <small>{groupedDigits(count) ?? COUNT.format(count)}</small>;
}
