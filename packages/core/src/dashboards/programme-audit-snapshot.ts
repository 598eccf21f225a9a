// The programme as the audit log keeps it (docs/decisions/016-organisations-and-dashboards.md
// "The audit log").
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { MONTH_NAMES } from "@studyatlas/schemas/catalogue-constants.ts";
import {
  ATTENDANCE_LABELS,
  FEE_BASE_LABELS,
  FORMAT_LABELS,
  PROGRAMME_HTML_FIELDS,
  PROGRAMME_MESSAGES,
} from "@studyatlas/schemas/programmes.ts";

import { NotFoundError } from "../errors.ts";
import { selectOne } from "../sql-rows.ts";

/**
 * The programme as the audit log keeps it: every field readable on its own (names rather than
 * ids), so an entry still reads right after a list changes.
 */
export async function auditSnapshot(tx: Database, id: number): Promise<Record<string, unknown>> {
  const row = await selectOne<{
    name: string;
    about: string;
    slug: string;
    published: boolean;
    school: string;
    programme_type: string;
    degree_type: string | null;
    language: string | null;
    duration: number;
    duration_base: string;
    course_format: keyof typeof FORMAT_LABELS;
    attendance: keyof typeof ATTENDANCE_LABELS;
    start_month: number;
    start_year: number;
    deadline_month: number;
    deadline_year: number;
    tuition_fee: number;
    currency: string;
    tuition_fee_base: string;
    disciplines: string[] | string;
    details: Record<string, string> | string | null;
  }>(
    tx,
    sql`select c.name, c.about, c.slug, c.published, s.name as school, pt.label as programme_type,
          dt.name as degree_type, l.name as language, c.duration, c.duration_base, c.course_format,
          c.attendance, c.start_month, c.start_year, c.deadline_month, c.deadline_year,
          c.tuition_fee::float8 as tuition_fee, cur.short_code as currency, c.tuition_fee_base,
          coalesce((select json_agg(d.name order by cd.position, d.name)
            from course_disciplines cd join disciplines d on d.id = cd.discipline_id
            where cd.course_id = c.id), '[]'::json) as disciplines,
          (select row_to_json(x) from (select overview, why_chose, who_for, admission_requirements,
             other_requirements, programme_structure, syllabus, tuition_and_aid, scholarship,
             video, official_programme_website from course_details where course_id = c.id) x)
            as details
        from courses c join schools s on s.id = c.school_id
        join programme_types pt on pt.id = c.programme_type_id
        join currencies cur on cur.id = c.tuition_currency_id
        left join degree_types dt on dt.id = c.degree_type_id
        left join languages l on l.id = c.language_id
        where c.id = ${id}`,
  );
  if (!row) throw new NotFoundError(PROGRAMME_MESSAGES.notFound);
  const parse = <T>(value: T | string): T =>
    typeof value === "string" ? (JSON.parse(value) as T) : value;
  const details = parse(row.details) ?? {};
  const fee = Number(row.tuition_fee);
  const when = (month: number, year: number) =>
    month === 0 ? "Not announced" : `${MONTH_NAMES[month - 1]} ${year}`;
  const snapshot: Record<string, unknown> = {
    name: row.name,
    about: row.about,
    published: row.published,
    school: row.school,
    programme_type: row.programme_type,
    degree_type: row.degree_type,
    language: row.language,
    duration: `${row.duration} ${row.duration_base}`,
    format: FORMAT_LABELS[row.course_format],
    attendance: ATTENDANCE_LABELS[row.attendance],
    start: when(Number(row.start_month), Number(row.start_year)),
    deadline: when(Number(row.deadline_month), Number(row.deadline_year)),
    tuition:
      fee < 0
        ? "Not known"
        : fee === 0
          ? "Free"
          : `${row.currency} ${fee.toLocaleString("en", { maximumFractionDigits: 2 })} ${
              FEE_BASE_LABELS[row.tuition_fee_base as keyof typeof FEE_BASE_LABELS] ??
              row.tuition_fee_base
            }`,
    disciplines: parse(row.disciplines),
    video: details.video ?? "",
    official_programme_website: details.official_programme_website ?? "",
  };
  for (const field of PROGRAMME_HTML_FIELDS) snapshot[field] = details[field] ?? "";
  return snapshot;
}
