// What the programme form reads (docs/decisions/016-organisations-and-dashboards.md "Programme
// authoring"): one programme with every field the form edits, the choices of its lists and its
// own audit history. Every read is narrowed in SQL to the schools of the caller's scope, so
// another organisation's programme answers 404 like one that does not exist; sales agents read
// every programme (scope "all").
import { sql, type SQL } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import {
  PROGRAMME_HTML_FIELDS,
  PROGRAMME_MESSAGES,
  type ProgrammeDetail,
  type ProgrammeOptions,
  type ProgrammeValues,
} from "@studyatlas/schemas/programmes.ts";

import { sanitizeHtml } from "../content/sanitize-html.ts";
import { NotFoundError } from "../errors.ts";
import { selectOne, selectRows } from "../sql-rows.ts";
import { listAuditLog } from "./audit-log.ts";
import type { PartnerScope } from "./organisations.ts";
import { readEntryRequirements } from "../eligibility/stored-requirements.ts";

/** What a caller may read: a partner's schools, or every programme (sales agents). */
export type ProgrammeReadScope = Pick<PartnerScope, "schoolIds"> | "all";

/** The SQL condition that keeps `column` (a school id) inside the scope. */
export function inScope(scope: ProgrammeReadScope, column: SQL): SQL {
  if (scope === "all") return sql`true`;
  if (scope.schoolIds.length === 0) return sql`false`;
  return sql`${column} = any(${`{${scope.schoolIds.join(",")}}`}::int[])`;
}

export interface DetailRow extends Omit<ProgrammeValues, "tuition_kind" | "discipline_ids"> {
  id: number;
  slug: string;
  published: boolean;
  school_name: string;
  school_published: boolean;
  organisation_id: number | null;
  organisation_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  discipline_ids: number[] | string;
}

export async function detailRow(
  db: Database,
  scope: ProgrammeReadScope,
  id: number,
  lock = false,
): Promise<DetailRow> {
  const row = await selectOne<DetailRow>(
    db,
    sql`select c.id, c.slug, c.published, c.created_at, c.updated_at, c.name, c.about,
          c.school_id, s.name as school_name, s.published as school_published,
          o.id as organisation_id, o.name as organisation_name,
          c.programme_type_id, c.degree_type_id, c.language_id, c.duration, c.duration_base,
          c.course_format, c.attendance, c.start_month, c.start_year, c.deadline_month,
          c.deadline_year, c.tuition_fee::float8 as tuition_fee, c.tuition_currency_id,
          c.tuition_fee_base,
          coalesce((select json_agg(cd.discipline_id order by cd.position, cd.discipline_id)
            from course_disciplines cd where cd.course_id = c.id), '[]'::json) as discipline_ids,
          coalesce(d.overview, '') as overview, coalesce(d.why_chose, '') as why_chose,
          coalesce(d.who_for, '') as who_for,
          coalesce(d.admission_requirements, '') as admission_requirements,
          coalesce(d.other_requirements, '') as other_requirements,
          coalesce(d.programme_structure, '') as programme_structure,
          coalesce(d.syllabus, '') as syllabus, coalesce(d.tuition_and_aid, '') as tuition_and_aid,
          coalesce(d.scholarship, '') as scholarship, coalesce(d.video, '') as video,
          coalesce(d.official_programme_website, '') as official_programme_website
        from courses c join schools s on s.id = c.school_id
        left join course_details d on d.course_id = c.id
        left join organisation_schools l on l.school_id = c.school_id
        left join organisations o on o.id = l.organisation_id
        where c.id = ${id} and ${inScope(scope, sql`c.school_id`)}
        ${lock ? sql`for update of c` : sql``}`,
  );
  if (!row) throw new NotFoundError(PROGRAMME_MESSAGES.notFound);
  return row;
}

function toDetail(row: DetailRow): ProgrammeDetail {
  const fee = row.tuition_fee === null ? -1 : Number(row.tuition_fee);
  const disciplineIds =
    typeof row.discipline_ids === "string"
      ? (JSON.parse(row.discipline_ids) as number[])
      : row.discipline_ids;
  const values: ProgrammeValues = {
    name: row.name,
    about: row.about,
    school_id: Number(row.school_id),
    programme_type_id: Number(row.programme_type_id),
    degree_type_id: row.degree_type_id === null ? null : Number(row.degree_type_id),
    language_id: row.language_id === null ? null : Number(row.language_id),
    duration: Number(row.duration),
    duration_base: row.duration_base,
    course_format: row.course_format,
    attendance: row.attendance,
    start_month: Number(row.start_month),
    start_year: Number(row.start_year),
    deadline_month: Number(row.deadline_month),
    deadline_year: Number(row.deadline_year),
    tuition_kind: fee < 0 ? "unknown" : fee === 0 ? "free" : "amount",
    tuition_fee: fee > 0 ? fee : null,
    tuition_currency_id: Number(row.tuition_currency_id),
    tuition_fee_base: row.tuition_fee_base,
    discipline_ids: disciplineIds.map(Number),
    video: row.video,
    official_programme_website: row.official_programme_website,
    overview: "",
    why_chose: "",
    who_for: "",
    admission_requirements: "",
    other_requirements: "",
    programme_structure: "",
    syllabus: "",
    tuition_and_aid: "",
    scholarship: "",
    entry_requirements: null,
  };
  // Sanitised on the way out too: rows written by older imports are as untrusted as new ones.
  for (const field of PROGRAMME_HTML_FIELDS) values[field] = sanitizeHtml(row[field]);
  return {
    id: Number(row.id),
    slug: row.slug,
    published: row.published,
    school: {
      id: Number(row.school_id),
      name: row.school_name,
      published: row.school_published,
    },
    organisation:
      row.organisation_id === null
        ? null
        : { id: Number(row.organisation_id), name: row.organisation_name ?? "" },
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    values,
  };
}

/** One programme with every field the form edits; 404 outside the scope. */
export async function getProgramme(
  db: Database,
  scope: ProgrammeReadScope,
  id: number,
): Promise<ProgrammeDetail> {
  const detail = toDetail(await detailRow(db, scope, id));
  detail.values.entry_requirements = (await readEntryRequirements(db, [id])).get(id) ?? null;
  return detail;
}

/** The choices of the form's lists: the organisation's schools and the reference lists. */
export async function programmeOptions(
  db: Database,
  scope: Pick<PartnerScope, "schoolIds">,
): Promise<ProgrammeOptions> {
  const [schools, programmeTypes, degreeTypes, languages, currencies, disciplines] =
    await Promise.all([
      selectRows<{ id: number; name: string }>(
        db,
        sql`select id, name from schools s where ${inScope(scope, sql`s.id`)} order by name, id`,
      ),
      selectRows<{ id: number; name: string }>(
        db,
        sql`select id, label as name from programme_types order by id`,
      ),
      selectRows<{ id: number; name: string; programme_type_id: number }>(
        db,
        sql`select id, name, programme_type_id from degree_types order by name`,
      ),
      selectRows<{ id: number; name: string }>(
        db,
        sql`select id, name from languages order by name`,
      ),
      selectRows<{ id: number; name: string; short_code: string }>(
        db,
        sql`select id, name, short_code from currencies order by short_code`,
      ),
      selectRows<{ id: number; name: string }>(
        db,
        sql`select id, name from disciplines order by name`,
      ),
    ]);
  const ids = <T extends { id: number }>(rows: T[]) =>
    rows.map((row) => ({ ...row, id: Number(row.id) }));
  return {
    schools: ids(schools),
    programme_types: ids(programmeTypes),
    degree_types: ids(degreeTypes).map((row) => ({
      ...row,
      programme_type_id: Number(row.programme_type_id),
    })),
    languages: ids(languages),
    currencies: ids(currencies),
    disciplines: ids(disciplines),
  };
}

/**
 * What the programme form's page shows: the lists' choices, the programme (none for a new one)
 * and its own audit history (the latest entries).
 */
export async function loadProgrammeEditor(
  db: Database,
  scope: PartnerScope,
  id: number | undefined,
  historyPage = 1,
): Promise<{
  options: ProgrammeOptions;
  programme: ProgrammeDetail | null;
  history: Awaited<ReturnType<typeof listAuditLog>> | null;
}> {
  const programme = id === undefined ? null : await getProgramme(db, scope, id);
  const [options, history] = await Promise.all([
    programmeOptions(db, scope),
    id === undefined
      ? null
      : listAuditLog(db, {
          organisationId: scope.organisation.id,
          entity: "programme",
          entityId: id,
          page: historyPage,
        }),
  ]);
  return { options, programme, history };
}
