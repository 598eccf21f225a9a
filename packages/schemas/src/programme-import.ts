// The catalogue import on the partner dashboard (docs/decisions/056-organisation-membership.md
// "Catalogue import"): the columns a CSV or XLSX file may have, the messages of its row-level
// errors, and the answers of the preview and the import.
import { z } from "zod";

/** The columns, in the template's order; headers match case-insensitively ("Programme type"). */
export const IMPORT_COLUMNS = [
  "code",
  "school",
  "name",
  "summary",
  "programme_type",
  "degree_type",
  "language",
  "duration",
  "duration_unit",
  "format",
  "attendance",
  "start",
  "deadline",
  "tuition_fee",
  "currency",
  "fee_period",
  "disciplines",
  "website",
  "published",
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const MAX_IMPORT_ROWS = 5000;
/** Large enough for 5,000 rows of every column. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

export const IMPORT_COLUMN_LABELS: Record<ImportColumn, string> = {
  code: "Code",
  school: "School",
  name: "Name",
  summary: "Summary",
  programme_type: "Programme type",
  degree_type: "Degree type",
  language: "Language",
  duration: "Duration",
  duration_unit: "Duration unit",
  format: "Format",
  attendance: "Attendance",
  start: "Start",
  deadline: "Deadline",
  tuition_fee: "Tuition fee",
  currency: "Currency",
  fee_period: "Fee period",
  disciplines: "Disciplines",
  website: "Website",
  published: "Published",
};

export const IMPORT_MESSAGES = {
  missingFile: "Choose a CSV or Excel (.xlsx) file to import.",
  tooLarge: "This file is too large: an import takes at most 10 MB.",
  unreadable: "This file could not be read: save it as CSV (UTF-8) or Excel (.xlsx) and try again.",
  empty:
    "This file has no programmes: the first row names the columns, one programme per row below.",
  missingColumn: (column: string) =>
    `The file has no "${column}" column: the first row must name the columns (see the template).`,
  tooManyRows: (count: number) =>
    `This file has ${count.toLocaleString("en-GB")} programmes; an import takes at most 5,000. Split it into several files.`,
  code: "Give the school's own code of the programme (1 to 64 characters).",
  unknown: (column: string, value: string) =>
    `"${value}" is not a ${column.replace(/_/g, " ")} we know: use a name from the list.`,
  duplicateCode: (row: number) => `This code is already used on row ${row} of the file.`,
  changed: "The file changed since its preview: preview it again before importing.",
} as const;

export const ImportRowErrorSchema = z.object({
  row: z.number(),
  column: z.enum(IMPORT_COLUMNS),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

export const ImportPreviewSchema = z.object({
  /** The file's fingerprint: the import must name it, so what is written is what was previewed. */
  file_sha256: z.string(),
  rows: z.number(),
  create: z.number(),
  update: z.number(),
  errors: z.array(ImportRowErrorSchema),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportResultSchema = z.object({
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  skipped: z.number(),
  errors: z.array(ImportRowErrorSchema),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const ImportConfirmQuerySchema = z.object({
  file_sha256: z
    .string({ error: IMPORT_MESSAGES.changed })
    .regex(/^[0-9a-f]{64}$/, IMPORT_MESSAGES.changed),
});
