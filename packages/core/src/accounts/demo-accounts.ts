// Demo accounts (README "Demo accounts"): a student, the
// advisor (the spec's fixed advisor id 316, docs/spec/accounts-and-details.md §6, §9), a partner of an
// approved organisation linked to a school, a partner of an organisation awaiting approval, and a
// sales agent. Created with the demo catalogue (DEMO_ACCOUNTS=false leaves them out).
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { clientProfiles, users, type UserRole } from "@studyatlas/db/schema/accounts.ts";

import { ensureDemoOrganisations } from "../dashboards/demo-organisations.ts";
import { hashPassword } from "./passwords.ts";

export const DEMO_PASSWORD = "Demo1234!";
export const ADVISOR_USER_ID = 316;

export const DEMO_ACCOUNTS: readonly {
  id?: number;
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  organization?: string;
}[] = [
  { email: "student@studyatlas.test", firstName: "Sam", lastName: "Student", role: "student" },
  {
    id: ADVISOR_USER_ID,
    email: "advisor@studyatlas.test",
    firstName: "Ava",
    lastName: "Advisor",
    role: "advisor",
  },
  // A second advisor: new chats go to the two in turn (ADR 058).
  {
    email: "advisor2@studyatlas.test",
    firstName: "Ben",
    lastName: "Advisor",
    role: "advisor",
  },
  {
    email: "partner@studyatlas.test",
    firstName: "Pat",
    lastName: "Partner",
    role: "partner",
    organization: "Northbridge University",
  },
  {
    email: "agent@studyatlas.test",
    firstName: "Alex",
    lastName: "Agent",
    role: "partner",
    organization: "Harbourview Education Agency",
  },
  { email: "sales@studyatlas.test", firstName: "Sasha", lastName: "Sales", role: "sales" },
];

/** The line printed when the demo accounts are created (at first start and by db:seed). */
export function demoAccountsLine(): string {
  const list = DEMO_ACCOUNTS.map(
    (account) => `${account.email} (${account.role}${account.id ? `, user id ${account.id}` : ""})`,
  ).join(", ");
  return `Demo accounts created (password ${DEMO_PASSWORD}): ${list}`;
}

export async function ensureDemoAccounts(db: Database): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    const rows = await db
      .insert(users)
      .values({
        ...(account.id ? { id: account.id } : {}),
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        role: account.role,
        organization: account.organization ?? null,
        passwordHash,
        emailVerified: true,
        emailVerifiedAt: new Date(),
        // DEMOSTUDENT, DEMOADVISOR, DEMOPARTNER, DEMOAGENT, DEMOSALES: unique, like every code.
        referralCode: `DEMO${account.email.split("@")[0]!.toUpperCase()}`,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    const row = rows[0];
    if (row) {
      created += 1;
      await db.insert(clientProfiles).values({ userId: row.id }).onConflictDoNothing();
    }
  }
  // The advisor's explicit id must not collide with later sign-ups.
  await db.execute(sql`select setval('users_id_seq', greatest((select max(id) from users), 1))`);
  // Both demo advisors take new chats in turn (ADR 058); an advisor can step away from /chat.
  await db.execute(
    sql`insert into inbox_advisors (user_id, accepting)
        select id, true from users
        where role = 'advisor' and email in ('advisor@studyatlas.test', 'advisor2@studyatlas.test')
        on conflict (user_id) do nothing`,
  );
  await ensureDemoOrganisations(db);
  return created;
}
