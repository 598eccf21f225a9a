// The compare page's rows (docs/decisions/052-my-currency-and-compare.md): one row per fact, one
// cell per programme, and whether the programmes differ in it. Pure, so the rules are unit-tested.
import type { UsdRates } from "@studyatlas/core/cost/total-cost.ts";
import type { ComparedProgramme } from "@studyatlas/core/compare/compare-tray.ts";

import { feeLinesOf } from "../../currency/fee-in-my-currency.ts";
import {
  formatAttendance,
  formatCourseFormat,
  formatDuration,
  formatStartDate,
} from "../../utils/course-display.ts";

export interface CompareCell {
  text: string;
  /** A second, smaller line (how a total was computed). */
  detail?: string;
}

export interface CompareRow {
  key: string;
  label: string;
  cells: CompareCell[];
  /** The programmes do not all read the same (never with fewer than two). */
  differs: boolean;
}

const NOT_ANNOUNCED = "Not announced";

function totalCell(programme: ComparedProgramme, myCurrency: string, rates: UsdRates): CompareCell {
  const lines = feeLinesOf(programme, myCurrency, rates);
  if (lines.total) {
    return { text: lines.total.mine ?? lines.total.own, detail: lines.total.detail };
  }
  if (programme.tuition_fee === 0) return { text: "Free" };
  return { text: "Not known" };
}

function feeCell(programme: ComparedProgramme, myCurrency: string, rates: UsdRates): CompareCell {
  const lines = feeLinesOf(programme, myCurrency, rates);
  return lines.mine ? { text: lines.own, detail: lines.mine } : { text: lines.own };
}

function levelOf(programme: ComparedProgramme): string {
  const level = programme.programme_type.label || programme.programme_type.name;
  return programme.degree_type ? `${level} · ${programme.degree_type.name}` : level;
}

function datesOf(programme: ComparedProgramme): CompareCell {
  const dates = programme.course_dates;
  const start = formatStartDate(dates) ?? NOT_ANNOUNCED;
  const deadline =
    formatStartDate({ start_month: dates.deadline_month, start_year: dates.deadline_year }) ??
    NOT_ANNOUNCED;
  return { text: `Starts ${start}`, detail: `Apply by ${deadline}` };
}

/** Every row of the table, in the order the page shows them. */
export function compareRows(
  programmes: readonly ComparedProgramme[],
  myCurrency: string,
  rates: UsdRates,
): CompareRow[] {
  const rows: Omit<CompareRow, "differs">[] = [
    {
      key: "total",
      label: `Total cost (${myCurrency})`,
      cells: programmes.map((p) => totalCell(p, myCurrency, rates)),
    },
    {
      key: "fee",
      label: "Fee and base",
      cells: programmes.map((p) => feeCell(p, myCurrency, rates)),
    },
    {
      key: "duration",
      label: "Duration",
      cells: programmes.map((p) => ({ text: formatDuration(p) })),
    },
    {
      key: "level",
      label: "Level and degree",
      cells: programmes.map((p) => ({ text: levelOf(p) })),
    },
    {
      key: "format",
      label: "Format and attendance",
      cells: programmes.map((p) => ({
        text: `${formatCourseFormat(p.course_format)} · ${formatAttendance(p.attendance)}`,
      })),
    },
    {
      key: "language",
      label: "Language",
      cells: programmes.map((p) => ({ text: p.language?.name ?? "Not stated" })),
    },
    { key: "dates", label: "Start and deadline", cells: programmes.map(datesOf) },
    {
      key: "school",
      label: "School and country",
      cells: programmes.map((p) => ({ text: p.school.name, detail: p.school.country.name })),
    },
    {
      key: "disciplines",
      label: "Disciplines",
      cells: programmes.map((p) => ({
        text: p.disciplines.map((d) => d.name).join(", ") || "Not stated",
      })),
    },
    {
      key: "requirements",
      label: "Admission requirements",
      cells: programmes.map((p) => ({ text: p.admission_requirements_text || "Not stated" })),
    },
  ];
  return rows.map((row) => ({ ...row, differs: cellsDiffer(row.cells) }));
}

/** Whether two or more cells read differently (both lines count). */
export function cellsDiffer(cells: readonly CompareCell[]): boolean {
  if (cells.length < 2) return false;
  const first = cells[0];
  return cells.some((cell) => cell.text !== first?.text || cell.detail !== first?.detail);
}
