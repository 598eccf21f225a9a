// Applying on a real database (docs/decisions/012-applications-and-live-chat.md; both engines):
// the create_interest contract (201, 400 per field, 404, 409, 503 without an advisor) and the
// chat it opens with the advisor. The chat API and live delivery: chat-api-and-live.test.ts.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ADVISOR_USER_ID } from "@studyatlas/core/accounts/demo-accounts.ts";
import { APPLICATION_FIELDS, APPLICATION_MESSAGES } from "@studyatlas/schemas/applications.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";

import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";
import { Browser, PASSWORD } from "./account-client.ts";
import {
  apiUser,
  applicationFor,
  expectStatus,
  openChatTestApp,
  type ApiUser,
  type ChatTestApp,
} from "./chat-support.ts";
import { parseWith, type TestApp } from "./test-app.ts";

let chatApp: ChatTestApp;
let t: TestApp;
let countries: number[];
let advisor: ApiUser;

beforeAll(async () => {
  chatApp = await openChatTestApp();
  ({ t, countries, advisor } = chatApp);
});
afterAll(async () => {
  await t?.close();
});

const course = () => chatApp.course();
const call = (...args: Parameters<ChatTestApp["call"]>) => chatApp.call(...args);
const apply = (...args: Parameters<ChatTestApp["apply"]>) => chatApp.apply(...args);
const chatsOf = (user: ApiUser) => chatApp.chatsOf(user);

describe("POST /api/academics/course/create_interest", () => {
  it("stores the application and opens its chat with the advisor (201)", async () => {
    const student = await apiUser(t.app, t.database.db);
    const target = course();
    const created = await apply(student, target.id);
    expect(created.message).toBe(APPLICATION_MESSAGES.submitted);

    const participants = (
      await t.database.query<{ user_id: number; lead_user: boolean }>(
        `select user_id, lead_user from chat_participants where chat_id = $1 order by user_id`,
        [created.chat_id],
      )
    ).rows.map((row) => ({ user_id: Number(row.user_id), lead_user: row.lead_user }));
    expect(participants).toEqual(
      [
        { user_id: student.id, lead_user: true },
        { user_id: ADVISOR_USER_ID, lead_user: false },
      ].sort((a, b) => a.user_id - b.user_id),
    );

    const list = await chatsOf(student);
    expect(list.results[0]).toMatchObject({
      id: created.chat_id,
      programme: { slug: target.slug },
      counterpart: { id: ADVISOR_USER_ID, role: "advisor" },
      last_message: null,
      unread: 0,
    });
    const advisorList = await chatsOf(advisor);
    expect(advisorList.results.find((chat) => chat.id === created.chat_id)).toMatchObject({
      counterpart: { id: student.id, role: "student" },
    });
  });

  it("answers 400 with the field's message for each missing or bad field", async () => {
    const student = await apiUser(t.app, t.database.db);
    const target = course().id;
    for (const field of APPLICATION_FIELDS) {
      const payload: Record<string, unknown> = { ...applicationFor(target, countries) };
      delete payload[field];
      const response = await call(
        student,
        "POST",
        "/api/academics/course/create_interest",
        payload,
      );
      expectStatus(response, 400);
      const error = parseWith(ApiErrorSchema, response.json(), field);
      expect(Object.keys(error.errors ?? {}), field).toEqual([field]);
    }
    const bad = {
      email: "not-an-address",
      title: "Sir",
      sex: "Unknown",
      date_of_birth: "2099-01-01",
      phone_number: "call me",
      country: "abc",
      zip_code: "   ",
    };
    for (const [field, value] of Object.entries(bad)) {
      const response = await call(student, "POST", "/api/academics/course/create_interest", {
        ...applicationFor(target, countries),
        [field]: value,
      });
      expectStatus(response, 400);
      expect(Object.keys(parseWith(ApiErrorSchema, response.json(), field).errors ?? {})).toEqual([
        field,
      ]);
    }
    const unknownCountry = await call(student, "POST", "/api/academics/course/create_interest", {
      ...applicationFor(target, countries),
      nationality: 999_999,
    });
    expectStatus(unknownCountry, 400);
    expect(unknownCountry.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      nationality: [APPLICATION_MESSAGES.country],
    });
    // Nothing was stored by any of them.
    expect((await chatsOf(student)).count).toBe(0);
  });

  it("answers 404 for an unknown or unpublished programme, 401 signed out", async () => {
    const student = await apiUser(t.app, t.database.db);
    const unknown = await call(
      student,
      "POST",
      "/api/academics/course/create_interest",
      applicationFor(2_000_000_000, countries),
    );
    expectStatus(unknown, 404);
    const hidden = course();
    await t.database.db.execute(sql`update courses set published = false where id = ${hidden.id}`);
    try {
      const response = await call(
        student,
        "POST",
        "/api/academics/course/create_interest",
        applicationFor(hidden.id, countries),
      );
      expectStatus(response, 404);
      expect(response.json<{ message: string }>().message).toBe(APPLICATION_MESSAGES.unknownCourse);
    } finally {
      await t.database.db.execute(sql`update courses set published = true where id = ${hidden.id}`);
    }
    const signedOut = await call(
      undefined,
      "POST",
      "/api/academics/course/create_interest",
      applicationFor(course().id, countries),
    );
    expectStatus(signedOut, 401);
  });

  it("answers 409 for a second application to the same programme, even sent at once", async () => {
    const student = await apiUser(t.app, t.database.db);
    const target = course().id;
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        call(
          student,
          "POST",
          "/api/academics/course/create_interest",
          applicationFor(target, countries),
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const conflict = answers.find((answer) => answer.statusCode === 409)!;
    expect(conflict.json<{ message: string }>().message).toBe(APPLICATION_MESSAGES.duplicate);
    expect((await chatsOf(student)).count).toBe(1);
  });

  it("resolves a referral code to its user and keeps an unknown one as text", async () => {
    const student = await apiUser(t.app, t.database.db);
    const known = await call(
      student,
      "POST",
      "/api/academics/course/create_interest",
      applicationFor(course().id, countries, { referral_code: "demopartner" }),
    );
    expectStatus(known, 201);
    const unknown = await call(
      student,
      "POST",
      "/api/academics/course/create_interest",
      applicationFor(course().id, countries, { referral_code: "FRIEND-2026" }),
    );
    expectStatus(unknown, 201);
    const rows = (
      await t.database.query<{ referral_code: string; email: string | null }>(
        `select a.referral_code, u.email from applications a
            left join users u on u.id = a.referrer_user_id
            where a.user_id = $1 order by a.id`,
        [student.id],
      )
    ).rows;
    expect(rows).toEqual([
      { referral_code: "demopartner", email: "partner@studyatlas.test" },
      { referral_code: "FRIEND-2026", email: null },
    ]);
  });

  it("works for the web app's cookie session (with the XSRF header) and refuses it without", async () => {
    const browser = new Browser(t.app);
    const student = await apiUser(t.app, t.database.db);
    const signIn = await browser.call("POST", "/api/account/token", {
      body: { email: student.email, password: PASSWORD },
    });
    expectStatus(signIn, 200);
    const payload = applicationFor(course().id, countries);
    expectStatus(
      await browser.call("POST", "/api/academics/course/create_interest", {
        body: payload,
        noXsrf: true,
      }),
      403,
    );
    expectStatus(
      await browser.call("POST", "/api/academics/course/create_interest", { body: payload }),
      201,
    );
  });
});

describe("applications without an advisor account", () => {
  it("answer 503 with a clear message and open no chat", async () => {
    const app = await buildApp({
      config: testConfig({
        chat: { ...testConfig().chat, advisorUserId: 2_000_000_000 },
      }),
      database: t.database,
      frontend: { kind: "none" },
      logger: false,
    });
    try {
      await app.ready();
      const student = await apiUser(t.app, t.database.db);
      const response = await app.inject({
        method: "POST",
        url: "/api/academics/course/create_interest",
        headers: student.headers,
        payload: applicationFor(course().id, countries),
      });
      expectStatus(response, 503);
      expect(response.json<{ message: string }>().message).toBe(APPLICATION_MESSAGES.noAdvisor);
      expect((await chatsOf(student)).count).toBe(0);
    } finally {
      await app.close();
    }
  });
});
