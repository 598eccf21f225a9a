// The rows of a catalogue import (docs/decisions/056-organisation-membership.md "Catalogue
// import"): a CSV or XLSX file with one programme per row, read with a library (csv-parse,
// exceljs), each row turned into the programme form's payload and checked by the same schema as
// the form (ProgrammeCreateSchema), so a row's error reads as the form's would, with its column.
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";

import { ProgrammeCreateSchema, type ProgrammeCreate } from "@studyatlas/schemas/programmes.ts";
import {
  IMPORT_COLUMNS,
  IMPORT_MESSAGES,
  MAX_IMPORT_ROWS,
  type ImportColumn,
  type ImportRowError,
} from "@studyatlas/schemas/programme-import.ts";

import { ValidationError } from "../errors.ts";

export type RawRow = Partial<Record<ImportColumn, string>>;

/** "Programme type", "programme_type", "PROGRAMME-TYPE" all name the column programme_type. */
function columnOf(header: string): ImportColumn | undefined {
  const key = header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return (IMPORT_COLUMNS as readonly string[]).includes(key) ? (key as ImportColumn) : undefined;
}

function rowsOf(table: string[][]): RawRow[] {
  const [header, ...body] = table;
  if (!header) throw new ValidationError(IMPORT_MESSAGES.empty, { code: "import_empty" });
  const columns = header.map((cell) => columnOf(cell));
  for (const required of ["code", "name"] as const) {
    if (!columns.includes(required)) {
      throw new ValidationError(IMPORT_MESSAGES.missingColumn(required), {
        code: "import_columns",
      });
    }
  }
  const rows = body.filter((cells) => cells.some((cell) => cell.trim() !== ""));
  if (rows.length === 0) throw new ValidationError(IMPORT_MESSAGES.empty, { code: "import_empty" });
  if (rows.length > MAX_IMPORT_ROWS) {
    throw new ValidationError(IMPORT_MESSAGES.tooManyRows(rows.length), {
      code: "import_too_many_rows",
    });
  }
  return rows.map((cells) => {
    const row: RawRow = {};
    columns.forEach((column, index) => {
      if (column) row[column] = (cells[index] ?? "").trim();
    });
    return row;
  });
}

const isXlsx = (data: Buffer) =>
  data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

async function xlsxTable(data: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new ValidationError(IMPORT_MESSAGES.unreadable, { code: "import_unreadable" });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ValidationError(IMPORT_MESSAGES.empty, { code: "import_empty" });
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let column = 1; column <= sheet.columnCount; column++) {
      cells.push(row.getCell(column).text ?? "");
    }
    table[rowNumber - 1] = cells;
  });
  return Array.from(table, (cells) => cells ?? []);
}

/**
 * The CSV's delimiter: the one of comma, semicolon and tab that the header line uses most (a
 * European spreadsheet exports semicolons). One delimiter for the whole file, so a semicolon
 * inside a comma-separated cell ("Law; Business") stays in its cell.
 */
function csvDelimiter(data: Buffer): string {
  const text = data.subarray(0, 64 * 1024).toString("utf8");
  const end = text.search(/\r?\n/);
  const header = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, "");
  const count = (delimiter: string) => header.split(delimiter).length - 1;
  return [",", ";", "\t"].reduce((best, delimiter) =>
    count(delimiter) > count(best) ? delimiter : best,
  );
}

/** The file's rows by column: an .xlsx workbook's first sheet, or CSV (UTF-8, BOM or not). */
export async function readImportFile(data: Buffer): Promise<RawRow[]> {
  if (data.length === 0) throw new ValidationError(IMPORT_MESSAGES.empty, { code: "import_empty" });
  if (isXlsx(data)) return rowsOf(await xlsxTable(data));
  let table: string[][];
  try {
    table = parse(data, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      delimiter: csvDelimiter(data),
    });
  } catch {
    throw new ValidationError(IMPORT_MESSAGES.unreadable, { code: "import_unreadable" });
  }
  return rowsOf(table);
}

/** The ids the rows name, by lower-cased name (and code, for languages and currencies). */
export interface ImportLookups {
  schools: Map<string, number>;
  programmeTypes: Map<string, number>;
  degreeTypes: Map<string, number>;
  languages: Map<string, number>;
  currencies: Map<string, number>;
  disciplines: Map<string, number>;
}

export interface ParsedRow {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  code: string;
  input: ProgrammeCreate;
}

const FORMATS: Record<string, string> = {
  full: "FULL",
  "full-time": "FULL",
  "full time": "FULL",
  part: "PART",
  "part-time": "PART",
  "part time": "PART",
};
const ATTENDANCE: Record<string, string> = {
  site: "SITE",
  "on campus": "SITE",
  campus: "SITE",
  online: "ONLINE",
  blended: "BLENDED",
};
const YES = new Set(["yes", "y", "true", "1", "published"]);

/** "2027-09", "09/2027" or "9/2027": a month and a year; empty: not announced. */
function monthYear(value: string | undefined): { month: number | string; year: number | string } {
  const text = (value ?? "").trim();
  if (text === "") return { month: 0, year: 0 };
  const iso = /^(\d{4})-(\d{1,2})$/.exec(text);
  if (iso) return { month: iso[2]!, year: iso[1]! };
  const local = /^(\d{1,2})\/(\d{4})$/.exec(text);
  if (local) return { month: local[1]!, year: local[2]! };
  return { month: text, year: text };
}

/** "18,500", "18500.00", "free", "" (not known). */
function tuition(value: string | undefined): { kind: string; fee: string | null } {
  const text = (value ?? "").trim().toLowerCase();
  if (text === "" || text === "unknown") return { kind: "unknown", fee: null };
  if (text === "free" || text === "0") return { kind: "free", fee: null };
  const grouped = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(text) ? text.replace(/,/g, "") : text;
  return { kind: "amount", fee: grouped };
}

const FIELD_COLUMNS: Record<string, ImportColumn> = {
  name: "name",
  about: "summary",
  school_id: "school",
  programme_type_id: "programme_type",
  degree_type_id: "degree_type",
  language_id: "language",
  duration: "duration",
  duration_base: "duration_unit",
  course_format: "format",
  attendance: "attendance",
  start_month: "start",
  start_year: "start",
  deadline_month: "deadline",
  deadline_year: "deadline",
  tuition_kind: "tuition_fee",
  tuition_fee: "tuition_fee",
  tuition_currency_id: "currency",
  tuition_fee_base: "fee_period",
  discipline_ids: "disciplines",
  official_programme_website: "website",
  published: "published",
};

/**
 * One row as the form's payload, or its errors by column. A name the lists do not know is an
 * error of its column; everything else is the form's own check.
 */
export function parseImportRow(
  raw: RawRow,
  row: number,
  lookups: ImportLookups,
): { parsed?: ParsedRow; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  const fail = (column: ImportColumn, message: string) => errors.push({ row, column, message });
  const code = raw.code ?? "";
  if (code === "" || code.length > 64) fail("code", IMPORT_MESSAGES.code);
  const lookup = (column: ImportColumn, map: Map<string, number>, optional: boolean) => {
    const text = (raw[column] ?? "").trim();
    if (text === "") return optional ? null : undefined;
    const id = map.get(text.toLowerCase());
    if (id === undefined) fail(column, IMPORT_MESSAGES.unknown(column, text));
    return id ?? null;
  };
  // An organisation with one school need not name it.
  const schoolIds = [...new Set(lookups.schools.values())];
  const school =
    (raw.school ?? "") === "" && schoolIds.length === 1
      ? schoolIds[0]
      : lookup("school", lookups.schools, false);
  const disciplineNames = (raw.disciplines ?? "")
    .split(/[;|]/)
    .map((name) => name.trim())
    .filter(Boolean);
  const disciplineIds = disciplineNames.map((name) => {
    const id = lookups.disciplines.get(name.toLowerCase());
    if (id === undefined) fail("disciplines", IMPORT_MESSAGES.unknown("disciplines", name));
    return id ?? 0;
  });
  const start = monthYear(raw.start);
  const deadline = monthYear(raw.deadline);
  const fee = tuition(raw.tuition_fee);
  const candidate = {
    name: raw.name ?? "",
    about: raw.summary ?? "",
    school_id: school ?? "",
    programme_type_id: lookup("programme_type", lookups.programmeTypes, false) ?? "",
    degree_type_id: lookup("degree_type", lookups.degreeTypes, true),
    language_id: lookup("language", lookups.languages, true),
    duration: raw.duration ?? "",
    duration_base: (raw.duration_unit ?? "").toLowerCase(),
    course_format: FORMATS[(raw.format ?? "").toLowerCase()] ?? raw.format ?? "",
    attendance: ATTENDANCE[(raw.attendance ?? "").toLowerCase()] ?? raw.attendance ?? "",
    start_month: start.month,
    start_year: start.year,
    deadline_month: deadline.month,
    deadline_year: deadline.year,
    tuition_kind: fee.kind,
    tuition_fee: fee.fee,
    tuition_currency_id: lookup("currency", lookups.currencies, false) ?? "",
    tuition_fee_base: (raw.fee_period ?? "").toLowerCase() || "year",
    discipline_ids: disciplineIds,
    official_programme_website: raw.website ?? "",
    published: YES.has((raw.published ?? "").toLowerCase()),
  };
  const result = ProgrammeCreateSchema.safeParse(candidate);
  if (!result.success) {
    const seen = new Set(errors.map((error) => error.column));
    for (const issue of result.error.issues) {
      const column = FIELD_COLUMNS[String(issue.path[0])] ?? "name";
      // A name the lists did not know already says what is wrong with its column.
      if (seen.has(column)) continue;
      seen.add(column);
      fail(column, issue.message);
    }
  }
  if (errors.length > 0 || !result.success) return { errors };
  return { parsed: { row, code, input: result.data }, errors };
}

/** Every row parsed; a code used twice in the file is an error of its later rows. */
export function parseImportRows(
  rows: RawRow[],
  lookups: ImportLookups,
): { parsed: ParsedRow[]; errors: ImportRowError[] } {
  const parsed: ParsedRow[] = [];
  const errors: ImportRowError[] = [];
  const firstRowOf = new Map<string, number>();
  rows.forEach((raw, index) => {
    const row = index + 2;
    const result = parseImportRow(raw, row, lookups);
    errors.push(...result.errors);
    if (!result.parsed) return;
    const key = `${result.parsed.input.school_id}:${result.parsed.code}`;
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      errors.push({ row, column: "code", message: IMPORT_MESSAGES.duplicateCode(first) });
      return;
    }
    firstRowOf.set(key, row);
    parsed.push(result.parsed);
  });
  return { parsed, errors };
}
