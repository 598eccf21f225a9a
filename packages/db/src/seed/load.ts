// Writes generated rows to PostgreSQL or PGlite. Reference rows and schools go through
// `INSERT ... SELECT * FROM unnest($1::int[], $2::text[], ...)`: one statement per table, with the
// array literals built here (cheaper than the driver's per-element escaping). Course batches use
// COPY when the driver allows it (copy.ts), unnest otherwise. For large loads the secondary
// indexes and foreign keys of courses and course_disciplines are dropped first and rebuilt
// afterwards (seed-catalogue.ts).

import { copyValue } from "./copy.ts";
import type { CourseRecord } from "./courses.ts";
import type { SchoolRecord } from "./schools.ts";

/** The slice of a database connection the loader needs. */
export interface Session {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** COPY ... FROM STDIN with text-format data, when the driver supports it. */
  copyFrom?: (sql: string, data: Buffer) => Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL array literals

function quoteElement(value: string): string {
  return `"${value.replace(/[\\"]/g, "\\$&")}"`;
}

/** A text[] literal. The common case (no quotes or backslashes) is a single native join. */
export function textArray(values: readonly string[]): string {
  if (values.length === 0) return "{}";
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as string;
    if (value.includes('"') || value.includes("\\"))
      return `{${values.map(quoteElement).join(",")}}`;
  }
  return `{"${values.join('","')}"}`;
}

export function numberArray(values: readonly (number | null)[]): string {
  let out = "{";
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ",";
    const value = values[i];
    out += value === null || value === undefined ? "NULL" : String(value);
  }
  return `${out}}`;
}

export function booleanArray(values: readonly boolean[]): string {
  let out = "{";
  for (let i = 0; i < values.length; i++) out += (i > 0 ? "," : "") + (values[i] ? "t" : "f");
  return `${out}}`;
}

type ColumnType = "int" | "smallint" | "bigint" | "numeric" | "text" | "bool" | "date";

export interface Column<Row> {
  name: string;
  type: ColumnType;
  get: (row: Row) => string | number | boolean | null;
}

function arrayLiteral<Row>(rows: readonly Row[], column: Column<Row>): string {
  const values = rows.map(column.get);
  if (column.type === "text" || column.type === "date") return textArray(values as string[]);
  if (column.type === "bool") return booleanArray(values as boolean[]);
  return numberArray(values as (number | null)[]);
}

/** INSERT ... SELECT * FROM unnest(...) for the given columns. */
export async function insertRows<Row>(
  session: Session,
  table: string,
  columns: readonly Column<Row>[],
  rows: readonly Row[],
  onConflict = "",
): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map((c) => `"${c.name}"`).join(", ");
  const casts = columns
    .map((c, i) => `$${i + 1}::${c.type === "bool" ? "boolean" : c.type}[]`)
    .join(", ");
  const params = columns.map((c) => arrayLiteral(rows, c));
  await session.query(
    `INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${casts}) ${onConflict}`,
    params,
  );
}

/** ON CONFLICT (id) DO UPDATE for every column but id, so reference data can be re-applied. */
export function upsertClause(columns: readonly { name: string }[]): string {
  const sets = columns
    .filter((c) => c.name !== "id")
    .map((c) => `"${c.name}" = excluded."${c.name}"`);
  return `ON CONFLICT ("id") DO UPDATE SET ${sets.join(", ")}`;
}

export const SCHOOL_COLUMNS: readonly Column<SchoolRecord>[] = [
  { name: "id", type: "int", get: (s) => s.id },
  { name: "name", type: "text", get: (s) => s.name },
  { name: "slug", type: "text", get: (s) => s.slug },
  { name: "logo", type: "text", get: (s) => s.logo },
  { name: "banner", type: "text", get: (s) => s.banner },
  { name: "thumbnail", type: "text", get: (s) => s.thumbnail },
  { name: "video", type: "text", get: (s) => s.video },
  { name: "about", type: "text", get: (s) => s.about },
  { name: "city", type: "text", get: (s) => s.city },
  { name: "country_id", type: "int", get: (s) => s.countryId },
  { name: "institution_type", type: "text", get: (s) => s.institutionType },
  { name: "year_established", type: "smallint", get: (s) => s.yearEstablished },
  { name: "website", type: "text", get: (s) => s.website },
  { name: "published", type: "bool", get: (s) => s.published },
];

export const COURSE_COLUMNS: readonly Column<CourseRecord>[] = [
  { name: "id", type: "int", get: (c) => c.id },
  { name: "slug", type: "text", get: (c) => c.slug },
  { name: "name", type: "text", get: (c) => c.name },
  { name: "about", type: "text", get: (c) => c.about },
  { name: "school_id", type: "int", get: (c) => c.schoolId },
  { name: "programme_type_id", type: "int", get: (c) => c.programmeTypeId },
  { name: "degree_type_id", type: "int", get: (c) => c.degreeTypeId },
  { name: "language_id", type: "int", get: (c) => c.languageId },
  { name: "duration", type: "int", get: (c) => c.duration },
  { name: "duration_base", type: "text", get: (c) => c.durationBase },
  { name: "course_format", type: "text", get: (c) => c.courseFormat },
  { name: "attendance", type: "text", get: (c) => c.attendance },
  { name: "start_month", type: "smallint", get: (c) => c.startMonth },
  { name: "start_year", type: "smallint", get: (c) => c.startYear },
  { name: "deadline_month", type: "smallint", get: (c) => c.deadlineMonth },
  { name: "deadline_year", type: "smallint", get: (c) => c.deadlineYear },
  { name: "tuition_fee", type: "numeric", get: (c) => c.tuitionFee },
  { name: "tuition_currency_id", type: "int", get: (c) => c.tuitionCurrencyId },
  { name: "tuition_fee_base", type: "text", get: (c) => c.tuitionFeeBase },
  { name: "tuition_fee_usd", type: "numeric", get: (c) => c.tuitionFeeUsd },
  { name: "featured", type: "bool", get: (c) => c.featured },
  { name: "published", type: "bool", get: (c) => c.published },
  { name: "shuffle_key", type: "int", get: (c) => c.shuffleKey },
  { name: "school_name", type: "text", get: (c) => c.schoolName },
  { name: "discipline_names", type: "text", get: (c) => c.disciplineNames },
];

/** The programme page's sections (course_details), one row per course. */
export const COURSE_DETAIL_COLUMNS: readonly Column<CourseRecord>[] = [
  { name: "course_id", type: "int", get: (c) => c.id },
  { name: "overview", type: "text", get: (c) => c.overview },
  { name: "why_chose", type: "text", get: (c) => c.whyChose },
  { name: "who_for", type: "text", get: (c) => c.whoFor },
  { name: "admission_requirements", type: "text", get: (c) => c.admissionRequirements },
  { name: "other_requirements", type: "text", get: (c) => c.otherRequirements },
  { name: "programme_structure", type: "text", get: (c) => c.programmeStructure },
  { name: "syllabus", type: "text", get: (c) => c.syllabus },
  { name: "tuition_and_aid", type: "text", get: (c) => c.tuitionAndAid },
  { name: "scholarship", type: "text", get: (c) => c.scholarship },
  { name: "video", type: "text", get: (c) => c.video },
  { name: "official_programme_website", type: "text", get: (c) => c.officialProgrammeWebsite },
];

/** One course batch, ready to send: COPY text (or unnest parameters when COPY is unavailable). */
export interface CourseBatch {
  size: number;
  courseCopy?: Buffer;
  detailCopy?: Buffer;
  linkCopy?: Buffer;
  courseParams?: string[];
  detailParams?: string[];
  linkParams?: string[];
}

const columnList = (columns: readonly Column<CourseRecord>[]) =>
  columns.map((c) => `"${c.name}"`).join(", ");
const unnestInsert = (table: string, columns: readonly Column<CourseRecord>[]) =>
  `INSERT INTO "${table}" (${columnList(columns)}) SELECT * FROM unnest(${columns.map((c, i) => `$${i + 1}::${c.type === "bool" ? "boolean" : c.type}[]`).join(", ")})`;
const COURSE_INSERT_SQL = unnestInsert("courses", COURSE_COLUMNS);
const DETAIL_INSERT_SQL = unnestInsert("course_details", COURSE_DETAIL_COLUMNS);
const LINK_INSERT_SQL = `INSERT INTO "course_disciplines" ("course_id", "discipline_id", "position") SELECT * FROM unnest($1::int[], $2::int[], $3::smallint[])`;
const COURSE_COPY_SQL = `COPY "courses" (${columnList(COURSE_COLUMNS)}) FROM STDIN`;
const DETAIL_COPY_SQL = `COPY "course_details" (${columnList(COURSE_DETAIL_COLUMNS)}) FROM STDIN`;
const LINK_COPY_SQL = `COPY "course_disciplines" ("course_id", "discipline_id", "position") FROM STDIN`;

/** The course columns in COPY order (text columns are written as they are; see courseCopyLine). */
function courseCopyFields(c: CourseRecord): (string | number)[] {
  return [
    c.id,
    c.slug,
    c.name,
    c.about,
    c.schoolId,
    c.programmeTypeId,
    c.degreeTypeId,
    c.languageId,
    c.duration,
    c.durationBase,
    c.courseFormat,
    c.attendance,
    c.startMonth,
    c.startYear,
    c.deadlineMonth,
    c.deadlineYear,
    c.tuitionFee,
    c.tuitionCurrencyId,
    c.tuitionFeeBase,
    c.tuitionFeeUsd === null ? "\\N" : c.tuitionFeeUsd,
    c.featured ? "t" : "f",
    c.published ? "t" : "f",
    c.shuffleKey,
    c.schoolName,
    c.disciplineNames,
  ];
}

/** The course_details columns in COPY order. */
function detailCopyFields(c: CourseRecord): (string | number)[] {
  return [
    c.id,
    c.overview,
    c.whyChose,
    c.whoFor,
    c.admissionRequirements,
    c.otherRequirements,
    c.programmeStructure,
    c.syllabus,
    c.tuitionAndAid,
    c.scholarship,
    c.video,
    c.officialProgrammeWebsite,
  ];
}

const COPY_SPECIALS = /[\\\n\r]/;
/** The one nullable column of a course line, found by name so a new column cannot shift it. */
const NULLABLE_FEE_USD = COURSE_COLUMNS.findIndex((column) => column.name === "tuition_fee_usd");

/**
 * One course as a COPY text line (without the newline). Generated text never contains
 * backslashes, tabs or line breaks (a unit test checks), so values are joined as they are and a
 * single scan of the line confirms it; anything unexpected takes the escaping path.
 */
export function courseCopyLine(c: CourseRecord): string {
  const fields = courseCopyFields(c);
  const line = fields.join("\t");
  if (!COPY_SPECIALS.test(line)) return line;
  // Slow path (rare): escape every value, keeping the \N that marks a null tuition_fee_usd.
  return fields
    .map((v, i) => (i === NULLABLE_FEE_USD && c.tuitionFeeUsd === null ? v : copyValue(v)))
    .join("\t");
}

/** One course's sections as a COPY text line (same fast path as courseCopyLine; no nulls). */
export function detailCopyLine(c: CourseRecord): string {
  const fields = detailCopyFields(c);
  const line = fields.join("\t");
  return COPY_SPECIALS.test(line) ? fields.map(copyValue).join("\t") : line;
}

/**
 * Appends strings as UTF-8 to one growing buffer: a batch is written straight into the bytes
 * sent to COPY, without joining megabytes of lines into one string first (that join and its
 * re-encoding cost more than generating the rows, mostly in garbage collection).
 */
class CopyBuffer {
  private buffer: Buffer;
  private length = 0;

  constructor(capacity: number) {
    this.buffer = Buffer.allocUnsafe(Math.max(capacity, 1024));
  }

  /** Appends `line` and a newline. */
  line(line: string): void {
    // UTF-8 needs at most 3 bytes per UTF-16 code unit.
    const needed = this.length + line.length * 3 + 1;
    if (needed > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.buffer.length * 2));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    this.length += this.buffer.write(line, this.length);
    this.buffer[this.length++] = 10;
  }

  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

/** Bytes reserved per row (courses ~0.9 kB, sections ~1.9 kB); the buffers grow if needed. */
const COURSE_LINE_BYTES = 1024;
const DETAIL_LINE_BYTES = 2048;

/** Builds a batch (CPU work, done while the previous batch is being written). */
export function buildCourseBatch(courses: readonly CourseRecord[], useCopy: boolean): CourseBatch {
  if (useCopy) {
    const courseCopy = new CopyBuffer(courses.length * COURSE_LINE_BYTES);
    const detailCopy = new CopyBuffer(courses.length * DETAIL_LINE_BYTES);
    const linkCopy = new CopyBuffer(courses.length * 32);
    for (let i = 0; i < courses.length; i++) {
      const course = courses[i] as CourseRecord;
      courseCopy.line(courseCopyLine(course));
      detailCopy.line(detailCopyLine(course));
      const ids = course.disciplineIds;
      for (let p = 0; p < ids.length; p++) linkCopy.line(`${course.id}\t${ids[p]}\t${p}`);
    }
    return {
      size: courses.length,
      courseCopy: courseCopy.bytes(),
      detailCopy: detailCopy.bytes(),
      linkCopy: linkCopy.bytes(),
    };
  }
  const courseIds: number[] = [];
  const disciplineIds: number[] = [];
  const positions: number[] = [];
  for (const course of courses) {
    for (let p = 0; p < course.disciplineIds.length; p++) {
      courseIds.push(course.id);
      disciplineIds.push(course.disciplineIds[p] as number);
      positions.push(p);
    }
  }
  return {
    size: courses.length,
    courseParams: COURSE_COLUMNS.map((c) => arrayLiteral(courses, c)),
    detailParams: COURSE_DETAIL_COLUMNS.map((c) => arrayLiteral(courses, c)),
    linkParams: [numberArray(courseIds), numberArray(disciplineIds), numberArray(positions)],
  };
}

export async function insertCourseBatch(session: Session, batch: CourseBatch): Promise<void> {
  if (batch.courseCopy && batch.detailCopy && batch.linkCopy && session.copyFrom) {
    await session.copyFrom(COURSE_COPY_SQL, batch.courseCopy);
    await session.copyFrom(DETAIL_COPY_SQL, batch.detailCopy);
    await session.copyFrom(LINK_COPY_SQL, batch.linkCopy);
    return;
  }
  if (!batch.courseParams || !batch.detailParams || !batch.linkParams)
    throw new Error("batch built for COPY but the session cannot COPY");
  await session.query(COURSE_INSERT_SQL, batch.courseParams);
  await session.query(DETAIL_INSERT_SQL, batch.detailParams);
  await session.query(LINK_INSERT_SQL, batch.linkParams);
}

// ---------------------------------------------------------------------------------------------
// Index and foreign-key handling for bulk loads

export interface DeferredDdl {
  /** Statements that recreate what was dropped, in a sensible order (indexes, then constraints). */
  indexes: { table: string; name: string; sql: string }[];
  foreignKeys: { table: string; name: string; sql: string }[];
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Drops the secondary indexes (not those backing a primary key or unique constraint) and foreign
 * keys of the given tables, returning the statements that recreate them. The definitions come from
 * the catalog, so they always match the migrated schema.
 */
export async function dropIndexesAndForeignKeys(
  session: Session,
  tables: readonly string[],
): Promise<DeferredDdl> {
  const indexRows = await session.query(
    `SELECT c.relname AS "table", ic.relname AS "name", pg_get_indexdef(i.indexrelid) AS "sql"
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid
       JOIN pg_class ic ON ic.oid = i.indexrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relname = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.contype IN ('p', 'u', 'x'))
      ORDER BY c.relname, ic.relname`,
    [textArray(tables)],
  );
  const fkRows = await session.query(
    `SELECT c.relname AS "table", k.conname AS "name", pg_get_constraintdef(k.oid) AS "sql"
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND k.contype = 'f' AND c.relname = ANY($1::text[])
      ORDER BY c.relname, k.conname`,
    [textArray(tables)],
  );
  const ddl: DeferredDdl = {
    indexes: indexRows.rows.map((r) => ({
      table: String(r.table),
      name: String(r.name),
      sql: String(r.sql),
    })),
    foreignKeys: fkRows.rows.map((r) => ({
      table: String(r.table),
      name: String(r.name),
      // A constraint left NOT VALID by an interrupted rebuild is recreated and validated.
      sql: `ALTER TABLE ${quoteIdent(String(r.table))} ADD CONSTRAINT ${quoteIdent(String(r.name))} ${String(r.sql).replace(/\s+NOT VALID$/, "")}`,
    })),
  };
  for (const fk of ddl.foreignKeys)
    await session.query(
      `ALTER TABLE ${quoteIdent(fk.table)} DROP CONSTRAINT ${quoteIdent(fk.name)}`,
    );
  for (const index of ddl.indexes) await session.query(`DROP INDEX ${quoteIdent(index.name)}`);
  return ddl;
}

/** Cost order for rebuilding: the GIN indexes are by far the slowest, so they start first. */
export function rebuildOrder(ddl: DeferredDdl): { table: string; name: string; sql: string }[] {
  const cost = (sql: string) =>
    /USING gin/i.test(sql) ? (/tsvector|search_vector/.test(sql) ? 0 : 1) : 2;
  return ddl.indexes
    .slice()
    .sort((a, b) => cost(a.sql) - cost(b.sql) || a.name.localeCompare(b.name));
}

/** Resets the identity sequence of tables whose ids were inserted explicitly. */
export async function resetIdentity(session: Session, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await session.query(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${quoteIdent(table)}))`,
    );
  }
}
