// A partner for the dashboards' integration tests: registered through account/register_partner,
// verified, its organisation linked to `schoolIds` by a sales agent (the demo one unless given) and approved (unless
// `approve` is false), and signed in at the dashboards' door.
import { expect } from "vitest";

import { findUserByEmail, markEmailVerified } from "@studyatlas/core/accounts/users.ts";
import {
  decideOrganisation,
  linkSchool,
  organisationOfUser,
} from "@studyatlas/core/dashboards/organisations.ts";

import { Browser, PASSWORD, uniqueEmail } from "./account-client.ts";
import type { TestApp } from "./test-app.ts";

export interface DashboardPartner {
  email: string;
  browser: Browser;
  organisationId: number;
}

export async function registerPartner(
  t: TestApp,
  options: {
    schoolIds: number[];
    approve?: boolean;
    /** A fresh client address per call, so the sign-in limits never interfere. */
    ip: () => string;
    firstName?: string;
    lastName?: string;
    /** The sales agent who links and approves; the demo sales agent when not given. */
    salesUserId?: number;
  },
): Promise<DashboardPartner> {
  const email = uniqueEmail("partner");
  const browser = new Browser(t.app);
  const registered = await browser.call("POST", "/api/account/register_partner", {
    body: {
      first_name: options.firstName ?? "Pat",
      last_name: options.lastName ?? "Partner",
      email,
      password: PASSWORD,
      organization: "Org",
    },
    ip: options.ip(),
  });
  expect(registered.statusCode).toBe(201);
  const user = await findUserByEmail(t.database.db, email);
  await markEmailVerified(t.database.db, user!.id);
  const organisation = await organisationOfUser(t.database.db, user!.id);
  const salesUserId =
    options.salesUserId ?? (await findUserByEmail(t.database.db, "sales@studyatlas.test"))!.id;
  for (const schoolId of options.schoolIds) {
    await linkSchool(t.database.db, {
      organisationId: organisation!.id,
      schoolId,
      salesUserId,
    });
  }
  if (options.approve ?? true) {
    await decideOrganisation(t.database.db, {
      organisationId: organisation!.id,
      status: "approved",
      salesUserId,
    });
  }
  const signIn = await browser.call("POST", "/api/dashboard/token", {
    body: { email, password: PASSWORD },
    ip: options.ip(),
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  return { email, browser, organisationId: organisation!.id };
}
