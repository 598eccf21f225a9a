// The mail outbox: every message is recorded; without SMTP it stays here, for the log, the
// development mailbox (/dev/mailbox) and the tests.
import { desc, eq, sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { mailOutbox } from "@studyatlas/db/schema/accounts.ts";

import type { MailMessage } from "./mail-messages.ts";

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function recordMail(db: Database, message: MailMessage): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      toAddress: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      kind: message.kind,
      link: message.link,
      headers: message.headers ?? null,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("outbox insert returned no row");
  return row.id;
}

export async function markMailSent(db: Database, id: number, error?: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set(error ? { error } : { sentAt: new Date() })
    .where(eq(mailOutbox.id, id));
}

/** Newest first; optionally only the messages to one address. */
export async function listOutbox(
  db: Database,
  options: { to?: string; limit?: number } = {},
): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(options.to ? sql`lower(${mailOutbox.toAddress}) = lower(${options.to})` : sql`true`)
    .orderBy(desc(mailOutbox.id))
    .limit(options.limit ?? 50);
}

export async function getOutboxMessage(db: Database, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row;
}
