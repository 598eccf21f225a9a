// Entry requirements, my qualifications and eligibility on a real database, on both engines
// (docs/decisions/054-entry-requirements-and-eligibility.md): the programme API carries the
// structured requirements; a student's qualifications are their own (never another's, never in a
// public answer), validated on each test's scale; the eligibility API names each gap; a school
// sees the qualifications only in an application, as they were when the student applied.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { saveEntryRequirements } from "@studyatlas/core/eligibility/stored-requirements.ts";
import type { LeadDetail } from "@studyatlas/schemas/dashboards.ts";
import type { ProgrammeDetail } from "@studyatlas/schemas/programmes.ts";
import {
  CourseEligibilityListSchema,
  EntryRequirementsSchema,
} from "@studyatlas/schemas/entry-requirements.ts";

import { Browser, PASSWORD } from "./account-client.ts";
import { apiUser, applicationFor, catalogueIds } from "./chat-support.ts";
import { programmePartner, registerPartner } from "./dashboards-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let address = 0;
const nextIp = () => `10.54.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

/**
 * Three programmes of one school no organisation has yet (the last: programmePartner takes the
 * first): IELTS 6.5 and a bachelor's, open, none.
 */
let strict: { id: number; slug: string };
let open: number;
let unstated: number;
let schoolId: number;
let countries: number[];

beforeAll(async () => {
  t = await createTestApp();
  await ensureDemoAccounts(t.database.db);
  const { rows } = await t.database.query<{ id: number; slug: string; school_id: number }>(
    `select c.id, c.slug, c.school_id from courses c join schools s on s.id = c.school_id
     where c.published and s.published
       and c.school_id = (select c2.school_id from courses c2 join schools s2 on s2.id = c2.school_id
         where c2.published and s2.published
           and not exists (select 1 from organisation_schools l where l.school_id = c2.school_id)
         group by c2.school_id having count(*) >= 3 order by c2.school_id desc limit 1)
     order by c.id limit 3`,
  );
  const [first, second, third] = rows;
  strict = { id: Number(first!.id), slug: first!.slug };
  open = Number(second!.id);
  unstated = Number(third!.id);
  schoolId = Number(first!.school_id);
  const requirements = (value: unknown) => EntryRequirementsSchema.parse(value);
  await saveEntryRequirements(
    t.database.db,
    strict.id,
    requirements({
      min_education: "bachelor",
      english_tests: [
        { test: "ielts", score: 6.5 },
        { test: "toefl_ibt", score: 90 },
      ],
    }),
  );
  await saveEntryRequirements(t.database.db, open, requirements({ no_formal_requirements: true }));
  await saveEntryRequirements(t.database.db, unstated, null);
  ({ countries } = await catalogueIds(t.database));
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const IELTS_6 = {
  education: "bachelor",
  english_scores: [{ test: "ielts", score: 6 }],
  work_years: 2,
};

describe("entry requirements in the programme API", () => {
  it("answers the structured requirements beside the HTML, null when none are stated", async () => {
    const detail = await t.app.inject({ url: `/api/academics/course/detail/${strict.slug}` });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<{ entry_requirements: unknown }>().entry_requirements).toEqual({
      no_formal_requirements: false,
      min_education: "bachelor",
      english_tests: [
        { test: "ielts", score: 6.5 },
        { test: "toefl_ibt", score: 90 },
      ],
      min_work_years: null,
    });
  });
});

describe("partners edit the requirements in the programme form", () => {
  it("stores them with the programme, refuses a score off its scale, keeps them when absent", async () => {
    const partner = await programmePartner(t, nextIp);
    const path = `/api/dashboard/partner/programmes/${partner.courseId}`;
    const current = await partner.browser.call("GET", path);
    expect(current.statusCode, current.body).toBe(200);
    const values = current.json<ProgrammeDetail>().values;
    const wanted = {
      no_formal_requirements: false,
      min_education: "master",
      english_tests: [{ test: "pte", score: 65 }],
      min_work_years: 2,
    };
    const saved = await partner.browser.call("PUT", path, {
      body: { ...values, entry_requirements: wanted },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ProgrammeDetail>().values.entry_requirements).toEqual(wanted);
    const bad = await partner.browser.call("PUT", path, {
      body: { ...values, entry_requirements: { english_tests: [{ test: "pte", score: 95 }] } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("PTE Academic scores run from 10 to 90 in steps of 1.");
    // A full update that does not name them leaves them; null clears them.
    const { entry_requirements: _omitted, ...withoutRequirements } = values;
    const kept = await partner.browser.call("PUT", path, { body: withoutRequirements });
    expect(kept.json<ProgrammeDetail>().values.entry_requirements).toEqual(wanted);
    const cleared = await partner.browser.call("PUT", path, {
      body: { ...values, entry_requirements: null },
    });
    expect(cleared.json<ProgrammeDetail>().values.entry_requirements).toBeNull();
  });
});

describe("my qualifications", () => {
  it("are the signed-in student's own, empty until recorded, and replaced as a whole", async () => {
    const student = await apiUser(t.app, t.database.db);
    const other = await apiUser(t.app, t.database.db);
    const empty = { education: null, english_scores: [], work_years: null };
    const read = (headers: Record<string, string>) =>
      t.app.inject({ url: "/api/account/qualifications", headers });
    expect((await read(student.headers)).json()).toEqual(empty);
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/account/qualifications",
      headers: student.headers,
      payload: IELTS_6,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers["cache-control"]).toContain("no-store");
    expect((await read(student.headers)).json()).toEqual(IELTS_6);
    // Another student sees their own (nothing), never this one's.
    expect((await read(other.headers)).json()).toEqual(empty);
    // Recording nothing forgets them.
    await t.app.inject({
      method: "PUT",
      url: "/api/account/qualifications",
      headers: other.headers,
      payload: empty,
    });
    expect((await read(student.headers)).json()).toEqual(IELTS_6);
  });

  it("refuse a score off its test's scale, a repeated test and bad years with a 400", async () => {
    const student = await apiUser(t.app, t.database.db);
    const put = (payload: unknown) =>
      t.app.inject({
        method: "PUT",
        url: "/api/account/qualifications",
        headers: student.headers,
        payload: payload as Record<string, unknown>,
      });
    const offScale = await put({ english_scores: [{ test: "ielts", score: 6.3 }] });
    expect(offScale.statusCode).toBe(400);
    expect(offScale.body).toContain("IELTS scores run from 0.0 to 9.0 in steps of 0.5.");
    const twice = await put({
      english_scores: [
        { test: "pte", score: 60 },
        { test: "pte", score: 65 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect((await put({ work_years: -1 })).statusCode).toBe(400);
    expect((await put({ education: "doctorate" })).statusCode).toBe(400);
    expect((await put({ english_scores: [{ test: "toeic", score: 900 }] })).statusCode).toBe(400);
  });

  it("need a session: 401 signed out, 403 for a cookie write without the XSRF header", async () => {
    expect((await t.app.inject({ url: "/api/account/qualifications" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/eligibility?course_id=${open}` })).statusCode).toBe(
      401,
    );
    const student = await apiUser(t.app, t.database.db);
    const browser = new Browser(t.app);
    const signIn = await browser.call("POST", "/api/account/token", {
      body: { email: student.email, password: PASSWORD },
      ip: nextIp(),
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const forged = await browser.call("PUT", "/api/account/qualifications", {
      body: IELTS_6,
      noXsrf: true,
    });
    expect(forged.statusCode).toBe(403);
    const own = await browser.call("PUT", "/api/account/qualifications", { body: IELTS_6 });
    expect(own.statusCode, own.body).toBe(200);
  });
});

describe("eligibility", () => {
  it("names each gap, says when the student meets them, and says nothing when unknown", async () => {
    const student = await apiUser(t.app, t.database.db);
    await t.app.inject({
      method: "PUT",
      url: "/api/account/qualifications",
      headers: student.headers,
      payload: IELTS_6,
    });
    const response = await t.app.inject({
      url: `/api/eligibility?course_id=${strict.id}&course_id=${open}&course_id=${unstated}`,
      headers: student.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["cache-control"]).toContain("no-store");
    const answer = CourseEligibilityListSchema.parse(response.json());
    expect(answer.has_qualifications).toBe(true);
    expect(answer.results).toEqual([
      {
        course_id: strict.id,
        status: "may-not-meet",
        gaps: ["IELTS 6.5 required (you have 6.0)"],
        note: "You may not meet: IELTS 6.5 required (you have 6.0)",
      },
      { course_id: open, status: "meets", gaps: [], note: "You meet the entry requirements" },
      { course_id: unstated, status: "unknown", gaps: [] },
    ]);
  });

  it("refuses a bad list of programmes with a 400 naming the parameter", async () => {
    const student = await apiUser(t.app, t.database.db);
    for (const query of ["", "course_id=abc", "course_id=0"]) {
      const response = await t.app.inject({
        url: `/api/eligibility?${query}`,
        headers: student.headers,
      });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe("a school sees qualifications only in an application", () => {
  it("shows the lead each requirement against the qualifications given when applying", async () => {
    const partner = await registerPartner(t, { schoolIds: [schoolId], ip: nextIp });
    const student = await apiUser(t.app, t.database.db);
    await t.app.inject({
      method: "PUT",
      url: "/api/account/qualifications",
      headers: student.headers,
      payload: IELTS_6,
    });
    const applied = await t.app.inject({
      method: "POST",
      url: "/api/academics/course/create_interest",
      headers: student.headers,
      payload: applicationFor(strict.id, countries, { lastName: "Qualified" }),
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const leadId = applied.json<{ application_id: number }>().application_id;
    // Changed after applying: the application keeps what was sent.
    await t.app.inject({
      method: "PUT",
      url: "/api/account/qualifications",
      headers: student.headers,
      payload: { ...IELTS_6, english_scores: [{ test: "ielts", score: 8 }] },
    });
    const lead = await partner.browser.call("GET", `/api/dashboard/partner/leads/${leadId}`);
    expect(lead.statusCode, lead.body).toBe(200);
    expect(lead.json<LeadDetail>().entry_requirements).toEqual([
      { requirement: "Bachelor's degree or higher", outcome: "met", detail: "Bachelor's degree" },
      {
        requirement: "English: IELTS 6.5 or TOEFL iBT 90",
        outcome: "not-met",
        detail: "IELTS 6.0",
      },
    ]);
    // A student who never applied is nowhere in the partner's answers.
    const bystander = await apiUser(t.app, t.database.db, "student", "Bystander");
    await t.app.inject({
      method: "PUT",
      url: "/api/account/qualifications",
      headers: bystander.headers,
      payload: { ...IELTS_6, work_years: 17 },
    });
    const leads = await partner.browser.call("GET", "/api/dashboard/partner/leads");
    expect(leads.statusCode).toBe(200);
    expect(leads.body).not.toContain("Bystander");
    expect(leads.body).not.toContain('"work_years":17');
  });
});
