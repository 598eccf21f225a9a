// Helpers of the alert tests (docs/decisions/053-saved-searches-and-alerts.md): a signed-in
// student, a programme added at a chosen time, and the student's alert e-mails in the outbox.
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

import { selectRows } from "@studyatlas/core/sql-rows.ts";
import type { Database } from "@studyatlas/db/client.ts";

import { Browser, PASSWORD, uniqueEmail } from "./account-client.ts";
import { body, nextIp } from "./endpoint-support.ts";

export async function signedInStudent(
  app: FastifyInstance,
): Promise<{ browser: Browser; email: string; userId: number }> {
  const browser = new Browser(app);
  const email = uniqueEmail("alerts");
  body(
    await browser.call("POST", "/api/account/register", {
      body: { first_name: "Ada", last_name: "Lovelace", email, password: PASSWORD },
      ip: nextIp(),
    }),
    201,
  );
  body(
    await browser.call("POST", "/api/account/token", { body: { email, password: PASSWORD } }),
    200,
  );
  const me = body(await browser.call("GET", "/api/account/detail"), 200) as { id: number };
  return { browser, email, userId: Number(me.id) };
}

/** A published programme of a published school, with its school's slug. */
export async function someCourse(db: Database): Promise<{ id: number; schoolSlug: string }> {
  const [row] = await selectRows<{ id: number; slug: string }>(
    db,
    sql`select c.id, s.slug from courses c join schools s on s.id = c.school_id
        where c.published and s.published order by c.id limit 1`,
  );
  if (!row) throw new Error("The test catalogue has no published programme");
  return { id: Number(row.id), schoolSlug: row.slug };
}

let copies = 0;

/** A copy of a programme (same school and filters), added at `createdAt`; its id. */
export async function addCourseLike(
  db: Database,
  sourceId: number,
  createdAt: Date,
  changes: { deadlineMonth?: number; deadlineYear?: number; published?: boolean } = {},
): Promise<number> {
  copies += 1;
  const suffix = `${Date.now().toString(36)}-${copies}`;
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`insert into courses (slug, name, about, school_id, programme_type_id, degree_type_id,
          language_id, duration, duration_base, course_format, attendance, start_month, start_year,
          deadline_month, deadline_year, tuition_fee, tuition_currency_id, tuition_fee_base,
          tuition_fee_usd, featured, published, school_name, discipline_names, created_at,
          updated_at)
        select ${`alert-copy-${suffix}`}, ${`Alert Copy ${suffix}`}, about, school_id,
          programme_type_id, degree_type_id, language_id, duration, duration_base, course_format,
          attendance, start_month, start_year,
          coalesce(${changes.deadlineMonth ?? null}::smallint, deadline_month),
          coalesce(${changes.deadlineYear ?? null}::smallint, deadline_year),
          tuition_fee, tuition_currency_id, tuition_fee_base, tuition_fee_usd, featured, ${changes.published ?? true},
          school_name, discipline_names, ${createdAt.toISOString()}::timestamptz,
          ${createdAt.toISOString()}::timestamptz
        from courses where id = ${sourceId}
        returning id`,
  );
  if (!row) throw new Error("The programme was not copied");
  return Number(row.id);
}

export interface AlertMail {
  id: number;
  subject: string;
  text: string;
  headers: Record<string, string> | null;
}

/** The alert e-mails sent to `email`, oldest first. */
export async function alertMailsTo(db: Database, email: string): Promise<AlertMail[]> {
  const rows = await selectRows<AlertMail>(
    db,
    sql`select id, subject, text, headers from mail_outbox
        where kind = 'alert' and lower(to_address) = lower(${email}) order by id`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** The tokens of a digest's List-Unsubscribe address. */
export function oneClickTokens(mail: AlertMail): string[] {
  const header = mail.headers?.["List-Unsubscribe"] ?? "";
  const address = header.replace(/^</, "").replace(/>$/, "");
  return new URL(address).searchParams.getAll("token");
}

/** The token of the "Stop this alert" link under the section whose title contains `title`. */
export function sectionToken(mail: AlertMail, title: string): string {
  const section = mail.text.split("\n\n").find((block) => block.includes(title));
  const match = section?.match(/Stop this alert: \S+token=([^\s&]+)/);
  if (!match?.[1]) throw new Error(`No section '${title}' in: ${mail.text}`);
  return decodeURIComponent(match[1]);
}

export const MINUTE = 60_000;
export const DAY = 86_400_000;
