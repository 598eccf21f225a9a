// Signing up through the account API on a real database (docs/spec/accounts-and-details.md §7):
// registration (students and partners) without enumeration, the spec's messages for bad input,
// and the e-mailed verification link, which signs in only the browser that signed up.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { MESSAGES } from "@studyatlas/schemas/account-rules.ts";
import { AccountDetailSchema, VerifiedSchema } from "@studyatlas/schemas/accounts.ts";

import { Browser, PASSWORD, apiTokens, linkFor, mailsTo, uniqueEmail } from "./account-client.ts";
import { apiError, json, register } from "./accounts-support.ts";
import { createTestApp, parseWith, type TestApp } from "./test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe("register", () => {
  it("answers 201, signs in, and e-mails a verification link", async () => {
    const browser = new Browser(t.app);
    const email = await register(browser);
    expect(browser.cookies.has("sa_access")).toBe(true);
    expect(browser.cookies.has("sa_refresh")).toBe(true);
    const detail = parseWith(
      AccountDetailSchema,
      json(await browser.call("GET", "/api/account/detail"), 200),
      "detail",
    );
    expect(detail).toMatchObject({
      email,
      first_name: "Ada",
      last_name: "Lovelace",
      email_verified: false,
      role: "student",
    });
    const mails = await mailsTo(t.database.db, email);
    expect(mails.map((mail) => mail.kind)).toEqual(["verification"]);
    expect(mails[0]?.link).toMatch(/^http:\/\/localhost\/verify-email\/[\w-]+\/[\w-]+$/);
    expect(mails[0]?.html).toContain(mails[0]?.link);
    expect(mails[0]?.text).toContain(mails[0]?.link);
  });

  it("answers a known address (any case) as a new one, creates nothing and tells only its owner", async () => {
    const email = await register(new Browser(t.app));
    const fresh = uniqueEmail("fresh");
    const attempt = (address: string) =>
      new Browser(t.app).call("POST", "/api/account/register", {
        body: { first_name: "Eve", last_name: "Other", email: address, password: "Another123!" },
      });
    await t.database.db.execute(sql`delete from rate_limit_events`);
    const known = await attempt(email.toUpperCase());
    const unknown = await attempt(fresh);
    // The same status, body and cookies whether or not the address has an account.
    expect([known.statusCode, unknown.statusCode]).toEqual([201, 201]);
    expect(known.json()).toEqual(unknown.json());
    expect(known.cookies.map((cookie) => cookie.name).sort()).toEqual(
      unknown.cookies.map((cookie) => cookie.name).sort(),
    );
    // The owner's account is unchanged: their password still signs in, the attacker's does not.
    expect((await apiTokens(t.app, email)).access).toBeTruthy();
    const intruder = await t.app.inject({
      method: "POST",
      url: "/api/account/token",
      payload: { email, password: "Another123!" },
    });
    expect(intruder.statusCode).toBe(401);
    // The mailbox tells the difference: a note to the owner, a verification link to the new one.
    await vi.waitFor(async () =>
      expect((await mailsTo(t.database.db, email)).map((mail) => mail.kind)).toContain(
        "sign_up_attempt",
      ),
    );
    await linkFor(t.database.db, fresh, "verification");
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from users where lower(email) = lower(${email})`,
    );
    expect((rows as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it.each([
    // Names as people have them, but no digits, markup, addresses, emoji or blanks (ADR 050).
    [{ first_name: "Al2" }, MESSAGES.firstName],
    [{ first_name: "Ada<b>" }, MESSAGES.firstName],
    [{ first_name: "ada@example.com" }, MESSAGES.firstName],
    [{ first_name: "Ada 🙂" }, MESSAGES.firstName],
    [{ last_name: "   " }, MESSAGES.lastName],
    [{ last_name: "L".repeat(51) }, MESSAGES.lastName],
    [{ email: "not-an-email" }, MESSAGES.email],
    [{ password: "short1!" }, MESSAGES.password],
    [{ password: "x".repeat(129) }, MESSAGES.passwordTooLong],
    [{ password: "password1" }, MESSAGES.passwordTooCommon],
    [{ password: "  Qwertyuiop " }, MESSAGES.passwordTooCommon],
  ])("answers 400 with the spec's message for %o", async (override, expected) => {
    const body = {
      first_name: "Ada",
      last_name: "Lovelace",
      email: uniqueEmail(),
      password: PASSWORD,
      ...override,
    };
    const error = apiError(
      await new Browser(t.app).call("POST", "/api/account/register", { body }),
      400,
    );
    expect(error.detail).toBe(expected);
  });

  it.each([
    ["José García", "Jose\u0301", "Garci\u0301a", "José", "García"],
    ["Anne-Marie O’Brien", " Anne-Marie ", "O’Brien", "Anne-Marie", "O’Brien"],
    ["李 Wu", "李", "Wu", "李", "Wu"],
  ])(
    "signs up %s, names stored NFC and trimmed",
    async (_label, first, last, storedFirst, storedLast) => {
      const browser = new Browser(t.app);
      await register(browser, uniqueEmail("names"), { first_name: first, last_name: last });
      const detail = parseWith(
        AccountDetailSchema,
        json(await browser.call("GET", "/api/account/detail"), 200),
        "detail",
      );
      expect([detail.first_name, detail.last_name]).toEqual([storedFirst, storedLast]);
      expect(detail.first_name.normalize("NFC")).toBe(detail.first_name);
    },
  );

  it("answers 400 (not 500) for a missing body or malformed JSON", async () => {
    expect(
      apiError(await new Browser(t.app).call("POST", "/api/account/register", { body: {} }), 400)
        .detail,
    ).toBe(MESSAGES.firstName);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/account/register",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
  });

  it("register_partner creates a partner with its organization", async () => {
    const email = uniqueEmail("partner");
    const response = await new Browser(t.app).call("POST", "/api/account/register_partner", {
      body: {
        first_name: "Grace",
        last_name: "Hopper",
        email,
        password: PASSWORD,
        organization: "Navy College",
      },
    });
    expect(json(response, 201).message).toBe(MESSAGES.signUpCheckEmail);
    // A partner signs in once the e-mail address is verified (docs/security.md V6).
    const early = json(
      await new Browser(t.app).call("POST", "/api/account/token", {
        body: { email, password: PASSWORD },
      }),
      403,
    );
    expect(early.code).toBe("email_not_verified");
    const link = await linkFor(t.database.db, email, "verification");
    const [, , token1, token2] = link.split("/");
    json(
      await new Browser(t.app).call("GET", `/api/account/verify-email/${token1}/${token2}/`),
      200,
    );
    const signIn = new Browser(t.app);
    json(
      await signIn.call("POST", "/api/account/token", { body: { email, password: PASSWORD } }),
      200,
    );
    const detail = parseWith(
      AccountDetailSchema,
      json(await signIn.call("GET", "/api/account/detail"), 200),
      "detail",
    );
    expect(detail).toMatchObject({ role: "partner", organization: "Navy College" });
    expect(
      apiError(
        await new Browser(t.app).call("POST", "/api/account/register_partner", {
          body: {
            first_name: "Grace",
            last_name: "Hopper",
            email: uniqueEmail(),
            password: PASSWORD,
          },
        }),
        400,
      ).detail,
    ).toBe("Organisation is required");
  });
});

describe("e-mail verification", () => {
  it("verifies once from the e-mailed link, keeps the registering browser signed in and sends the welcome e-mail", async () => {
    const browser = new Browser(t.app);
    const email = await register(browser);
    const link = await linkFor(t.database.db, email, "verification");
    const [, , token1, token2] = link.split("/");
    const verified = parseWith(
      VerifiedSchema,
      json(await browser.call("GET", `/api/account/verify-email/${token1}/${token2}/`), 200),
      "verify",
    );
    expect(verified.user.email_verified).toBe(true);
    expect(verified.signed_in).toBe(true);
    expect(verified).not.toHaveProperty("refresh");
    const detail = parseWith(
      AccountDetailSchema,
      json(await browser.call("GET", "/api/account/detail"), 200),
      "detail",
    );
    expect(detail.email_verified).toBe(true);
    expect((await mailsTo(t.database.db, email)).map((mail) => mail.kind)).toContain("welcome");
    const again = apiError(
      await new Browser(t.app).call("GET", `/api/account/verify-email/${token1}/${token2}/`),
      400,
    );
    expect(again.detail).toMatch(/invalid or has expired/);
    expect(
      (await new Browser(t.app).call("GET", `/api/account/verify-email/${token1}/wrong-token/`))
        .statusCode,
    ).toBe(400);
    expect(
      (await new Browser(t.app).call("GET", `/api/account/verify-email/%FF%FE/${token2}/`))
        .statusCode,
    ).toBe(400);
  });

  it("signs in the browser that signed up, when it opens the link", async () => {
    const browser = new Browser(t.app);
    const email = uniqueEmail("signup");
    json(
      await browser.call("POST", "/api/account/register", {
        body: { first_name: "Ada", last_name: "Lovelace", email, password: PASSWORD },
      }),
      201,
    );
    // Sign-up itself starts no session.
    expect((await browser.call("GET", "/api/account/detail")).statusCode).toBe(401);
    const [, , token1, token2] = (await linkFor(t.database.db, email, "verification")).split("/");
    const answer = await browser.call("GET", `/api/account/verify-email/${token1}/${token2}/`);
    const verified = parseWith(VerifiedSchema, json(answer, 200), "verify");
    expect(verified).toMatchObject({ signed_in: true, message: MESSAGES.emailVerified });
    expect(verified).not.toHaveProperty("refresh");
    expect(browser.cookies.has("sa_signup")).toBe(false);
    expect((await browser.call("GET", "/api/account/detail")).statusCode).toBe(200);
  });

  it("never signs in another browser that opens the link (login CSRF); an API client gets tokens", async () => {
    const email = await register(new Browser(t.app));
    const link = await linkFor(t.database.db, email, "verification");
    const [, , token1, token2] = link.split("/");
    // Someone else's link, opened in a victim's browser: verified, but the victim stays who they were.
    const victim = new Browser(t.app);
    const answer = await victim.call("GET", `/api/account/verify-email/${token1}/${token2}/`);
    const verified = parseWith(VerifiedSchema, json(answer, 200), "verify");
    expect(verified).toMatchObject({ signed_in: false, message: MESSAGES.emailVerifiedSignIn });
    expect(answer.cookies.filter((cookie) => cookie.name.startsWith("sa_"))).toEqual([]);
    expect((await victim.call("GET", "/api/account/detail")).statusCode).toBe(401);

    // An API client (no XSRF header) that holds a link gets its tokens in the body, no cookies.
    const other = await register(new Browser(t.app));
    const [, , other1, other2] = (await linkFor(t.database.db, other, "verification")).split("/");
    const api = await t.app.inject({ url: `/api/account/verify-email/${other1}/${other2}/` });
    const apiVerified = parseWith(VerifiedSchema, json(api, 200), "verify");
    expect([apiVerified.signed_in, typeof apiVerified.access]).toEqual([true, "string"]);
    expect(api.cookies.filter((cookie) => cookie.name.startsWith("sa_"))).toEqual([]);
  });

  it("resend answers the same for known and unknown addresses and mails only the known one, once a minute", async () => {
    const email = await register(new Browser(t.app));
    // Registration sent one already: the address waits a minute.
    expect(
      (
        await new Browser(t.app).call("POST", "/api/account/resend-verify-email", {
          body: { email },
        })
      ).statusCode,
    ).toBe(429);
    await t.database.db.execute(sql`delete from rate_limit_events`);
    const known = json(
      await new Browser(t.app).call("POST", "/api/account/resend-verify-email", {
        body: { email },
      }),
      200,
    );
    const unknownEmail = uniqueEmail("ghost");
    const unknown = json(
      await new Browser(t.app).call("POST", "/api/account/resend-verify-email", {
        body: { email: unknownEmail },
      }),
      200,
    );
    expect(unknown).toEqual(known);
    // The e-mail goes out after the answer (the same time for known and unknown addresses).
    await vi.waitFor(async () =>
      expect(
        (await mailsTo(t.database.db, email)).filter((mail) => mail.kind === "verification"),
      ).toHaveLength(2),
    );
    expect(await mailsTo(t.database.db, unknownEmail)).toHaveLength(0);
    expect(
      apiError(
        await new Browser(t.app).call("POST", "/api/account/resend-verify-email", { body: {} }),
        400,
      ).detail,
    ).toBe(MESSAGES.forgotPasswordEmailRequired);
  });
});
