// Lead management on the partner dashboard (docs/decisions/056-organisation-membership.md "Lead
// management"): a lead owner (a member of the organisation), a status change of many leads at
// once, saved views (named filters shared by the team) and the lead's timeline (the application,
// status and owner changes, notes and the chat with the student, oldest first). Every change is in
// the audit log with its author; a lead of another organisation answers 404.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { LeadStatus } from "@studyatlas/db/schema/organisations.ts";
import {
  LEAD_MANAGEMENT_MESSAGES,
  type LeadTimelineEvent,
  type LeadView,
} from "@studyatlas/schemas/lead-management.ts";

import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { selectOne, selectRows } from "../sql-rows.ts";
import { inTransaction, sqlState } from "../transactions.ts";
import { auditActorOf, recordAudit } from "./audit-log.ts";
import { LEAD_NOT_FOUND, type LeadFilters } from "./leads.ts";
import type { PartnerScope } from "./organisations.ts";

const ids = (values: readonly number[]) => `{${values.map((id) => Math.trunc(id)).join(",")}}`;

interface LockedLead {
  id: number;
  school_id: number;
  programme: string;
  status: LeadStatus;
  owner_user_id: number | null;
  owner: string | null;
}

/** The scope's leads among `leadIds`, locked; 404 when one is not the organisation's. */
async function lockedLeads(
  tx: Database,
  scope: PartnerScope,
  leadIds: readonly number[],
): Promise<LockedLead[]> {
  const unique = [...new Set(leadIds)];
  const rows = await selectRows<LockedLead>(
    tx,
    sql`select a.id, c.school_id, c.name as programme, coalesce(ls.status, 'new') as status,
          ls.owner_user_id, u.first_name || ' ' || u.last_name as owner
        from applications a join courses c on c.id = a.course_id
        left join lead_states ls on ls.application_id = a.id
        left join users u on u.id = ls.owner_user_id
        where a.id = any(${ids(unique)}::int[])
          and c.school_id = any(${ids(scope.schoolIds)}::int[])
        order by a.id for update of a`,
  );
  if (rows.length !== unique.length) throw new NotFoundError(LEAD_NOT_FOUND);
  return rows.map((row) => ({ ...row, id: Number(row.id), school_id: Number(row.school_id) }));
}

const leadEntry = (scope: PartnerScope, lead: LockedLead) => ({
  organisationId: scope.organisation.id,
  schoolId: lead.school_id,
  entity: "lead" as const,
  entityId: lead.id,
  entityName: `Lead ${lead.id} (${lead.programme})`,
});

/** Sets the status of up to 200 leads at once, each change audited; answers how many changed. */
export async function bulkSetLeadStatus(
  db: Database,
  scope: PartnerScope,
  input: { ids: number[]; status: LeadStatus; userId: number },
): Promise<{ changed: number }> {
  return inTransaction(db, async (tx) => {
    const leads = await lockedLeads(tx, scope, input.ids);
    const actor = await auditActorOf(tx, input.userId);
    let changed = 0;
    for (const lead of leads) {
      if (lead.status === input.status) continue;
      await tx.execute(
        sql`insert into lead_states (application_id, status, changed_by)
            values (${lead.id}, ${input.status}, ${input.userId})
            on conflict (application_id) do update
              set status = excluded.status, changed_by = excluded.changed_by, changed_at = now()`,
      );
      await recordAudit(tx, {
        ...leadEntry(scope, lead),
        action: "update",
        actor,
        before: { status: lead.status },
        after: { status: input.status },
      });
      changed++;
    }
    return { changed };
  });
}

/** Gives the lead to a member of the organisation (or to nobody: null). */
export async function setLeadOwner(
  db: Database,
  scope: PartnerScope,
  input: { id: number; ownerUserId: number | null; userId: number },
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [lead] = await lockedLeads(tx, scope, [input.id]);
    let ownerName: string | null = null;
    if (input.ownerUserId !== null) {
      const member = await selectOne<{ name: string }>(
        tx,
        sql`select u.first_name || ' ' || u.last_name as name
            from organisation_members m join users u on u.id = m.user_id
            where m.user_id = ${input.ownerUserId} and m.organisation_id = ${scope.organisation.id}`,
      );
      if (!member) {
        throw new ValidationError(LEAD_MANAGEMENT_MESSAGES.owner, {
          code: "invalid_owner",
          errors: { owner_id: [LEAD_MANAGEMENT_MESSAGES.owner] },
        });
      }
      ownerName = member.name;
    }
    await tx.execute(
      sql`insert into lead_states (application_id, owner_user_id, changed_by)
          values (${input.id}, ${input.ownerUserId}, ${input.userId})
          on conflict (application_id) do update set owner_user_id = excluded.owner_user_id`,
    );
    await recordAudit(tx, {
      ...leadEntry(scope, lead!),
      action: "update",
      actor: await auditActorOf(tx, input.userId),
      before: { owner: lead!.owner },
      after: { owner: ownerName },
    });
  });
}

/** The lead's owner: id and name, or null. */
export async function leadOwner(
  db: Database,
  scope: PartnerScope,
  id: number,
): Promise<{ id: number; name: string } | null> {
  const row = await selectOne<{ id: number | null; name: string | null; found: boolean }>(
    db,
    sql`select u.id, u.first_name || ' ' || u.last_name as name, true as found
        from applications a join courses c on c.id = a.course_id
        left join lead_states ls on ls.application_id = a.id
        left join users u on u.id = ls.owner_user_id
        where a.id = ${id} and c.school_id = any(${ids(scope.schoolIds)}::int[])`,
  );
  if (!row) throw new NotFoundError(LEAD_NOT_FOUND);
  return row.id === null ? null : { id: Number(row.id), name: row.name ?? "" };
}

/**
 * Everything that happened to the lead, oldest first: the application, its status and owner
 * changes (from the audit log), the team's notes and the chat with the student.
 */
export async function leadTimeline(
  db: Database,
  scope: PartnerScope,
  id: number,
): Promise<LeadTimelineEvent[]> {
  await leadOwner(db, scope, id);
  const rows = await selectRows<{
    kind: LeadTimelineEvent["kind"];
    at: Date | string;
    author: string | null;
    text: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>(
    db,
    sql`select 'application' as kind, a.created_at as at,
          a.first_name || ' ' || a.last_name as author, c.name as text,
          null::jsonb as before, null::jsonb as after
        from applications a join courses c on c.id = a.course_id where a.id = ${id}
        union all
        select 'change', l.created_at, l.actor_name, '', l.before, l.after
        from audit_log l where l.entity = 'lead' and l.entity_id = ${id}
          and l.organisation_id = ${scope.organisation.id}
        union all
        select 'note', n.created_at, u.first_name || ' ' || u.last_name, n.body, null, null
        from lead_notes n left join users u on u.id = n.author_id where n.application_id = ${id}
        union all
        select 'message', m.sent_at, u.first_name || ' ' || u.last_name, m.content, null, null
        from chats ch join messages m on m.chat_id = ch.id join users u on u.id = m.sender_id
        where ch.application_id = ${id}
        order by at, kind
        limit 500`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    at: new Date(row.at).toISOString(),
    author: row.author,
    text: row.text,
    before: row.before,
    after: row.after,
  }));
}

export async function listLeadViews(db: Database, scope: PartnerScope): Promise<LeadView[]> {
  const rows = await selectRows<{ id: number; name: string; filters: LeadView["filters"] }>(
    db,
    sql`select id, name, filters from lead_views
        where organisation_id = ${scope.organisation.id} order by lower(name), id`,
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name, filters: row.filters }));
}

/** Saves the filters under a name (unique per organisation, whatever the case). */
export async function saveLeadView(
  db: Database,
  scope: PartnerScope,
  input: { name: string; filters: LeadFilters; userId: number },
): Promise<LeadView[]> {
  const filters = Object.fromEntries(
    Object.entries(input.filters).filter(([, value]) => value !== undefined && value !== ""),
  );
  try {
    await db.execute(
      sql`insert into lead_views (organisation_id, name, filters, created_by)
          values (${scope.organisation.id}, ${input.name.trim()}, ${JSON.stringify(filters)}::jsonb,
            ${input.userId})`,
    );
  } catch (error) {
    if (sqlState(error) !== "23505") throw error;
    throw new ConflictError(LEAD_MANAGEMENT_MESSAGES.viewTaken, {
      code: "view_taken",
      errors: { name: [LEAD_MANAGEMENT_MESSAGES.viewTaken] },
    });
  }
  return listLeadViews(db, scope);
}

export async function deleteLeadView(
  db: Database,
  scope: PartnerScope,
  id: number,
): Promise<LeadView[]> {
  const row = await selectOne<{ id: number }>(
    db,
    sql`delete from lead_views where id = ${id} and organisation_id = ${scope.organisation.id}
        returning id`,
  );
  if (!row) throw new NotFoundError(LEAD_MANAGEMENT_MESSAGES.viewNotFound);
  return listLeadViews(db, scope);
}
