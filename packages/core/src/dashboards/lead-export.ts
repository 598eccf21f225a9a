// The leads export (docs/leads-export.md; docs/decisions/055-lead-exports-and-idempotent-create.md):
// every field of each application and the text of its notes, status labels as the dashboard shows
// them, as CSV (UTF-8 with a byte-order mark, RFC 4180, written by csv-stringify) or as an Excel
// workbook (exceljs). Both go through one list of columns, so the two files always agree.
//
// Spreadsheet formulas: a CSV cell that starts with =, +, -, @, a tab or a carriage return is run
// as a formula by Excel, LibreOffice and Google Sheets (OWASP "CSV injection"), so such a cell gets
// a leading apostrophe. A phone number ("+1 555 0100", "(030) 1234-56") is left as typed: digits,
// spaces and ( ) . / - can call no function and reach no cell or other program. The workbook needs
// no escaping at all: every cell is written as text, which a spreadsheet never evaluates.
import { stringify } from "csv-stringify/sync";
import ExcelJS from "exceljs";
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { LEAD_STATUS_LABELS } from "@studyatlas/schemas/dashboards.ts";

import { selectRows } from "../sql-rows.ts";
import { leadConditions, type LeadFilters } from "./leads.ts";
import type { PartnerScope } from "./organisations.ts";

/** At most this many leads in one file (newest first). */
export const LEAD_EXPORT_LIMIT = 100_000;

interface ExportRow {
  id: number;
  created_at: Date | string;
  status: keyof typeof LEAD_STATUS_LABELS;
  changed_at: Date | string | null;
  title: string;
  first_name: string;
  last_name: string;
  sex: string;
  date_of_birth: string;
  nationality: string;
  email: string;
  phone_number: string;
  address: string;
  city: string;
  zip_code: string;
  country_name: string;
  course_name: string;
  course_slug: string;
  school_name: string;
  referral_code: string;
  notes: string | null;
}

const isoDay = (value: Date | string) => new Date(value).toISOString().slice(0, 10);

/** The columns, in order: heading and value (docs/leads-export.md lists them). */
export const LEAD_EXPORT_COLUMNS: readonly {
  heading: string;
  value: (row: ExportRow, baseUrl: string) => string;
}[] = [
  { heading: "Lead ID", value: (row) => String(row.id) },
  { heading: "Applied on", value: (row) => isoDay(row.created_at) },
  { heading: "Status", value: (row) => LEAD_STATUS_LABELS[row.status] ?? row.status },
  {
    heading: "Status changed on",
    value: (row) => (row.changed_at === null ? "" : isoDay(row.changed_at)),
  },
  { heading: "Title", value: (row) => row.title },
  { heading: "First name", value: (row) => row.first_name },
  { heading: "Last name", value: (row) => row.last_name },
  { heading: "Sex", value: (row) => row.sex },
  { heading: "Date of birth", value: (row) => row.date_of_birth.slice(0, 10) },
  { heading: "Nationality", value: (row) => row.nationality },
  { heading: "E-mail", value: (row) => row.email },
  { heading: "Phone", value: (row) => row.phone_number },
  { heading: "Address", value: (row) => row.address },
  { heading: "City", value: (row) => row.city },
  { heading: "ZIP code", value: (row) => row.zip_code },
  { heading: "Country of residence", value: (row) => row.country_name },
  { heading: "Programme", value: (row) => row.course_name },
  { heading: "Programme page", value: (row, baseUrl) => `${baseUrl}/course/${row.course_slug}` },
  { heading: "School", value: (row) => row.school_name },
  { heading: "Referral code", value: (row) => row.referral_code },
  { heading: "Notes", value: (row) => row.notes ?? "" },
];

/** Characters a phone number is written with: nothing a spreadsheet could run. */
const PHONE_LIKE = /^\+?[\d\s().\-/]+$/;

/** A CSV cell a spreadsheet shows as text and never runs as a formula (see the header). */
export function inertCsvCell(text: string): string {
  if (!/^[=+\-@\t\r]/.test(text) || PHONE_LIKE.test(text)) return text;
  return `'${text}`;
}

async function exportRows(
  db: Database,
  scope: PartnerScope,
  filters: LeadFilters,
): Promise<ExportRow[]> {
  if (scope.schoolIds.length === 0) return [];
  // A lead's notes, oldest first, one a line: "2026-11-27 14:05 UTC, Ana Lima: Called back".
  return selectRows<ExportRow>(
    db,
    sql`select a.id, a.created_at, coalesce(ls.status, 'new') as status, ls.changed_at,
               a.title, a.first_name, a.last_name, a.sex, a.date_of_birth::text as date_of_birth,
               na.name as nationality, a.email, a.phone_number, a.address, a.city, a.zip_code,
               co.name as country_name, c.name as course_name, c.slug as course_slug,
               s.name as school_name, a.referral_code,
               (select string_agg(
                         to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC'
                           || coalesce(', ' || u.first_name || ' ' || u.last_name, '')
                           || ': ' || n.body,
                         E'\n' order by n.id)
                  from lead_notes n left join users u on u.id = n.author_id
                  where n.application_id = a.id) as notes
        from applications a
        join courses c on c.id = a.course_id
        join schools s on s.id = c.school_id
        join countries co on co.id = a.country_id
        join countries na on na.id = a.nationality_id
        left join lead_states ls on ls.application_id = a.id
        where ${leadConditions(scope, filters)}
        order by a.created_at desc, a.id desc limit ${LEAD_EXPORT_LIMIT}`,
  );
}

function table(rows: ExportRow[], baseUrl: string): string[][] {
  return rows.map((row) => LEAD_EXPORT_COLUMNS.map((column) => column.value(row, baseUrl)));
}

/** Every lead matching the filters as CSV: UTF-8 with a BOM, CRLF, every cell quoted. */
export async function leadsCsv(
  db: Database,
  scope: PartnerScope,
  filters: LeadFilters,
  baseUrl: string,
): Promise<string> {
  const body = table(await exportRows(db, scope, filters), baseUrl).map((cells) =>
    cells.map(inertCsvCell),
  );
  return stringify([LEAD_EXPORT_COLUMNS.map((column) => column.heading), ...body], {
    bom: true,
    quoted: true,
    record_delimiter: "windows",
  });
}

/** The same leads as an Excel workbook (one sheet, "Leads"), every cell text. */
export async function leadsXlsx(
  db: Database,
  scope: PartnerScope,
  filters: LeadFilters,
  baseUrl: string,
): Promise<Buffer> {
  const rows = table(await exportRows(db, scope, filters), baseUrl);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "StudyAtlas";
  const sheet = workbook.addWorksheet("Leads", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = LEAD_EXPORT_COLUMNS.map((column) => ({
    header: column.heading,
    width: Math.max(12, column.heading.length + 2),
    style: { numFmt: "@" },
  }));
  sheet.getRow(1).font = { bold: true };
  for (const cells of rows) sheet.addRow(cells);
  const notes = sheet.getColumn(LEAD_EXPORT_COLUMNS.length);
  notes.width = 60;
  notes.alignment = { wrapText: true, vertical: "top" };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
