// Apply and chat on a real database (docs/decisions/012-applications-and-live-chat.md; both
// engines): the create_interest contract (201, 400 per field, 404, 409, 503 without an advisor),
// the chat opened with the advisor, every chat path answering 404 to a non-participant, the message
// limits, read marks, removing a chat from one's own list, and live delivery over the WebSocket,
// including (on PostgreSQL) to a socket of a second app process.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { ADVISOR_USER_ID, ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import {
  APPLICATION_FIELDS,
  APPLICATION_MESSAGES,
  ApplicationCreatedSchema,
} from "@studyatlas/schemas/applications.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  CHAT_MESSAGES,
  CHAT_RATE_LIMITS,
  ChatApplicationSchema,
  ChatListSchema,
  ChatMessageSchema,
  ChatMessagesSchema,
} from "@studyatlas/schemas/chat.ts";

import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";
import { Browser, PASSWORD } from "./account-client.ts";
import {
  apiUser,
  applicationFor,
  catalogueIds,
  openLive,
  secondProcess,
  type SecondProcess,
  upgradeStatus,
  type ApiUser,
} from "./chat-support.ts";
import { createTestApp, parseWith, type TestApp } from "./test-app.ts";

let t: TestApp;
let baseUrl: string;
let courses: { id: number; slug: string }[];
let countries: number[];
let advisor: ApiUser;
let nextCourse = 0;

beforeAll(async () => {
  t = await createTestApp();
  await ensureDemoAccounts(t.database.db);
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  ({ courses, countries } = await catalogueIds(t.database));
  expect(courses.length).toBeGreaterThan(20);
  const { apiTokens } = await import("./account-client.ts");
  const { access } = await apiTokens(t.app, "advisor@studyatlas.test", "Demo1234!");
  advisor = {
    id: ADVISOR_USER_ID,
    email: "advisor@studyatlas.test",
    token: access,
    headers: { authorization: `Bearer ${access}` },
  };
});
afterAll(async () => {
  await t?.close();
});

function course(): { id: number; slug: string } {
  const next = courses[nextCourse % courses.length]!;
  nextCourse += 1;
  return next;
}

async function call(
  user: ApiUser | undefined,
  method: "GET" | "POST" | "DELETE",
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: user?.headers ?? {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

function expectStatus(response: { statusCode: number; body: string }, status: number) {
  expect(response.statusCode, response.body.slice(0, 400)).toBe(status);
}

async function apply(student: ApiUser, courseId = course().id) {
  const response = await call(
    student,
    "POST",
    "/api/academics/course/create_interest",
    applicationFor(courseId, countries),
  );
  expectStatus(response, 201);
  return parseWith(ApplicationCreatedSchema, response.json(), "create_interest");
}

async function send(user: ApiUser, chatId: number, content: string) {
  const response = await call(user, "POST", `/api/chats/${chatId}/messages`, { content });
  expectStatus(response, 201);
  return parseWith(ChatMessageSchema, response.json(), "message");
}

async function chatsOf(user: ApiUser) {
  const response = await call(user, "GET", "/api/chats");
  expectStatus(response, 200);
  return parseWith(ChatListSchema, response.json(), "chats");
}

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
        chat: { advisorUserId: 2_000_000_000, heartbeatMs: 30_000 },
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

describe("the chat API", () => {
  it("sends, lists newest first, counts unread and marks read", async () => {
    const student = await apiUser(t.app, t.database.db);
    const first = await apply(student);
    const second = await apply(student);
    const hello = await send(student, first.chat_id, "  Hello, is the deadline fixed?  ");
    expect(hello).toMatchObject({
      chat_id: first.chat_id,
      sender: { id: student.id, role: "student", first_name: "Grace" },
      content: "  Hello, is the deadline fixed?  ",
    });
    // The advisor has one unread message; the student none (their own).
    const before = await chatsOf(advisor);
    expect(before.results.find((chat) => chat.id === first.chat_id)?.unread).toBe(1);
    expect((await chatsOf(student)).results.map((chat) => chat.unread)).toEqual([0, 0]);
    // Unread first for the advisor.
    expect(before.results[0]?.unread).toBeGreaterThan(0);

    await send(advisor, second.chat_id, "Welcome! I can help with this one.");
    const list = await chatsOf(student);
    expect(list.results.map((chat) => chat.id)).toEqual([second.chat_id, first.chat_id]);
    expect(list.results[0]).toMatchObject({
      unread: 1,
      last_message: { content: "Welcome! I can help with this one." },
    });
    expect(list.unread).toBe(1);

    expectStatus(await call(student, "POST", `/api/chats/${second.chat_id}/read`), 200);
    expect((await chatsOf(student)).unread).toBe(0);
    const badge = await call(student, "GET", "/api/chats/unread");
    expect(badge.json()).toEqual({ unread: 0 });
  });

  it("pages messages oldest first, with before and after cursors", async () => {
    const student = await apiUser(t.app, t.database.db);
    const { chat_id } = await apply(student);
    const sent = [];
    for (let i = 1; i <= 25; i += 1) sent.push(await send(student, chat_id, `message ${i}`));
    for (let i = 26; i <= 55; i += 1) sent.push(await send(advisor, chat_id, `message ${i}`));
    const newest = parseWith(
      ChatMessagesSchema,
      (await call(student, "GET", `/api/chats/${chat_id}/messages`)).json(),
      "page",
    );
    expect(newest.results).toHaveLength(50);
    expect(newest.has_more).toBe(true);
    expect(newest.results.map((m) => m.content)).toEqual(sent.slice(5).map((m) => m.content));
    const older = parseWith(
      ChatMessagesSchema,
      (
        await call(student, "GET", `/api/chats/${chat_id}/messages?before=${newest.results[0]!.id}`)
      ).json(),
      "older",
    );
    expect(older.results.map((m) => m.id)).toEqual(sent.slice(0, 5).map((m) => m.id));
    expect(older.has_more).toBe(false);
    const after = parseWith(
      ChatMessagesSchema,
      (await call(student, "GET", `/api/chats/${chat_id}/messages?after=${sent[49]!.id}`)).json(),
      "after",
    );
    expect(after.results.map((m) => m.id)).toEqual(sent.slice(50).map((m) => m.id));
  });

  it("refuses empty, blank and over-long messages with a message (400)", async () => {
    const student = await apiUser(t.app, t.database.db);
    const { chat_id } = await apply(student);
    for (const content of ["", "   \n\t ", "x".repeat(4001)]) {
      const response = await call(student, "POST", `/api/chats/${chat_id}/messages`, { content });
      expectStatus(response, 400);
      expect(response.json<{ message: string }>().message).toBe(
        content.length > 4000 ? CHAT_MESSAGES.tooLong : CHAT_MESSAGES.empty,
      );
    }
    expectStatus(await call(student, "POST", `/api/chats/${chat_id}/messages`, {}), 400);
    await send(student, chat_id, "y".repeat(4000));
  });

  it(`limits a student to ${CHAT_RATE_LIMITS.student} messages a minute (429 after)`, async () => {
    const student = await apiUser(t.app, t.database.db);
    const { chat_id } = await apply(student);
    const answers = await Promise.all(
      Array.from({ length: CHAT_RATE_LIMITS.student + 3 }, (_, i) =>
        call(student, "POST", `/api/chats/${chat_id}/messages`, { content: `burst ${i}` }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(CHAT_RATE_LIMITS.student);
    expect(codes.filter((code) => code === 429)).toHaveLength(3);
    const limited = answers.find((answer) => answer.statusCode === 429)!;
    expect(limited.json<{ message: string }>().message).toBe(CHAT_MESSAGES.rateLimited);
  });

  it("answers 404 on every path to a user who is not in the chat", async () => {
    const owner = await apiUser(t.app, t.database.db);
    const stranger = await apiUser(t.app, t.database.db, "student", "Mallory");
    const { chat_id } = await apply(owner);
    await send(owner, chat_id, "private");
    const attempts: ["GET" | "POST" | "DELETE", string, unknown?][] = [
      ["GET", `/api/chats/${chat_id}/messages`],
      ["GET", `/api/chats/${chat_id}/messages?after=0`],
      ["POST", `/api/chats/${chat_id}/messages`, { content: "let me in" }],
      ["POST", `/api/chats/${chat_id}/read`],
      ["DELETE", `/api/chats/${chat_id}`],
      ["GET", `/api/chats/${chat_id}/application`],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(stranger, method, url, payload);
      expectStatus(response, 404);
      // The same answer as for a chat that does not exist.
      const missing = await call(
        stranger,
        method,
        url.replace(String(chat_id), "2000000000"),
        payload,
      );
      expectStatus(missing, 404);
      expect(response.json()).toEqual(missing.json());
    }
    expect((await chatsOf(stranger)).count).toBe(0);
    const messages = await call(owner, "GET", `/api/chats/${chat_id}/messages`);
    expect(messages.json<{ results: unknown[] }>().results).toHaveLength(1);
  });

  it("shows the advisor the application of their chat", async () => {
    const student = await apiUser(t.app, t.database.db);
    const target = course();
    const { chat_id, application_id } = await apply(student, target.id);
    const response = await call(advisor, "GET", `/api/chats/${chat_id}/application`);
    expectStatus(response, 200);
    expect(
      parseWith(ChatApplicationSchema, response.json(), "application").application,
    ).toMatchObject({
      id: application_id,
      course: { id: target.id, slug: target.slug },
      title: "Dr",
      first_name: "Grace",
      date_of_birth: "1990-12-09",
      country: { id: countries[0] },
      nationality: { id: countries[1] },
    });
  });

  it("removes a chat from the caller's list only; a new message brings it back without the old ones", async () => {
    const student = await apiUser(t.app, t.database.db);
    const { chat_id } = await apply(student);
    await send(student, chat_id, "old news");
    expectStatus(await call(student, "DELETE", `/api/chats/${chat_id}`), 200);
    expect((await chatsOf(student)).results.map((chat) => chat.id)).not.toContain(chat_id);
    expect((await chatsOf(advisor)).results.map((chat) => chat.id)).toContain(chat_id);
    await send(advisor, chat_id, "fresh reply");
    const back = (await chatsOf(student)).results.find((chat) => chat.id === chat_id);
    expect(back).toMatchObject({ unread: 1, last_message: { content: "fresh reply" } });
    const page = (await call(student, "GET", `/api/chats/${chat_id}/messages`)).json<{
      results: { content: string }[];
    }>();
    expect(page.results.map((m) => m.content)).toEqual(["fresh reply"]);
  });
});

describe("live delivery", () => {
  it("refuses an upgrade without credentials (401) and a cookie upgrade from another site (403)", async () => {
    expect(await upgradeStatus(baseUrl, {})).toBe(401);
    expect(await upgradeStatus(baseUrl, { authorization: "Bearer not-a-token" })).toBe(401);
    const browser = new Browser(t.app);
    const student = await apiUser(t.app, t.database.db);
    expectStatus(
      await browser.call("POST", "/api/account/token", {
        body: { email: student.email, password: PASSWORD },
      }),
      200,
    );
    const cookie = browser.cookieHeader();
    expect(await upgradeStatus(baseUrl, { cookie, origin: "https://evil.example" })).toBe(403);
    expect(await upgradeStatus(baseUrl, { cookie, origin: new URL(baseUrl).origin })).toBe(101);
  });

  it("pushes a new message to every participant's socket and to nobody else", async () => {
    const student = await apiUser(t.app, t.database.db);
    const stranger = await apiUser(t.app, t.database.db, "student", "Eve");
    const studentLive = await openLive(baseUrl, student.headers);
    const advisorLive = await openLive(baseUrl, advisor.headers);
    const strangerLive = await openLive(baseUrl, stranger.headers);
    try {
      const { chat_id } = await apply(student);
      await vi.waitFor(() =>
        expect(advisorLive.events).toContainEqual(
          expect.objectContaining({ type: "chat", chat_id }),
        ),
      );
      const sent = await send(student, chat_id, "Is anyone there?");
      const reply = await send(advisor, chat_id, "Yes, I am here.");
      for (const live of [studentLive, advisorLive]) {
        await vi.waitFor(() =>
          expect(live.messages().map((m) => m.id)).toEqual([sent.id, reply.id]),
        );
        expect(live.messages()[1]).toEqual(reply);
      }
      // A message of another chat reaches its own participants only.
      const { chat_id: strangerChat } = await apply(stranger);
      const own = await send(stranger, strangerChat, "mine");
      await vi.waitFor(() => expect(strangerLive.messages().map((m) => m.id)).toEqual([own.id]));
      expect(studentLive.messages().map((m) => m.id)).toEqual([sent.id, reply.id]);
    } finally {
      await Promise.all([studentLive.close(), advisorLive.close(), strangerLive.close()]);
    }
  });
});

describe.runIf(process.env.TEST_DB_KIND === "postgres")("live delivery across processes", () => {
  let other: SecondProcess;
  let secondUrl: string;

  beforeAll(async () => {
    other = await secondProcess(t.database.url);
    secondUrl = other.url;
  });
  afterAll(async () => {
    await other?.close();
  });

  it("delivers a message posted through one process to a socket of the other", async () => {
    const student = await apiUser(t.app, t.database.db);
    const { chat_id } = await apply(student);
    const live = await openLive(secondUrl, student.headers);
    try {
      const reply = await send(advisor, chat_id, "Hello from the other process");
      await vi.waitFor(() => expect(live.messages()).toEqual([reply]));
    } finally {
      await live.close();
    }
  });
});
