// What the school-profile tests share (dashboards-school-profile*.test.ts): a sales agent, three
// schools without an organisation, partner A (two of them) and partner B (the third), each signed
// in at the dashboards' door.
import { expect } from "vitest";

import { createUser } from "@studyatlas/core/accounts/users.ts";

import { Browser, PASSWORD, uniqueEmail } from "./account-client.ts";
import { registerPartner } from "./dashboards-support.ts";
import type { TestApp } from "./test-app.ts";

/** The largest upload the test app takes (its schoolImageMaxBytes). */
export const MAX_BYTES = 1024 * 1024;

let address = 0;
const nextIp = () => `10.15.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

export interface Partner {
  browser: Browser;
  organisationId: number;
}

export async function signedIn(t: TestApp, email: string): Promise<Browser> {
  const browser = new Browser(t.app);
  const signIn = await browser.call("POST", "/api/dashboard/token", {
    body: { email, password: PASSWORD },
    ip: nextIp(),
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  return browser;
}

/** A partner whose organisation is linked to `schoolIds`, approved when `approve`. */
export async function partnerOf(
  t: TestApp,
  salesId: number,
  schoolIds: number[],
  approve = true,
): Promise<Partner> {
  const { browser, organisationId } = await registerPartner(t, {
    schoolIds,
    approve,
    ip: nextIp,
    salesUserId: salesId,
  });
  return { browser, organisationId };
}

/** The sales agent, partner A with schools A and A2, and partner B with school B. */
export async function schoolsAndPartners(t: TestApp) {
  const sales = await createUser(t.database.db, {
    email: uniqueEmail("sales"),
    firstName: "Sam",
    lastName: "Sales",
    password: PASSWORD,
    role: "sales",
    emailVerified: true,
  });
  const salesId = sales.id;
  const { rows } = await t.database.query<{ id: number; slug: string }>(
    `select id, slug from schools s where s.published
       and not exists (select 1 from organisation_schools l where l.school_id = s.id)
     order by id limit 4`,
  );
  const [schoolA, schoolA2, schoolB] = rows.map((row) => Number(row.id)) as [
    number,
    number,
    number,
  ];
  const slugA = rows[0]!.slug;
  const a = await partnerOf(t, salesId, [schoolA, schoolA2]);
  const b = await partnerOf(t, salesId, [schoolB]);
  return { salesId, schoolA, schoolA2, schoolB, slugA, a, b };
}
