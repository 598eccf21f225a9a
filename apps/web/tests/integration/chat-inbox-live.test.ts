// The advisors' inbox, live (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md; both
// engines): a chat with no advisor is every advisor's news, pushed to their sockets (on PostgreSQL
// the sockets are on a second process, so it crosses processes through NOTIFY), and an advisor can
// stop taking new chats: the rotation skips them while their open chats stay theirs.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { AdvisorListSchema, InboxListSchema } from "@studyatlas/schemas/inbox.ts";

import {
  apiUser,
  expectStatus,
  openChatTestApp,
  openLive,
  secondProcess,
  type ApiUser,
  type ChatTestApp,
  type LiveClient,
  type SecondProcess,
} from "./chat-support.ts";
import { parseWith } from "./test-app.ts";

let chatApp: ChatTestApp;
let ann: ApiUser;
let bob: ApiUser;
let other: SecondProcess | undefined;
/** Where the sockets connect: the second process on PostgreSQL, else the test's own app. */
let socketUrl: string;

const inject = (user: ApiUser | undefined, method: "GET" | "PUT", url: string, payload?: unknown) =>
  chatApp.t.app.inject({
    method,
    url,
    headers: user?.headers ?? {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

async function setAccepting(user: ApiUser, accepting: boolean) {
  expectStatus(await inject(user, "PUT", "/api/inbox/accepting", { accepting }), 200);
}

async function assigneeOf(chatId: number): Promise<number | null> {
  const { rows } = await chatApp.t.database.query<{ user_id: number }>(
    "select user_id from chat_participants where chat_id = $1 and not lead_user",
    [chatId],
  );
  return rows[0] ? Number(rows[0].user_id) : null;
}

const heardOf = (live: LiveClient, type: string, chatId: number) =>
  live.events.filter((event) => event.type === type && event.chat_id === chatId).length;

beforeAll(async () => {
  chatApp = await openChatTestApp();
  const { t, advisor } = chatApp;
  ann = await apiUser(t.app, t.database.db, "advisor", "Ann");
  bob = await apiUser(t.app, t.database.db, "advisor", "Bob");
  await setAccepting(advisor, false);
  await setAccepting(ann, true);
  await setAccepting(bob, true);
  other = process.env.TEST_DB_KIND === "postgres" ? await secondProcess(t.database.url) : undefined;
  socketUrl = other?.url ?? chatApp.baseUrl;
});
afterAll(async () => {
  await other?.close();
  await chatApp?.t.close();
});

describe("unassigned chats, live", () => {
  it("pushes a chat left with no advisor, its messages and its being taken to every advisor", async () => {
    const { t } = chatApp;
    const student = await apiUser(t.app, t.database.db);
    const bystander = await apiUser(t.app, t.database.db);
    const { chat_id: chatId } = await chatApp.apply(student);
    const owner = (await assigneeOf(chatId)) === ann.id ? ann : bob;
    const colleague = owner === ann ? bob : ann;
    const [colleagueLive, bystanderLive] = await Promise.all([
      openLive(socketUrl, colleague.headers),
      openLive(socketUrl, bystander.headers),
    ]);
    try {
      // Not the colleague's chat: nothing about it reaches them. The owner's socket receiving it
      // means its delivery is done (one fan-out per process) before the chat changes hands.
      const ownerEarly = await openLive(socketUrl, owner.headers);
      const first = await chatApp.send(student, chatId, "Is my transcript enough?");
      await vi.waitFor(() =>
        expect(ownerEarly.messages().map((message) => message.id)).toContain(first.id),
      );
      await ownerEarly.close();
      expectStatus(
        await inject(owner, "PUT", `/api/chats/${chatId}/assignee`, { advisor_id: null }),
        200,
      );
      // Left with no advisor: the colleague hears of it at once.
      await vi.waitFor(() => expect(heardOf(colleagueLive, "chat", chatId)).toBe(1));
      expect(colleagueLive.messages().map((message) => message.id)).not.toContain(first.id);
      const unassigned = await inject(colleague, "GET", "/api/inbox?filter=unassigned");
      expect(
        parseWith(InboxListSchema, unassigned.json(), "inbox").results.map((chat) => chat.id),
      ).toContain(chatId);

      // The student writes again: the message reaches every advisor's socket, once.
      const second = await chatApp.send(student, chatId, "Hello? Anyone there?");
      await vi.waitFor(() =>
        expect(colleagueLive.messages().map((message) => message.id)).toEqual([second.id]),
      );

      // The colleague answers and so takes it; the owner (on a socket opened now) hears nothing
      // more of it, and the colleague is told the chat changed.
      const ownerLive = await openLive(socketUrl, owner.headers);
      try {
        const chatEventsBefore = heardOf(colleagueLive, "chat", chatId);
        await chatApp.send(colleague, chatId, "I'll take this one.");
        expect(await assigneeOf(chatId)).toBe(colleague.id);
        await vi.waitFor(() => expect(heardOf(ownerLive, "chat", chatId)).toBe(1));
        expect(heardOf(colleagueLive, "chat", chatId)).toBeGreaterThan(chatEventsBefore);
        const third = await chatApp.send(student, chatId, "Thank you!");
        await vi.waitFor(() =>
          expect(colleagueLive.messages().map((message) => message.id)).toContain(third.id),
        );
        expect(ownerLive.messages()).toEqual([]);
      } finally {
        await ownerLive.close();
      }
      // Students never hear of other students' chats.
      expect(bystanderLive.events.filter((event) => event.chat_id === chatId)).toEqual([]);
    } finally {
      await Promise.all([colleagueLive.close(), bystanderLive.close()]);
    }
  });
});

describe("taking new chats or not", () => {
  it("skips an advisor who stopped taking chats, keeps their open chats theirs, and counts them in again", async () => {
    const { t } = chatApp;
    const students = await Promise.all([1, 2, 3, 4].map(() => apiUser(t.app, t.database.db)));
    const { chat_id: before } = await chatApp.apply(students[0]!);
    const owner = (await assigneeOf(before)) === ann.id ? ann : bob;
    const colleague = owner === ann ? bob : ann;

    await setAccepting(owner, false);
    try {
      const advisors = await inject(owner, "GET", "/api/inbox/advisors");
      expectStatus(advisors, 200);
      const accepting = new Map(
        parseWith(AdvisorListSchema, advisors.json(), "advisors").results.map((advisor) => [
          advisor.id,
          advisor.accepting,
        ]),
      );
      expect(accepting.get(owner.id)).toBe(false);
      expect(accepting.get(colleague.id)).toBe(true);
      const during: number[] = [];
      for (const student of students.slice(1, 3)) {
        during.push((await chatApp.apply(student)).chat_id);
      }
      expect(await Promise.all(during.map(assigneeOf))).toEqual([colleague.id, colleague.id]);
      // Their open chat stays theirs, and they still answer it.
      expect(await assigneeOf(before)).toBe(owner.id);
      await chatApp.send(owner, before, "Still here for you.");
    } finally {
      await setAccepting(owner, true);
    }
    // Back in the rotation: their last assignment is the oldest, so the next chat is theirs.
    const { chat_id: after } = await chatApp.apply(students[3]!);
    expect(await assigneeOf(after)).toBe(owner.id);
  });

  it("refuses a switch that is not true or false (400) and a student's (403)", async () => {
    const { t } = chatApp;
    for (const payload of [{}, { accepting: "no" }, { accepting: null }]) {
      expectStatus(await inject(ann, "PUT", "/api/inbox/accepting", payload), 400);
    }
    const student = await apiUser(t.app, t.database.db);
    expectStatus(await inject(student, "PUT", "/api/inbox/accepting", { accepting: false }), 403);
  });
});
