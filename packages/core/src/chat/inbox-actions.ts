// Working the advisors' inbox (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md): who
// takes a new chat (round-robin among the advisors taking chats), moving a chat to another advisor
// or to nobody, closing, reopening and snoozing. Advisors only; a chat the advisor may not see
// (another advisor's) answers 404 like any chat they do not take part in.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { ChatUser } from "@studyatlas/schemas/chat.ts";
import { INBOX_MESSAGES, type InboxState } from "@studyatlas/schemas/inbox.ts";

import { ForbiddenError, ValidationError } from "../errors.ts";
import { selectOne, selectRows } from "../sql-rows.ts";
import { inTransaction } from "../transactions.ts";
import { CHAT_EVENTS_CHANNEL, type ChatNotice } from "./chat-notices.ts";
import { participation } from "./chats.ts";

/** Anything that runs SQL: the database or a transaction of it. */
type Executor = Pick<Database, "execute">;

/** One lock for the rotation, so two chats opened at once go to two advisors. */
const ROTATION_LOCK = 580_058;
/** How far ahead a chat may be snoozed. */
export const SNOOZE_MAX_DAYS = 90;

const activeAdvisor = sql`u.role = 'advisor' and (u.banned_until is null or u.banned_until <= now())`;

/**
 * The advisor a new chat goes to, inside the caller's transaction: of the advisors taking chats,
 * the one whose last assignment is oldest (never assigned first, then by id). Undefined when
 * nobody takes chats (the caller falls back to ADVISOR_USER_ID).
 */
export async function nextAdvisor(tx: Executor): Promise<number | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROTATION_LOCK})`);
  const result: unknown = await tx.execute(
    sql`update inbox_advisors set last_assigned_at = clock_timestamp()
        where user_id = (
          select ia.user_id from inbox_advisors ia join users u on u.id = ia.user_id
          where ia.accepting and ${activeAdvisor}
          order by ia.last_assigned_at asc nulls first, ia.user_id asc limit 1)
        returning user_id`,
  );
  const row = (result as { rows: { user_id: number }[] }).rows[0];
  return row ? Number(row.user_id) : undefined;
}

export function requireAdvisor(user: { role: string }): void {
  if (user.role !== "advisor") {
    throw new ForbiddenError(INBOX_MESSAGES.advisorsOnly, { code: "advisors_only" });
  }
}

/**
 * Tells the chat's participants (and `alsoTell`) that it changed, live. `advisors`: every advisor
 * too, because it is or just was unassigned, which every advisor's inbox shows.
 */
async function announce(
  db: Executor,
  chatId: number,
  alsoTell: number[] = [],
  advisors = false,
): Promise<void> {
  const notice: ChatNotice = {
    type: "chat",
    chat_id: chatId,
    user_ids: alsoTell,
    ...(advisors ? { advisors: true } : {}),
  };
  await db.execute(sql`select pg_notify(${CHAT_EVENTS_CHANNEL}, ${JSON.stringify(notice)})`);
}

/** The chat's assignee, closed and snoozed state. */
export async function getInboxState(db: Database, chatId: number): Promise<InboxState> {
  const row = await selectOne<{
    assignee_id: number | null;
    first_name: string | null;
    last_name: string | null;
    closed_at: Date | string | null;
    snoozed_until: Date | string | null;
  }>(
    db,
    sql`select u.id as assignee_id, u.first_name, u.last_name, st.closed_at, st.snoozed_until
        from chats c
        left join chat_participants a on a.chat_id = c.id and not a.lead_user
        left join users u on u.id = a.user_id
        left join chat_inbox_states st on st.chat_id = c.id
        where c.id = ${chatId} limit 1`,
  );
  const time = (value: Date | string | null | undefined) =>
    value === null || value === undefined ? null : new Date(value).toISOString();
  return {
    chat_id: chatId,
    assignee:
      row?.assignee_id === null || row?.assignee_id === undefined
        ? null
        : {
            id: Number(row.assignee_id),
            first_name: row.first_name ?? "",
            last_name: row.last_name ?? "",
            role: "advisor",
          },
    closed_at: time(row?.closed_at),
    snoozed_until: time(row?.snoozed_until),
  };
}

/** The advisor checks, then the chat must be one they may see (else 404). */
async function workable(db: Database, actor: { id: number; role: string }, chatId: number) {
  requireAdvisor(actor);
  await participation(db, actor.id, chatId);
}

/**
 * Moves the chat to `advisorId` (or to nobody): the previous advisor leaves the chat (and no
 * longer sees it), the new one joins with everything unread. Tells both, live.
 */
export async function assignChat(
  db: Database,
  actor: { id: number; role: string },
  chatId: number,
  advisorId: number | null,
): Promise<InboxState> {
  await workable(db, actor, chatId);
  if (advisorId !== null) {
    const target = await selectOne<{ id: number }>(
      db,
      sql`select u.id from users u where u.id = ${advisorId} and ${activeAdvisor}`,
    );
    if (!target) {
      throw new ValidationError(INBOX_MESSAGES.unknownAdvisor, {
        code: "unknown_advisor",
        errors: { advisor_id: [INBOX_MESSAGES.unknownAdvisor] },
      });
    }
  }
  await inTransaction(db, async (tx) => {
    await tx.execute(sql`select id from chats where id = ${chatId} for update`);
    const previous = await selectRows<{ user_id: number }>(
      tx,
      sql`delete from chat_participants
          where chat_id = ${chatId} and not lead_user
            and user_id is distinct from ${advisorId}
          returning user_id`,
    );
    if (advisorId !== null) {
      await tx.execute(
        sql`insert into chat_participants (chat_id, user_id, lead_user)
            values (${chatId}, ${advisorId}, false) on conflict do nothing`,
      );
    }
    // No advisor before (nobody was removed) or none now: it was or is under "Unassigned".
    await announce(
      tx,
      chatId,
      previous.map((row) => Number(row.user_id)),
      advisorId === null || previous.length === 0,
    );
  });
  return getInboxState(db, chatId);
}

export async function closeChat(
  db: Database,
  actor: { id: number; role: string },
  chatId: number,
): Promise<InboxState> {
  await workable(db, actor, chatId);
  await db.execute(
    sql`insert into chat_inbox_states (chat_id, closed_at, closed_by, snoozed_until)
        values (${chatId}, now(), ${actor.id}, null)
        on conflict (chat_id) do update
          set closed_at = coalesce(chat_inbox_states.closed_at, excluded.closed_at),
              closed_by = coalesce(chat_inbox_states.closed_by, excluded.closed_by),
              snoozed_until = null`,
  );
  await announce(db, chatId);
  return getInboxState(db, chatId);
}

/** Back to the open inbox: neither closed nor snoozed. */
export async function reopenChat(
  db: Database,
  actor: { id: number; role: string },
  chatId: number,
): Promise<InboxState> {
  await workable(db, actor, chatId);
  await db.execute(sql`delete from chat_inbox_states where chat_id = ${chatId}`);
  await announce(db, chatId);
  return getInboxState(db, chatId);
}

/** Out of the open inbox until `until` (or until the student writes again). */
export async function snoozeChat(
  db: Database,
  actor: { id: number; role: string },
  chatId: number,
  until: Date,
  now: Date = new Date(),
): Promise<InboxState> {
  await workable(db, actor, chatId);
  const field = (message: string) =>
    new ValidationError(message, { code: "invalid_snooze", errors: { until: [message] } });
  if (until.getTime() <= now.getTime()) throw field(INBOX_MESSAGES.snoozeInPast);
  if (until.getTime() - now.getTime() > SNOOZE_MAX_DAYS * 86_400_000) {
    throw field(INBOX_MESSAGES.snoozeTooFar);
  }
  await db.execute(
    sql`insert into chat_inbox_states (chat_id, closed_at, closed_by, snoozed_until)
        values (${chatId}, null, null, ${until.toISOString()})
        on conflict (chat_id) do update
          set closed_at = null, closed_by = null, snoozed_until = excluded.snoozed_until`,
  );
  await announce(db, chatId);
  return getInboxState(db, chatId);
}

/** Every advisor a chat can be moved to, and whether each takes new chats. */
export async function listAdvisors(db: Database): Promise<(ChatUser & { accepting: boolean })[]> {
  const rows = await selectRows<{
    id: number;
    first_name: string;
    last_name: string;
    accepting: boolean | null;
  }>(
    db,
    sql`select u.id, u.first_name, u.last_name, ia.accepting from users u
        left join inbox_advisors ia on ia.user_id = u.id
        where ${activeAdvisor} order by u.first_name, u.last_name, u.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    first_name: row.first_name,
    last_name: row.last_name,
    role: "advisor",
    accepting: row.accepting === true,
  }));
}

/** Whether the advisor takes new chats (off while away). */
export async function setAccepting(
  db: Database,
  actor: { id: number; role: string },
  accepting: boolean,
): Promise<void> {
  requireAdvisor(actor);
  await db.execute(
    sql`insert into inbox_advisors (user_id, accepting) values (${actor.id}, ${accepting})
        on conflict (user_id) do update set accepting = excluded.accepting`,
  );
}
