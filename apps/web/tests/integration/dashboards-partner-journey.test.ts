// The partner's journey without a wrong turn, on both engines
// (docs/decisions/055-lead-exports-and-idempotent-create.md; docs/spec-notes.md "A partner's
// verification link", "Approval e-mails"): a create with an Idempotency-Key creates one programme
// however often it is sent (at once included); a partner's verification link leads to the partner
// door with no student welcome; approval and suspension e-mail the members; the leads export is a
// CRM import (every field, the notes, labels, BOM, phones intact, formulas inert) as CSV and XLSX.
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { findUserByEmail } from "@studyatlas/core/accounts/users.ts";
import { organisationOfUser } from "@studyatlas/core/dashboards/organisations.ts";
import { LEAD_EXPORT_COLUMNS } from "@studyatlas/core/dashboards/lead-export.ts";
import { ProgrammeDetailSchema, type ProgrammeValues } from "@studyatlas/schemas/programmes.ts";

import {
  Browser,
  linkFor,
  mailsArrived,
  mailsTo,
  PASSWORD,
  uniqueEmail,
} from "./account-client.ts";
import { apiUser, applicationFor, catalogueIds } from "./chat-support.ts";
import { programmePartner, signInSales, type ProgrammePartner } from "./dashboards-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let address = 0;
const nextIp = () => `10.27.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

let a: ProgrammePartner;
let b: ProgrammePartner;
let sales: Browser;
let valuesOfA: ProgrammeValues;

beforeAll(async () => {
  t = await createTestApp();
  await ensureDemoAccounts(t.database.db);
  a = await programmePartner(t, nextIp);
  b = await programmePartner(t, nextIp);
  sales = await signInSales(t, nextIp);
  const detail = await a.browser.call("GET", `/api/dashboard/partner/programmes/${a.courseId}`);
  valuesOfA = ProgrammeDetailSchema.parse(detail.json()).values;
});
afterAll(async () => {
  await t?.close();
});

async function coursesNamed(name: string): Promise<number> {
  const { rows } = await t.database.query<{ count: number }>(
    "select count(*)::int as count from courses where name = $1",
    [name],
  );
  return Number(rows[0]!.count);
}

describe("creating a programme with an Idempotency-Key", () => {
  const create = (partner: ProgrammePartner, name: string, key?: string, extra = {}) =>
    partner.browser.call("POST", "/api/dashboard/partner/programmes", {
      body: { ...valuesOfA, school_id: partner.schoolId, name, published: true, ...extra },
      ...(key === undefined ? {} : { headers: { "idempotency-key": key } }),
    });

  it("answers a repeat with the first programme (200) instead of creating a copy", async () => {
    const name = `Idempotent Atlas ${Date.now().toString(36)}`;
    const first = await create(a, name, "key-repeat-00000001");
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ published: true });
    const again = await create(a, name, "key-repeat-00000001");
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ id: number }>().id).toBe(first.json<{ id: number }>().id);
    expect(await coursesNamed(name)).toBe(1);
  });

  it("creates one programme for ten identical requests at once", async () => {
    const name = `Concurrent Atlas ${Date.now().toString(36)}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => create(a, name, "key-concurrent-0001")),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(answers.map((answer) => answer.json<{ id: number }>().id)).size).toBe(1);
    expect(await coursesNamed(name)).toBe(1);
  });

  it("refuses one key for a different programme (409), and a malformed key (400)", async () => {
    const name = `Reused Key ${Date.now().toString(36)}`;
    expect((await create(a, name, "key-reused-00000001")).statusCode).toBe(201);
    const other = await create(a, `${name} 2`, "key-reused-00000001");
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: "idempotency_key_reused" });
    for (const key of ["short", "has space in it", "x".repeat(201)]) {
      const bad = await create(a, `${name} bad`, key);
      expect(bad.statusCode, key).toBe(400);
      expect(bad.body).toContain("Idempotency-Key");
    }
    expect(await coursesNamed(`${name} bad`)).toBe(0);
  });

  it("keeps keys per user: another partner's same key creates its own programme", async () => {
    const name = `Shared Key ${Date.now().toString(36)}`;
    const mine = await create(a, name, "key-shared-00000001");
    const theirs = await create(b, name, "key-shared-00000001");
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.json<{ id: number }>().id).not.toBe(mine.json<{ id: number }>().id);
  });

  it("accepts a fee typed with thousands separators", async () => {
    const name = `Comma Fee ${Date.now().toString(36)}`;
    const created = await create(a, name, undefined, {
      tuition_kind: "amount",
      tuition_fee: "18,500",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(ProgrammeDetailSchema.parse(created.json()).values.tuition_fee).toBe(18500);
  });
});

describe("a partner's verification link", () => {
  it("leads to the partner door, with no student welcome e-mail; a student's still welcomes", async () => {
    const email = uniqueEmail("verifying-partner");
    const browser = new Browser(t.app);
    const registered = await browser.call("POST", "/api/account/register_partner", {
      body: {
        first_name: "Vera",
        last_name: "Verified",
        email,
        password: PASSWORD,
        organization: "Atlas Agency",
        organisation_kind: "agent",
      },
      ip: nextIp(),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const link = await linkFor(t.database.db, email, "verification");
    const [, token1, token2] = /\/verify-email\/([^/]+)\/([^/?]+)/.exec(link) ?? [];
    // Another browser (no sign-up cookie): verified, sent to the partner sign-in.
    const verified = await new Browser(t.app).call(
      "GET",
      `/api/account/verify-email/${token1}/${token2}/`,
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      signed_in: false,
      redirect_to: "/dashboard/partner/login",
    });
    const user = await findUserByEmail(t.database.db, email);
    expect((await organisationOfUser(t.database.db, user!.id))?.kind).toBe("agent");
    await new Promise((resolve) => setImmediate(resolve));
    expect((await mailsTo(t.database.db, email)).map((mail) => mail.kind)).not.toContain("welcome");

    const student = uniqueEmail("verifying-student");
    const studentBrowser = new Browser(t.app);
    await studentBrowser.call("POST", "/api/account/register", {
      body: { first_name: "Sam", last_name: "Student", email: student, password: PASSWORD },
      ip: nextIp(),
    });
    const studentLink = await linkFor(t.database.db, student, "verification");
    const studentAnswer = await studentBrowser.call("GET", `/api/account${studentLink}/`);
    expect(studentAnswer.json()).toMatchObject({ signed_in: true, redirect_to: "/post-sign-up" });
    await mailsArrived(t.database.db, student, 2);
  });
});

describe("approval and suspension", () => {
  it("e-mail every member once per change, with the dashboard's link", async () => {
    const partner = await programmePartner(t, nextIp, false);
    const decide = (status: string) =>
      sales.call("POST", `/api/dashboard/sales/organisations/${partner.organisationId}/status`, {
        body: { status },
      });
    expect((await decide("approved")).statusCode).toBe(200);
    const approved = await decisionMails(partner.email, 1);
    expect(approved).toHaveLength(1);
    expect(approved[0]!.subject).toContain("is approved");
    expect(approved[0]!.link).toMatch(/\/dashboard\/partner$/);
    // The same decision again changes nothing and sends nothing.
    expect((await decide("approved")).statusCode).toBe(200);
    expect((await decide("suspended")).statusCode).toBe(200);
    const decisions = await decisionMails(partner.email, 2);
    expect(decisions.map((mail) => mail.subject).sort()).toEqual([
      expect.stringContaining("is approved"),
      expect.stringContaining("is suspended"),
    ]);
    const suspended = decisions.find((mail) => mail.subject.includes("suspended"));
    expect(suspended!.link).toMatch(/\/dashboard\/partner\/login$/);
  });
});

/** The approval and suspension mails to `email`, once there are `count` (sent after the answer). */
async function decisionMails(email: string, count: number) {
  return vi.waitFor(
    async () => {
      const mails = (await mailsTo(t.database.db, email)).filter(
        (mail) => mail.kind === "organisation_decision",
      );
      if (mails.length < count) throw new Error(`${mails.length} of ${count} decision mails`);
      return mails;
    },
    { timeout: 5000, interval: 20 },
  );
}

describe("the leads export", () => {
  let leadId: number;
  beforeAll(async () => {
    const { countries } = await catalogueIds(t.database);
    const student = await apiUser(t.app, t.database.db);
    const applied = await t.app.inject({
      method: "POST",
      url: "/api/academics/course/create_interest",
      headers: student.headers,
      payload: applicationFor(a.courseId, countries, {
        firstName: "Tomás",
        lastName: "=Müller",
        phone_number: "+155501005",
        address: "Hauptstraße 5, Hinterhaus",
        city: "Köln",
        zip_code: "50667",
      }),
    });
    expect(applied.statusCode, applied.body).toBe(201);
    leadId = applied.json<{ application_id: number }>().application_id;
    await a.browser.call("POST", `/api/dashboard/partner/leads/${leadId}/status`, {
      body: { status: "contacted" },
    });
    for (const body of ["Called on Monday", 'Sent the "brochure", line two'])
      await a.browser.call("POST", `/api/dashboard/partner/leads/${leadId}/notes`, {
        body: { body },
      });
  });

  it("is a CSV with a BOM, every field, the notes' text, labels and intact phones", async () => {
    const answer = await a.browser.call("GET", "/api/dashboard/partner/leads.csv");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const bytes = answer.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse<Record<string, string>>(bytes, { bom: true, columns: true });
    expect(Object.keys(rows[0]!)).toEqual(LEAD_EXPORT_COLUMNS.map((column) => column.heading));
    const row = rows.find((candidate) => candidate["Lead ID"] === String(leadId));
    expect(row).toMatchObject({
      Status: "Contacted",
      Title: "Dr",
      "First name": "Tomás",
      // A formula an applicant typed is made inert; a phone number is not touched.
      "Last name": "'=Müller",
      Phone: "+155501005",
      Sex: "Female",
      "Date of birth": "1990-12-09",
      Address: "Hauptstraße 5, Hinterhaus",
      City: "Köln",
      "ZIP code": "50667",
    });
    expect(row!.Nationality).not.toBe("");
    expect(row!["Country of residence"]).not.toBe("");
    expect(row!.Notes).toMatch(
      /UTC, Ada Editor: Called on Monday\n.*Sent the "brochure", line two$/,
    );
    expect(rows.every((candidate) => candidate.Programme !== "")).toBe(true);
  });

  it("is an XLSX workbook with the same columns, every cell text", async () => {
    const answer = await a.browser.call(
      "GET",
      "/api/dashboard/partner/leads.xlsx?status=contacted",
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toContain("spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Leads")!;
    const headings = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headings).toEqual(LEAD_EXPORT_COLUMNS.map((column) => column.heading));
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    const row = rows.find((cells) => cells[1] === String(leadId));
    const cell = (heading: string) => row![headings.indexOf(heading) + 1];
    expect(cell("Last name")).toBe("=Müller");
    expect(cell("Phone")).toBe("+155501005");
    expect(cell("Status")).toBe("Contacted");
    expect(String(cell("Notes"))).toContain("Called on Monday");
    expect(rows.every((cells) => cells[headings.indexOf("Status") + 1] === "Contacted")).toBe(true);
  });

  it("holds only the organisation's own leads, and is closed to other roles", async () => {
    const theirs = await b.browser.call("GET", "/api/dashboard/partner/leads.csv");
    expect(theirs.body).not.toContain("Tomás");
    expect((await sales.call("GET", "/api/dashboard/partner/leads.xlsx")).statusCode).toBe(403);
    const bad = await a.browser.call("GET", "/api/dashboard/partner/leads.xlsx?from=yesterday");
    expect(bad.statusCode).toBe(400);
  });
});

describe("the smaller points", () => {
  it("refuses an http:// webhook with the message that asks for https://", async () => {
    const saved = await a.browser.call("PUT", "/api/dashboard/partner/settings", {
      body: { lead_email: null, webhook_url: "http://crm.example.com/hooks" },
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toMatchObject({
      errors: { webhook_url: [expect.stringContaining("starting with https://")] },
    });
  });

  it("keeps the sales team's invitations in the history", async () => {
    const email = uniqueEmail("invited-agent");
    const invited = await sales.call("POST", "/api/dashboard/sales/invitations", {
      body: { email },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const log = await sales.call("GET", "/api/dashboard/sales/audit-log");
    const entries = log.json<{ results: { action: string; entity_name: string }[] }>().results;
    expect(entries).toContainEqual(
      expect.objectContaining({ action: "invite", entity_name: email }),
    );
  });

  it("says 'Organisation is required' when registration has none", async () => {
    const answer = await new Browser(t.app).call("POST", "/api/account/register_partner", {
      body: {
        first_name: "No",
        last_name: "Org",
        email: uniqueEmail("no-org"),
        password: PASSWORD,
        organization: " ",
      },
      ip: nextIp(),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain("Organisation is required");
  });
});
