// The student's notifications on a real database (docs/decisions/057-student-loop.md; both
// engines): unread advisor replies make exactly one digest per quiet period even when two app
// instances run the job at the same moment on one database, a status change makes one e-mail, and
// the one-click unsubscribe (RFC 8058) turns the kind off. The clock is injected; nothing sleeps.
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Mailer } from "@studyatlas/core/accounts/mail-messages.ts";
import { listOutbox } from "@studyatlas/core/accounts/outbox.ts";
import {
  sendReplyDigests,
  sendStatusNotices,
  STATUS_SETTLE_MS,
} from "@studyatlas/core/applications/notifications.ts";
import { openDatabase, type Database, type DatabaseHandle } from "@studyatlas/db/client.ts";
import { NOTIFICATION_MESSAGES } from "@studyatlas/schemas/my-applications.ts";

import { createMailer } from "../../server/services/mail.ts";
import { apiUser, expectStatus, openChatTestApp, type ChatTestApp } from "./chat-support.ts";

const QUIET_MS = 10 * 60_000;
let chatApp: ChatTestApp;
let second: DatabaseHandle | undefined;
let instances: { db: Database; mailer: Mailer }[];

beforeAll(async () => {
  chatApp = await openChatTestApp();
  const { database } = chatApp.t;
  // A second instance: on PostgreSQL a pool of its own (another process's connections); embedded
  // PGlite is one process's database, so its second instance shares the handle.
  second =
    database.kind === "postgres" && database.url
      ? await openDatabase({ kind: "postgres", url: database.url, maxConnections: 4 })
      : undefined;
  const log = pino({ level: "silent" });
  const mailerOf = (db: Database) =>
    createMailer(db, { from: "StudyAtlas <no-reply@x.test>" }, log);
  const otherDb = second?.db ?? database.db;
  instances = [
    { db: database.db, mailer: mailerOf(database.db) },
    { db: otherDb, mailer: mailerOf(otherDb) },
  ];
}, 60_000);
afterAll(async () => {
  await second?.close();
  await chatApp?.t.close();
});

/** Both instances run the job at once, at `now`; the number of e-mails they sent together. */
async function runBoth(job: typeof sendReplyDigests, now: Date): Promise<number> {
  const counts = await Promise.all(
    instances.map(({ db, mailer }) =>
      job(db, { mailer, publicBaseUrl: "http://localhost", now, quietMs: QUIET_MS }),
    ),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

const later = (ms: number) => new Date(Date.now() + ms);

async function mailTo(email: string, kind: string) {
  const rows = await listOutbox(chatApp.t.database.db, { to: email });
  return rows.filter((row) => row.kind === kind);
}

describe("unread reply digests", () => {
  it("sends exactly one digest per quiet period across two instances", async () => {
    const student = await apiUser(chatApp.t.app, chatApp.t.database.db);
    const { chat_id: chatId } = await chatApp.apply(student);
    await chatApp.send(chatApp.advisor, chatId, "Hello! I read your application.");
    await chatApp.send(chatApp.advisor, chatId, "Could you send your transcript?");

    // Not quiet yet: nothing.
    expect(await runBoth(sendReplyDigests, later(60_000))).toBe(0);
    expect(await mailTo(student.email, "reply_digest")).toHaveLength(0);

    // Quiet: one digest between the two instances, then none again.
    expect(await runBoth(sendReplyDigests, later(QUIET_MS + 60_000))).toBe(1);
    expect(await runBoth(sendReplyDigests, later(QUIET_MS + 120_000))).toBe(0);
    const [digest, ...rest] = await mailTo(student.email, "reply_digest");
    expect(rest).toHaveLength(0);
    expect(digest?.subject).toBe("Your advisor replied: 2 unread replies");
    expect(digest?.link).toBe(`http://localhost/chat/${chatId}`);
    expect(digest?.headers).toMatchObject({
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });

    // A new reply opens a new quiet period: one more digest.
    await chatApp.send(chatApp.advisor, chatId, "Thanks, one more question.");
    expect(await runBoth(sendReplyDigests, later(60_000))).toBe(0);
    expect(await runBoth(sendReplyDigests, later(QUIET_MS + 60_000))).toBe(1);
    expect(await mailTo(student.email, "reply_digest")).toHaveLength(2);
  });

  it("sends nothing for replies the student has read, nor for the student's own messages", async () => {
    const student = await apiUser(chatApp.t.app, chatApp.t.database.db);
    const { chat_id: chatId } = await chatApp.apply(student);
    await chatApp.send(student, chatId, "Hello, any news?");
    await chatApp.send(chatApp.advisor, chatId, "Yes: you are shortlisted.");
    expectStatus(await chatApp.call(student, "POST", `/api/chats/${chatId}/read`), 200);
    expect(await runBoth(sendReplyDigests, later(QUIET_MS + 60_000))).toBe(0);
    expect(await mailTo(student.email, "reply_digest")).toHaveLength(0);
  });

  it("unsubscribes with one click (RFC 8058 form POST) and then sends nothing", async () => {
    const student = await apiUser(chatApp.t.app, chatApp.t.database.db);
    const { chat_id: chatId } = await chatApp.apply(student);
    await chatApp.send(chatApp.advisor, chatId, "First reply.");
    expect(await runBoth(sendReplyDigests, later(QUIET_MS + 60_000))).toBe(1);
    const [digest] = await mailTo(student.email, "reply_digest");
    const target = new URL(digest!.headers!["List-Unsubscribe"]!.slice(1, -1));
    const token = target.searchParams.get("token")!;
    const response = await chatApp.t.app.inject({
      method: "POST",
      url: `${target.pathname}${target.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ status: "unsubscribed" });
    const again = await chatApp.t.app.inject({
      method: "POST",
      url: "/api/notifications/unsubscribe",
      payload: { token, kind: "replies" },
    });
    expect(again.json()).toMatchObject({ status: "already_unsubscribed" });

    await chatApp.send(chatApp.advisor, chatId, "Second reply.");
    expect(await runBoth(sendReplyDigests, later(QUIET_MS + 60_000))).toBe(0);

    const settings = await chatApp.call(student, "GET", "/api/notifications/settings");
    expect(settings.json()).toMatchObject({ reply_emails: false, status_emails: true });
  });

  it("refuses a bad or unknown unsubscribe link with a clear message", async () => {
    const bad = await chatApp.t.app.inject({
      method: "POST",
      url: "/api/notifications/unsubscribe?token=nope&kind=replies",
    });
    expectStatus(bad, 400);
    const unknown = await chatApp.t.app.inject({
      method: "POST",
      url: `/api/notifications/unsubscribe?token=${"a".repeat(32)}&kind=status`,
    });
    expectStatus(unknown, 404);
    expect(unknown.json()).toMatchObject({ message: NOTIFICATION_MESSAGES.invalidLink });
  });
});

describe("status change e-mails", () => {
  it("e-mails a settled status change once across two instances", async () => {
    const student = await apiUser(chatApp.t.app, chatApp.t.database.db);
    const { application_id: applicationId } = await chatApp.apply(student);
    await chatApp.t.database.query(
      `insert into lead_states (application_id, status) values ($1, 'contacted')`,
      [applicationId],
    );
    // Not settled yet (a misclick corrected at once sends nothing).
    expect(await runBoth(sendStatusNotices, later(0))).toBe(0);
    expect(await runBoth(sendStatusNotices, later(STATUS_SETTLE_MS + 1000))).toBe(1);
    expect(await runBoth(sendStatusNotices, later(STATUS_SETTLE_MS + 2000))).toBe(0);
    const [mail, ...rest] = await mailTo(student.email, "application_status");
    expect(rest).toHaveLength(0);
    expect(mail?.subject).toContain("The school contacted you");
    expect(mail?.link).toBe("http://localhost/applications");

    // Turned off in the settings: the next change is recorded but not e-mailed.
    const off = await chatApp.t.app.inject({
      method: "PUT",
      url: "/api/notifications/settings",
      headers: student.headers,
      payload: { reply_emails: true, status_emails: false },
    });
    expectStatus(off, 200);
    await chatApp.t.database.query(
      `update lead_states set status = 'enrolled' where application_id = $1`,
      [applicationId],
    );
    expect(await runBoth(sendStatusNotices, later(STATUS_SETTLE_MS + 1000))).toBe(0);
    expect(await mailTo(student.email, "application_status")).toHaveLength(1);
  });
});
