// Programme authoring on the partner dashboard (issue 13 "Programmes"; ADR 016 "Programme
// authoring"): a partner lists, creates and edits the programmes of its organisation's schools and
// publishes or unpublishes them. Every read and write is narrowed in SQL to the schools of the
// partner's scope (partnerScope), so another organisation's programme answers 404 like one that
// does not exist. Sales agents read every programme (scope "all") but do not edit.
//
// A write keeps the derived columns right in the same statement (tuition_fee_usd at the currency's
// rate, the denormalised school and discipline names the search vector reads, updated_at), stores
// the HTML sections sanitised, and records its audit entry (who, before/after) in the same
// transaction. The catalogue tables' triggers then raise `catalogue_changed`, which every app
// process hears (caches dropped, finder index rebuilt); the search vocabulary (search_words,
// programme_names) is refreshed after the commit by `createSearchWordsRefresher`.
import { sql, type SQL } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { slugify } from "@studyatlas/db/seed/text.ts";
import {
  ATTENDANCE_LABELS,
  FEE_BASE_LABELS,
  FORMAT_LABELS,
  PROGRAMME_HTML_FIELDS,
  PROGRAMME_MESSAGES,
  type ProgrammeBody,
  type ProgrammeCreate,
  type ProgrammeDetail,
  type ProgrammeList,
  type ProgrammeOptions,
  type ProgrammeValues,
} from "@studyatlas/schemas/programmes.ts";

import { sanitizeHtml } from "../content/sanitize-html.ts";
import { NotFoundError, ValidationError, type FieldErrors } from "../errors.ts";
import { selectOne, selectRows } from "../sql-rows.ts";
import { inTransaction, sqlState } from "../transactions.ts";
import { listAuditLog, recordAudit, type AuditActor } from "./audit-log.ts";
import type { PartnerScope } from "./organisations.ts";
import { MONTH_NAMES } from "@studyatlas/schemas/catalogue-constants.ts";

export const PROGRAMME_PAGE_SIZE = 25;

/** What a caller may read: a partner's schools, or every programme (sales agents). */
export type ProgrammeReadScope = Pick<PartnerScope, "schoolIds"> | "all";

const MAX_SLUG_NAME_LENGTH = 120;

/**
 * The slug of a new programme: its name and its school's slug, as the catalogue's slugs read
 * ("msc-data-science-university-of-leeds"), with "-2", "-3", ... when taken. A name with no
 * Latin letters or digits becomes "programme".
 */
export function programmeSlug(
  name: string,
  schoolSlug: string,
  taken: ReadonlySet<string>,
): string {
  let namePart = slugify(name).slice(0, MAX_SLUG_NAME_LENGTH).replace(/-+$/, "");
  if (namePart === "") namePart = "programme";
  const base = schoolSlug ? `${namePart}-${schoolSlug}` : namePart;
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function inScope(scope: ProgrammeReadScope, column: SQL): SQL {
  if (scope === "all") return sql`true`;
  if (scope.schoolIds.length === 0) return sql`false`;
  return sql`${column} = any(${`{${scope.schoolIds.join(",")}}`}::int[])`;
}

interface SummaryRow {
  id: number;
  name: string;
  slug: string;
  published: boolean;
  school_id: number;
  school_name: string;
  school_published: boolean;
  organisation_id: number | null;
  organisation_name: string | null;
  programme_type: string;
  updated_at: Date | string;
}

/** The scope's programmes by name, with a search over the name and a status filter. */
export async function listProgrammes(
  db: Database,
  scope: ProgrammeReadScope,
  filters: {
    q?: string | undefined;
    status?: "published" | "unpublished" | undefined;
    organisation?: number | undefined;
    page?: number | undefined;
  },
): Promise<ProgrammeList> {
  const conditions: SQL[] = [inScope(scope, sql`c.school_id`)];
  if (filters.q) {
    const pattern = likePattern(filters.q);
    conditions.push(
      sql`(c.name ilike ${pattern} or c.slug ilike ${pattern} or c.id::text = ${filters.q})`,
    );
  }
  if (filters.status === "published") conditions.push(sql`c.published`);
  if (filters.status === "unpublished") conditions.push(sql`not c.published`);
  if (filters.organisation !== undefined) {
    conditions.push(sql`l.organisation_id = ${filters.organisation}`);
  }
  const where = sql.join(conditions, sql` and `);
  const page = Math.max(1, filters.page ?? 1);
  const from = sql`from courses c join schools s on s.id = c.school_id
    join programme_types pt on pt.id = c.programme_type_id
    left join organisation_schools l on l.school_id = c.school_id
    left join organisations o on o.id = l.organisation_id`;
  const total = await selectOne<{ count: number }>(
    db,
    sql`select count(*)::int as count ${from} where ${where}`,
  );
  const rows = await selectRows<SummaryRow>(
    db,
    sql`select c.id, c.name, c.slug, c.published, s.id as school_id, s.name as school_name,
          s.published as school_published, o.id as organisation_id, o.name as organisation_name,
          pt.label as programme_type, c.updated_at
        ${from} where ${where}
        order by c.name, c.id
        limit ${PROGRAMME_PAGE_SIZE} offset ${(page - 1) * PROGRAMME_PAGE_SIZE}`,
  );
  return {
    count: total?.count ?? 0,
    page,
    page_size: PROGRAMME_PAGE_SIZE,
    results: rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
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
      programme_type: row.programme_type,
      updated_at: new Date(row.updated_at).toISOString(),
    })),
  };
}

interface DetailRow extends Omit<ProgrammeValues, "tuition_kind" | "discipline_ids"> {
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

async function detailRow(
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
  return toDetail(await detailRow(db, scope, id));
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
 * Checks the ids a payload names against the database and the scope: a school outside the
 * organisation, or an id that names nothing, is a field error (400), never a 500 from a foreign
 * key. Answers the school's slug (for a new programme's slug).
 */
async function checkReferences(
  tx: Database,
  scope: Pick<PartnerScope, "schoolIds">,
  input: ProgrammeBody,
): Promise<{ schoolSlug: string }> {
  const row = await selectOne<{
    school_slug: string | null;
    programme_type: boolean;
    degree_type: boolean;
    degree_type_matches: boolean;
    language: boolean;
    currency: boolean;
    disciplines: number;
  }>(
    tx,
    sql`select
          (select slug from schools s where s.id = ${input.school_id}
            and ${inScope(scope, sql`s.id`)}) as school_slug,
          exists (select 1 from programme_types where id = ${input.programme_type_id}) as programme_type,
          ${input.degree_type_id === null ? sql`true` : sql`exists (select 1 from degree_types where id = ${input.degree_type_id})`} as degree_type,
          ${input.degree_type_id === null ? sql`true` : sql`exists (select 1 from degree_types where id = ${input.degree_type_id} and programme_type_id = ${input.programme_type_id})`} as degree_type_matches,
          ${input.language_id === null ? sql`true` : sql`exists (select 1 from languages where id = ${input.language_id})`} as language,
          exists (select 1 from currencies where id = ${input.tuition_currency_id}) as currency,
          (select count(*)::int from disciplines
            where id = any(${`{${input.discipline_ids.join(",")}}`}::int[])) as disciplines`,
  );
  const errors: FieldErrors = {};
  if (!row?.school_slug) {
    errors.school_id = [
      scope.schoolIds.length === 0 ? PROGRAMME_MESSAGES.noSchool : PROGRAMME_MESSAGES.school,
    ];
  }
  if (!row?.programme_type) errors.programme_type_id = [PROGRAMME_MESSAGES.programmeType];
  if (!row?.degree_type) errors.degree_type_id = [PROGRAMME_MESSAGES.degreeType];
  else if (!row.degree_type_matches) {
    errors.degree_type_id = ["This degree type belongs to the other programme type."];
  }
  if (!row?.language) errors.language_id = [PROGRAMME_MESSAGES.language];
  if (!row?.currency) errors.tuition_currency_id = [PROGRAMME_MESSAGES.currency];
  if (Number(row?.disciplines ?? 0) !== input.discipline_ids.length) {
    errors.discipline_ids = [PROGRAMME_MESSAGES.disciplines];
  }
  const [first] = Object.values(errors);
  if (first?.[0]) {
    throw new ValidationError(first[0], { code: "invalid_programme", errors });
  }
  return { schoolSlug: row!.school_slug! };
}

function feeOf(input: ProgrammeBody): number {
  if (input.tuition_kind === "free") return 0;
  if (input.tuition_kind === "unknown") return -1;
  return Math.round((input.tuition_fee ?? 0) * 100) / 100;
}

/** The columns of `courses` a write sets, derived columns included (one expression per column). */
function courseColumns(input: ProgrammeBody): SQL {
  const fee = feeOf(input);
  return sql`name = ${input.name}, about = ${input.about}, school_id = ${input.school_id},
    programme_type_id = ${input.programme_type_id}, degree_type_id = ${input.degree_type_id},
    language_id = ${input.language_id}, duration = ${input.duration},
    duration_base = ${input.duration_base}, course_format = ${input.course_format},
    attendance = ${input.attendance}, start_month = ${input.start_month},
    start_year = ${input.start_year}, deadline_month = ${input.deadline_month},
    deadline_year = ${input.deadline_year}, tuition_fee = ${fee},
    tuition_currency_id = ${input.tuition_currency_id},
    tuition_fee_base = ${input.tuition_fee_base},
    tuition_fee_usd = (case when ${fee}::numeric < 0 then null when ${fee}::numeric = 0 then 0
      else round(${fee}::numeric / (select usd_exchange_rate from currencies
        where id = ${input.tuition_currency_id}), 2) end),
    school_name = (select name from schools where id = ${input.school_id}),
    discipline_names = (select coalesce(string_agg(d.name, ' ' order by p.position), '')
      from unnest(${`{${input.discipline_ids.join(",")}}`}::int[]) with ordinality as p(id, position)
      join disciplines d on d.id = p.id),
    updated_at = now()`;
}

async function writeDetailsAndDisciplines(
  tx: Database,
  courseId: number,
  input: ProgrammeBody,
): Promise<void> {
  const clean = Object.fromEntries(
    PROGRAMME_HTML_FIELDS.map((field) => [field, sanitizeHtml(input[field])]),
  ) as Record<(typeof PROGRAMME_HTML_FIELDS)[number], string>;
  await tx.execute(
    sql`insert into course_details (course_id, overview, why_chose, who_for,
          admission_requirements, other_requirements, programme_structure, syllabus,
          tuition_and_aid, scholarship, video, official_programme_website)
        values (${courseId}, ${clean.overview}, ${clean.why_chose}, ${clean.who_for},
          ${clean.admission_requirements}, ${clean.other_requirements},
          ${clean.programme_structure}, ${clean.syllabus}, ${clean.tuition_and_aid},
          ${clean.scholarship}, ${input.video}, ${input.official_programme_website})
        on conflict (course_id) do update set overview = excluded.overview,
          why_chose = excluded.why_chose, who_for = excluded.who_for,
          admission_requirements = excluded.admission_requirements,
          other_requirements = excluded.other_requirements,
          programme_structure = excluded.programme_structure, syllabus = excluded.syllabus,
          tuition_and_aid = excluded.tuition_and_aid, scholarship = excluded.scholarship,
          video = excluded.video, official_programme_website = excluded.official_programme_website`,
  );
  const current = await selectRows<{ discipline_id: number; position: number }>(
    tx,
    sql`select discipline_id, position from course_disciplines where course_id = ${courseId}
        order by position, discipline_id`,
  );
  const same =
    current.length === input.discipline_ids.length &&
    current.every(
      (row, index) =>
        Number(row.discipline_id) === input.discipline_ids[index] && Number(row.position) === index,
    );
  if (same) return;
  await tx.execute(sql`delete from course_disciplines where course_id = ${courseId}`);
  await tx.execute(
    sql`insert into course_disciplines (course_id, discipline_id, position)
        select ${courseId}, p.id, (p.position - 1)::smallint
        from unnest(${`{${input.discipline_ids.join(",")}}`}::int[]) with ordinality as p(id, position)`,
  );
}

/**
 * The programme as the audit log keeps it: every field readable on its own (names rather than
 * ids), so an entry still reads right after a list changes.
 */
async function auditSnapshot(tx: Database, id: number): Promise<Record<string, unknown>> {
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

async function organisationOfSchool(tx: Database, schoolId: number): Promise<number | null> {
  const row = await selectOne<{ organisation_id: number }>(
    tx,
    sql`select organisation_id from organisation_schools where school_id = ${schoolId}`,
  );
  return row ? Number(row.organisation_id) : null;
}

/** A new programme of one of the organisation's schools, with its audit entry. */
export async function createProgramme(
  db: Database,
  scope: PartnerScope,
  input: ProgrammeCreate,
  actor: AuditActor,
): Promise<ProgrammeDetail> {
  // Programmes named alike at once: each transaction takes a lock on its base slug before it
  // looks for the next free one, so they take turns (ten identical creations at once get ten
  // slugs). Should the slug index still refuse an insert, the transaction runs again.
  for (let attempt = 0; ; attempt++) {
    try {
      const id = await inTransaction(db, async (tx) => {
        const { schoolSlug } = await checkReferences(tx, scope, input);
        const base = programmeSlug(input.name, schoolSlug, new Set());
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`course-slug:${base}`}))`);
        const taken = await selectRows<{ slug: string }>(
          tx,
          sql`select slug from courses where slug = ${base} or slug like ${`${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`}`,
        );
        const slug = programmeSlug(input.name, schoolSlug, new Set(taken.map((row) => row.slug)));
        const created = await selectOne<{ id: number }>(
          tx,
          sql`insert into courses (slug, name, school_id, programme_type_id, duration,
                duration_base, course_format, attendance, tuition_fee, tuition_currency_id,
                published)
              values (${slug}, ${input.name}, ${input.school_id}, ${input.programme_type_id},
                ${input.duration}, ${input.duration_base}, ${input.course_format},
                ${input.attendance}, ${feeOf(input)}, ${input.tuition_currency_id},
                ${input.published})
              returning id`,
        );
        const courseId = Number(created!.id);
        await tx.execute(sql`update courses set ${courseColumns(input)} where id = ${courseId}`);
        await writeDetailsAndDisciplines(tx, courseId, input);
        await recordAudit(tx, {
          organisationId: scope.organisation.id,
          schoolId: input.school_id,
          entity: "programme",
          entityId: courseId,
          entityName: input.name,
          action: "create",
          actor,
          after: await auditSnapshot(tx, courseId),
        });
        return courseId;
      });
      return getProgramme(db, scope, id);
    } catch (error) {
      if (sqlState(error) !== "23505" || attempt >= 3) throw error;
    }
  }
}

/** Saves every field of a programme (its slug stays, so links keep working), with its audit entry. */
export async function updateProgramme(
  db: Database,
  scope: PartnerScope,
  id: number,
  input: ProgrammeBody,
  actor: AuditActor,
): Promise<{ programme: ProgrammeDetail; changed: boolean }> {
  const changed = await inTransaction(db, async (tx) => {
    // Locks the row: two saves of one programme run one after the other, each audited against
    // the state the other left.
    await detailRow(tx, scope, id, true);
    await checkReferences(tx, scope, input);
    const before = await auditSnapshot(tx, id);
    await tx.execute(sql`update courses set ${courseColumns(input)} where id = ${id}`);
    await writeDetailsAndDisciplines(tx, id, input);
    return recordAudit(tx, {
      organisationId: (await organisationOfSchool(tx, input.school_id)) ?? scope.organisation.id,
      schoolId: input.school_id,
      entity: "programme",
      entityId: id,
      entityName: input.name,
      action: "update",
      actor,
      before,
      after: await auditSnapshot(tx, id),
    });
  });
  return { programme: await getProgramme(db, scope, id), changed };
}

/** Publishes or unpublishes a programme; the same state twice is one change (one entry). */
export async function setProgrammePublished(
  db: Database,
  scope: PartnerScope,
  id: number,
  published: boolean,
  actor: AuditActor,
): Promise<{ programme: ProgrammeDetail; changed: boolean }> {
  const changed = await inTransaction(db, async (tx) => {
    const row = await detailRow(tx, scope, id, true);
    if (row.published === published) return false;
    await tx.execute(
      sql`update courses set published = ${published}, updated_at = now() where id = ${id}`,
    );
    return recordAudit(tx, {
      organisationId: scope.organisation.id,
      schoolId: Number(row.school_id),
      entity: "programme",
      entityId: id,
      entityName: row.name,
      action: published ? "publish" : "unpublish",
      actor,
      before: { published: row.published },
      after: { published },
    });
  });
  return { programme: await getProgramme(db, scope, id), changed };
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
