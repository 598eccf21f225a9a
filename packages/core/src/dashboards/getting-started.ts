// The getting-started checklist on a new partner's overview (docs/decisions/056-organisation-membership.md
// "Getting started"): the school profile, the first programme and lead delivery, each done once
// the team has done it, read from what is already stored (the audit log and the organisation's
// webhook), so nothing new is written to keep it.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { selectOne } from "../sql-rows.ts";

export interface GettingStarted {
  /** A member saved a school profile (about, video, city, logo or banner). */
  schoolProfile: boolean;
  /** A member created, duplicated or imported a programme. */
  firstProgramme: boolean;
  /** A member chose where leads go: a webhook, or a changed lead e-mail address. */
  leadDelivery: boolean;
}

export async function gettingStarted(
  db: Database,
  organisationId: number,
): Promise<GettingStarted> {
  const done = (condition: ReturnType<typeof sql>) =>
    sql`exists (select 1 from audit_log l where l.organisation_id = ${organisationId}
                  and l.actor_role = 'partner' and (${condition}))`;
  const row = await selectOne<GettingStarted>(
    db,
    sql`select ${done(sql`l.entity = 'school' and l.action = 'update'`)} as "schoolProfile",
          ${done(sql`(l.entity = 'programme' and l.action = 'create')
                     or (l.entity = 'school' and l.action = 'import')`)} as "firstProgramme",
          (${done(sql`l.entity = 'organisation' and l.action = 'update'`)}
           or exists (select 1 from organisations o
                      where o.id = ${organisationId} and o.webhook_url is not null))
            as "leadDelivery"`,
  );
  return {
    schoolProfile: Boolean(row?.schoolProfile),
    firstProgramme: Boolean(row?.firstProgramme),
    leadDelivery: Boolean(row?.leadDelivery),
  };
}
