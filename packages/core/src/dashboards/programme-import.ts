// The catalogue import (docs/decisions/056-organisation-membership.md "Catalogue import"): an
// editor previews a CSV or XLSX file of up to 5,000 programmes (row-level errors, how many are
// new and how many update), then imports it. Nothing is written by the preview. The import is
// idempotent by the school's own programme code: a code the school has updates that programme
// (only when something differs), a new code creates one; importing the same file twice changes
// nothing the second time. The valid rows are written in one transaction, set-based (a few
// statements per thousand rows), and the rows with errors are skipped and reported. One audit
// entry per school says who imported what. The catalogue tables' triggers raise
// `catalogue_changed` at the commit, as for any programme write (programmes.ts).
import { createHash } from "node:crypto";

import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import {
  IMPORT_MESSAGES,
  type ImportPreview,
  type ImportResult,
} from "@studyatlas/schemas/programme-import.ts";

import { ConflictError } from "../errors.ts";
import { selectOne, selectRows } from "../sql-rows.ts";
import { inTransaction, sqlState } from "../transactions.ts";
import { recordAudit, type AuditActor } from "./audit-log.ts";
import type { PartnerScope } from "./organisations.ts";
import {
  parseImportRows,
  readImportFile,
  type ImportLookups,
  type ParsedRow,
  type RawRow,
} from "./programme-import-rows.ts";
import { feeOf } from "./programme-write-steps.ts";
import { programmeSlug } from "./programmes.ts";

const CHUNK = 1000;

const fingerprint = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** The lists' ids by lower-cased name (languages and currencies by code too). */
export async function importLookups(db: Database, scope: PartnerScope): Promise<ImportLookups> {
  const named = async (query: ReturnType<typeof sql>) => {
    const rows = await selectRows<{ key: string; id: number }>(db, query);
    return new Map(rows.map((row) => [row.key.toLowerCase(), Number(row.id)]));
  };
  const ids = `{${scope.schoolIds.join(",")}}`;
  const [schools, programmeTypes, degreeTypes, languages, currencies, disciplines] =
    await Promise.all([
      named(sql`select name as key, id from schools where id = any(${ids}::int[])
                union all select id::text, id from schools where id = any(${ids}::int[])`),
      named(sql`select name as key, id from programme_types`),
      named(sql`select name as key, id from degree_types
                union all select short_name, id from degree_types`),
      named(sql`select name as key, id from languages union all select code, id from languages`),
      named(sql`select short_code as key, id from currencies`),
      named(sql`select name as key, id from disciplines`),
    ]);
  return { schools, programmeTypes, degreeTypes, languages, currencies, disciplines };
}

async function existingCodes(db: Database, schoolIds: number[]): Promise<Map<string, number>> {
  const rows = await selectRows<{ course_id: number; school_id: number; code: string }>(
    db,
    sql`select course_id, school_id, code from programme_codes
        where school_id = any(${`{${schoolIds.join(",")}}`}::int[])`,
  );
  return new Map(rows.map((row) => [`${row.school_id}:${row.code}`, Number(row.course_id)]));
}

const keyOf = (row: ParsedRow) => `${row.input.school_id}:${row.code}`;

async function parseFile(db: Database, scope: PartnerScope, data: Buffer) {
  const raw = await readImportFile(data);
  const { parsed, errors } = parseImportRows(raw, await importLookups(db, scope));
  return { raw, parsed, errors };
}

/** What an import of the file would do; writes nothing. */
export async function previewImport(
  db: Database,
  scope: PartnerScope,
  data: Buffer,
): Promise<ImportPreview> {
  const { raw, parsed, errors } = await parseFile(db, scope, data);
  const codes = await existingCodes(db, scope.schoolIds);
  const update = parsed.filter((row) => codes.has(keyOf(row))).length;
  return {
    file_sha256: fingerprint(data),
    rows: raw.length,
    create: parsed.length - update,
    update,
    errors,
  };
}

/** One row's columns of `courses` (and its code and website), as the JSON the SQL reads. */
function recordOf(row: ParsedRow, extra: Record<string, unknown>) {
  const input = row.input;
  return {
    ...extra,
    code: row.code,
    name: input.name,
    about: input.about,
    school_id: input.school_id,
    programme_type_id: input.programme_type_id,
    degree_type_id: input.degree_type_id,
    language_id: input.language_id,
    duration: input.duration,
    duration_base: input.duration_base,
    course_format: input.course_format,
    attendance: input.attendance,
    start_month: input.start_month,
    start_year: input.start_year,
    deadline_month: input.deadline_month,
    deadline_year: input.deadline_year,
    tuition_fee: feeOf(input),
    tuition_currency_id: input.tuition_currency_id,
    tuition_fee_base: input.tuition_fee_base,
    discipline_ids: input.discipline_ids,
    website: input.official_programme_website,
    published: input.published,
  };
}

/** The input rows as a relation, with the derived columns the finder reads. */
const INPUT = (json: string) => sql`(
  select r.*, s.name as school_name,
    case when r.tuition_fee < 0 then null when r.tuition_fee = 0 then 0
      else round(r.tuition_fee / cur.usd_exchange_rate, 2) end as tuition_fee_usd,
    (select coalesce(string_agg(d.name, ' ' order by p.position), '')
      from unnest(r.discipline_ids) with ordinality as p(id, position)
      join disciplines d on d.id = p.id) as discipline_names
  from jsonb_to_recordset(${json}::jsonb) as r(id int, slug text, code text, name text,
    about text, school_id int, programme_type_id int, degree_type_id int, language_id int,
    duration int, duration_base text, course_format text, attendance text, start_month int,
    start_year int, deadline_month int, deadline_year int, tuition_fee numeric,
    tuition_currency_id int, tuition_fee_base text, discipline_ids int[], website text,
    published boolean)
  join schools s on s.id = r.school_id
  join currencies cur on cur.id = r.tuition_currency_id) as r`;

async function insertChunk(tx: Database, rows: Record<string, unknown>[]): Promise<number[]> {
  const json = JSON.stringify(rows);
  const created = await selectRows<{ id: number; slug: string }>(
    tx,
    sql`insert into courses (slug, name, about, school_id, programme_type_id, degree_type_id,
          language_id, duration, duration_base, course_format, attendance, start_month,
          start_year, deadline_month, deadline_year, tuition_fee, tuition_currency_id,
          tuition_fee_base, tuition_fee_usd, published, school_name, discipline_names)
        select slug, name, about, school_id, programme_type_id, degree_type_id, language_id,
          duration, duration_base, course_format, attendance, start_month, start_year,
          deadline_month, deadline_year, tuition_fee, tuition_currency_id, tuition_fee_base,
          tuition_fee_usd, published, school_name, discipline_names
        from ${INPUT(json)}
        returning id, slug`,
  );
  const idOfSlug = new Map(created.map((row) => [row.slug, Number(row.id)]));
  const withIds = rows.map((row) => ({ ...row, id: idOfSlug.get(String(row.slug)) }));
  const withIdsJson = JSON.stringify(withIds);
  await tx.execute(
    sql`insert into programme_codes (course_id, school_id, code)
        select r.id, r.school_id, r.code
        from jsonb_to_recordset(${withIdsJson}::jsonb) as r(id int, school_id int, code text)`,
  );
  await writeDisciplinesAndWebsite(tx, withIdsJson);
  return [...idOfSlug.values()];
}

/** The rows' disciplines (in order) and official website, by course id. */
async function writeDisciplinesAndWebsite(tx: Database, json: string): Promise<void> {
  await tx.execute(
    sql`delete from course_disciplines where course_id in
          (select r.id from jsonb_to_recordset(${json}::jsonb) as r(id int))`,
  );
  await tx.execute(
    sql`insert into course_disciplines (course_id, discipline_id, position)
        select r.id, p.id, (p.position - 1)::smallint
        from jsonb_to_recordset(${json}::jsonb) as r(id int, discipline_ids int[])
        cross join unnest(r.discipline_ids) with ordinality as p(id, position)`,
  );
  await tx.execute(
    sql`insert into course_details (course_id, official_programme_website)
        select r.id, r.website from jsonb_to_recordset(${json}::jsonb) as r(id int, website text)
        on conflict (course_id) do update
          set official_programme_website = excluded.official_programme_website`,
  );
}

/** Updates the rows whose values differ; answers the ids that changed. */
async function updateChunk(
  tx: Database,
  rows: Record<string, unknown>[],
  withPublished: boolean,
): Promise<number[]> {
  const json = JSON.stringify(rows);
  const changed = await selectRows<{ id: number }>(
    tx,
    sql`update courses c set name = r.name, about = r.about,
          programme_type_id = r.programme_type_id, degree_type_id = r.degree_type_id,
          language_id = r.language_id, duration = r.duration, duration_base = r.duration_base,
          course_format = r.course_format, attendance = r.attendance,
          start_month = r.start_month, start_year = r.start_year,
          deadline_month = r.deadline_month, deadline_year = r.deadline_year,
          tuition_fee = r.tuition_fee, tuition_currency_id = r.tuition_currency_id,
          tuition_fee_base = r.tuition_fee_base, tuition_fee_usd = r.tuition_fee_usd,
          published = ${withPublished ? sql`r.published` : sql`c.published`},
          discipline_names = r.discipline_names, updated_at = now()
        from ${INPUT(json)}
        where c.id = r.id and (c.name, c.about, c.programme_type_id, c.degree_type_id,
            c.language_id, c.duration, c.duration_base, c.course_format, c.attendance,
            c.start_month, c.start_year, c.deadline_month, c.deadline_year, c.tuition_fee,
            c.tuition_currency_id, c.tuition_fee_base, c.discipline_names,
            c.published, coalesce((select d.official_programme_website from course_details d
              where d.course_id = c.id), ''))
          is distinct from (r.name, r.about, r.programme_type_id, r.degree_type_id,
            r.language_id, r.duration, r.duration_base, r.course_format, r.attendance,
            r.start_month::smallint, r.start_year::smallint, r.deadline_month::smallint,
            r.deadline_year::smallint, r.tuition_fee, r.tuition_currency_id, r.tuition_fee_base,
            r.discipline_names, ${withPublished ? sql`r.published` : sql`c.published`}, r.website)
        returning c.id`,
  );
  const ids = new Set(changed.map((row) => Number(row.id)));
  const changedRows = rows.filter((row) => ids.has(Number(row.id)));
  if (changedRows.length > 0) await writeDisciplinesAndWebsite(tx, JSON.stringify(changedRows));
  return [...ids];
}

/** New programmes' slugs, as programmeSlug makes them, against every slug already taken. */
async function slugsFor(tx: Database, rows: ParsedRow[]): Promise<Map<ParsedRow, string>> {
  const schoolIds = [...new Set(rows.map((row) => row.input.school_id))];
  const schools = await selectRows<{ id: number; slug: string }>(
    tx,
    sql`select id, slug from schools where id = any(${`{${schoolIds.join(",")}}`}::int[])`,
  );
  const slugs = new Map<ParsedRow, string>();
  for (const school of schools) {
    const pattern = `%${school.slug.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const taken = new Set(
      (
        await selectRows<{ slug: string }>(
          tx,
          sql`select slug from courses where slug like ${pattern}`,
        )
      ).map((row) => row.slug),
    );
    for (const row of rows.filter((candidate) => candidate.input.school_id === Number(school.id))) {
      const slug = programmeSlug(row.input.name, school.slug, taken);
      taken.add(slug);
      slugs.set(row, slug);
    }
  }
  return slugs;
}

async function schoolName(tx: Database, schoolId: number): Promise<string> {
  const row = await selectOne<{ name: string }>(
    tx,
    sql`select name from schools where id = ${schoolId}`,
  );
  return row?.name ?? String(schoolId);
}

interface WriteCounts {
  created: number;
  updated: number;
  bySchool: Map<number, { created: number; updated: number }>;
}

async function writeRows(
  tx: Database,
  scope: PartnerScope,
  parsed: ParsedRow[],
  withPublished: boolean,
): Promise<WriteCounts> {
  // One import of an organisation at a time: the codes it reads stay the codes it writes.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`programme-import:${scope.organisation.id}`}))`,
  );
  const codes = await existingCodes(tx, scope.schoolIds);
  const creates = parsed.filter((row) => !codes.has(keyOf(row)));
  const updates = parsed.filter((row) => codes.has(keyOf(row)));
  const counts: WriteCounts = { created: 0, updated: 0, bySchool: new Map() };
  const tally = (schoolId: number, field: "created" | "updated") => {
    const entry = counts.bySchool.get(schoolId) ?? { created: 0, updated: 0 };
    entry[field]++;
    counts.bySchool.set(schoolId, entry);
    counts[field]++;
  };
  const slugs = await slugsFor(tx, creates);
  for (let start = 0; start < creates.length; start += CHUNK) {
    const chunk = creates.slice(start, start + CHUNK);
    await insertChunk(
      tx,
      chunk.map((row) => recordOf(row, { slug: slugs.get(row) })),
    );
    for (const row of chunk) tally(row.input.school_id, "created");
  }
  const schoolOfCourse = new Map(
    updates.map((row) => [codes.get(keyOf(row))!, row.input.school_id]),
  );
  for (let start = 0; start < updates.length; start += CHUNK) {
    const chunk = updates.slice(start, start + CHUNK);
    const ids = await updateChunk(
      tx,
      chunk.map((row) => recordOf(row, { id: codes.get(keyOf(row)) })),
      withPublished,
    );
    for (const id of ids) tally(schoolOfCourse.get(id)!, "updated");
  }
  return counts;
}

/**
 * Imports the previewed file (`expectedSha256` is the preview's fingerprint: another file is
 * refused with 409). The valid rows are written; the others are skipped and reported.
 */
export async function commitImport(
  db: Database,
  scope: PartnerScope,
  input: { data: Buffer; expectedSha256: string; actor: AuditActor },
): Promise<ImportResult> {
  if (fingerprint(input.data) !== input.expectedSha256) {
    throw new ConflictError(IMPORT_MESSAGES.changed, { code: "import_changed" });
  }
  const { raw, parsed, errors } = await parseFile(db, scope, input.data);
  const withPublished = raw.some((row: RawRow) => row.published !== undefined);
  for (let attempt = 0; ; attempt++) {
    try {
      const counts = await inTransaction(db, async (tx) => {
        const written = await writeRows(tx, scope, parsed, withPublished);
        for (const [schoolId, tally] of written.bySchool) {
          await recordAudit(tx, {
            organisationId: scope.organisation.id,
            schoolId,
            entity: "school",
            entityId: schoolId,
            entityName: await schoolName(tx, schoolId),
            action: "import",
            actor: input.actor,
            after: { created: tally.created, updated: tally.updated },
          });
        }
        return written;
      });
      return {
        rows: raw.length,
        created: counts.created,
        updated: counts.updated,
        unchanged: parsed.length - counts.created - counts.updated,
        skipped: raw.length - parsed.length,
        errors,
      };
    } catch (error) {
      // A programme created alongside took a slug this import meant to use: try again once.
      if (sqlState(error) !== "23505" || attempt >= 1) throw error;
    }
  }
}
