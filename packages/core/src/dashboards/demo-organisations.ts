// The demo partners' organisations (docs/decisions/016-organisations-and-dashboards.md "Demo
// data"): partner@studyatlas.test acts for an approved organisation linked to the demo catalogue's
// school with the most published programmes (named after it), so its dashboard is not empty on a
// fresh start; agent@studyatlas.test's agency waits for a sales agent's approval. Idempotent: a
// partner that has an organisation keeps it.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { seedDemoAnalytics } from "./analytics/demo-analytics.ts";
import { selectOne, selectRows } from "../sql-rows.ts";

export const DEMO_PARTNER_EMAIL = "partner@studyatlas.test";
export const DEMO_AGENT_EMAIL = "agent@studyatlas.test";

async function userWithoutOrganisation(db: Database, email: string) {
  return selectOne<{ id: number; email: string; organization: string | null }>(
    db,
    sql`select u.id, u.email, u.organization from users u
        where lower(u.email) = ${email}
          and not exists (select 1 from organisation_members m where m.user_id = u.id)`,
  );
}

export async function ensureDemoOrganisations(db: Database): Promise<void> {
  const partner = await userWithoutOrganisation(db, DEMO_PARTNER_EMAIL);
  if (partner) {
    const school = await selectOne<{ id: number; name: string }>(
      db,
      sql`select s.id, s.name from schools s
          join courses c on c.school_id = s.id and c.published
          where s.published
            and not exists (select 1 from organisation_schools l where l.school_id = s.id)
          group by s.id, s.name order by count(*) desc, s.id limit 1`,
    );
    const organisation = await selectOne<{ id: number }>(
      db,
      sql`insert into organisations (name, kind, status, lead_email, decided_at)
          values (${school?.name ?? partner.organization ?? "Demo University"}, 'school', 'approved',
                  ${partner.email}, now())
          returning id`,
    );
    await db.execute(
      sql`insert into organisation_members (user_id, organisation_id)
          values (${partner.id}, ${organisation!.id})`,
    );
    if (school) {
      await db.execute(
        sql`insert into organisation_schools (school_id, organisation_id)
            values (${school.id}, ${organisation!.id}) on conflict do nothing`,
      );
      await db.execute(
        sql`update users set organization = ${school.name} where id = ${partner.id}`,
      );
    }
  }
  const agent = await userWithoutOrganisation(db, DEMO_AGENT_EMAIL);
  if (agent) {
    const organisation = await selectOne<{ id: number }>(
      db,
      sql`insert into organisations (name, kind, status, lead_email)
          values (${agent.organization ?? "Demo Agency"}, 'agent', 'pending', ${agent.email})
          returning id`,
    );
    await db.execute(
      sql`insert into organisation_members (user_id, organisation_id)
          values (${agent.id}, ${organisation!.id})`,
    );
  }
}

/**
 * The demo partner's dashboard is not empty on a fresh start
 * (docs/decisions/015-programme-analytics.md "Demo data"): 90 days of plausible views, visitors,
 * saves and applications (leads) for its organisation's schools. Idempotent (seedDemoAnalytics
 * adds nothing the second time).
 */
export async function seedDemoDashboards(db: Database): Promise<void> {
  const rows = await selectRows<{ school_id: number }>(
    db,
    sql`select l.school_id from users u
        join organisation_members m on m.user_id = u.id
        join organisation_schools l on l.organisation_id = m.organisation_id
        where lower(u.email) = ${DEMO_PARTNER_EMAIL}`,
  );
  if (rows.length === 0) return;
  await seedDemoAnalytics(db, {
    schoolIds: rows.map((row) => Number(row.school_id)),
    days: 90,
    seed: 2026,
  });
}
