// Whose public fields a signed-in user may read (docs/spec/accounts-and-details.md §7 get_user):
// their own, and those of the people they deal with: who shares a chat with them (the student and
// the advisor or agent of an application's chat), and, across an application, the student and the
// partner staff of the organisation that speaks for the programme's school. Anyone else answers
// 404, like an id that does not exist, so the endpoint lists nobody.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { PublicUser } from "@studyatlas/schemas/accounts.ts";

import { NotFoundError } from "../errors.ts";
import { selectOne } from "../sql-rows.ts";
import { getPublicUser } from "./users.ts";

export const USER_NOT_FOUND = "User not found.";

/** Whether `viewerId` and `userId` share a chat, or an application and its school's staff. */
async function dealsWith(db: Database, viewerId: number, userId: number): Promise<boolean> {
  const row = await selectOne<{ related: boolean }>(
    db,
    sql`select exists (
          select 1 from chat_participants mine
          join chat_participants theirs on theirs.chat_id = mine.chat_id
          where mine.user_id = ${viewerId} and theirs.user_id = ${userId}
        ) or exists (
          select 1 from applications a
          join courses c on c.id = a.course_id
          join organisation_schools l on l.school_id = c.school_id
          join organisation_members m on m.organisation_id = l.organisation_id
          where (a.user_id = ${viewerId} and m.user_id = ${userId})
             or (a.user_id = ${userId} and m.user_id = ${viewerId})
        ) as related`,
  );
  return row?.related === true;
}

/** Another user's public fields, when the viewer deals with them (404 otherwise). */
export async function getVisibleUser(
  db: Database,
  viewerId: number,
  userId: number,
): Promise<PublicUser> {
  if (viewerId !== userId && !(await dealsWith(db, viewerId, userId))) {
    throw new NotFoundError(USER_NOT_FOUND);
  }
  return getPublicUser(db, userId);
}
