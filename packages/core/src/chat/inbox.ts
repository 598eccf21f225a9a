// The advisors' inbox (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md): the chats an
// advisor may work, that is those assigned to them and those assigned to nobody, filtered (unread,
// mine, unassigned, snoozed, closed) and searched across their messages, the student's name and
// the programme. Students keep their own list (chats.ts listChats).
import { sql, type SQL } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { InboxChat, InboxFilter } from "@studyatlas/schemas/inbox.ts";

import { selectRows } from "../sql-rows.ts";

/** At most this many chats per answer: an inbox is worked from the top. */
export const INBOX_LIMIT = 200;

interface InboxRow {
  id: number;
  created_at: Date | string;
  course_name: string | null;
  course_slug: string | null;
  student_id: number;
  student_first_name: string;
  student_last_name: string;
  student_role: string;
  assignee_id: number | null;
  assignee_first_name: string | null;
  assignee_last_name: string | null;
  last_content: string | null;
  last_sent_at: Date | string | null;
  closed_at: Date | string | null;
  snoozed_until: Date | string | null;
  unread: number;
  match_id: number | string | null;
  match_content: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** `%word%` for `like`, with the pattern's own characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The filter over the inbox's rows (`x`, the query's derived table). */
function filterCondition(filter: InboxFilter, advisorId: number): SQL {
  const snoozed = sql`(x.snoozed_until is not null and x.snoozed_until > now())`;
  const closed = sql`(x.closed_at is not null)`;
  const open = sql`not ${closed} and not ${snoozed} and x.hidden_at is null`;
  switch (filter) {
    case "unread":
      return sql`${open} and x.unread > 0`;
    case "mine":
      return sql`${open} and x.assignee_id = ${advisorId}`;
    case "unassigned":
      return sql`not ${closed} and x.assignee_id is null`;
    case "snoozed":
      return sql`not ${closed} and ${snoozed}`;
    case "closed":
      return closed;
    case "all":
      return open;
  }
}

function toInboxChat(row: InboxRow): InboxChat {
  return {
    id: Number(row.id),
    programme:
      row.course_name !== null ? { name: row.course_name, slug: row.course_slug ?? "" } : null,
    counterpart: {
      id: Number(row.student_id),
      first_name: row.student_first_name,
      last_name: row.student_last_name,
      role: row.student_role,
    },
    assignee:
      row.assignee_id === null
        ? null
        : {
            id: Number(row.assignee_id),
            first_name: row.assignee_first_name ?? "",
            last_name: row.assignee_last_name ?? "",
            role: "advisor",
          },
    last_message:
      row.last_content === null || row.last_sent_at === null
        ? null
        : { content: row.last_content, sent_at: iso(row.last_sent_at) },
    unread: Number(row.unread),
    created_at: iso(row.created_at),
    closed_at: isoOrNull(row.closed_at),
    snoozed_until: isoOrNull(row.snoozed_until),
    match:
      row.match_id === null ? null : { id: Number(row.match_id), content: row.match_content ?? "" },
  };
}

/**
 * The advisor's inbox under `filter`, unread chats first, then the newest conversation first.
 * `q` (when not empty) keeps the chats with a message, a student name or a programme containing
 * it, case-insensitively; `match` is the newest message that contains it.
 */
export async function listInbox(
  db: Database,
  advisorId: number,
  options: { filter: InboxFilter; q: string },
): Promise<InboxChat[]> {
  const searching = options.q !== "";
  const pattern = containsPattern(options.q);
  const rows = await selectRows<InboxRow>(
    db,
    sql`select * from (
          select c.id, c.created_at, c.last_message_at, co.name as course_name,
            co.slug as course_slug, s.id as student_id, s.first_name as student_first_name,
            s.last_name as student_last_name, s.role as student_role, a.user_id as assignee_id,
            au.first_name as assignee_first_name, au.last_name as assignee_last_name,
            a.hidden_at, lm.content as last_content, lm.sent_at as last_sent_at,
            st.closed_at, st.snoozed_until, mt.id as match_id, mt.content as match_content,
            (select count(*)::int from messages m
               where m.chat_id = c.id and m.sender_id = sp.user_id
                 and m.id > coalesce(a.cleared_through_id, 0)
                 and (a.last_read_at is null or m.sent_at > a.last_read_at)) as unread,
            (${searching} and (lower(s.first_name || ' ' || s.last_name) like ${pattern}
               or lower(coalesce(co.name, '')) like ${pattern})) as names_match
          from chats c
          join chat_participants sp on sp.chat_id = c.id and sp.lead_user
          join users s on s.id = sp.user_id
          left join chat_participants a on a.chat_id = c.id and not a.lead_user
          left join users au on au.id = a.user_id
          left join courses co on co.id = c.course_id
          left join messages lm on lm.id = c.last_message_id
            and lm.id > coalesce(a.cleared_through_id, 0)
          left join chat_inbox_states st on st.chat_id = c.id
          left join lateral (
            select m.id, m.content from messages m
            where ${searching} and m.chat_id = c.id and lower(m.content) like ${pattern}
              and m.id > coalesce(a.cleared_through_id, 0)
            order by m.id desc limit 1) mt on true
          where (a.user_id = ${advisorId} or a.user_id is null)
        ) x
        where ${filterCondition(options.filter, advisorId)}
          and (not ${searching} or x.match_id is not null or x.names_match)
        order by (x.unread > 0) desc, coalesce(x.last_message_at, x.created_at) desc, x.id desc
        limit ${INBOX_LIMIT}`,
  );
  return rows.map(toInboxChat);
}
