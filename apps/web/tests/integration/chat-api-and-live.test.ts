// The chat API and live delivery on a real database
// (docs/decisions/012-applications-and-live-chat.md; both engines): sending, listing, paging and
// read marks, the message limits, every chat path answering 404 to a non-participant, the
// advisor's view of the application, removing a chat from one's own list, and live delivery over
// the WebSocket, including (on PostgreSQL) to a socket of a second app process.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import {
  CHAT_MESSAGES,
  CHAT_RATE_LIMITS,
  ChatApplicationSchema,
  ChatMessagesSchema,
} from "@studyatlas/schemas/chat.ts";

import { Browser, PASSWORD } from "./account-client.ts";
import {
  apiUser,
  expectStatus,
  openChatTestApp,
  openLive,
  secondProcess,
  type SecondProcess,
  upgradeStatus,
  type ApiUser,
  type ChatTestApp,
} from "./chat-support.ts";
import { parseWith, type TestApp } from "./test-app.ts";

let chatApp: ChatTestApp;
let t: TestApp;
let baseUrl: string;
let countries: number[];
let advisor: ApiUser;

beforeAll(async () => {
  chatApp = await openChatTestApp();
  ({ t, baseUrl, countries, advisor } = chatApp);
});
afterAll(async () => {
  await t?.close();
});

const course = () => chatApp.course();
const call = (...args: Parameters<ChatTestApp["call"]>) => chatApp.call(...args);
const apply = (...args: Parameters<ChatTestApp["apply"]>) => chatApp.apply(...args);
const send = (user: ApiUser, chatId: number, content: string) =>
  chatApp.send(user, chatId, content);
const chatsOf = (user: ApiUser) => chatApp.chatsOf(user);

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
