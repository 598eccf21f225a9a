// The audit log of programme, school-profile, organisation and lead changes
// (docs/decisions/016-organisations-and-dashboards.md "The audit log"): every change is kept, who,
// when, before and after, visible to the partner and to sales agents. The database keeps it
// append-only (migration 0020): an entry is never changed or deleted, and it outlives the
// organisation, the school and the actor, whose names it copies.
//
// A write records its entry in the same transaction as the change, so a change is never saved
// without its entry. Only the fields that changed are kept, before and after; a creation keeps
// every field as "after". Partners read their organisation's entries (narrowed by partnerScope's
// organisation, so another organisation's entries are never listed); sales agents read every
// organisation's.
import { sql, type SQL } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { AuditAction, AuditEntity } from "@studyatlas/db/schema/organisations.ts";

import { selectOne, selectRows } from "../sql-rows.ts";

export const AUDIT_PAGE_SIZE = 50;

export interface AuditActor {
  id: number;
  first_name: string;
  last_name: string;
  role: string;
}

export interface AuditInput {
  organisationId: number | null;
  schoolId: number | null;
  entity: AuditEntity;
  entityId: number;
  entityName: string;
  action: AuditAction;
  actor: AuditActor;
  /** The record before the change (undefined for a creation). */
  before?: Record<string, unknown> | undefined;
  after: Record<string, unknown>;
}

export interface AuditEntry {
  id: number;
  created_at: string;
  organisation: { id: number; name: string } | null;
  school: { id: number; name: string } | null;
  entity: AuditEntity;
  entity_id: number;
  entity_name: string;
  action: AuditAction;
  actor: { id: number | null; name: string; role: string };
  /** Only the fields that changed (null for a creation). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
}

export interface AuditPage {
  count: number;
  page: number;
  page_size: number;
  results: AuditEntry[];
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The fields whose values differ, before and after. Keys present on one side only count as
 * changed. Values are compared as JSON (arrays in order: callers sort sets such as disciplines).
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  for (const key of [...keys].sort()) {
    if (same(before[key], after[key])) continue;
    changedBefore[key] = before[key] ?? null;
    changedAfter[key] = after[key] ?? null;
  }
  return { before: changedBefore, after: changedAfter };
}

/** The actor of a change, by user id (the session's user). */
export async function auditActorOf(tx: Database, userId: number): Promise<AuditActor> {
  const row = await selectOne<AuditActor>(
    tx,
    sql`select id, first_name, last_name, role from users where id = ${userId}`,
  );
  if (!row) throw new Error(`no user ${userId} to record as an audit actor`);
  return { ...row, id: Number(row.id) };
}

/**
 * Records a change in the caller's transaction. An update that changed nothing records nothing
 * and answers false.
 */
export async function recordAudit(tx: Database, input: AuditInput): Promise<boolean> {
  let before: Record<string, unknown> | null = null;
  let after = input.after;
  if (input.before) {
    const diff = changedFields(input.before, input.after);
    if (Object.keys(diff.after).length === 0) return false;
    before = diff.before;
    after = diff.after;
  }
  const actorName = `${input.actor.first_name} ${input.actor.last_name}`.trim();
  await tx.execute(
    sql`insert into audit_log (organisation_id, organisation_name, school_id, school_name, entity,
          entity_id, entity_name, action, actor_user_id, actor_name, actor_role, before, after)
        values (${input.organisationId},
          (select name from organisations where id = ${input.organisationId}),
          ${input.schoolId}, (select name from schools where id = ${input.schoolId}),
          ${input.entity}, ${input.entityId},
          ${input.entityName}, ${input.action}, ${input.actor.id}, ${actorName}, ${input.actor.role},
          ${before === null ? null : JSON.stringify(before)}::jsonb, ${JSON.stringify(after)}::jsonb)`,
  );
  return true;
}

export interface AuditFilters {
  /** Only this organisation's entries (a partner's scope); undefined = every organisation (sales). */
  organisationId?: number | undefined;
  entity?: AuditEntity | undefined;
  entityId?: number | undefined;
  page?: number | undefined;
}

interface AuditRow {
  id: number;
  created_at: Date | string;
  organisation_id: number | null;
  organisation_name: string | null;
  school_id: number | null;
  school_name: string | null;
  entity: AuditEntity;
  entity_id: number;
  entity_name: string;
  action: AuditAction;
  actor_user_id: number | null;
  actor_name: string;
  actor_role: string;
  before: Record<string, unknown> | string | null;
  after: Record<string, unknown> | string;
}

const json = (value: Record<string, unknown> | string | null): Record<string, unknown> | null =>
  value === null
    ? null
    : typeof value === "string"
      ? (JSON.parse(value) as Record<string, unknown>)
      : value;

/** Newest first, a page of AUDIT_PAGE_SIZE entries. */
export async function listAuditLog(db: Database, filters: AuditFilters): Promise<AuditPage> {
  const conditions: SQL[] = [sql`true`];
  if (filters.organisationId !== undefined) {
    conditions.push(sql`l.organisation_id = ${filters.organisationId}`);
  }
  if (filters.entity) conditions.push(sql`l.entity = ${filters.entity}`);
  if (filters.entityId !== undefined) conditions.push(sql`l.entity_id = ${filters.entityId}`);
  const where = sql.join(conditions, sql` and `);
  const page = Math.max(1, filters.page ?? 1);
  const total = await selectOne<{ count: number | string }>(
    db,
    sql`select count(*) as count from audit_log l where ${where}`,
  );
  const rows = await selectRows<AuditRow>(
    db,
    sql`select l.id, l.created_at, l.organisation_id,
          coalesce(l.organisation_name, o.name) as organisation_name,
          l.school_id, coalesce(l.school_name, s.name) as school_name, l.entity, l.entity_id, l.entity_name, l.action,
          l.actor_user_id, l.actor_name, l.actor_role, l.before, l.after
        from audit_log l
        left join organisations o on o.id = l.organisation_id
        left join schools s on s.id = l.school_id
        where ${where}
        order by l.id desc
        limit ${AUDIT_PAGE_SIZE} offset ${(page - 1) * AUDIT_PAGE_SIZE}`,
  );
  return {
    count: Number(total?.count ?? 0),
    page,
    page_size: AUDIT_PAGE_SIZE,
    results: rows.map((row) => ({
      id: Number(row.id),
      created_at: new Date(row.created_at).toISOString(),
      organisation:
        row.organisation_id === null
          ? null
          : { id: Number(row.organisation_id), name: row.organisation_name ?? "" },
      school:
        row.school_id === null ? null : { id: Number(row.school_id), name: row.school_name ?? "" },
      entity: row.entity,
      entity_id: Number(row.entity_id),
      entity_name: row.entity_name,
      action: row.action,
      actor: {
        id: row.actor_user_id === null ? null : Number(row.actor_user_id),
        name: row.actor_name,
        role: row.actor_role,
      },
      before: json(row.before),
      after: json(row.after)!,
    })),
  };
}
