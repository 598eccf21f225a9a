// Partner organisations: who may act for which schools
// (docs/decisions/016-organisations-and-dashboards.md).
//
// A partner registers with an organisation's name (account/register_partner); the organisation is
// pending until a sales agent approves it and links it to its schools. Every dashboard read and
// write goes through `partnerScope`, which answers what the session's user may see: an approved
// organisation's schools, or nothing. Another organisation's rows are never looked up by id
// alone, so they answer 404 like rows that do not exist.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type {
  MemberRole,
  OrganisationKind,
  OrganisationStatus,
} from "@studyatlas/db/schema/organisations.ts";

import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import { selectOne, selectRows } from "../sql-rows.ts";
import { inTransaction } from "../transactions.ts";
import { auditActorOf, recordAudit } from "./audit-log.ts";

export const ORGANISATION_MESSAGES = {
  notFound: "This organisation does not exist.",
  schoolNotFound: "This school does not exist.",
  schoolTaken: "This school is already linked to another organisation.",
  pending:
    "Your organisation is waiting for approval by our team. We will e-mail you as soon as it is approved.",
  suspended:
    "Your organisation's access is suspended. Please contact your StudyAtlas account manager.",
  noOrganisation: "Your account does not belong to a partner organisation.",
} as const;

export interface OrganisationSummary {
  id: number;
  name: string;
  kind: OrganisationKind;
  status: OrganisationStatus;
  lead_email: string | null;
  created_at: string;
  decided_at: string | null;
}

export interface LinkedSchool {
  id: number;
  name: string;
  slug: string;
}

export interface OrganisationDetail extends OrganisationSummary {
  members: { id: number; first_name: string; last_name: string; email: string }[];
  schools: LinkedSchool[];
}

interface OrganisationRow {
  id: number;
  name: string;
  kind: OrganisationKind;
  status: OrganisationStatus;
  lead_email: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

function toSummary(row: OrganisationRow): OrganisationSummary {
  return {
    id: Number(row.id),
    name: row.name,
    kind: row.kind,
    status: row.status,
    lead_email: row.lead_email,
    created_at: iso(row.created_at)!,
    decided_at: iso(row.decided_at),
  };
}

/**
 * The organisation of a new partner, in the transaction that creates the user
 * (`createUser`): pending, with the partner's address for leads.
 */
export async function createPartnerOrganisation(
  tx: Database,
  input: { userId: number; name: string; email: string; kind?: OrganisationKind },
): Promise<number> {
  const row = await selectOne<{ id: number }>(
    tx,
    sql`insert into organisations (name, kind, status, lead_email)
        values (${input.name.trim()}, ${input.kind ?? "school"}, 'pending', ${input.email.trim()})
        returning id`,
  );
  if (!row) throw new Error("organisation insert returned no row");
  await tx.execute(
    sql`insert into organisation_members (user_id, organisation_id) values (${input.userId}, ${row.id})`,
  );
  return Number(row.id);
}

export interface PartnerScope {
  organisation: OrganisationSummary;
  /** The signed-in member and their role in the organisation (ADR 056). */
  userId: number;
  role: MemberRole;
  /** The schools the organisation may manage; empty until a sales agent links one. */
  schoolIds: number[];
}

/** The partner's organisation, whatever its status; undefined when the user has none. */
export async function organisationOfUser(
  db: Database,
  userId: number,
): Promise<(OrganisationSummary & { role: MemberRole; schools: LinkedSchool[] }) | undefined> {
  const row = await selectOne<OrganisationRow & { role: MemberRole }>(
    db,
    sql`select o.id, o.name, o.kind, o.status, o.lead_email, o.created_at, o.decided_at, m.role
        from organisation_members m join organisations o on o.id = m.organisation_id
        where m.user_id = ${userId}`,
  );
  if (!row) return undefined;
  return { ...toSummary(row), role: row.role, schools: await schoolsOf(db, Number(row.id)) };
}

/**
 * What a partner may see and change: the approved organisation's schools. A pending or
 * suspended organisation, or none, is refused (403) with a message that says why.
 */
export async function partnerScope(db: Database, userId: number): Promise<PartnerScope> {
  const organisation = await organisationOfUser(db, userId);
  if (!organisation) {
    throw new ForbiddenError(ORGANISATION_MESSAGES.noOrganisation, { code: "no_organisation" });
  }
  if (organisation.status === "pending") {
    throw new ForbiddenError(ORGANISATION_MESSAGES.pending, { code: "organisation_pending" });
  }
  if (organisation.status === "suspended") {
    throw new ForbiddenError(ORGANISATION_MESSAGES.suspended, { code: "organisation_suspended" });
  }
  const { schools, role, ...summary } = organisation;
  return { organisation: summary, userId, role, schoolIds: schools.map((school) => school.id) };
}

async function schoolsOf(db: Database, organisationId: number): Promise<LinkedSchool[]> {
  const rows = await selectRows<LinkedSchool>(
    db,
    sql`select s.id, s.name, s.slug from organisation_schools l join schools s on s.id = l.school_id
        where l.organisation_id = ${organisationId} order by s.name, s.id`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export const ORGANISATION_PAGE_SIZE = 50;

/** Organisations for the sales dashboard, newest first, with members and schools. */
export async function listOrganisations(
  db: Database,
  filter: { status?: OrganisationStatus | undefined; q?: string | undefined; page: number },
): Promise<{ count: number; results: OrganisationDetail[] }> {
  const conditions = [sql`true`];
  if (filter.status) conditions.push(sql`o.status = ${filter.status}`);
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(o.name ilike ${pattern} or exists (
             select 1 from organisation_members m join users u on u.id = m.user_id
             where m.organisation_id = o.id and u.email ilike ${pattern}))`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  const total = await selectOne<{ count: number }>(
    db,
    sql`select count(*)::int as count from organisations o where ${where}`,
  );
  const rows = await selectRows<OrganisationRow>(
    db,
    sql`select o.id, o.name, o.kind, o.status, o.lead_email, o.created_at, o.decided_at
        from organisations o where ${where}
        order by o.created_at desc, o.id desc
        limit ${ORGANISATION_PAGE_SIZE} offset ${(filter.page - 1) * ORGANISATION_PAGE_SIZE}`,
  );
  const results = await Promise.all(rows.map((row) => detailOf(db, row)));
  return { count: total?.count ?? 0, results };
}

async function detailOf(db: Database, row: OrganisationRow): Promise<OrganisationDetail> {
  const id = Number(row.id);
  const members = await selectRows<OrganisationDetail["members"][number]>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.email
        from organisation_members m join users u on u.id = m.user_id
        where m.organisation_id = ${id} order by u.id`,
  );
  return {
    ...toSummary(row),
    members: members.map((member) => ({ ...member, id: Number(member.id) })),
    schools: await schoolsOf(db, id),
  };
}

export async function getOrganisation(db: Database, id: number): Promise<OrganisationDetail> {
  const row = await selectOne<OrganisationRow>(
    db,
    sql`select id, name, kind, status, lead_email, created_at, decided_at
        from organisations where id = ${id}`,
  );
  if (!row) throw new NotFoundError(ORGANISATION_MESSAGES.notFound);
  return detailOf(db, row);
}

/** The audit entry's subject when an organisation changes (audit-log.ts). */
export function organisationEntry(organisation: { id: number; name: string }) {
  return {
    organisationId: Number(organisation.id),
    schoolId: null,
    entity: "organisation" as const,
    entityId: Number(organisation.id),
    entityName: organisation.name,
  };
}

/**
 * A sales agent approves or suspends an organisation (approving a suspended one restores it); a
 * change of status is in the audit log, a decision that changes nothing is not.
 */
export async function decideOrganisation(
  db: Database,
  input: { organisationId: number; status: "approved" | "suspended"; salesUserId: number },
): Promise<OrganisationDetail> {
  return (await decideOrganisationStatus(db, input)).organisation;
}

/** decideOrganisation, saying whether the status changed (its members are then e-mailed). */
export async function decideOrganisationStatus(
  db: Database,
  input: { organisationId: number; status: "approved" | "suspended"; salesUserId: number },
): Promise<{ organisation: OrganisationDetail; changed: boolean }> {
  const changed = await inTransaction(db, async (tx) => {
    const current = await selectOne<{ id: number; name: string; status: OrganisationStatus }>(
      tx,
      sql`select id, name, status from organisations where id = ${input.organisationId} for update`,
    );
    if (!current) throw new NotFoundError(ORGANISATION_MESSAGES.notFound);
    await tx.execute(
      sql`update organisations
          set status = ${input.status},
              decided_at = case when status = ${input.status} then decided_at else now() end,
              decided_by = case when status = ${input.status} then decided_by else ${input.salesUserId}::int end
          where id = ${input.organisationId}`,
    );
    await recordAudit(tx, {
      ...organisationEntry(current),
      action: input.status === "approved" ? "approve" : "suspend",
      actor: await auditActorOf(tx, input.salesUserId),
      before: { status: current.status },
      after: { status: input.status },
    });
    return current.status !== input.status;
  });
  return { organisation: await getOrganisation(db, input.organisationId), changed };
}

/**
 * Links a school to an organisation. Linking it again to the same organisation is a no-op; a
 * school already linked to another organisation answers 409 (unlink it there first). A new link
 * is in the audit log.
 */
export async function linkSchool(
  db: Database,
  input: { organisationId: number; schoolId: number; salesUserId: number },
): Promise<OrganisationDetail> {
  await inTransaction(db, async (tx) => {
    const organisation = await selectOne<{ id: number; name: string }>(
      tx,
      sql`select id, name from organisations where id = ${input.organisationId} for update`,
    );
    if (!organisation) throw new NotFoundError(ORGANISATION_MESSAGES.notFound);
    const school = await selectOne<{ id: number; name: string; linked: boolean }>(
      tx,
      sql`select s.id, s.name, exists (select 1 from organisation_schools l
            where l.school_id = s.id and l.organisation_id = ${input.organisationId}) as linked
          from schools s where s.id = ${input.schoolId}`,
    );
    if (!school) throw new NotFoundError(ORGANISATION_MESSAGES.schoolNotFound);
    const linked = await selectOne<{ organisation_id: number }>(
      tx,
      sql`insert into organisation_schools (school_id, organisation_id, linked_by)
          values (${input.schoolId}, ${input.organisationId}, ${input.salesUserId})
          on conflict (school_id) do update set school_id = excluded.school_id
          returning organisation_id`,
    );
    if (Number(linked?.organisation_id) !== input.organisationId) {
      throw new ConflictError(ORGANISATION_MESSAGES.schoolTaken, { code: "school_taken" });
    }
    if (school.linked) return;
    await recordAudit(tx, {
      ...organisationEntry(organisation),
      schoolId: input.schoolId,
      action: "link",
      actor: await auditActorOf(tx, input.salesUserId),
      after: { school: school.name },
    });
  });
  return getOrganisation(db, input.organisationId);
}

/** Unlinks a school (404 when it is not the organisation's); the unlink is in the audit log. */
export async function unlinkSchool(
  db: Database,
  input: { organisationId: number; schoolId: number; salesUserId: number },
): Promise<OrganisationDetail> {
  const organisation = await getOrganisation(db, input.organisationId);
  const school = organisation.schools.find((linked) => linked.id === input.schoolId);
  if (!school) throw new NotFoundError(ORGANISATION_MESSAGES.schoolNotFound);
  await inTransaction(db, async (tx) => {
    const removed = await selectOne<{ school_id: number }>(
      tx,
      sql`delete from organisation_schools
          where school_id = ${input.schoolId} and organisation_id = ${input.organisationId}
          returning school_id`,
    );
    if (!removed) return;
    await recordAudit(tx, {
      ...organisationEntry(organisation),
      schoolId: input.schoolId,
      action: "unlink",
      actor: await auditActorOf(tx, input.salesUserId),
      after: { school: school.name },
    });
  });
  return getOrganisation(db, input.organisationId);
}

export interface SchoolForLinking extends LinkedSchool {
  country: string | null;
  organisation: { id: number; name: string } | null;
}

/** Schools by name for the sales dashboard's link picker, with the organisation each has. */
export async function searchSchoolsForLinking(
  db: Database,
  q: string,
): Promise<SchoolForLinking[]> {
  const pattern = `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await selectRows<{
    id: number;
    name: string;
    slug: string;
    country: string | null;
    organisation_id: number | null;
    organisation_name: string | null;
  }>(
    db,
    sql`select s.id, s.name, s.slug, c.name as country,
               o.id as organisation_id, o.name as organisation_name
        from schools s
        left join countries c on c.id = s.country_id
        left join organisation_schools l on l.school_id = s.id
        left join organisations o on o.id = l.organisation_id
        where s.name ilike ${pattern}
        order by s.name, s.id limit 20`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    country: row.country,
    organisation:
      row.organisation_id === null
        ? null
        : { id: Number(row.organisation_id), name: row.organisation_name ?? "" },
  }));
}
