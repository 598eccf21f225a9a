// Contact messages (docs/spec/accounts-and-details.md §2 Contact, §7 account/create_contact): stored, then
// mailed to the support inbox (SUPPORT_EMAIL) through the mail outbox.
import type { Database } from "@studyatlas/db/client.ts";
import { contactMessages } from "@studyatlas/db/schema/engagement.ts";

import type { Mailer } from "../accounts/mail-messages.ts";
import { contactMessageMail } from "../accounts/mail-messages.ts";

export interface ContactInput {
  name: string;
  email: string;
  message: string;
  userId?: number | null;
}

export async function createContactMessage(
  db: Database,
  mailer: Mailer,
  input: ContactInput,
  options: { supportEmail: string; publicBaseUrl: string },
): Promise<{ id: number }> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email,
      message: input.message,
      userId: input.userId ?? null,
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error("contact insert returned no row");
  await mailer.send(
    contactMessageMail(options.supportEmail, { ...input, id: row.id }, options.publicBaseUrl),
  );
  return row;
}
