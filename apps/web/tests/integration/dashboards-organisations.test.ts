// Organisations, roles and the dashboards' doors
// (docs/decisions/016-organisations-and-dashboards.md), on both engines: partner registration makes
// a pending organisation; a sales agent approves it and links its schools; sales agents join by
// invitation; 'remember me' decides between a 30-day session and a browser session; and the role
// matrix of the dashboard API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { seedDemoDashboards } from "@studyatlas/core/dashboards/demo-organisations.ts";
import { createUser, findUserByEmail, markEmailVerified } from "@studyatlas/core/accounts/users.ts";

import { Browser, PASSWORD, linkFor, uniqueEmail } from "./account-client.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let address = 0;
/** Each sign-in from an address of its own: the per-address limits are not under test here. */
const nextIp = () => `10.13.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function signedIn(email: string, remember = false): Promise<Browser> {
  const browser = new Browser(t.app);
  const response = await browser.call("POST", "/api/dashboard/token", {
    body: { email, password: PASSWORD, remember },
    ip: nextIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return browser;
}

async function newUser(role: "student" | "sales" | "advisor") {
  const email = uniqueEmail(role);
  await createUser(t.database.db, {
    email,
    firstName: "Robin",
    lastName: "Tester",
    password: PASSWORD,
    role,
    emailVerified: true,
  });
  return email;
}

/** A partner registered through the API (a pending organisation) with a verified address. */
async function newPartner(organization: string): Promise<{ email: string; browser: Browser }> {
  const email = uniqueEmail("partner");
  const response = await new Browser(t.app).call("POST", "/api/account/register_partner", {
    body: { first_name: "Pat", last_name: "Partner", email, password: PASSWORD, organization },
    ip: nextIp(),
  });
  expect(response.statusCode, response.body).toBe(201);
  const user = await findUserByEmail(t.database.db, email);
  await markEmailVerified(t.database.db, user!.id);
  return { email, browser: await signedIn(email) };
}

async function someSchools(count: number): Promise<number[]> {
  const { rows } = await t.database.query<{ id: number }>(
    `select s.id from schools s where not exists
       (select 1 from organisation_schools l where l.school_id = s.id)
     order by s.id desc limit ${count}`,
  );
  return rows.map((row) => Number(row.id));
}

describe("partner registration and approval", () => {
  it("makes a pending organisation that a sales agent approves, suspends and restores", async () => {
    const partner = await newPartner("Lakeside College");
    const sales = await signedIn(await newUser("sales"));

    let mine = await partner.browser.call("GET", "/api/dashboard/partner/organisation");
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ name: "Lakeside College", status: "pending", schools: [] });
    const organisationId = mine.json<{ id: number }>().id;

    const pending = await sales.call(
      "GET",
      "/api/dashboard/sales/organisations?status=pending&q=Lakeside",
    );
    expect(pending.statusCode).toBe(200);
    const listed = pending.json<{ results: { id: number; members: { email: string }[] }[] }>();
    expect(listed.results.map((row) => row.id)).toContain(organisationId);
    expect(listed.results.find((row) => row.id === organisationId)?.members[0]?.email).toBe(
      partner.email,
    );

    const approved = await sales.call(
      "POST",
      `/api/dashboard/sales/organisations/${organisationId}/status`,
      { body: { status: "approved" } },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: "approved" });
    mine = await partner.browser.call("GET", "/api/dashboard/partner/organisation");
    expect(mine.json()).toMatchObject({ status: "approved" });

    for (const status of ["suspended", "approved"]) {
      const decided = await sales.call(
        "POST",
        `/api/dashboard/sales/organisations/${organisationId}/status`,
        { body: { status } },
      );
      expect(decided.json()).toMatchObject({ status });
    }
    const bad = await sales.call(
      "POST",
      `/api/dashboard/sales/organisations/${organisationId}/status`,
      { body: { status: "deleted" } },
    );
    expect(bad.statusCode).toBe(400);
    const unknown = await sales.call("POST", "/api/dashboard/sales/organisations/999999/status", {
      body: { status: "approved" },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("links a school to one organisation only, even when two links race", async () => {
    const first = await newPartner("First Org");
    const second = await newPartner("Second Org");
    const sales = await signedIn(await newUser("sales"));
    const ids = await Promise.all(
      [first, second].map(async ({ browser }) => {
        const answer = await browser.call("GET", "/api/dashboard/partner/organisation");
        return answer.json<{ id: number }>().id;
      }),
    );
    const [school] = await someSchools(1);

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        sales.call("POST", `/api/dashboard/sales/organisations/${ids[n % 2]}/schools`, {
          body: { school_id: school },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const { rows } = await t.database.query<{ organisation_id: number }>(
      "select organisation_id from organisation_schools where school_id = $1",
      [school],
    );
    expect(rows).toHaveLength(1);
    const owner = Number(rows[0]!.organisation_id);
    const loser = ids.find((id) => id !== owner)!;
    const refused = await sales.call(
      "POST",
      `/api/dashboard/sales/organisations/${loser}/schools`,
      {
        body: { school_id: school },
      },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "school_taken" });

    const search = await sales.call("GET", `/api/dashboard/sales/schools?q=a`);
    expect(search.statusCode).toBe(200);

    const missing = await sales.call(
      "POST",
      `/api/dashboard/sales/organisations/${owner}/schools`,
      {
        body: { school_id: 2_000_000 },
      },
    );
    expect(missing.statusCode).toBe(404);
    const unlinked = await sales.call(
      "DELETE",
      `/api/dashboard/sales/organisations/${owner}/schools/${school}`,
    );
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json<{ schools: unknown[] }>().schools).toEqual([]);
    const again = await sales.call(
      "DELETE",
      `/api/dashboard/sales/organisations/${owner}/schools/${school}`,
    );
    expect(again.statusCode).toBe(404);
  });
});

describe("the role matrix of the dashboard API", () => {
  const salesPaths: [string, string, unknown?][] = [
    ["GET", "/api/dashboard/sales/organisations"],
    ["GET", "/api/dashboard/sales/organisations/1"],
    ["POST", "/api/dashboard/sales/organisations/1/status", { status: "approved" }],
    ["POST", "/api/dashboard/sales/organisations/1/schools", { school_id: 1 }],
    ["DELETE", "/api/dashboard/sales/organisations/1/schools/1"],
    ["GET", "/api/dashboard/sales/schools?q=a"],
    ["GET", "/api/dashboard/sales/invitations"],
    ["POST", "/api/dashboard/sales/invitations", { email: "someone@example.com" }],
    ["GET", "/api/dashboard/sales/analytics/overview?days=30"],
  ];
  const partnerPaths: [string, string, unknown?][] = [
    ["GET", "/api/dashboard/partner/organisation"],
    ["GET", "/api/dashboard/partner/analytics/overview?days=30"],
    ["GET", "/api/dashboard/partner/leads"],
    ["GET", "/api/dashboard/partner/leads.csv"],
    ["GET", "/api/dashboard/partner/settings"],
  ];

  it("answers 401 signed out, and 403 to a student or advisor on every dashboard path", async () => {
    const signedOut = new Browser(t.app);
    // Students and advisors have no dashboard (the dashboard door refuses them, below): they
    // sign in on the site's own door and try the dashboard API from there.
    for (const role of ["student", "advisor"] as const) {
      const email = await newUser(role);
      const browser = new Browser(t.app);
      const signIn = await browser.call("POST", "/api/account/token", {
        body: { email, password: PASSWORD },
        ip: nextIp(),
      });
      expect(signIn.statusCode).toBe(200);
      for (const [method, url, body] of [...salesPaths, ...partnerPaths]) {
        const answer = await browser.call(method, url, body === undefined ? {} : { body });
        expect(answer.statusCode, `${role} ${method} ${url}`).toBe(403);
        const outsider = await signedOut.call(method, url, body === undefined ? {} : { body });
        expect(outsider.statusCode, `signed out ${method} ${url}`).toBe(401);
      }
    }
  });

  it("keeps partners out of the sales API and sales agents out of the partner API", async () => {
    const partner = await newPartner("Matrix College");
    for (const [method, url, body] of salesPaths) {
      const answer = await partner.browser.call(method, url, body === undefined ? {} : { body });
      expect(answer.statusCode, `partner ${method} ${url}`).toBe(403);
    }
    const sales = await signedIn(await newUser("sales"));
    for (const [method, url] of partnerPaths) {
      expect((await sales.call(method, url)).statusCode).toBe(403);
    }
  });
});

describe("the dashboard door", () => {
  it("refuses a wrong password (401) and a student (403), and names each role's dashboard", async () => {
    const wrong = await new Browser(t.app).call("POST", "/api/dashboard/token", {
      body: { email: await newUser("sales"), password: "Wrong123!", remember: false },
      ip: nextIp(),
    });
    expect(wrong.statusCode).toBe(401);
    const student = await new Browser(t.app).call("POST", "/api/dashboard/token", {
      body: { email: await newUser("student"), password: PASSWORD },
      ip: nextIp(),
    });
    expect(student.statusCode).toBe(403);
    expect(student.json()).toMatchObject({ code: "not_dashboard_user" });
    expect(student.cookies.find((cookie) => cookie.name === "sa_access")).toBeUndefined();

    const sales = await new Browser(t.app).call("POST", "/api/dashboard/token", {
      body: { email: await newUser("sales"), password: PASSWORD },
      ip: nextIp(),
    });
    expect(sales.json()).toMatchObject({ redirect_to: "/dashboard/sales" });
  });

  it("remember me keeps a 30-day session; without it a browser session ends with the browser (12 h at most)", async () => {
    const email = await newUser("sales");
    for (const remember of [true, false]) {
      const browser = new Browser(t.app);
      const response = await browser.call("POST", "/api/dashboard/token", {
        body: { email, password: PASSWORD, remember },
        ip: nextIp(),
      });
      expect(response.statusCode).toBe(200);
      const refresh = response.cookies.find((cookie) => cookie.name === "sa_refresh");
      const access = response.cookies.find((cookie) => cookie.name === "sa_access");
      if (remember) {
        expect(refresh?.maxAge).toBe(30 * 24 * 60 * 60);
        expect(access?.maxAge).toBeGreaterThan(0);
      } else {
        expect(refresh?.maxAge).toBeUndefined();
        expect(refresh?.expires).toBeUndefined();
        expect(access?.maxAge).toBeUndefined();
      }
      const { rows } = await t.database.query<{ hours: number; persistent: boolean }>(
        `select extract(epoch from (not_after - created_at)) / 3600 as hours, persistent
         from sessions where user_id = (select id from users where email = $1)
         order by created_at desc limit 1`,
        [email],
      );
      expect(rows[0]?.persistent).toBe(remember);
      expect(Math.round(Number(rows[0]?.hours))).toBe(remember ? 720 : 12);

      // A refresh keeps the kind of session: no expiry appears on a browser session's cookies.
      const refreshed = await browser.call("POST", "/api/account/token/refresh", { body: {} });
      expect(refreshed.statusCode).toBe(200);
      const renewed = refreshed.cookies.find((cookie) => cookie.name === "sa_refresh");
      expect(renewed?.maxAge).toBe(remember ? 30 * 24 * 60 * 60 : undefined);
    }
  });
});

describe("sales agents by invitation", () => {
  it("invites an address whose owner registers once with the link and lands in the sales dashboard", async () => {
    const sales = await signedIn(await newUser("sales"));
    const invitee = uniqueEmail("newsales");
    const invited = await sales.call("POST", "/api/dashboard/sales/invitations", {
      body: { email: invitee },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const link = await linkFor(t.database.db, invitee, "sales_invitation");
    const token = new URL(link, "http://x").searchParams.get("invitation")!;
    expect(link).toMatch(/^\/dashboard\/sales\/register\?invitation=/);

    const shown = await new Browser(t.app).call(
      "GET",
      `/api/dashboard/sales/invitation?invitation=${token}`,
    );
    expect(shown.json()).toEqual({ email: invitee });

    const form = { first_name: "Nora", last_name: "Newhire", password: PASSWORD };
    const browser = new Browser(t.app);
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () =>
        browser.call("POST", "/api/dashboard/sales/register", {
          body: { ...form, invitation: token },
          ip: nextIp(),
        }),
      ),
    );
    const codes = attempts.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.every((code) => code === 201 || code === 404)).toBe(true);
    expect(attempts.find((answer) => answer.statusCode === 201)?.json()).toMatchObject({
      redirect_to: "/dashboard/sales",
    });
    const user = await findUserByEmail(t.database.db, invitee);
    expect(user).toMatchObject({ role: "sales", emailVerified: true });

    const list = await browser.call("GET", "/api/dashboard/sales/invitations");
    expect(list.statusCode).toBe(200);
    const used = await new Browser(t.app).call(
      "GET",
      `/api/dashboard/sales/invitation?invitation=${token}`,
    );
    expect(used.statusCode).toBe(404);

    const existing = await sales.call("POST", "/api/dashboard/sales/invitations", {
      body: { email: invitee },
    });
    expect(existing.statusCode).toBe(409);
    const noInvitation = await new Browser(t.app).call("POST", "/api/dashboard/sales/register", {
      body: { ...form, invitation: "x".repeat(43) },
      ip: nextIp(),
    });
    expect(noInvitation.statusCode).toBe(404);
  });
});

describe("demo organisations", () => {
  it("give the demo partner an approved organisation with a school and the agent a pending one", async () => {
    await ensureDemoAccounts(t.database.db);
    await ensureDemoAccounts(t.database.db);
    const { rows } = await t.database.query<{
      email: string;
      status: string;
      kind: string;
      schools: number;
      programmes: number;
    }>(
      `select u.email, o.status, o.kind,
         (select count(*)::int from organisation_schools l where l.organisation_id = o.id) as schools,
         (select count(*)::int from organisation_schools l join courses c on c.school_id = l.school_id
           where l.organisation_id = o.id and c.published) as programmes
       from users u join organisation_members m on m.user_id = u.id
       join organisations o on o.id = m.organisation_id
       where u.email in ('partner@studyatlas.test', 'agent@studyatlas.test') order by u.email`,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        email: "agent@studyatlas.test",
        status: "pending",
        kind: "agent",
        schools: 0,
      }),
      expect.objectContaining({ email: "partner@studyatlas.test", status: "approved", schools: 1 }),
    ]);
    expect(rows[1]!.programmes).toBeGreaterThan(0);
    const sales = await findUserByEmail(t.database.db, "sales@studyatlas.test");
    expect(sales?.role).toBe("sales");

    // Its dashboard is not empty: leads and 90 days of numbers, seeded once however often.
    await seedDemoDashboards(t.database.db);
    await seedDemoDashboards(t.database.db);
    const partner = new Browser(t.app);
    const signIn = await partner.call("POST", "/api/dashboard/token", {
      body: { email: "partner@studyatlas.test", password: "Demo1234!" },
      ip: nextIp(),
    });
    expect(signIn.statusCode).toBe(200);
    const leads = await partner.call("GET", "/api/dashboard/partner/leads");
    expect(leads.json<{ count: number }>().count).toBeGreaterThan(0);
    const overview = await partner.call("GET", "/api/dashboard/partner/analytics/overview?days=90");
    expect(overview.statusCode, overview.body).toBe(200);
    expect(JSON.stringify(overview.json())).toMatch(/"views":[1-9]/);
  });
});
