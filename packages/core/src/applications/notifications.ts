// The student's notifications (docs/decisions/057-student-loop.md): unread advisor replies are
// e-mailed in one digest once the student's chats have been quiet for the quiet period, and a
// change of an application's status is e-mailed once it has settled. Both jobs run in every app
// process on one database: each row of work is claimed under `FOR UPDATE SKIP LOCKED` and its
// cursor moved in the claiming transaction, so two processes never send the same e-mail, and a
// restart resumes from the cursors (at most once: an e-mail whose claim committed is not sent
// again should the process die before handing it to SMTP).
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import {
  STUDENT_STATUS_LABELS,
  type ApplicationStatus,
  type NotificationSettings,
} from "@studyatlas/schemas/my-applications.ts";

import type { MailMessage, Mailer } from "../accounts/mail-messages.ts";
import { selectOne, selectRows } from "../sql-rows.ts";
import { inTransaction } from "../transactions.ts";
import {
  applicationStatusMessage,
  replyDigestMessage,
  type NotificationLinks,
} from "./notification-mail.ts";

/** Replies older than this are not e-mailed any more (a restart after a long outage). */
const HORIZON_MS = 7 * 24 * 3600 * 1000;
/** A status must stay put this long before it is e-mailed: a misclick corrected at once is not. */
export const STATUS_SETTLE_MS = 60_000;
/** Work claimed per run; the next run takes the rest. */
const BATCH = 200;

export type NotificationKind = "replies" | "status";

/** A Web Push sender (the server's, over web-push); absent without VAPID keys. */
export interface PushSender {
  send(
    db: Database,
    userId: number,
    payload: { title: string; body: string; url: string },
  ): Promise<void>;
}

export interface NotificationDeps {
  mailer: Mailer;
  publicBaseUrl: string;
  /** The injected clock (tests); the database's own `sent_at` are compared with it. */
  now: Date;
  /** How long a student's chats must be quiet before their digest goes (NOTIFY_REPLY_QUIET_MS). */
  quietMs: number;
  push?: PushSender | undefined;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export function notificationLinks(
  publicBaseUrl: string,
  open: string,
  token: string,
  kind: NotificationKind,
): NotificationLinks {
  const query = `token=${encodeURIComponent(token)}&kind=${kind}`;
  return {
    open: `${publicBaseUrl}${open}`,
    unsubscribePage: `${publicBaseUrl}/notifications/unsubscribe?${query}`,
    unsubscribeOneClick: `${publicBaseUrl}/api/notifications/unsubscribe?${query}`,
  };
}

/** The student's unread replies from others newer than their digest cursor, chat by chat. */
function unreadSinceCursor(extraJoin = sql``) {
  return sql`from chat_participants p ${extraJoin}
  join messages m on m.chat_id = p.chat_id and m.id > p.cleared_through_id
    and m.sender_id <> p.user_id and (p.last_read_at is null or m.sent_at > p.last_read_at)
  left join student_notification_settings s on s.user_id = p.user_id
  where p.lead_user and m.id > coalesce(s.replies_notified_through, 0)`;
}

interface Claimed {
  message: MailMessage;
  userId: number;
  push: { title: string; body: string; url: string };
}

async function claimDigest(
  tx: Database,
  userId: number,
  deps: NotificationDeps,
): Promise<Claimed | undefined> {
  await tx.execute(
    sql`insert into student_notification_settings (user_id) values (${userId})
        on conflict (user_id) do nothing`,
  );
  const owner = await selectOne<{ email: string; first_name: string; token: string }>(
    tx,
    sql`select u.email, u.first_name, s.unsubscribe_token as token
        from student_notification_settings s join users u on u.id = s.user_id
        where s.user_id = ${userId} and s.reply_emails
        for update of s skip locked`,
  );
  if (!owner) return undefined;
  // Read again under the lock: another process may have sent this period's digest meanwhile.
  const chats = await selectRows<{
    chat_id: number;
    programme: string | null;
    unread: number;
    newest_id: number | string;
    newest_at: Date | string;
  }>(
    tx,
    sql`select p.chat_id, co.name as programme, count(*)::int as unread,
          max(m.id) as newest_id, max(m.sent_at) as newest_at
        ${unreadSinceCursor(sql`join chats c on c.id = p.chat_id left join courses co on co.id = c.course_id`)}
          and p.user_id = ${userId}
        group by p.chat_id, co.name order by max(m.id) desc`,
  );
  if (chats.length === 0) return undefined;
  const newestAt = Math.max(...chats.map((chat) => new Date(chat.newest_at).getTime()));
  if (newestAt > deps.now.getTime() - deps.quietMs) return undefined; // not quiet yet
  const newestId = Math.max(...chats.map((chat) => Number(chat.newest_id)));
  await tx.execute(
    sql`update student_notification_settings set replies_notified_through = ${newestId}
        where user_id = ${userId}`,
  );
  const open = chats.length === 1 ? `/chat/${chats[0]!.chat_id}` : "/chat";
  const links = notificationLinks(deps.publicBaseUrl, open, owner.token, "replies");
  const list = chats.map((chat) => ({
    programme: chat.programme ?? "Your chat",
    unread: Number(chat.unread),
  }));
  const message = replyDigestMessage(owner.email, owner.first_name, list, links);
  return { message, userId, push: { title: message.subject, body: list[0]!.programme, url: open } };
}

async function deliver(claimed: Claimed, db: Database, deps: NotificationDeps): Promise<void> {
  await deps.mailer.send(claimed.message);
  await deps.push?.send(db, claimed.userId, claimed.push);
}

/** One run of the reply digests: e-mails every student whose unread replies went quiet. */
export async function sendReplyDigests(db: Database, deps: NotificationDeps): Promise<number> {
  const cutoff = new Date(deps.now.getTime() - deps.quietMs);
  const horizon = new Date(deps.now.getTime() - HORIZON_MS);
  const candidates = await selectRows<{ user_id: number }>(
    db,
    sql`select p.user_id ${unreadSinceCursor()}
          and m.sent_at > ${at(horizon)} and coalesce(s.reply_emails, true)
        group by p.user_id having max(m.sent_at) <= ${at(cutoff)}
        limit ${BATCH}`,
  );
  let sent = 0;
  for (const { user_id: userId } of candidates) {
    const claimed = await inTransaction(db, (tx) => claimDigest(tx, Number(userId), deps));
    if (!claimed) continue;
    await deliver(claimed, db, deps);
    sent += 1;
  }
  return sent;
}

async function claimStatus(
  tx: Database,
  applicationId: number,
  deps: NotificationDeps,
): Promise<Claimed | undefined> {
  await tx.execute(
    sql`insert into application_status_notices (application_id) values (${applicationId})
        on conflict (application_id) do nothing`,
  );
  const row = await selectOne<{
    user_id: number;
    email: string;
    first_name: string;
    programme: string;
    status: ApplicationStatus;
    wanted: boolean;
  }>(
    tx,
    sql`select a.user_id, u.email, u.first_name, co.name as programme, ls.status,
          coalesce(s.status_emails, true) as wanted
        from application_status_notices n
        join applications a on a.id = n.application_id
        join lead_states ls on ls.application_id = a.id
        join users u on u.id = a.user_id
        join courses co on co.id = a.course_id
        left join student_notification_settings s on s.user_id = a.user_id
        where n.application_id = ${applicationId} and n.notified_status <> ls.status
        for update of n skip locked`,
  );
  if (!row) return undefined;
  await tx.execute(
    sql`update application_status_notices set notified_status = ${row.status}, notified_at = now()
        where application_id = ${applicationId}`,
  );
  if (!row.wanted) return undefined;
  await tx.execute(
    sql`insert into student_notification_settings (user_id) values (${row.user_id})
        on conflict (user_id) do nothing`,
  );
  const token = await selectOne<{ token: string }>(
    tx,
    sql`select unsubscribe_token as token from student_notification_settings
        where user_id = ${row.user_id}`,
  );
  const statusLabel = STUDENT_STATUS_LABELS[row.status];
  const links = notificationLinks(
    deps.publicBaseUrl,
    "/applications",
    token?.token ?? "",
    "status",
  );
  const message = applicationStatusMessage(
    row.email,
    row.first_name,
    { programme: row.programme, statusLabel },
    links,
  );
  return {
    message,
    userId: Number(row.user_id),
    push: { title: message.subject, body: statusLabel, url: "/applications" },
  };
}

/** One run of the status e-mails: every application whose status changed and settled. */
export async function sendStatusNotices(db: Database, deps: NotificationDeps): Promise<number> {
  const settled = new Date(deps.now.getTime() - STATUS_SETTLE_MS);
  const horizon = new Date(deps.now.getTime() - HORIZON_MS);
  const candidates = await selectRows<{ id: number }>(
    db,
    sql`select ls.application_id as id from lead_states ls
        left join application_status_notices n on n.application_id = ls.application_id
        where ls.status <> coalesce(n.notified_status, 'new')
          and ls.changed_at <= ${at(settled)} and ls.changed_at > ${at(horizon)}
        limit ${BATCH}`,
  );
  let sent = 0;
  for (const { id } of candidates) {
    const claimed = await inTransaction(db, (tx) => claimStatus(tx, Number(id), deps));
    if (!claimed) continue;
    await deliver(claimed, db, deps);
    sent += 1;
  }
  return sent;
}

/** The caller's notification settings (both on until turned off). */
export async function getNotificationSettings(
  db: Database,
  userId: number,
): Promise<NotificationSettings> {
  const row = await selectOne<NotificationSettings>(
    db,
    sql`select reply_emails, status_emails from student_notification_settings
        where user_id = ${userId}`,
  );
  return row ?? { reply_emails: true, status_emails: true };
}

export async function saveNotificationSettings(
  db: Database,
  userId: number,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  await db.execute(
    sql`insert into student_notification_settings (user_id, reply_emails, status_emails)
        values (${userId}, ${settings.reply_emails}, ${settings.status_emails})
        on conflict (user_id) do update set reply_emails = excluded.reply_emails,
          status_emails = excluded.status_emails, updated_at = now()`,
  );
  return settings;
}

/** The one-click unsubscribe of a notification e-mail: turns off the kind that carried it. */
export async function unsubscribeNotifications(
  db: Database,
  token: string,
  kind: NotificationKind,
): Promise<"unsubscribed" | "already_unsubscribed" | "invalid"> {
  const column = kind === "replies" ? sql`reply_emails` : sql`status_emails`;
  const row = await selectOne<{ was: boolean }>(
    db,
    sql`update student_notification_settings s set ${column} = false, updated_at = now()
        from (select user_id, ${column} as was from student_notification_settings
              where unsubscribe_token = ${token} for update) old
        where s.user_id = old.user_id returning old.was`,
  );
  if (!row) return "invalid";
  return row.was ? "unsubscribed" : "already_unsubscribed";
}
