// The advisors' inbox (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md; both engines):
// new chats in turn among the advisors taking chats, moving a chat between advisors (the one it
// left no longer sees it), the filters, search across messages, close, reopen and snooze, saved
// replies, typing and read receipts pushed live, and the role checks on every route.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  INBOX_MESSAGES,
  InboxListSchema,
  InboxStateSchema,
  SavedReplyListSchema,
  SavedReplySchema,
} from "@studyatlas/schemas/inbox.ts";

import {
  apiUser,
  expectStatus,
  openChatTestApp,
  openLive,
  type ApiUser,
  type ChatTestApp,
} from "./chat-support.ts";
import { parseWith } from "./test-app.ts";

let chatApp: ChatTestApp;
/** Two advisors of this file's own, the only ones taking new chats. */
let ann: ApiUser;
let bob: ApiUser;

const inject = (
  user: ApiUser | undefined,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
) =>
  chatApp.t.app.inject({
    method,
    url,
    headers: user?.headers ?? {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

async function inbox(user: ApiUser, query = "") {
  const response = await inject(user, "GET", `/api/inbox${query}`);
  expectStatus(response, 200);
  return parseWith(InboxListSchema, response.json(), "inbox").results;
}

const ids = (chats: { id: number }[]) => chats.map((chat) => chat.id);

beforeAll(async () => {
  chatApp = await openChatTestApp();
  const { t, advisor } = chatApp;
  ann = await apiUser(t.app, t.database.db, "advisor", "Ann");
  bob = await apiUser(t.app, t.database.db, "advisor", "Bob");
  expectStatus(await inject(advisor, "PUT", "/api/inbox/accepting", { accepting: false }), 200);
  for (const user of [ann, bob]) {
    expectStatus(await inject(user, "PUT", "/api/inbox/accepting", { accepting: true }), 200);
  }
});
afterAll(async () => {
  await chatApp?.t.close();
});

async function assigneeOf(chatId: number): Promise<number | null> {
  const { rows } = await chatApp.t.database.query<{ user_id: number }>(
    "select user_id from chat_participants where chat_id = $1 and not lead_user",
    [chatId],
  );
  return rows[0] ? Number(rows[0].user_id) : null;
}

describe("assignment", () => {
  it("gives new chats to the advisors taking chats in turn, and moves a chat between them", async () => {
    const { t } = chatApp;
    const students = await Promise.all([1, 2, 3, 4].map(() => apiUser(t.app, t.database.db)));
    const chats: number[] = [];
    for (const student of students) chats.push((await chatApp.apply(student)).chat_id);
    const assignees = await Promise.all(chats.map(assigneeOf));
    expect(new Set(assignees)).toEqual(new Set([ann.id, bob.id]));
    expect(assignees[0]).not.toBe(assignees[1]);
    expect(assignees[0]).toBe(assignees[2]);
    expect(assignees[1]).toBe(assignees[3]);

    // Ann's chat goes to Bob: Ann no longer sees it (404), Bob does, and hears it live.
    const chatId = chats[assignees.indexOf(ann.id)]!;
    const bobLive = await openLive(chatApp.baseUrl, bob.headers);
    const moved = await inject(ann, "PUT", `/api/chats/${chatId}/assignee`, { advisor_id: bob.id });
    expectStatus(moved, 200);
    expect(parseWith(InboxStateSchema, moved.json(), "state").assignee?.id).toBe(bob.id);
    await expect
      .poll(() => bobLive.events.some((e) => e.type === "chat" && e.chat_id === chatId))
      .toBe(true);
    await bobLive.close();
    expect(ids(await inbox(bob, "?filter=mine"))).toContain(chatId);
    expect(ids(await inbox(ann))).not.toContain(chatId);
    expectStatus(await inject(ann, "GET", `/api/chats/${chatId}/messages`), 404);
    expectStatus(
      await inject(ann, "PUT", `/api/chats/${chatId}/assignee`, { advisor_id: ann.id }),
      404,
    );

    // To nobody: every advisor sees it under "unassigned"; answering it takes it.
    expectStatus(
      await inject(bob, "PUT", `/api/chats/${chatId}/assignee`, { advisor_id: null }),
      200,
    );
    expect(ids(await inbox(ann, "?filter=unassigned"))).toContain(chatId);
    expectStatus(await inject(ann, "GET", `/api/chats/${chatId}/messages`), 200);
    await chatApp.send(ann, chatId, "I'll take this one.");
    expect(await assigneeOf(chatId)).toBe(ann.id);
    expect(ids(await inbox(bob, "?filter=unassigned"))).not.toContain(chatId);
  });

  it("refuses an unknown advisor or a student as the assignee (400)", async () => {
    const { t } = chatApp;
    const student = await apiUser(t.app, t.database.db);
    const { chat_id: chatId } = await chatApp.apply(student);
    const owner = (await assigneeOf(chatId)) === ann.id ? ann : bob;
    for (const advisorId of [student.id, 2_000_000_000, "x"]) {
      const answer = await inject(owner, "PUT", `/api/chats/${chatId}/assignee`, {
        advisor_id: advisorId,
      });
      expectStatus(answer, 400);
      expect(parseWith(ApiErrorSchema, answer.json(), "400").detail).toBe(
        INBOX_MESSAGES.unknownAdvisor,
      );
    }
  });
});

describe("filters, search, close, reopen and snooze", () => {
  it("files chats under unread, mine, snoozed and closed, and finds them by a word of a message", async () => {
    const { t } = chatApp;
    const student = await apiUser(t.app, t.database.db);
    const { chat_id: chatId } = await chatApp.apply(student);
    const owner = (await assigneeOf(chatId)) === ann.id ? ann : bob;
    await chatApp.send(student, chatId, "Is the Zanzibar_scholarship 100% funded?");

    expect(ids(await inbox(owner, "?filter=unread"))).toContain(chatId);
    expect(ids(await inbox(owner, "?filter=mine"))).toContain(chatId);
    const found = await inbox(owner, "?q=zanzibar_SCHOLARSHIP%20100%25");
    expect(ids(found)).toEqual([chatId]);
    expect(found[0]!.match?.content).toContain("Zanzibar_scholarship");
    // `_` and `%` are taken literally.
    expect(ids(await inbox(owner, "?q=zanzibar%25funded"))).toEqual([]);
    // The other advisor does not find another advisor's chat.
    const other = owner === ann ? bob : ann;
    expect(ids(await inbox(other, "?q=zanzibar"))).toEqual([]);

    const read = await inject(owner, "POST", `/api/chats/${chatId}/read`);
    expectStatus(read, 200);
    expect(ids(await inbox(owner, "?filter=unread"))).not.toContain(chatId);

    const closed = await inject(owner, "POST", `/api/chats/${chatId}/close`);
    expectStatus(closed, 200);
    expect(parseWith(InboxStateSchema, closed.json(), "closed").closed_at).not.toBeNull();
    expect(ids(await inbox(owner))).not.toContain(chatId);
    expect(ids(await inbox(owner, "?filter=closed"))).toContain(chatId);
    // The student writing again reopens it.
    await chatApp.send(student, chatId, "One more question");
    expect(ids(await inbox(owner))).toContain(chatId);

    const until = new Date(Date.now() + 3_600_000).toISOString();
    const snoozed = await inject(owner, "POST", `/api/chats/${chatId}/snooze`, { until });
    expectStatus(snoozed, 200);
    expect(parseWith(InboxStateSchema, snoozed.json(), "snoozed").snoozed_until).toBe(until);
    expect(ids(await inbox(owner))).not.toContain(chatId);
    expect(ids(await inbox(owner, "?filter=snoozed"))).toContain(chatId);
    // A snooze that has run out brings it back.
    await t.database.query(
      "update chat_inbox_states set snoozed_until = now() - interval '1 minute' where chat_id = $1",
      [chatId],
    );
    expect(ids(await inbox(owner))).toContain(chatId);

    expectStatus(await inject(owner, "POST", `/api/chats/${chatId}/close`), 200);
    expectStatus(await inject(owner, "POST", `/api/chats/${chatId}/reopen`), 200);
    expect(ids(await inbox(owner))).toContain(chatId);
  });

  it("refuses a snooze in the past or too far ahead, and bad filters (400)", async () => {
    const { t } = chatApp;
    const student = await apiUser(t.app, t.database.db);
    const { chat_id: chatId } = await chatApp.apply(student);
    const owner = (await assigneeOf(chatId)) === ann.id ? ann : bob;
    for (const [until, message] of [
      [new Date(Date.now() - 60_000).toISOString(), INBOX_MESSAGES.snoozeInPast],
      [new Date(Date.now() + 91 * 86_400_000).toISOString(), INBOX_MESSAGES.snoozeTooFar],
      ["tomorrow", INBOX_MESSAGES.snoozeInPast],
    ]) {
      const answer = await inject(owner, "POST", `/api/chats/${chatId}/snooze`, { until });
      expectStatus(answer, 400);
      expect(parseWith(ApiErrorSchema, answer.json(), "400").detail).toBe(message);
    }
    expectStatus(await inject(owner, "GET", "/api/inbox?filter=everything"), 400);
    expectStatus(await inject(owner, "GET", `/api/inbox?q=${"a".repeat(101)}`), 400);
  });
});

describe("saved replies", () => {
  it("keeps each advisor's own replies; duplicates 409, another's 404", async () => {
    const created = await inject(ann, "POST", "/api/inbox/saved-replies", {
      title: "Documents",
      body: "Please send your transcript and a copy of your passport.",
    });
    expectStatus(created, 201);
    const reply = parseWith(SavedReplySchema, created.json(), "reply");
    expectStatus(
      await inject(ann, "POST", "/api/inbox/saved-replies", { title: "Documents", body: "x" }),
      409,
    );
    const bad = await inject(ann, "POST", "/api/inbox/saved-replies", { title: "", body: " " });
    expectStatus(bad, 400);
    const list = await inject(ann, "GET", "/api/inbox/saved-replies");
    expect(parseWith(SavedReplyListSchema, list.json(), "list").results).toEqual([reply]);
    const bobs = await inject(bob, "GET", "/api/inbox/saved-replies");
    expect(parseWith(SavedReplyListSchema, bobs.json(), "list").results).toEqual([]);
    expectStatus(await inject(bob, "DELETE", `/api/inbox/saved-replies/${reply.id}`), 404);
    expectStatus(await inject(ann, "DELETE", `/api/inbox/saved-replies/${reply.id}`), 200);
    expectStatus(await inject(ann, "DELETE", `/api/inbox/saved-replies/${reply.id}`), 404);
  });
});

describe("role checks", () => {
  it("answers 403 to students and 401 signed out on every inbox route", async () => {
    const { t } = chatApp;
    const student = await apiUser(t.app, t.database.db);
    const { chat_id: chatId } = await chatApp.apply(student);
    const routes: ["GET" | "POST" | "PUT" | "DELETE", string, unknown?][] = [
      ["GET", "/api/inbox"],
      ["GET", "/api/inbox/advisors"],
      ["PUT", "/api/inbox/accepting", { accepting: true }],
      ["GET", `/api/chats/${chatId}/inbox`],
      ["PUT", `/api/chats/${chatId}/assignee`, { advisor_id: null }],
      ["POST", `/api/chats/${chatId}/close`],
      ["POST", `/api/chats/${chatId}/reopen`],
      [
        "POST",
        `/api/chats/${chatId}/snooze`,
        { until: new Date(Date.now() + 60_000).toISOString() },
      ],
      ["GET", "/api/inbox/saved-replies"],
      ["POST", "/api/inbox/saved-replies", { title: "a", body: "b" }],
      ["DELETE", "/api/inbox/saved-replies/1"],
    ];
    for (const [method, url, payload] of routes) {
      const asStudent = await inject(student, method, url, payload);
      expect(asStudent.statusCode, `${method} ${url}`).toBe(403);
      expect(parseWith(ApiErrorSchema, asStudent.json(), url).detail).toBe(
        INBOX_MESSAGES.advisorsOnly,
      );
      expect((await inject(undefined, method, url, payload)).statusCode, `${method} ${url}`).toBe(
        401,
      );
    }
    expect(await assigneeOf(chatId)).not.toBeNull();
  });
});

describe("typing and read receipts", () => {
  it("pushes typing and how far the other side read to the other participant only", async () => {
    const { t } = chatApp;
    const student = await apiUser(t.app, t.database.db);
    const { chat_id: chatId } = await chatApp.apply(student);
    const owner = (await assigneeOf(chatId)) === ann.id ? ann : bob;
    const studentLive = await openLive(chatApp.baseUrl, student.headers);
    const ownerLive = await openLive(chatApp.baseUrl, owner.headers);
    try {
      expectStatus(await inject(owner, "POST", `/api/chats/${chatId}/typing`), 202);
      await expect
        .poll(() => studentLive.events.some((e) => e.type === "typing" && e.chat_id === chatId))
        .toBe(true);
      expect(ownerLive.events.some((e) => e.type === "typing")).toBe(false);

      const message = await chatApp.send(owner, chatId, "Welcome!");
      expectStatus(await inject(student, "POST", `/api/chats/${chatId}/read`), 200);
      await expect
        .poll(() => ownerLive.events.find((e) => e.type === "read" && e.chat_id === chatId))
        .toMatchObject({ user_id: student.id, read_at: message.sent_at });
      const receipts = await inject(owner, "GET", `/api/chats/${chatId}/receipts`);
      expectStatus(receipts, 200);
      expect(receipts.json()).toEqual({
        results: [{ user_id: student.id, read_at: message.sent_at }],
      });

      const outsider = await apiUser(t.app, t.database.db);
      expectStatus(await inject(outsider, "POST", `/api/chats/${chatId}/typing`), 404);
      expectStatus(await inject(outsider, "GET", `/api/chats/${chatId}/receipts`), 404);
    } finally {
      await studentLive.close();
      await ownerLive.close();
    }
  });
});
