// An advisor's saved replies (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md): canned
// answers of their own, put into the message box and edited before sending. Another advisor's
// reply answers 404.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { INBOX_MESSAGES } from "@studyatlas/schemas/inbox.ts";

import { ConflictError, NotFoundError } from "../errors.ts";
import { selectOne, selectRows } from "../sql-rows.ts";
import { requireAdvisor } from "./inbox-actions.ts";

export interface SavedReply {
  id: number;
  title: string;
  body: string;
}

type Advisor = { id: number; role: string };

export async function listSavedReplies(db: Database, owner: Advisor): Promise<SavedReply[]> {
  requireAdvisor(owner);
  const rows = await selectRows<SavedReply>(
    db,
    sql`select id, title, body from saved_replies where owner_id = ${owner.id}
        order by lower(title), id`,
  );
  return rows.map((row) => ({ id: Number(row.id), title: row.title, body: row.body }));
}

export async function createSavedReply(
  db: Database,
  owner: Advisor,
  input: { title: string; body: string },
): Promise<SavedReply> {
  requireAdvisor(owner);
  const row = await selectOne<SavedReply>(
    db,
    sql`insert into saved_replies (owner_id, title, body)
        values (${owner.id}, ${input.title}, ${input.body})
        on conflict (owner_id, title) do nothing
        returning id, title, body`,
  );
  if (!row) {
    throw new ConflictError(INBOX_MESSAGES.replyDuplicate, {
      code: "saved_reply_exists",
      errors: { title: [INBOX_MESSAGES.replyDuplicate] },
    });
  }
  return { id: Number(row.id), title: row.title, body: row.body };
}

export async function deleteSavedReply(db: Database, owner: Advisor, id: number): Promise<void> {
  requireAdvisor(owner);
  const rows = await selectRows<{ id: number }>(
    db,
    sql`delete from saved_replies where id = ${id} and owner_id = ${owner.id} returning id`,
  );
  if (rows.length === 0) {
    throw new NotFoundError(INBOX_MESSAGES.replyNotFound, { code: "saved_reply_not_found" });
  }
}
