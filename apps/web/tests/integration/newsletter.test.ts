// The newsletter on a real database (docs/spec/discovery.md §7 subscription/add, ADR 007): a
// subscription answers alike for a new and a known address; invalid payloads answer 400 with the
// spec's messages; the unsubscribe link works once and is harmless after; subscriptions are
// rate-limited per network.
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { TestDatabase } from "@studyatlas/db/testing/test-database.ts";
import { NEWSLETTER_MESSAGES } from "@studyatlas/schemas/engagement-rules.ts";
import {
  SubscriptionAnswerSchema,
  UnsubscribeAnswerSchema,
} from "@studyatlas/schemas/engagement.ts";

import { Browser, mailsArrived, mailsTo, uniqueEmail } from "./account-client.ts";
import { apiError, body, expectDocumented, nextIp, startApp } from "./endpoint-support.ts";
import { parseWith } from "./test-app.ts";

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  ({ database, app } = await startApp());
});

afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

describe("newsletter", () => {
  const subscribe = (payload: unknown, ip = nextIp()) =>
    new Browser(app).call("POST", "/api/subscription/add", { body: payload, ip });

  it("subscribes (201), mails a welcome with one-click unsubscribe, and refuses a second row in any case", async () => {
    const email = uniqueEmail("news");
    const answer = parseWith(
      SubscriptionAnswerSchema,
      body(await subscribe({ email, first_name: "Ada", last_name: "Lovelace" }), 201),
      "subscribe",
    );
    expect(answer).toMatchObject({ status: "subscribed", message: NEWSLETTER_MESSAGES.success });

    const [mail] = await mailsArrived(database.db, email);
    expect(mail?.kind).toBe("newsletter_welcome");
    expect(mail?.link).toMatch(/^http:\/\/localhost\/newsletter\/unsubscribe\?token=[\w-]+$/);
    expect(mail?.text).toContain(mail?.link);
    expect(mail?.html).toContain("Unsubscribe");
    expect(mail?.headers?.["List-Unsubscribe"]).toMatch(
      /^<http:\/\/localhost\/api\/subscription\/unsubscribe\?token=[\w-]+>$/,
    );
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // The same address again (any case): the same answer, so the form cannot tell anyone who is
    // subscribed; no second row and no second e-mail.
    const again = parseWith(
      SubscriptionAnswerSchema,
      body(
        await subscribe({ email: `  ${email.toUpperCase()} `, first_name: "Ada", last_name: "L" }),
        201,
      ),
      "again",
    );
    expect(again).toMatchObject({ status: "subscribed", message: NEWSLETTER_MESSAGES.success });
    const rows = await database.db.execute(
      sql`select count(*)::int as count from newsletter_subscribers where lower(email) = lower(${email})`,
    );
    expect((rows as { rows: { count: number }[] }).rows[0]?.count).toBe(1);
    expect(await mailsTo(database.db, email)).toHaveLength(1);
  });

  it.each([
    [{ email: "not-an-email", first_name: "A", last_name: "B" }, NEWSLETTER_MESSAGES.invalidEmail],
    [
      { email: "a b@example.com", first_name: "A", last_name: "B" },
      NEWSLETTER_MESSAGES.invalidEmail,
    ],
    [{ first_name: "A", last_name: "B" }, NEWSLETTER_MESSAGES.invalidEmail],
    [
      { email: "ok@example.com", first_name: "  ", last_name: "B" },
      NEWSLETTER_MESSAGES.firstNameRequired,
    ],
    [{ email: "ok@example.com", first_name: "A" }, NEWSLETTER_MESSAGES.lastNameRequired],
    [
      { email: "ok@example.com", first_name: "A".repeat(101), last_name: "B" },
      NEWSLETTER_MESSAGES.nameTooLong,
    ],
    [{ email: 42, first_name: "A", last_name: "B" }, NEWSLETTER_MESSAGES.invalidEmail],
  ])("answers 400 with the message for %j", async (payload, message) => {
    const error = apiError(await subscribe(payload), 400);
    expect(error.detail).toBe(message);
    expect(error.message).toBe(message);
  });

  it("unsubscribes once through the link (no sign-in), is harmless after, and a new subscription works again", async () => {
    const email = uniqueEmail("leave");
    body(await subscribe({ email, first_name: "Alan", last_name: "Turing" }), 201);
    const [mail] = await mailsArrived(database.db, email);
    const token = new URL(mail?.link ?? "").searchParams.get("token") ?? "";
    expect(token.length).toBeGreaterThan(30);

    // A mail client's RFC 8058 one-click POST: form-encoded, no cookies, no XSRF header.
    const oneClick = await app.inject({
      method: "POST",
      url: `/api/subscription/unsubscribe?token=${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(parseWith(UnsubscribeAnswerSchema, body(oneClick, 200), "unsubscribe")).toMatchObject({
      status: "unsubscribed",
      message: NEWSLETTER_MESSAGES.unsubscribed,
    });
    const state = await database.db.execute(
      sql`select unsubscribed_at from newsletter_subscribers where lower(email) = lower(${email})`,
    );
    const firstUnsubscribedAt = (state as { rows: { unsubscribed_at: unknown }[] }).rows[0]
      ?.unsubscribed_at;
    expect(firstUnsubscribedAt).toBeTruthy();

    // The same link again (the page's JSON call): harmless, says so, changes nothing.
    const second = await new Browser(app).call("POST", "/api/subscription/unsubscribe", {
      body: { token },
    });
    expect(parseWith(UnsubscribeAnswerSchema, body(second, 200), "again")).toMatchObject({
      status: "already_unsubscribed",
      message: NEWSLETTER_MESSAGES.alreadyUnsubscribed,
    });
    const after = await database.db.execute(
      sql`select unsubscribed_at from newsletter_subscribers where lower(email) = lower(${email})`,
    );
    expect(
      String((after as { rows: { unsubscribed_at: unknown }[] }).rows[0]?.unsubscribed_at),
    ).toBe(String(firstUnsubscribedAt));

    // Subscribing again renews the row (201, a new link); the old link stays harmless.
    body(await subscribe({ email, first_name: "Alan", last_name: "Turing" }), 201);
    const mails = await mailsArrived(database.db, email, 2);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.link).not.toBe(mail?.link);
    body(
      await new Browser(app).call("POST", "/api/subscription/unsubscribe", { body: { token } }),
      404,
    );
  });

  it("answers 404 for an unknown token and 400 for none", async () => {
    const unknown = apiError(
      await new Browser(app).call("POST", "/api/subscription/unsubscribe", {
        body: { token: "made-up-token" },
      }),
      404,
    );
    expect(unknown.detail).toBe(NEWSLETTER_MESSAGES.invalidUnsubscribeLink);
    apiError(
      await new Browser(app).call("POST", "/api/subscription/unsubscribe", { body: {} }),
      400,
    );
  });

  it("limits subscriptions per network (429 after 20 in an hour)", async () => {
    const ip = nextIp();
    for (let index = 0; index < 20; index += 1) {
      body(
        await subscribe({ email: uniqueEmail("burst"), first_name: "A", last_name: "B" }, ip),
        201,
      );
    }
    const limited = apiError(
      await subscribe({ email: uniqueEmail("burst"), first_name: "A", last_name: "B" }, ip),
      429,
    );
    expect(limited.detail).toBe(NEWSLETTER_MESSAGES.tooMany);
  });
});

describe("OpenAPI", () => {
  it("documents the newsletter endpoints with their request bodies", async () => {
    await expectDocumented(
      app,
      [
        ["/api/subscription/add", "post"],
        ["/api/subscription/unsubscribe", "post"],
      ],
      ["/api/subscription/add"],
    );
  });
});
