// An organisation's team (docs/decisions/056-organisation-membership.md): several partner users
// per organisation, each an owner, an editor or a viewer. Owners invite teammates by e-mail (a
// single-use link, 7 days, stored hashed), change their roles and remove them; the invitee signs
// in or signs up through the link. Every change is in the audit log with its author. An
// organisation always keeps an owner. Members of another organisation are never looked up by id
// alone, so they answer 404 like members that do not exist.
import { sql } from "drizzle-orm";

import type { MemberRole } from "@studyatlas/db/schema/organisations.ts";
import type { Database } from "@studyatlas/db/client.ts";
import {
  MEMBER_ROLE_LABELS,
  TEAM_MESSAGES,
  type Team,
} from "@studyatlas/schemas/organisation-team.ts";

import { teamInvitationMessage, type Mailer } from "../accounts/mail-messages.ts";
import { randomToken, sha256 } from "../accounts/secrets.ts";
import { createUser, findUserByEmail, type UserRow } from "../accounts/users.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import { selectOne, selectRows } from "../sql-rows.ts";
import { inTransaction } from "../transactions.ts";
import { auditActorOf, recordAudit } from "./audit-log.ts";
import type { PartnerScope } from "./organisations.ts";

export const TEAM_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const RANK: Record<MemberRole, number> = { viewer: 0, editor: 1, owner: 2 };

/** Whether `role` may do what `needed` may (owner ⊃ editor ⊃ viewer). */
export function roleAllows(role: MemberRole, needed: MemberRole): boolean {
  return RANK[role] >= RANK[needed];
}

/** 403 unless the scope's member has at least the `needed` role. */
export function requireMemberRole(scope: PartnerScope, needed: MemberRole): void {
  if (!roleAllows(scope.role, needed)) {
    throw new ForbiddenError(TEAM_MESSAGES.roleTooLow(scope.role), { code: "member_role" });
  }
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The members and the open invitations (every member may read the team). */
export async function listTeam(db: Database, scope: PartnerScope, now = Date.now()): Promise<Team> {
  const members = await selectRows<{
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    role: MemberRole;
    created_at: Date | string;
  }>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.email, m.role, m.created_at
        from organisation_members m join users u on u.id = m.user_id
        where m.organisation_id = ${scope.organisation.id}
        order by case m.role when 'owner' then 0 when 'editor' then 1 else 2 end, u.last_name, u.id`,
  );
  const invitations = await selectRows<{
    id: number;
    email: string;
    role: MemberRole;
    created_at: Date | string;
    expires_at: Date | string;
    inviter: string | null;
  }>(
    db,
    sql`select i.id, i.email, i.role, i.created_at, i.expires_at,
               u.first_name || ' ' || u.last_name as inviter
        from organisation_invitations i left join users u on u.id = i.invited_by
        where i.organisation_id = ${scope.organisation.id} and i.accepted_at is null
          and i.revoked_at is null and i.expires_at > ${new Date(now).toISOString()}
        order by i.id desc limit 100`,
  );
  return {
    role: scope.role,
    members: members.map((row) => ({
      id: Number(row.id),
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      role: row.role,
      joined_at: iso(row.created_at),
    })),
    invitations: invitations.map((row) => ({
      id: Number(row.id),
      email: row.email,
      role: row.role,
      created_at: iso(row.created_at),
      expires_at: iso(row.expires_at),
      invited_by: row.inviter,
    })),
  };
}

const memberEntry = (scope: PartnerScope, entityId: number, entityName: string) => ({
  organisationId: scope.organisation.id,
  schoolId: null,
  entity: "member" as const,
  entityId,
  entityName,
});

/** An owner invites an address; a new invitation replaces the address's open ones. */
export async function inviteMember(
  db: Database,
  scope: PartnerScope,
  input: { email: string; role: MemberRole; mailer: Mailer; publicBaseUrl: string },
  now = Date.now(),
): Promise<{ link: string }> {
  requireMemberRole(scope, "owner");
  const email = input.email.trim();
  const token = randomToken();
  const inviter = await inTransaction(db, async (tx) => {
    const member = await selectOne<{ user_id: number }>(
      tx,
      sql`select m.user_id from organisation_members m join users u on u.id = m.user_id
          where m.organisation_id = ${scope.organisation.id} and lower(u.email) = lower(${email})`,
    );
    if (member) {
      throw new ConflictError(TEAM_MESSAGES.alreadyMember, {
        code: "already_member",
        errors: { email: [TEAM_MESSAGES.alreadyMember] },
      });
    }
    await tx.execute(
      sql`update organisation_invitations set revoked_at = now()
          where organisation_id = ${scope.organisation.id} and lower(email) = lower(${email})
            and accepted_at is null and revoked_at is null`,
    );
    const row = await selectOne<{ id: number }>(
      tx,
      sql`insert into organisation_invitations
            (organisation_id, email, role, token_hash, invited_by, expires_at)
          values (${scope.organisation.id}, ${email}, ${input.role}, ${sha256(token)},
            ${scope.userId}, ${new Date(now + TEAM_INVITATION_TTL_MS).toISOString()})
          returning id`,
    );
    const actor = await auditActorOf(tx, scope.userId);
    await recordAudit(tx, {
      ...memberEntry(scope, Number(row!.id), email),
      action: "invite",
      actor,
      after: { email, role: input.role },
    });
    return actor;
  });
  const link = `${input.publicBaseUrl}/dashboard/partner/join?invitation=${token}`;
  await input.mailer.send(
    teamInvitationMessage(
      email,
      {
        inviterName: `${inviter.first_name} ${inviter.last_name}`,
        organisationName: scope.organisation.name,
        roleLabel: MEMBER_ROLE_LABELS[input.role].toLowerCase(),
      },
      link,
    ),
  );
  return { link };
}

/** An owner withdraws an open invitation (404 when it is not the organisation's or not open). */
export async function revokeInvitation(
  db: Database,
  scope: PartnerScope,
  id: number,
): Promise<void> {
  requireMemberRole(scope, "owner");
  await inTransaction(db, async (tx) => {
    const row = await selectOne<{ email: string; role: MemberRole }>(
      tx,
      sql`update organisation_invitations set revoked_at = now()
          where id = ${id} and organisation_id = ${scope.organisation.id}
            and accepted_at is null and revoked_at is null
          returning email, role`,
    );
    if (!row) throw new NotFoundError(TEAM_MESSAGES.invitationInvalid, { code: "not_found" });
    await recordAudit(tx, {
      ...memberEntry(scope, id, row.email),
      action: "remove",
      actor: await auditActorOf(tx, scope.userId),
      after: { invitation: row.email },
    });
  });
}

/** The member rows of the organisation, locked, so two owner changes take turns. */
async function lockedMembers(tx: Database, organisationId: number) {
  return selectRows<{ user_id: number; role: MemberRole; name: string }>(
    tx,
    sql`select m.user_id, m.role, u.first_name || ' ' || u.last_name as name
        from organisation_members m join users u on u.id = m.user_id
        where m.organisation_id = ${organisationId} order by m.user_id for update of m`,
  );
}

function memberOf(rows: Awaited<ReturnType<typeof lockedMembers>>, userId: number) {
  const member = rows.find((row) => Number(row.user_id) === userId);
  if (!member) throw new NotFoundError(TEAM_MESSAGES.memberNotFound, { code: "not_found" });
  return member;
}

const ownersAfter = (rows: Awaited<ReturnType<typeof lockedMembers>>, change: number) =>
  rows.filter((row) => row.role === "owner").length + change;

/** An owner changes a member's role; the last owner cannot step down. */
export async function changeMemberRole(
  db: Database,
  scope: PartnerScope,
  input: { memberId: number; role: MemberRole },
): Promise<void> {
  requireMemberRole(scope, "owner");
  await inTransaction(db, async (tx) => {
    const rows = await lockedMembers(tx, scope.organisation.id);
    const member = memberOf(rows, input.memberId);
    if (member.role === input.role) return;
    if (member.role === "owner" && ownersAfter(rows, -1) < 1) {
      throw new ConflictError(TEAM_MESSAGES.lastOwner, { code: "last_owner" });
    }
    await tx.execute(
      sql`update organisation_members set role = ${input.role}
          where user_id = ${input.memberId} and organisation_id = ${scope.organisation.id}`,
    );
    await recordAudit(tx, {
      ...memberEntry(scope, input.memberId, member.name),
      action: "change_role",
      actor: await auditActorOf(tx, scope.userId),
      before: { role: member.role },
      after: { role: input.role },
    });
  });
}

/**
 * An owner removes a member (or a member leaves: anyone may remove themselves). The account stays,
 * without an organisation; the last owner cannot leave.
 */
export async function removeMember(
  db: Database,
  scope: PartnerScope,
  memberId: number,
): Promise<void> {
  if (memberId !== scope.userId) requireMemberRole(scope, "owner");
  await inTransaction(db, async (tx) => {
    const rows = await lockedMembers(tx, scope.organisation.id);
    const member = memberOf(rows, memberId);
    if (member.role === "owner" && ownersAfter(rows, -1) < 1) {
      throw new ConflictError(TEAM_MESSAGES.lastOwner, { code: "last_owner" });
    }
    await tx.execute(
      sql`delete from organisation_members
          where user_id = ${memberId} and organisation_id = ${scope.organisation.id}`,
    );
    await recordAudit(tx, {
      ...memberEntry(scope, memberId, member.name),
      action: "remove",
      actor: await auditActorOf(tx, scope.userId),
      after: { member: member.name, role: member.role },
    });
  });
}

interface OpenInvitation {
  id: number;
  organisation_id: number;
  organisation: string;
  email: string;
  role: MemberRole;
}

async function openInvitation(
  db: Database,
  token: string,
  now: number,
  lock: boolean,
): Promise<OpenInvitation> {
  const row = await selectOne<OpenInvitation>(
    db,
    sql`select i.id, i.organisation_id, o.name as organisation, i.email, i.role
        from organisation_invitations i join organisations o on o.id = i.organisation_id
        where i.token_hash = ${sha256(token)} and i.accepted_at is null and i.revoked_at is null
          and i.expires_at > ${new Date(now).toISOString()}
        ${lock ? sql`for update of i` : sql``}`,
  );
  if (!row) {
    throw new NotFoundError(TEAM_MESSAGES.invitationInvalid, { code: "invitation_invalid" });
  }
  return { ...row, id: Number(row.id), organisation_id: Number(row.organisation_id) };
}

/** What the join page shows: the address, the organisation and the role (404 when not usable). */
export async function teamInvitation(db: Database, token: string, now = Date.now()) {
  const invitation = await openInvitation(db, token, now, false);
  return { email: invitation.email, organisation: invitation.organisation, role: invitation.role };
}

async function markAccepted(tx: Database, invitation: OpenInvitation, user: UserRow) {
  await tx.execute(
    sql`update organisation_invitations set accepted_at = now(), accepted_user_id = ${user.id}
        where id = ${invitation.id}`,
  );
  await recordAudit(tx, {
    organisationId: invitation.organisation_id,
    schoolId: null,
    entity: "member",
    entityId: user.id,
    entityName: `${user.firstName} ${user.lastName}`,
    action: "create",
    actor: await auditActorOf(tx, user.id),
    after: { member: `${user.firstName} ${user.lastName}`, role: invitation.role },
  });
}

/**
 * The signed-in partner accepts: their address must be the invitation's, and they must not
 * belong to an organisation yet (a partner whose own organisation has no one else joins and
 * leaves it behind only when it is still pending and has no school: see ADR 056).
 */
export async function acceptTeamInvitation(
  db: Database,
  input: { token: string; user: UserRow },
  now = Date.now(),
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const invitation = await openInvitation(tx, input.token, now, true);
    if (input.user.email.toLowerCase() !== invitation.email.toLowerCase()) {
      throw new ForbiddenError(TEAM_MESSAGES.otherAddress(invitation.email), {
        code: "invitation_other_address",
      });
    }
    if (input.user.role !== "partner") {
      throw new ForbiddenError(TEAM_MESSAGES.notPartner, { code: "not_partner" });
    }
    const current = await selectOne<{ organisation_id: number; alone: boolean }>(
      tx,
      sql`select m.organisation_id,
            (o.status = 'pending'
              and not exists (select 1 from organisation_members x
                where x.organisation_id = m.organisation_id and x.user_id <> m.user_id)
              and not exists (select 1 from organisation_schools s
                where s.organisation_id = m.organisation_id)) as alone
          from organisation_members m join organisations o on o.id = m.organisation_id
          where m.user_id = ${input.user.id} for update of m`,
    );
    if (current && Number(current.organisation_id) === invitation.organisation_id) {
      throw new ConflictError(TEAM_MESSAGES.alreadyMember, { code: "already_member" });
    }
    if (current && !current.alone) {
      throw new ConflictError(TEAM_MESSAGES.otherOrganisation, { code: "other_organisation" });
    }
    if (current) {
      await tx.execute(sql`delete from organisations where id = ${current.organisation_id}`);
    }
    await tx.execute(
      sql`insert into organisation_members (user_id, organisation_id, role)
          values (${input.user.id}, ${invitation.organisation_id}, ${invitation.role})`,
    );
    await markAccepted(tx, invitation, input.user);
  });
}

/** The invitee signs up through the link: a partner account, verified by the link, in the team. */
export async function signUpByInvitation(
  db: Database,
  input: { token: string; firstName: string; lastName: string; password: string },
  now = Date.now(),
): Promise<UserRow> {
  return inTransaction(db, async (tx) => {
    const invitation = await openInvitation(tx, input.token, now, true);
    if (await findUserByEmail(tx, invitation.email)) {
      throw new ConflictError(TEAM_MESSAGES.accountExists, { code: "account_exists" });
    }
    const user = await createUser(tx, {
      email: invitation.email,
      firstName: input.firstName,
      lastName: input.lastName,
      password: input.password,
      role: "partner",
      emailVerified: true,
      joinOrganisation: { id: invitation.organisation_id, role: invitation.role },
    });
    await markAccepted(tx, invitation, user);
    return user;
  });
}
