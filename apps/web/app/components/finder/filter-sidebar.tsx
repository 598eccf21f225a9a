// The left filter panel on large screens (discovery.md §2 "Course finder page").
import { CountryFilter } from "./country-filter.tsx";
import {
  AttendanceFilter,
  DegreeTypeFilter,
  DisciplineFilter,
  DurationFilter,
  FilterSection,
  FormatFilter,
  ProgrammeLevelFilter,
} from "./filter-sections.tsx";
import styles from "./filter-panel.module.css";
import { TuitionFilter } from "./tuition-filter.tsx";

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
      <FilterSection title="Degree type">
        <DegreeTypeFilter />
      </FilterSection>
      <FilterSection title="Attendance">
        <AttendanceFilter />
      </FilterSection>
      <FilterSection title="Tuition">
        <TuitionFilter />
      </FilterSection>
      <FilterSection title="Format">
        <FormatFilter />
      </FilterSection>
      <FilterSection title="Countries">
        <CountryFilter />
      </FilterSection>
    </aside>
  );
}
