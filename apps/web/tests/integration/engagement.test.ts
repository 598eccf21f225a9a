// Wishlists, newsletter and contact on a real database (issue 5 Acceptance, integration tests):
// user A cannot list, add to or delete from user B's wishlist by naming B's e-mail (404); adding
// twice is idempotent; invalid newsletter and contact payloads answer 400 with their messages; the
// newsletter's unsubscribe link works once and is harmless after; contact messages reach the
// support inbox through the outbox; both are rate-limited.
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  CONTACT_MESSAGES,
  NEWSLETTER_MESSAGES,
  WISHLIST_MESSAGES,
} from "@studyatlas/schemas/engagement-rules.ts";
import {
  ContactAnswerSchema,
  SubscriptionAnswerSchema,
  UnsubscribeAnswerSchema,
  WishlistCreatedSchema,
  WishlistDeletedSchema,
  WishlistListSchema,
} from "@studyatlas/schemas/engagement.ts";

import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";
import { Browser, PASSWORD, mailsArrived, mailsTo, uniqueEmail } from "./account-client.ts";
import { parseWith } from "./test-app.ts";

const SUPPORT_EMAIL = "help-desk@studyatlas.test";

let database: TestDatabase;
let app: FastifyInstance;
let courseIds: number[];
let ipCounter = 0;

/** Each test its own network address, so the per-network limits of one test never touch another. */
function nextIp(): string {
  ipCounter += 1;
  return `10.5.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({ support: { email: SUPPORT_EMAIL, postalAddress: "1 Test Street" } }),
    database,
    frontend: { kind: "none" },
    logger: false,
  });
  await app.ready();
  const rows = await database.db.execute(
    sql`select c.id from courses c join schools s on s.id = c.school_id
        where c.published and s.published order by c.id limit 3`,
  );
  courseIds = (rows as { rows: { id: number }[] }).rows.map((row) => row.id);
  expect(courseIds).toHaveLength(3);
});

afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

function body(response: { statusCode: number; body: string; json(): unknown }, status: number) {
  expect(response.statusCode, response.body.slice(0, 400)).toBe(status);
  return response.json();
}

function apiError(response: { statusCode: number; body: string; json(): unknown }, status: number) {
  return parseWith(ApiErrorSchema, body(response, status), "error");
}

/** A signed-in browser of a new user. */
async function signedInUser(): Promise<{ browser: Browser; email: string }> {
  const browser = new Browser(app);
  const email = uniqueEmail("wish");
  const response = await browser.call("POST", "/api/account/register", {
    body: { first_name: "Grace", last_name: "Hopper", email, password: PASSWORD },
    ip: nextIp(),
  });
  body(response, 201);
  body(
    await browser.call("POST", "/api/account/token", { body: { email, password: PASSWORD } }),
    200,
  );
  return { browser, email };
}

async function listOf(browser: Browser, query = "") {
  return parseWith(
    WishlistListSchema,
    body(await browser.call("GET", `/api/wishlists/list${query}`), 200),
    "list",
  );
}

describe("wishlists", () => {
  it("adds (201), lists newest first, answers 200 without a second row when added again, and deletes", async () => {
    const { browser, email } = await signedInUser();
    const [first, second] = courseIds as [number, number];
    const created = parseWith(
      WishlistCreatedSchema,
      body(
        await browser.call("POST", "/api/wishlists/create", {
          body: { user: email, course: first },
        }),
        201,
      ),
      "create",
    );
    expect(created).toMatchObject({
      created: true,
      message: WISHLIST_MESSAGES.added,
      course: { id: first },
    });
    // The spec's clients send the e-mail; ours send only the course. Both work.
    body(
      await browser.call("POST", "/api/wishlists/create", { body: { course: String(second) } }),
      201,
    );
    const again = parseWith(
      WishlistCreatedSchema,
      body(
        await browser.call("POST", "/api/wishlists/create", {
          body: { user: email.toUpperCase(), course: first },
        }),
        200,
      ),
      "create again",
    );
    expect(again.created).toBe(false);

    const list = await listOf(browser, `?email=${encodeURIComponent(email)}`);
    expect(list.count).toBe(2);
    expect(list.results.map((entry) => entry.course.id)).toEqual([second, first]);
    expect(list.results[0]?.course.school.slug).toBeTruthy();

    const deleted = parseWith(
      WishlistDeletedSchema,
      body(
        await browser.call("DELETE", "/api/wishlists/delete", { body: { email, course: first } }),
        200,
      ),
      "delete",
    );
    expect(deleted).toEqual({ course: first, removed: true, message: WISHLIST_MESSAGES.removed });
    // Deleting again is harmless.
    const twice = parseWith(
      WishlistDeletedSchema,
      body(await browser.call("DELETE", `/api/wishlists/delete?course=${first}`), 200),
      "delete again",
    );
    expect(twice.removed).toBe(false);
    expect((await listOf(browser)).results.map((entry) => entry.course.id)).toEqual([second]);
  });

  it("never lets user A list, add to or delete from user B's wishlist by naming B's e-mail (404)", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    const [course] = courseIds as [number];
    body(await b.browser.call("POST", "/api/wishlists/create", { body: { course } }), 201);

    const listed = apiError(
      await a.browser.call("GET", `/api/wishlists/list?email=${encodeURIComponent(b.email)}`),
      404,
    );
    expect(listed.detail).toBe(WISHLIST_MESSAGES.notYours);
    apiError(
      await a.browser.call("POST", "/api/wishlists/create", {
        body: { user: b.email, course: courseIds[1] },
      }),
      404,
    );
    apiError(
      await a.browser.call("POST", "/api/wishlists/create", {
        body: { email: b.email, course: courseIds[1] },
      }),
      404,
    );
    apiError(
      await a.browser.call("DELETE", "/api/wishlists/delete", { body: { email: b.email, course } }),
      404,
    );
    apiError(
      await a.browser.call(
        "DELETE",
        `/api/wishlists/delete?email=${encodeURIComponent(b.email)}&course=${course}`,
      ),
      404,
    );

    // B's list is untouched, and A's own list stayed empty.
    expect((await listOf(b.browser)).results.map((entry) => entry.course.id)).toEqual([course]);
    expect((await listOf(a.browser)).count).toBe(0);
  });

  it("leaves out programmes that are no longer published, and refuses to save them (404)", async () => {
    const { browser } = await signedInUser();
    const [, , third] = courseIds as [number, number, number];
    body(await browser.call("POST", "/api/wishlists/create", { body: { course: third } }), 201);
    await database.db.execute(sql`update courses set published = false where id = ${third}`);
    try {
      expect((await listOf(browser)).count).toBe(0);
      const again = apiError(
        await browser.call("POST", "/api/wishlists/create", { body: { course: third } }),
        404,
      );
      expect(again.detail).toBe(WISHLIST_MESSAGES.courseNotFound);
    } finally {
      await database.db.execute(sql`update courses set published = true where id = ${third}`);
    }
    expect((await listOf(browser)).results.map((entry) => entry.course.id)).toEqual([third]);
  });

  it("answers for Bearer-token clients too (no XSRF header needed)", async () => {
    const { email } = await signedInUser();
    const token = (
      body(
        await new Browser(app).call("POST", "/api/account/token", {
          body: { email, password: PASSWORD },
          noCookies: true,
        }),
        200,
      ) as { access: string }
    ).access;
    const created = await app.inject({
      method: "POST",
      url: "/api/wishlists/create",
      headers: { authorization: `Bearer ${token}` },
      payload: { course: courseIds[0] },
    });
    body(created, 201);
    const list = await app.inject({
      method: "GET",
      url: "/api/wishlists/list",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(parseWith(WishlistListSchema, body(list, 200), "bearer list").count).toBe(1);
  });

  it("answers 401 when signed out and 403 for a cookie call without the XSRF header", async () => {
    const visitor = new Browser(app);
    expect(apiError(await visitor.call("GET", "/api/wishlists/list"), 401).code).toBe(
      "not_authenticated",
    );
    apiError(
      await visitor.call("POST", "/api/wishlists/create", { body: { course: courseIds[0] } }),
      401,
    );
    apiError(
      await visitor.call("DELETE", "/api/wishlists/delete", { body: { course: courseIds[0] } }),
      401,
    );

    const { browser } = await signedInUser();
    const forged = apiError(
      await browser.call("POST", "/api/wishlists/create", {
        body: { course: courseIds[0] },
        noXsrf: true,
      }),
      403,
    );
    expect(forged.code).toBe("xsrf_failed");
    expect((await listOf(browser)).count).toBe(0);
  });

  it("answers 400 for a missing or malformed course and 404 for an unknown one", async () => {
    const { browser } = await signedInUser();
    for (const payload of [{}, { course: "abc" }, { course: -3 }, { course: 1.5 }]) {
      const error = apiError(
        await browser.call("POST", "/api/wishlists/create", { body: payload }),
        400,
      );
      expect(error.detail).toBe(WISHLIST_MESSAGES.courseRequired);
    }
    apiError(await browser.call("DELETE", "/api/wishlists/delete", { body: {} }), 400);
    const unknown = apiError(
      await browser.call("POST", "/api/wishlists/create", { body: { course: 99_999_999 } }),
      404,
    );
    expect(unknown.detail).toBe(WISHLIST_MESSAGES.courseNotFound);
    const malformed = await browser.call("POST", "/api/wishlists/create", {
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
  });
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

describe("contact", () => {
  const send = (payload: unknown, ip = nextIp(), browser = new Browser(app)) =>
    browser.call("POST", "/api/account/create_contact", { body: payload, ip });

  it("stores the message (201) and mails it to SUPPORT_EMAIL through the outbox, replying to the sender", async () => {
    const email = uniqueEmail("ask");
    const text = `When does the spring intake start? ${email}`;
    const answer = parseWith(
      ContactAnswerSchema,
      body(await send({ name: "Marie Curie", email, message: text }), 201),
      "contact",
    );
    expect(answer.message).toBe(CONTACT_MESSAGES.success);
    const stored = await database.db.execute(
      sql`select name, email, message from contact_messages where id = ${answer.id}`,
    );
    expect((stored as { rows: unknown[] }).rows[0]).toEqual({
      name: "Marie Curie",
      email,
      message: text,
    });
    const mail = (await mailsTo(database.db, SUPPORT_EMAIL)).find((row) => row.text.includes(text));
    expect(mail?.kind).toBe("contact");
    expect(mail?.subject).toBe("Contact form: message from Marie Curie");
    expect(mail?.headers?.["Reply-To"]).toBe(email);
  });

  it("escapes the visitor's text in the HTML mail", async () => {
    const answer = body(
      await send({
        name: "<b>Eve</b>",
        email: uniqueEmail("eve"),
        message: "<script>alert(1)</script>",
      }),
      201,
    ) as { id: number };
    const mail = (await mailsTo(database.db, SUPPORT_EMAIL)).find((row) =>
      row.text.includes(`#${answer.id}`),
    );
    expect(mail?.html).not.toContain("<script>alert(1)</script>");
    expect(mail?.html).toContain("&lt;script&gt;");
  });

  it.each([
    [{}, CONTACT_MESSAGES.fillAllFields],
    [{ name: "A", email: "a@example.com", message: "   " }, CONTACT_MESSAGES.fillAllFields],
    [{ name: "", email: "a@example.com", message: "Hi" }, CONTACT_MESSAGES.fillAllFields],
    [{ name: "A", message: "Hi" }, CONTACT_MESSAGES.fillAllFields],
    [{ name: "A", email: "not-an-email", message: "Hi" }, CONTACT_MESSAGES.invalidEmail],
    [
      { name: "A", email: "a@example.com", message: "x".repeat(5001) },
      CONTACT_MESSAGES.messageTooLong,
    ],
    [{ name: 5, email: "a@example.com", message: "Hi" }, CONTACT_MESSAGES.fillAllFields],
  ])("answers 400 with the message for %j", async (payload, message) => {
    expect(apiError(await send(payload), 400).detail).toBe(message);
  });

  it("limits messages per sender address (429 after 3 in an hour, from any network)", async () => {
    const email = uniqueEmail("chatty");
    for (let index = 0; index < 3; index += 1) {
      body(await send({ name: "Chatty", email, message: `Question ${index}` }), 201);
    }
    const limited = apiError(
      await send({ name: "Chatty", email: email.toUpperCase(), message: "Again" }),
      429,
    );
    expect(limited.detail).toBe(CONTACT_MESSAGES.tooManyFromAddress);
    body(await send({ name: "Other", email: uniqueEmail("other"), message: "Hello" }), 201);
  });
});

describe("OpenAPI", () => {
  it("documents the wishlist, newsletter and contact endpoints with their request bodies", async () => {
    const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>();
    for (const [path, method] of [
      ["/api/wishlists/list", "get"],
      ["/api/wishlists/create", "post"],
      ["/api/wishlists/delete", "delete"],
      ["/api/subscription/add", "post"],
      ["/api/subscription/unsubscribe", "post"],
      ["/api/account/create_contact", "post"],
    ] as const) {
      expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    for (const path of [
      "/api/wishlists/create",
      "/api/subscription/add",
      "/api/account/create_contact",
    ]) {
      expect(document.paths[path]?.post?.requestBody, path).toBeDefined();
    }
  });
});
