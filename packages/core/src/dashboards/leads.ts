// Leads: the applications to an organisation's programmes
// (docs/decisions/016-organisations-and-dashboards.md "Leads"), with a status and notes kept by the
// partner, filters, the export (lead-export.ts), and the e-mail that tells the organisation of a new lead at once.
// Every function takes the partner's scope (organisations.ts partnerScope): an application to
// another organisation's programme answers 404 like one that does not exist.
import { sql, type SQL } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { LEAD_STATUSES, type LeadStatus } from "@studyatlas/db/schema/organisations.ts";

import type { Mailer, MailMessage } from "../accounts/mail-messages.ts";
import { NotFoundError } from "../errors.ts";
import { selectOne, selectRows } from "../sql-rows.ts";
import { inTransaction } from "../transactions.ts";
import { auditActorOf, recordAudit } from "./audit-log.ts";
import type { PartnerScope } from "./organisations.ts";
import { type RequirementCheck, requirementChecks } from "../eligibility/eligibility.ts";
import {
  readApplicationQualifications,
  readEntryRequirements,
} from "../eligibility/stored-requirements.ts";

export const LEAD_PAGE_SIZE = 50;
export const LEAD_NOT_FOUND = "This lead does not exist.";

export interface LeadFilters {
  status?: LeadStatus | undefined;
  /** Applicant's name or e-mail. */
  q?: string | undefined;
  course?: number | undefined;
  country?: number | undefined;
  /** Applied on or after / before this day (YYYY-MM-DD). */
  from?: string | undefined;
  to?: string | undefined;
}

export interface LeadSummary {
  id: number;
  created_at: string;
  status: LeadStatus;
  applicant: {
    title: string;
    first_name: string;
    last_name: string;
    email: string;
    phone_number: string;
  };
  country: { id: number; name: string };
  programme: { id: number; name: string; slug: string };
  school: { id: number; name: string };
  notes: number;
  /** The member the lead is given to (ADR 056 "Lead management"), or null. */
  owner: { id: number; name: string } | null;
}

export interface LeadDetail extends LeadSummary {
  applicant: LeadSummary["applicant"] & {
    sex: string;
    date_of_birth: string;
    nationality: string;
    address: string;
    city: string;
    zip_code: string;
  };
  referral_code: string;
  status_changed_at: string | null;
  /** The programme's entry requirements against the application's qualifications (ADR 054). */
  entry_requirements: RequirementCheck[];
  notes_list: { id: number; body: string; created_at: string; author: string | null }[];
}

/** `{1,2,3}` for `= any(...::int[])`: whole numbers only, so the literal is safe. */
function idArray(ids: readonly number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(",")}}`;
}

/** The leads of the scope matching the filters (also the export's, lead-export.ts). */
export function leadConditions(scope: PartnerScope, filters: LeadFilters): SQL {
  const conditions: SQL[] = [sql`c.school_id = any(${idArray(scope.schoolIds)}::int[])`];
  if (filters.status) conditions.push(sql`coalesce(ls.status, 'new') = ${filters.status}`);
  if (filters.q) {
    const pattern = `%${filters.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(a.first_name || ' ' || a.last_name ilike ${pattern} or a.email ilike ${pattern})`,
    );
  }
  if (filters.course) conditions.push(sql`a.course_id = ${filters.course}`);
  if (filters.country) conditions.push(sql`a.country_id = ${filters.country}`);
  if (filters.from) conditions.push(sql`a.created_at >= ${filters.from}::date`);
  if (filters.to) conditions.push(sql`a.created_at < ${filters.to}::date + 1`);
  return sql.join(conditions, sql` and `);
}

interface LeadRow {
  id: number;
  created_at: Date | string;
  status: LeadStatus;
  title: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  country_id: number;
  country_name: string;
  course_id: number;
  course_name: string;
  course_slug: string;
  school_id: number;
  school_name: string;
  notes: number;
  owner_id: number | null;
  owner_name: string | null;
}

const LEAD_COLUMNS = sql`a.id, a.created_at, coalesce(ls.status, 'new') as status, a.title,
  a.first_name, a.last_name, a.email, a.phone_number, a.country_id, co.name as country_name,
  c.id as course_id, c.name as course_name, c.slug as course_slug, s.id as school_id,
  s.name as school_name,
  (select count(*)::int from lead_notes n where n.application_id = a.id) as notes,
  ls.owner_user_id as owner_id,
  (select u.first_name || ' ' || u.last_name from users u where u.id = ls.owner_user_id)
    as owner_name`;

const LEAD_FROM = sql`from applications a
  join courses c on c.id = a.course_id
  join schools s on s.id = c.school_id
  join countries co on co.id = a.country_id
  left join lead_states ls on ls.application_id = a.id`;

function toSummary(row: LeadRow): LeadSummary {
  return {
    id: Number(row.id),
    created_at: new Date(row.created_at).toISOString(),
    status: row.status,
    applicant: {
      title: row.title,
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      phone_number: row.phone_number,
    },
    country: { id: Number(row.country_id), name: row.country_name },
    programme: { id: Number(row.course_id), name: row.course_name, slug: row.course_slug },
    school: { id: Number(row.school_id), name: row.school_name },
    notes: Number(row.notes),
    owner: row.owner_id === null ? null : { id: Number(row.owner_id), name: row.owner_name ?? "" },
  };
}

export async function listLeads(
  db: Database,
  scope: PartnerScope,
  filters: LeadFilters & { page: number },
): Promise<{ count: number; results: LeadSummary[] }> {
  if (scope.schoolIds.length === 0) return { count: 0, results: [] };
  const where = leadConditions(scope, filters);
  const total = await selectOne<{ count: number }>(
    db,
    sql`select count(*)::int as count ${LEAD_FROM} where ${where}`,
  );
  const rows = await selectRows<LeadRow>(
    db,
    sql`select ${LEAD_COLUMNS} ${LEAD_FROM} where ${where}
        order by a.created_at desc, a.id desc
        limit ${LEAD_PAGE_SIZE} offset ${(filters.page - 1) * LEAD_PAGE_SIZE}`,
  );
  return { count: total?.count ?? 0, results: rows.map(toSummary) };
}

export async function getLead(db: Database, scope: PartnerScope, id: number): Promise<LeadDetail> {
  if (scope.schoolIds.length === 0) throw new NotFoundError(LEAD_NOT_FOUND);
  const row = await selectOne<
    LeadRow & {
      sex: string;
      date_of_birth: string | Date;
      nationality: string;
      address: string;
      city: string;
      zip_code: string;
      referral_code: string;
      changed_at: Date | string | null;
    }
  >(
    db,
    sql`select ${LEAD_COLUMNS}, a.sex, a.date_of_birth::text as date_of_birth,
               na.name as nationality, a.address, a.city, a.zip_code, a.referral_code,
               ls.changed_at
        ${LEAD_FROM} join countries na on na.id = a.nationality_id
        where a.id = ${id} and ${leadConditions(scope, {})}`,
  );
  if (!row) throw new NotFoundError(LEAD_NOT_FOUND);
  const notes = await selectRows<{
    id: number;
    body: string;
    created_at: Date | string;
    author: string | null;
  }>(
    db,
    sql`select n.id, n.body, n.created_at, u.first_name || ' ' || u.last_name as author
        from lead_notes n left join users u on u.id = n.author_id
        where n.application_id = ${id} order by n.id`,
  );
  const summary = toSummary(row);
  const [requirements, qualifications] = await Promise.all([
    readEntryRequirements(db, [summary.programme.id]),
    readApplicationQualifications(db, summary.id),
  ]);
  return {
    ...summary,
    applicant: {
      ...summary.applicant,
      sex: row.sex,
      date_of_birth: String(row.date_of_birth).slice(0, 10),
      nationality: row.nationality,
      address: row.address,
      city: row.city,
      zip_code: row.zip_code,
    },
    referral_code: row.referral_code,
    status_changed_at: row.changed_at === null ? null : new Date(row.changed_at).toISOString(),
    entry_requirements: requirementChecks(
      requirements.get(summary.programme.id) ?? null,
      qualifications,
    ),
    notes_list: notes.map((note) => ({
      id: Number(note.id),
      body: note.body,
      created_at: new Date(note.created_at).toISOString(),
      author: note.author,
    })),
  };
}

/** Whether the application is one of the scope's leads; 404 otherwise. */
async function assertLead(db: Database, scope: PartnerScope, id: number): Promise<void> {
  if (scope.schoolIds.length === 0) throw new NotFoundError(LEAD_NOT_FOUND);
  const row = await selectOne<{ id: number }>(
    db,
    sql`select a.id from applications a join courses c on c.id = a.course_id
        where a.id = ${id} and c.school_id = any(${idArray(scope.schoolIds)}::int[])`,
  );
  if (!row) throw new NotFoundError(LEAD_NOT_FOUND);
}

export async function setLeadStatus(
  db: Database,
  scope: PartnerScope,
  input: { id: number; status: LeadStatus; userId: number },
): Promise<LeadDetail> {
  await assertLead(db, scope, input.id);
  // The change and its audit entry (audit-log.ts) in one transaction; the application's row lock
  // orders two changes at once, so each entry's "before" is what the other left.
  await inTransaction(db, async (tx) => {
    const lead = await selectOne<{ school_id: number; programme: string; status: LeadStatus }>(
      tx,
      sql`select c.school_id, c.name as programme, coalesce(ls.status, 'new') as status
          from applications a join courses c on c.id = a.course_id
          left join lead_states ls on ls.application_id = a.id
          where a.id = ${input.id} for update of a`,
    );
    if (!lead) throw new NotFoundError(LEAD_NOT_FOUND);
    await tx.execute(
      sql`insert into lead_states (application_id, status, changed_by)
          values (${input.id}, ${input.status}, ${input.userId})
          on conflict (application_id) do update
            set status = excluded.status, changed_by = excluded.changed_by, changed_at = now()`,
    );
    await recordAudit(tx, {
      organisationId: scope.organisation.id,
      schoolId: Number(lead.school_id),
      entity: "lead",
      entityId: input.id,
      entityName: `Lead ${input.id} (${lead.programme})`,
      action: "update",
      actor: await auditActorOf(tx, input.userId),
      before: { status: lead.status },
      after: { status: input.status },
    });
  });
  return getLead(db, scope, input.id);
}

export async function addLeadNote(
  db: Database,
  scope: PartnerScope,
  input: { id: number; body: string; userId: number },
): Promise<LeadDetail> {
  await assertLead(db, scope, input.id);
  await db.execute(
    sql`insert into lead_notes (application_id, author_id, body)
        values (${input.id}, ${input.userId}, ${input.body.trim()})`,
  );
  return getLead(db, scope, input.id);
}

export function isLeadStatus(value: string): value is LeadStatus {
  return (LEAD_STATUSES as readonly string[]).includes(value);
}

function leadMessage(
  to: string,
  lead: { id: number; applicant: string; programme: string; country: string },
  link: string,
): MailMessage {
  const lines = [
    `${lead.applicant} from ${lead.country} applied to ${lead.programme} on StudyAtlas.`,
    "Open the lead in your dashboard to see the contact details and to keep its status and notes.",
  ];
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    to,
    subject: `New lead: ${lead.applicant} — ${lead.programme}`,
    kind: "lead",
    link,
    text: `${lines.join("\n\n")}\n\nOpen the lead: ${link}\n`,
    html: `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#0a1f44">${lines
      .map((line) => `<p>${escape(line)}</p>`)
      .join("")}<p><a href="${escape(link)}">Open the lead</a></p></body></html>`,
  };
}

/**
 * Tells the organisation that has the programme's school of a new application, at its lead
 * address (run after the application's answer). Pending or suspended organisations get nothing.
 */
export async function notifyNewLead(
  db: Database,
  applicationId: number,
  context: { mailer: Mailer; publicBaseUrl: string },
): Promise<void> {
  const row = await selectOne<{
    lead_email: string | null;
    first_name: string;
    last_name: string;
    programme: string;
    country: string;
  }>(
    db,
    sql`select o.lead_email, a.first_name, a.last_name, c.name as programme, co.name as country
        from applications a
        join courses c on c.id = a.course_id
        join organisation_schools l on l.school_id = c.school_id
        join organisations o on o.id = l.organisation_id and o.status = 'approved'
        join countries co on co.id = a.country_id
        where a.id = ${applicationId}`,
  );
  if (!row?.lead_email) return;
  await context.mailer.send(
    leadMessage(
      row.lead_email,
      {
        id: applicationId,
        applicant: `${row.first_name} ${row.last_name}`,
        programme: row.programme,
        country: row.country,
      },
      `${context.publicBaseUrl}/dashboard/partner/leads/${applicationId}`,
    ),
  );
}
