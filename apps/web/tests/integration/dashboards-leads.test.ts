// Leads on the partner dashboard (docs/decisions/016-organisations-and-dashboards.md "Leads"), on
// both engines: an application to an organisation's programme is its lead, e-mailed to its lead
// address at once; the partner lists, filters, exports, sets a status and adds notes; another
// organisation's lead answers 404 on every path; a pending organisation sees none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";

import type { Browser } from "./account-client.ts";
import { mailsArrived } from "./account-client.ts";
import { apiUser, applicationFor, catalogueIds } from "./chat-support.ts";
import { registerPartner } from "./dashboards-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let address = 0;
const nextIp = () => `10.14.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

interface Partner {
  email: string;
  browser: Browser;
  organisationId: number;
}

/** A partner whose organisation is approved (when `approve`) and linked to `schoolId`. */
function partnerOf(schoolId: number, approve = true): Promise<Partner> {
  return registerPartner(t, { schoolIds: [schoolId], approve, ip: nextIp });
}

/** Two programmes of two different schools that no organisation has yet. */
async function twoSchoolsWithCourses() {
  const { rows } = await t.database.query<{ school_id: number; course_id: number }>(
    `select distinct on (c.school_id) c.school_id, c.id as course_id
     from courses c join schools s on s.id = c.school_id
     where c.published and s.published
       and not exists (select 1 from organisation_schools l where l.school_id = c.school_id)
     order by c.school_id, c.id limit 2`,
  );
  return rows.map((row) => ({ school: Number(row.school_id), course: Number(row.course_id) }));
}

let a: Partner;
let b: Partner;
let leadOfA: number;
let leadOfB: number;

beforeAll(async () => {
  t = await createTestApp();
  await ensureDemoAccounts(t.database.db);
  const [first, second] = await twoSchoolsWithCourses();
  a = await partnerOf(first!.school);
  b = await partnerOf(second!.school);
  const { countries } = await catalogueIds(t.database);
  const apply = async (course: number, lastName: string) => {
    const student = await apiUser(t.app, t.database.db);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/academics/course/create_interest",
      headers: student.headers,
      payload: applicationFor(course, countries, { lastName }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ application_id: number }>().application_id;
  };
  leadOfA = await apply(first!.course, "Lovelace");
  leadOfB = await apply(second!.course, "Hamilton");
});
afterAll(async () => {
  await t?.close();
});

describe("leads", () => {
  it("are e-mailed to the organisation's lead address at once", async () => {
    const mails = await mailsArrived(t.database.db, a.email);
    const lead = mails.find((mail) => mail.kind === "lead");
    expect(lead?.subject).toContain("Lovelace");
    expect(lead?.link).toContain(`/dashboard/partner/leads/${leadOfA}`);
  });

  it("lists only the organisation's own leads, and answers 404 for another's on every path", async () => {
    const list = await a.browser.call("GET", "/api/dashboard/partner/leads");
    expect(list.statusCode).toBe(200);
    const ids = list.json<{ results: { id: number }[] }>().results.map((lead) => lead.id);
    expect(ids).toContain(leadOfA);
    expect(ids).not.toContain(leadOfB);

    const paths: [string, string, unknown?][] = [
      ["GET", `/api/dashboard/partner/leads/${leadOfB}`],
      ["POST", `/api/dashboard/partner/leads/${leadOfB}/status`, { status: "contacted" }],
      ["POST", `/api/dashboard/partner/leads/${leadOfB}/notes`, { body: "Called" }],
    ];
    for (const [method, url, body] of paths) {
      const answer = await a.browser.call(method, url, body === undefined ? {} : { body });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    const theirs = await b.browser.call("GET", "/api/dashboard/partner/leads");
    expect(theirs.json<{ results: { id: number }[] }>().results.map((lead) => lead.id)).toEqual([
      leadOfB,
    ]);
    expect(
      (await b.browser.call("GET", `/api/dashboard/partner/leads/${leadOfA}`)).statusCode,
    ).toBe(404);
    const csv = await a.browser.call("GET", "/api/dashboard/partner/leads.csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain('"Lovelace"');
    expect(csv.body).not.toContain('"Hamilton"');
  });

  it("keeps a status (the same change ten times at once is one change) and notes, with filters", async () => {
    const changes = await Promise.all(
      Array.from({ length: 10 }, () =>
        a.browser.call("POST", `/api/dashboard/partner/leads/${leadOfA}/status`, {
          body: { status: "contacted" },
        }),
      ),
    );
    expect(changes.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const bad = await a.browser.call("POST", `/api/dashboard/partner/leads/${leadOfA}/status`, {
      body: { status: "won" },
    });
    expect(bad.statusCode).toBe(400);

    for (const body of ["", "   ", "x".repeat(2001), 42]) {
      const refused = await a.browser.call(
        "POST",
        `/api/dashboard/partner/leads/${leadOfA}/notes`,
        {
          body: { body },
        },
      );
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const noted = await a.browser.call("POST", `/api/dashboard/partner/leads/${leadOfA}/notes`, {
      body: { body: "Called on Monday; sending the brochure." },
    });
    expect(noted.statusCode).toBe(200);
    expect(noted.json()).toMatchObject({
      status: "contacted",
      notes: 1,
      notes_list: [{ body: "Called on Monday; sending the brochure.", author: "Pat Partner" }],
    });

    const contacted = await a.browser.call(
      "GET",
      "/api/dashboard/partner/leads?status=contacted&q=lovelace",
    );
    expect(contacted.json<{ count: number }>().count).toBe(1);
    const fresh = await a.browser.call("GET", "/api/dashboard/partner/leads?status=new");
    expect(
      fresh.json<{ results: { id: number }[] }>().results.map((lead) => lead.id),
    ).not.toContain(leadOfA);
    const badDate = await a.browser.call("GET", "/api/dashboard/partner/leads?from=yesterday");
    expect(badDate.statusCode).toBe(400);
  });

  it("are closed to a pending organisation (403) and to other roles", async () => {
    const [school] = await twoSchoolsWithCourses();
    const pending = await partnerOf(school!.school, false);
    const answer = await pending.browser.call("GET", "/api/dashboard/partner/leads");
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: "organisation_pending" });
    const student = await apiUser(t.app, t.database.db);
    const asStudent = await t.app.inject({
      method: "GET",
      url: "/api/dashboard/partner/leads",
      headers: student.headers,
    });
    expect(asStudent.statusCode).toBe(403);
  });
});
