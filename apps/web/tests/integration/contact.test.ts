// The contact form's endpoint on a real database (docs/spec/accounts-and-details.md §2 "Contact
// /contact-us", §8): messages are stored and reach the support inbox through the outbox, escaped;
// invalid payloads answer 400 with the spec's messages; senders are rate-limited by address.
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { TestDatabase } from "@studyatlas/db/testing/test-database.ts";
import { CONTACT_MESSAGES } from "@studyatlas/schemas/engagement-rules.ts";
import { ContactAnswerSchema } from "@studyatlas/schemas/engagement.ts";

import { Browser, mailsTo, uniqueEmail } from "./account-client.ts";
import { apiError, body, expectDocumented, nextIp, startApp } from "./endpoint-support.ts";
import { parseWith } from "./test-app.ts";

const SUPPORT_EMAIL = "help-desk@studyatlas.test";

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  ({ database, app } = await startApp({
    support: { email: SUPPORT_EMAIL, postalAddress: "1 Test Street" },
  }));
});

afterAll(async () => {
  await app?.close();
  await database?.dispose();
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
  it("documents the contact endpoint with its request body", async () => {
    await expectDocumented(
      app,
      [["/api/account/create_contact", "post"]],
      ["/api/account/create_contact"],
    );
  });
});
