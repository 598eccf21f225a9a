// Demo accounts for development (issue 4 item 7; README "Demo accounts"): a student, the advisor
// (the spec's fixed advisor id 316, docs/spec/accounts-and-details.md §6, §9) and a partner. Created once;
// never in production.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { clientProfiles, users, type UserRole } from "@studyatlas/db/schema/accounts.ts";

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
  {
    email: "partner@studyatlas.test",
    firstName: "Pat",
    lastName: "Partner",
    role: "partner",
    organization: "Northbridge University",
  },
];

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
        referralCode: `DEMO${account.role.toUpperCase()}`,
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
  return created;
}
