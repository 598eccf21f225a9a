// The filter sections the desktop sidebar and the mobile overlay show alike, in the spec's order
// (docs/spec/discovery.md §2 Finder): degree type, attendance, tuition, format and countries. The
// two differ only in the sections before these (the overlay opens duration in a sub-panel).
import { BudgetFilter } from "./budget-filter.tsx";
import { CountryFilter } from "./country-filter.tsx";
import {
  AttendanceFilter,
  DegreeTypeFilter,
  FilterSection,
  FormatFilter,
} from "./filter-sections.tsx";
import { QualifiedFilter } from "./qualified-filter.tsx";
import { TuitionFilter } from "./tuition-filter.tsx";

export function SharedFilterSections() {
  return (
    <>
      <FilterSection title="Entry requirements">
        <QualifiedFilter />
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
      <FilterSection title="Total cost">
        <BudgetFilter />
      </FilterSection>
      <FilterSection title="Format">
        <FormatFilter />
      </FilterSection>
      <FilterSection title="Countries">
        <CountryFilter />
      </FilterSection>
    </>
  );
}
