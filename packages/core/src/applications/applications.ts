// Applications (docs/spec/accounts-and-details.md §3 "Application (interest) payload", §4
// "Application form", §6 Advisor, §7 academics/course/create_interest;
// docs/decisions/012-applications-and-live-chat.md). Storing an application opens its chat between
// the student (the lead user) and the advisor, in one transaction: there is never an application
// without its chat, nor a chat with nobody.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import {
  APPLICATION_MESSAGES,
  type Application,
  type ApplicationDetail,
} from "@studyatlas/schemas/applications.ts";

import { ConflictError, NotFoundError, UnavailableError, ValidationError } from "../errors.ts";
import { selectOne, selectRows } from "../sql-rows.ts";
import { inTransaction } from "../transactions.ts";
import { CHAT_EVENTS_CHANNEL } from "../chat/chat-notices.ts";
import { upsertApplicantProfile } from "./my-applications.ts";
import { nextAdvisor } from "../chat/inbox-actions.ts";
import { copyQualificationsToApplication } from "../eligibility/stored-requirements.ts";

export interface CreatedApplication {
  applicationId: number;
  chatId: number;
}

/** Whether the advisor account exists (ADVISOR_USER_ID): without it no chat can be answered. */
export async function advisorExists(db: Database, advisorUserId: number): Promise<boolean> {
  const row = await selectOne<{ id: number }>(
    db,
    sql`select id from users where id = ${advisorUserId}`,
  );
  return row !== undefined;
}

/**
 * Stores `input` as `userId`'s application and opens its chat with the advisor. Throws 404 for a
 * programme that is unknown or not public, 400 for a country that does not exist, 409 for a
 * second application to the same programme, 503 while the advisor account does not exist.
 */
export async function createApplication(
  db: Database,
  userId: number,
  input: Application,
  options: { advisorUserId: number },
): Promise<CreatedApplication> {
  const { advisorUserId } = options;
  if (!(await advisorExists(db, advisorUserId))) {
    throw new UnavailableError(APPLICATION_MESSAGES.noAdvisor, { code: "advisor_unavailable" });
  }
  const course = await selectOne<{ id: number }>(
    db,
    sql`select c.id from courses c join schools s on s.id = c.school_id
        where c.id = ${input.course} and c.published and s.published`,
  );
  if (!course) throw new NotFoundError(APPLICATION_MESSAGES.unknownCourse);
  const found = await selectRows<{ id: number }>(
    db,
    sql`select id from countries where id in (${input.country}, ${input.nationality})`,
  );
  const known = new Set(found.map((row) => Number(row.id)));
  const errors: Record<string, string[]> = {};
  if (!known.has(input.country)) errors.country = [APPLICATION_MESSAGES.country];
  if (!known.has(input.nationality)) errors.nationality = [APPLICATION_MESSAGES.country];
  if (Object.keys(errors).length > 0) {
    throw new ValidationError(APPLICATION_MESSAGES.country, { errors });
  }
  // §7 account/user/referral/{code}: the code names a user (codes are stored upper-case). An
  // unknown code is kept as typed; one's own code refers no one.
  const referralCode = input.referral_code;
  const referrer =
    referralCode === ""
      ? undefined
      : await selectOne<{ id: number }>(
          db,
          sql`select id from users where referral_code = ${referralCode.toUpperCase()} and id <> ${userId}`,
        );

  return inTransaction(db, async (tx) => {
    const application = await selectOne<{ id: number }>(
      tx,
      sql`insert into applications (user_id, course_id, title, first_name, last_name, email, sex,
            country_id, nationality_id, date_of_birth, phone_number, address, city, zip_code,
            referral_code, referrer_user_id)
          values (${userId}, ${input.course}, ${input.title}, ${input.firstName}, ${input.lastName},
            ${input.email}, ${input.sex}, ${input.country}, ${input.nationality},
            ${input.date_of_birth}, ${input.phone_number}, ${input.address}, ${input.city},
            ${input.zip_code}, ${referralCode}, ${referrer?.id ?? null})
          on conflict (user_id, course_id) do nothing
          returning id`,
    );
    if (!application) {
      throw new ConflictError(APPLICATION_MESSAGES.duplicate, { code: "already_applied" });
    }
    // The school sees the student's qualifications only here, as they were when applying (ADR 054).
    await copyQualificationsToApplication(tx, userId, application.id);
    const chat = await selectOne<{ id: number }>(
      tx,
      sql`insert into chats (application_id, course_id) values (${application.id}, ${input.course})
          returning id`,
    );
    if (!chat) throw new Error("chats insert returned no row");
    // §6: an advisor is always added; the student is the lead user. Advisors taking chats take
    // them in turn, else ADVISOR_USER_ID (ADR 058).
    const advisorId = (await nextAdvisor(tx)) ?? advisorUserId;
    await tx.execute(
      sql`insert into chat_participants (chat_id, user_id, lead_user)
          values (${chat.id}, ${userId}, true), (${chat.id}, ${advisorId}, false)
          on conflict do nothing`,
    );
    // The next application starts from what the student typed here (ADR 057).
    await upsertApplicantProfile(tx, userId, input);
    await tx.execute(
      sql`select pg_notify(${CHAT_EVENTS_CHANNEL}, ${JSON.stringify({ type: "chat", chat_id: chat.id })})`,
    );
    return { applicationId: Number(application.id), chatId: Number(chat.id) };
  });
}

interface ApplicationRow {
  id: number;
  created_at: Date | string;
  course_id: number;
  course_name: string;
  course_slug: string;
  title: string;
  first_name: string;
  last_name: string;
  email: string;
  sex: string;
  date_of_birth: string;
  phone_number: string;
  country_id: number;
  country_name: string;
  nationality_id: number;
  nationality_name: string;
  address: string;
  city: string;
  zip_code: string;
  referral_code: string;
  referrer_id: number | null;
  referrer_first_name: string | null;
  referrer_last_name: string | null;
}

/**
 * The application a chat is about, for a participant of that chat (the advisor's side panel).
 * Anyone else gets 404, as for the chat itself.
 */
export async function getChatApplication(
  db: Database,
  userId: number,
  chatId: number,
  notFoundMessage: string,
): Promise<ApplicationDetail | null> {
  // A participant, or an advisor looking at a chat no advisor has yet (ADR 058).
  const participant = await selectOne<{ application_id: number | null }>(
    db,
    sql`select c.application_id from chats c
        where c.id = ${chatId} and (
          exists (select 1 from chat_participants p where p.chat_id = c.id and p.user_id = ${userId})
          or (exists (select 1 from users u where u.id = ${userId} and u.role = 'advisor')
              and not exists (select 1 from chat_participants q
                              where q.chat_id = c.id and not q.lead_user)))`,
  );
  if (!participant) throw new NotFoundError(notFoundMessage);
  if (participant.application_id === null) return null;
  const row = await selectOne<ApplicationRow>(
    db,
    sql`select a.id, a.created_at, a.course_id, co.name as course_name, co.slug as course_slug,
          a.title, a.first_name, a.last_name, a.email, a.sex, a.date_of_birth::text as date_of_birth,
          a.phone_number, a.country_id, cn.name as country_name, a.nationality_id,
          nn.name as nationality_name, a.address, a.city, a.zip_code, a.referral_code,
          r.id as referrer_id, r.first_name as referrer_first_name, r.last_name as referrer_last_name
        from applications a
        join courses co on co.id = a.course_id
        join countries cn on cn.id = a.country_id
        join countries nn on nn.id = a.nationality_id
        left join users r on r.id = a.referrer_user_id
        where a.id = ${participant.application_id}`,
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    created_at: new Date(row.created_at).toISOString(),
    course: { id: Number(row.course_id), name: row.course_name, slug: row.course_slug },
    title: row.title,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    sex: row.sex,
    date_of_birth: row.date_of_birth,
    phone_number: row.phone_number,
    country: { id: Number(row.country_id), name: row.country_name },
    nationality: { id: Number(row.nationality_id), name: row.nationality_name },
    address: row.address,
    city: row.city,
    zip_code: row.zip_code,
    referral_code: row.referral_code,
    referrer:
      row.referrer_id === null
        ? null
        : {
            id: Number(row.referrer_id),
            first_name: row.referrer_first_name ?? "",
            last_name: row.referrer_last_name ?? "",
          },
  };
}
