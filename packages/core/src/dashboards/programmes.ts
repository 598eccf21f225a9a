// Programme writes on the partner dashboard (docs/decisions/016-organisations-and-dashboards.md
// "Programme authoring"): a partner creates and edits the programmes of its organisation's schools
// and publishes or unpublishes them. Every write is narrowed in SQL to the schools of the
// partner's scope (partnerScope), so another organisation's programme answers 404 like one that
// does not exist. Sales agents do not edit. The reads are in programme-reads.ts and
// programme-list.ts.
//
// A write keeps the derived columns right in the same statement (programme-write-steps.ts), stores
// the HTML sections sanitised, and records its audit entry (who, before/after) in the same
// transaction. The catalogue tables' triggers then raise `catalogue_changed`, which every app
// process hears (caches dropped, finder index rebuilt); the search vocabulary (search_words,
// programme_names) is refreshed after the commit by `createSearchWordsRefresher`.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { slugify } from "@studyatlas/db/seed/text.ts";
import type {
  ProgrammeBody,
  ProgrammeCreate,
  ProgrammeDetail,
} from "@studyatlas/schemas/programmes.ts";

import { selectOne, selectRows } from "../sql-rows.ts";
import { inTransaction, sqlState } from "../transactions.ts";
import { recordAudit, type AuditActor } from "./audit-log.ts";
import type { PartnerScope } from "./organisations.ts";
import { auditSnapshot } from "./programme-audit-snapshot.ts";
import { detailRow, getProgramme } from "./programme-reads.ts";
import {
  checkReferences,
  courseColumns,
  feeOf,
  writeDetailsAndDisciplines,
} from "./programme-write-steps.ts";

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
