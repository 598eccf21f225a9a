// Sales agents join by invitation only (docs/decisions/016-organisations-and-dashboards.md "Sales
// agents"): an existing agent invites an address, the e-mailed single-use link (7 days) lets that
// address register, already verified. The first agent is created from the command line
// (`npm run users:create-sales`), which mails a link to choose a password, as a password reset
// does.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import {
  passwordResetMessage,
  salesInvitationMessage,
  type Mailer,
} from "../accounts/mail-messages.ts";
import { randomToken, sha256 } from "../accounts/secrets.ts";
import { createUser, findUserByEmail, type UserRow } from "../accounts/users.ts";
import { issueVerificationToken } from "../accounts/verification.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { selectOne, selectRows } from "../sql-rows.ts";
import { inTransaction } from "../transactions.ts";
import { auditActorOf, recordAudit } from "./audit-log.ts";

export const SALES_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const SALES_MESSAGES = {
  invitationInvalid:
    "This invitation link is not valid any more: it was used, it expired, or it was replaced. Please ask for a new one.",
  accountExists: "An account with this e-mail address already exists.",
  invited: "Invitation sent.",
} as const;

export interface SalesInvitation {
  id: number;
  email: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  /** Unused past its end. */
  expired: boolean;
  invited_by: string | null;
}

/** Sends (or re-sends) an invitation; a new one replaces the address's unused ones. */
export async function inviteSalesAgent(
  db: Database,
  input: { email: string; invitedBy: UserRow; mailer: Mailer; publicBaseUrl: string },
  now = Date.now(),
): Promise<SalesInvitation> {
  const email = input.email.trim();
  if (await findUserByEmail(db, email)) {
    throw new ConflictError(SALES_MESSAGES.accountExists, {
      code: "account_exists",
      errors: { email: [SALES_MESSAGES.accountExists] },
    });
  }
  const token = randomToken();
  const row = await inTransaction(db, async (tx) => {
    await tx.execute(
      sql`delete from sales_invitations where lower(email) = lower(${email}) and accepted_at is null`,
    );
    const invitation = await selectOne<{ id: number }>(
      tx,
      sql`insert into sales_invitations (email, token_hash, invited_by, expires_at)
          values (${email}, ${sha256(token)}, ${input.invitedBy.id},
                  ${new Date(now + SALES_INVITATION_TTL_MS).toISOString()})
          returning id`,
    );
    // The sales team's own actions are in its history too (ADR 016 "The audit log").
    await recordAudit(tx, {
      organisationId: null,
      schoolId: null,
      entity: "invitation",
      entityId: Number(invitation!.id),
      entityName: email,
      action: "invite",
      actor: await auditActorOf(tx, input.invitedBy.id),
      after: { email },
    });
    return invitation;
  });
  if (!row) throw new Error("invitation insert returned no row");
  const link = `${input.publicBaseUrl}/dashboard/sales/register?invitation=${token}`;
  await input.mailer.send(
    salesInvitationMessage(email, `${input.invitedBy.firstName} ${input.invitedBy.lastName}`, link),
  );
  const [invitation] = await listSalesInvitations(db, Number(row.id));
  return invitation!;
}

export async function listSalesInvitations(
  db: Database,
  onlyId?: number,
  now = Date.now(),
): Promise<SalesInvitation[]> {
  const rows = await selectRows<{
    id: number;
    email: string;
    created_at: Date | string;
    expires_at: Date | string;
    accepted_at: Date | string | null;
    inviter: string | null;
  }>(
    db,
    sql`select i.id, i.email, i.created_at, i.expires_at, i.accepted_at,
               u.first_name || ' ' || u.last_name as inviter
        from sales_invitations i left join users u on u.id = i.invited_by
        where ${onlyId === undefined ? sql`true` : sql`i.id = ${onlyId}`}
        order by i.created_at desc, i.id desc limit 100`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    email: row.email,
    created_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
    accepted_at: row.accepted_at === null ? null : new Date(row.accepted_at).toISOString(),
    expired: row.accepted_at === null && new Date(row.expires_at).getTime() <= now,
    invited_by: row.inviter,
  }));
}

/** The address an invitation is for, to show on the registration page; 404 when not usable. */
export async function salesInvitationEmail(
  db: Database,
  token: string,
  now = Date.now(),
): Promise<string> {
  const row = await selectOne<{ email: string }>(
    db,
    sql`select email from sales_invitations
        where token_hash = ${sha256(token)} and accepted_at is null
          and expires_at > ${new Date(now).toISOString()}`,
  );
  if (!row)
    throw new NotFoundError(SALES_MESSAGES.invitationInvalid, { code: "invitation_invalid" });
  return row.email;
}

/**
 * Registers the invited address as a sales agent (its e-mail is proven by the link). The
 * invitation is taken under a row lock, so two submissions of one link make one account.
 */
export async function acceptSalesInvitation(
  db: Database,
  input: { token: string; firstName: string; lastName: string; password: string },
  now = Date.now(),
): Promise<UserRow> {
  return inTransaction(db, async (tx) => {
    const invitation = await selectOne<{ id: number; email: string }>(
      tx,
      sql`select id, email from sales_invitations
          where token_hash = ${sha256(input.token)} and accepted_at is null
            and expires_at > ${new Date(now).toISOString()}
          for update`,
    );
    if (!invitation) {
      throw new NotFoundError(SALES_MESSAGES.invitationInvalid, { code: "invitation_invalid" });
    }
    if (await findUserByEmail(tx, invitation.email)) {
      throw new ConflictError(SALES_MESSAGES.accountExists, { code: "account_exists" });
    }
    const user = await createUser(tx, {
      email: invitation.email,
      firstName: input.firstName,
      lastName: input.lastName,
      password: input.password,
      role: "sales",
      emailVerified: true,
    });
    await tx.execute(
      sql`update sales_invitations set accepted_at = now(), accepted_user_id = ${user.id}
          where id = ${invitation.id}`,
    );
    return user;
  });
}

/**
 * The first sales agent (`npm run users:create-sales -- --email`): an account without a password
 * whose owner chooses one through the e-mailed link (the reset link, valid one hour). An existing
 * account of that address is refused rather than silently given the sales role.
 */
export async function createFirstSalesAgent(
  db: Database,
  input: {
    email: string;
    firstName: string;
    lastName: string;
    mailer: Mailer;
    publicBaseUrl: string;
  },
): Promise<{ user: UserRow; link: string }> {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email.trim())) {
    throw new ValidationError("Give a valid e-mail address with --email.");
  }
  if (await findUserByEmail(db, input.email)) {
    throw new ConflictError(SALES_MESSAGES.accountExists, { code: "account_exists" });
  }
  const user = await createUser(db, {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    role: "sales",
    emailVerified: true,
  });
  const { uid, token } = await issueVerificationToken(db, user.id, "password_reset");
  const link = `${input.publicBaseUrl}/set-pw?user=${uid}&token=${token}`;
  await input.mailer.send(passwordResetMessage(user.email, user.firstName, link));
  return { user, link };
}
