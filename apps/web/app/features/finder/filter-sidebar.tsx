// The left filter panel on large screens (docs/spec/discovery.md §2 "Course finder page").
import {
  DisciplineFilter,
  DurationFilter,
  FilterSection,
  ProgrammeLevelFilter,
} from "./filter-sections.tsx";
import styles from "./filter-panel.module.css";
import { SharedFilterSections } from "./shared-filter-sections.tsx";

export function FilterSidebar() {
  return (
    <aside className={styles.sidebar} aria-labelledby="finder-filters-title">
      <h2 id="finder-filters-title" className={styles.sidebarTitle}>
        Filters
      </h2>
      <FilterSection title="Disciplines">
        <DisciplineFilter />
      </FilterSection>
      <FilterSection title="Programme level">
        <ProgrammeLevelFilter />
      </FilterSection>
      <FilterSection title="Duration">
        <DurationFilter />
      </FilterSection>
      <SharedFilterSections />
    </aside>
  );
}
