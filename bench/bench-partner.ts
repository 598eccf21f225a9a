// What the catalogue benchmarks share (bench:catalogue-writes, bench:catalogue-import): a new
// partner, verified, approved and linked by the demo sales agent to one school no organisation
// has yet (the one `schoolQuery` picks: a query answering `id` and `slug`), signed in through the
// app with the web's cookies and XSRF token, as the dashboard is.
import { findUserByEmail, markEmailVerified } from "@studyatlas/core/accounts/users.ts";
import {
  decideOrganisation,
  linkSchool,
  organisationOfUser,
} from "@studyatlas/core/dashboards/organisations.ts";
import type { DatabaseHandle } from "@studyatlas/db/client.ts";

import type { buildApp } from "../apps/web/server/app.ts";

type App = Awaited<ReturnType<typeof buildApp>>;

export interface BenchPartner {
  /** The session's cookie and XSRF headers, for app.inject or fetch. */
  headers: () => Record<string, string>;
  schoolId: number;
  schoolSlug: string;
}

export async function approvedPartner(
  app: App,
  database: DatabaseHandle,
  schoolQuery: string,
): Promise<BenchPartner> {
  const email = `bench-partner-${Date.now()}@example.com`;
  const password = "Secret123!";
  const registered = await app.inject({
    method: "POST",
    url: "/api/account/register_partner",
    payload: { first_name: "Pat", last_name: "Partner", email, password, organization: "Org" },
  });
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
  const user = (await findUserByEmail(database.db, email))!;
  await markEmailVerified(database.db, user.id);
  const organisation = (await organisationOfUser(database.db, user.id))!;
  const sales = (await findUserByEmail(database.db, "sales@studyatlas.test"))!;
  const { rows } = await database.query<{ id: number; slug: string }>(schoolQuery);
  const school = rows[0]!;
  await linkSchool(database.db, {
    organisationId: organisation.id,
    schoolId: Number(school.id),
    salesUserId: sales.id,
  });
  await decideOrganisation(database.db, {
    organisationId: organisation.id,
    status: "approved",
    salesUserId: sales.id,
  });
  const cookies = new Map<string, string>();
  const keep = (response: { cookies: { name: string; value: string }[] }) => {
    for (const cookie of response.cookies) cookies.set(cookie.name, cookie.value);
  };
  keep(await app.inject({ url: "/api/health" }));
  const headers = () => ({
    cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    "x-xsrf-token": cookies.get("XSRF-TOKEN") ?? "",
  });
  const signIn = await app.inject({
    method: "POST",
    url: "/api/dashboard/token",
    payload: { email, password },
    headers: headers(),
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in: ${signIn.body}`);
  keep(signIn);
  return { headers, schoolId: Number(school.id), schoolSlug: school.slug };
}
