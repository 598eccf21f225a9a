// Account API on a real database (docs/spec/accounts-and-details.md §7): registration, sign-in,
// sessions and refresh rotation, verification and reset e-mails without enumeration, rate limits,
// the XSRF check, profiles (one user cannot touch another's), interests and Google sign-in.
import { createServer, type Server } from "node:http";

import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { SignJWT, exportJWK, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";
import { MESSAGES } from "@studyatlas/schemas/account-rules.ts";
import {
  AccountDetailSchema,
  MessageSchema,
  PublicUserSchema,
  TokenPairSchema,
  VerifiedSchema,
} from "@studyatlas/schemas/accounts.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";

import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";
import { Browser, PASSWORD, apiTokens, linkFor, mailsTo, uniqueEmail } from "./account-client.ts";
import { parseWith } from "./test-app.ts";

const GOOGLE_CLIENT_ID = "test-client.apps.googleusercontent.com";

let database: TestDatabase;
let app: FastifyInstance;
let jwksServer: Server;
let googleKey: CryptoKey;

async function startJwksServer(): Promise<string> {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  googleKey = privateKey;
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  jwksServer = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, "127.0.0.1", resolve));
  const address = jwksServer.address();
  if (!address || typeof address === "string") throw new Error("no JWKS address");
  return `http://127.0.0.1:${address.port}/oauth2/v3/certs`;
}

function googleToken(
  claims: Record<string, unknown>,
  audience = GOOGLE_CLIENT_ID,
): Promise<string> {
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: "RS256", kid: "test-key" })
    .setIssuer("https://accounts.google.com")
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(googleKey);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const jwksUrl = await startJwksServer();
  app = await buildApp({
    config: testConfig({ google: { ...testConfig().google, clientId: GOOGLE_CLIENT_ID, jwksUrl } }),
    database,
    frontend: { kind: "none" },
    logger: false,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.dispose();
  await new Promise((resolve) => jwksServer?.close(resolve));
});

function json(response: { statusCode: number; body: string; json(): unknown }, status: number) {
  expect(response.statusCode, response.body.slice(0, 400)).toBe(status);
  return response.json() as Record<string, unknown>;
}

function apiError(response: { statusCode: number; body: string; json(): unknown }, status: number) {
  return parseWith(ApiErrorSchema, json(response, status), "error");
}

async function register(
  browser: Browser,
  email = uniqueEmail(),
  extra: Record<string, string> = {},
): Promise<string> {
  const response = await browser.call("POST", "/api/account/register", {
    body: { first_name: "Ada", last_name: "Lovelace", email, password: PASSWORD, ...extra },
  });
  expect(parseWith(MessageSchema, json(response, 201), "register").message).toBe(
    MESSAGES.signUpCheckEmail,
  );
  // Sign-up starts no session (no enumeration): the browser signs in, as a person would.
  const signedIn = await browser.call("POST", "/api/account/token", {
    body: { email, password: extra.password ?? PASSWORD },
  });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return email;
}

describe("register", () => {
  it("answers 201, signs in, and e-mails a verification link", async () => {
    const browser = new Browser(app);
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
    const mails = await mailsTo(database.db, email);
    expect(mails.map((mail) => mail.kind)).toEqual(["verification"]);
    expect(mails[0]?.link).toMatch(/^http:\/\/localhost\/verify-email\/[\w-]+\/[\w-]+$/);
    expect(mails[0]?.html).toContain(mails[0]?.link);
    expect(mails[0]?.text).toContain(mails[0]?.link);
  });

  it("answers a known address (any case) as a new one, creates nothing and tells only its owner", async () => {
    const email = await register(new Browser(app));
    const fresh = uniqueEmail("fresh");
    const attempt = (address: string) =>
      new Browser(app).call("POST", "/api/account/register", {
        body: { first_name: "Eve", last_name: "Other", email: address, password: "Another123!" },
      });
    await database.db.execute(sql`delete from rate_limit_events`);
    const known = await attempt(email.toUpperCase());
    const unknown = await attempt(fresh);
    // The same status, body and cookies whether or not the address has an account.
    expect([known.statusCode, unknown.statusCode]).toEqual([201, 201]);
    expect(known.json()).toEqual(unknown.json());
    expect(known.cookies.map((cookie) => cookie.name).sort()).toEqual(
      unknown.cookies.map((cookie) => cookie.name).sort(),
    );
    // The owner's account is unchanged: their password still signs in, the attacker's does not.
    expect((await apiTokens(app, email)).access).toBeTruthy();
    const intruder = await app.inject({
      method: "POST",
      url: "/api/account/token",
      payload: { email, password: "Another123!" },
    });
    expect(intruder.statusCode).toBe(401);
    // The mailbox tells the difference: a note to the owner, a verification link to the new one.
    await vi.waitFor(async () =>
      expect((await mailsTo(database.db, email)).map((mail) => mail.kind)).toContain(
        "sign_up_attempt",
      ),
    );
    await linkFor(database.db, fresh, "verification");
    const rows = await database.db.execute(
      sql`select count(*)::int as n from users where lower(email) = lower(${email})`,
    );
    expect((rows as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it.each([
    [{ first_name: "Al" }, MESSAGES.firstName],
    [{ first_name: "Ada-Marie" }, MESSAGES.firstName],
    [{ last_name: "L" }, MESSAGES.lastName],
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
      await new Browser(app).call("POST", "/api/account/register", { body }),
      400,
    );
    expect(error.detail).toBe(expected);
  });

  it("answers 400 (not 500) for a missing body or malformed JSON", async () => {
    expect(
      apiError(await new Browser(app).call("POST", "/api/account/register", { body: {} }), 400)
        .detail,
    ).toBe(MESSAGES.firstName);
    const response = await app.inject({
      method: "POST",
      url: "/api/account/register",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
  });

  it("register_partner creates a partner with its organization", async () => {
    const email = uniqueEmail("partner");
    const response = await new Browser(app).call("POST", "/api/account/register_partner", {
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
      await new Browser(app).call("POST", "/api/account/token", {
        body: { email, password: PASSWORD },
      }),
      403,
    );
    expect(early.code).toBe("email_not_verified");
    const link = await linkFor(database.db, email, "verification");
    const [, , token1, token2] = link.split("/");
    json(await new Browser(app).call("GET", `/api/account/verify-email/${token1}/${token2}/`), 200);
    const signIn = new Browser(app);
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
        await new Browser(app).call("POST", "/api/account/register_partner", {
          body: {
            first_name: "Grace",
            last_name: "Hopper",
            email: uniqueEmail(),
            password: PASSWORD,
          },
        }),
        400,
      ).detail,
    ).toBe("Organization is required");
  });
});

describe("the password rule (ASVS 6.2)", () => {
  it("accepts a long passphrase with spaces and any script, and signs in with it", async () => {
    for (const password of [
      "correct horse battery staple on a very long walk through the old town of Utrecht",
      "пароль для входа в систему",
      "Ünïcödé ünd spaces",
    ]) {
      const email = uniqueEmail("phrase");
      const created = await new Browser(app).call("POST", "/api/account/register", {
        body: { first_name: "Ada", last_name: "Lovelace", email, password },
      });
      expect(created.statusCode, created.body).toBe(201);
      const signIn = await app.inject({
        method: "POST",
        url: "/api/account/token",
        payload: { email, password },
      });
      expect(signIn.statusCode, password).toBe(200);
    }
  });

  it("refuses a common password on every API that sets one", async () => {
    const browser = new Browser(app);
    await register(browser);
    const change = apiError(
      await browser.call("PATCH", "/api/account/change_password", {
        body: { old_password: PASSWORD, new_password: "football1" },
      }),
      400,
    );
    expect(change.errors?.new_password).toEqual([MESSAGES.passwordTooCommon]);
    const partner = apiError(
      await new Browser(app).call("POST", "/api/account/register_partner", {
        body: {
          first_name: "Ada",
          last_name: "Lovelace",
          email: uniqueEmail("partner"),
          password: "12345678",
          organization: "Acme",
        },
      }),
      400,
    );
    expect(partner.errors?.password).toEqual([MESSAGES.passwordTooCommon]);
  });
});

describe("token (sign-in) and sessions", () => {
  it("signs in with any case of the e-mail; wrong password and unknown e-mail give the exact detail", async () => {
    const email = await register(new Browser(app));
    const browser = new Browser(app);
    const ok = parseWith(
      TokenPairSchema,
      json(
        await browser.call("POST", "/api/account/token", {
          body: { email: email.toUpperCase(), password: PASSWORD },
        }),
        200,
      ),
      "token",
    );
    expect(ok.user.email).toBe(email);
    for (const body of [
      { email, password: "Wrong123!" },
      { email: uniqueEmail("nobody"), password: PASSWORD },
    ]) {
      const error = apiError(
        await new Browser(app).call("POST", "/api/account/token", { body }),
        401,
      );
      expect(error.detail).toBe("No active account found with the given credentials");
    }
  });

  it("accepts the access token as a Bearer header without cookies or XSRF", async () => {
    const email = await register(new Browser(app));
    const tokens = await apiTokens(app, email);
    const response = await app.inject({
      method: "GET",
      url: "/api/account/detail",
      headers: { authorization: `Bearer ${tokens.access}` },
    });
    expect(response.statusCode).toBe(200);
    const logout = await app.inject({
      method: "POST",
      url: "/api/account/logout",
      headers: { authorization: `Bearer ${tokens.access}`, "content-type": "application/json" },
    });
    expect(logout.statusCode).toBe(200);
  });

  it("gives our web app its session only as httpOnly cookies, and API clients only in the body", async () => {
    const email = await register(new Browser(app));
    // The web app echoes the XSRF cookie: cookies, and no token in the body.
    const browser = new Browser(app);
    const signedIn = await browser.call("POST", "/api/account/token", {
      body: { email, password: PASSWORD },
    });
    const web = json(signedIn, 200);
    for (const field of ["access", "refresh", "access_token", "refresh_token"]) {
      expect(web, field).not.toHaveProperty(field);
    }
    expect(signedIn.body).not.toContain(browser.cookies.get("sa_refresh"));
    expect(signedIn.headers["cache-control"]).toBe("no-store");
    expect(signedIn.cookies.find((cookie) => cookie.name === "sa_refresh")).toMatchObject({
      httpOnly: true,
    });
    const renewed = await browser.call("POST", "/api/account/token/refresh", { body: {} });
    expect(json(renewed, 200)).not.toHaveProperty("refresh");
    expect(renewed.cookies.some((cookie) => cookie.name === "sa_refresh")).toBe(true);
    // An API client: the tokens in the body, no session cookies.
    const api = await app.inject({
      method: "POST",
      url: "/api/account/token",
      payload: { email, password: PASSWORD },
    });
    const tokens = parseWith(TokenPairSchema, json(api, 200), "token");
    expect([typeof tokens.access, typeof tokens.refresh]).toEqual(["string", "string"]);
    expect(api.cookies.filter((cookie) => cookie.name.startsWith("sa_"))).toEqual([]);
  });

  it("logout makes the old access token fail", async () => {
    const email = await register(new Browser(app));
    const tokens = await apiTokens(app, email);
    json(
      await app.inject({
        method: "POST",
        url: "/api/account/logout",
        headers: { authorization: `Bearer ${tokens.access}`, "content-type": "application/json" },
      }),
      200,
    );
    const bearer = await app.inject({
      method: "GET",
      url: "/api/account/detail",
      headers: { authorization: `Bearer ${tokens.access}` },
    });
    expect(bearer.statusCode).toBe(401);
    const cookie = await app.inject({
      method: "GET",
      url: "/api/account/detail",
      headers: { cookie: `sa_access=${tokens.access}` },
    });
    expect(cookie.statusCode).toBe(401);
    // The refresh token of the ended session does not bring it back either.
    const refresh = await app.inject({
      method: "POST",
      url: "/api/account/token/refresh",
      payload: { refresh: tokens.refresh },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it("rotates refresh tokens; a replayed (already rotated) token revokes the whole session", async () => {
    const email = await register(new Browser(app));
    const first = await apiTokens(app, email);
    const refresh = (token: string) =>
      app.inject({
        method: "POST",
        url: "/api/account/token/refresh",
        payload: { refresh: token },
      });
    const second = json(await refresh(first.refresh), 200);
    expect(second.refresh).not.toBe(first.refresh);
    const third = json(await refresh(String(second.refresh)), 200);
    // `first` was exchanged two rotations ago: stolen and replayed.
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    // The whole session is gone: the newest refresh token and the access tokens fail too.
    expect((await refresh(String(third.refresh))).statusCode).toBe(401);
    const detail = await app.inject({
      method: "GET",
      url: "/api/account/detail",
      headers: { authorization: `Bearer ${String(third.access)}` },
    });
    expect(detail.statusCode).toBe(401);
  });

  it("renews an expired access cookie from the refresh cookie on the next request", async () => {
    const browser = new Browser(app);
    await register(browser);
    const refreshBefore = browser.cookies.get("sa_refresh");
    browser.cookies.delete("sa_access");
    const detail = await browser.call("GET", "/api/account/detail");
    expect(detail.statusCode).toBe(200);
    expect(browser.cookies.has("sa_access")).toBe(true);
    expect(browser.cookies.get("sa_refresh")).not.toBe(refreshBefore);
  });

  it("answers 429 on the 11th failed sign-in of an account within 15 minutes", async () => {
    const email = await register(new Browser(app));
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await new Browser(app).call("POST", "/api/account/token", {
        body: { email, password: "Wrong123!" },
        ip: `10.0.0.${attempt}`,
      });
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const blocked = apiError(
      await new Browser(app).call("POST", "/api/account/token", {
        body: { email, password: PASSWORD },
        ip: "10.0.1.1",
      }),
      429,
    );
    expect(blocked.code).toBe("rate_limited");
    expect(blocked.detail).toMatch(/Too many failed sign-in attempts/);
  });

  it("limits failed sign-ins per address (IP) across accounts", async () => {
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const response = await new Browser(app).call("POST", "/api/account/token", {
        body: { email: uniqueEmail("ipguess"), password: "Wrong123!" },
        ip: "10.9.9.9",
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await new Browser(app).call("POST", "/api/account/token", {
      body: { email: uniqueEmail(), password: "x" },
      ip: "10.9.9.9",
    });
    expect(blocked.statusCode).toBe(429);
  });
});

describe("XSRF double-submit", () => {
  it("answers 403 to a cookie-authenticated mutation without the X-XSRF-TOKEN header", async () => {
    const browser = new Browser(app);
    await register(browser);
    const forged = apiError(
      await browser.call("POST", "/api/account/user_interest", {
        body: { disciplines: [1] },
        noXsrf: true,
      }),
      403,
    );
    expect(forged.code).toBe("xsrf_failed");
    const wrong = await browser.call("PATCH", "/api/account/change_password", {
      body: { old_password: PASSWORD, new_password: "Another123!" },
      noXsrf: true,
      headers: { "x-xsrf-token": "guessed" },
    });
    expect(wrong.statusCode).toBe(403);
    expect(
      (await browser.call("POST", "/api/account/user_interest", { body: { disciplines: [1] } }))
        .statusCode,
    ).toBe(200);
  });

  it("is skipped only for a Bearer token, not for any other Authorization header", async () => {
    const browser = new Browser(app);
    await register(browser);
    const basic = apiError(
      await browser.call("POST", "/api/account/user_interest", {
        body: { disciplines: [1] },
        noXsrf: true,
        headers: { authorization: "Basic Zm9vOmJhcg==" },
      }),
      403,
    );
    expect(basic.code).toBe("xsrf_failed");
  });

  it("refuses a cookie mutation the browser marks as cross-site, even with the token", async () => {
    const browser = new Browser(app);
    await register(browser);
    const call = (headers: Record<string, string>) =>
      browser.call("POST", "/api/account/user_interest", { body: { disciplines: [1] }, headers });
    const foreign: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example" },
      { origin: "null" },
    ];
    for (const headers of foreign) {
      const refused = apiError(await call(headers), 403);
      expect(refused.code, JSON.stringify(headers)).toBe("cross_site_request");
    }
    // Our own pages: the public origin, the request's own origin, same-origin fetches.
    expect((await call({ origin: "http://localhost" })).statusCode).toBe(200);
    expect((await call({ "sec-fetch-site": "same-origin" })).statusCode).toBe(200);
  });

  it("hands out the XSRF-TOKEN cookie, readable by scripts", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    const cookie = response.cookies.find((item) => item.name === "XSRF-TOKEN");
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe("Lax");
    const browser = new Browser(app);
    const email = await register(browser);
    const session = await browser.call("POST", "/api/account/token", {
      body: { email, password: PASSWORD },
    });
    const access = session.cookies.find((item) => item.name === "sa_access");
    expect(access).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  });
});

describe("e-mail verification", () => {
  it("verifies once from the e-mailed link, keeps the registering browser signed in and sends the welcome e-mail", async () => {
    const browser = new Browser(app);
    const email = await register(browser);
    const link = await linkFor(database.db, email, "verification");
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
    expect((await mailsTo(database.db, email)).map((mail) => mail.kind)).toContain("welcome");
    const again = apiError(
      await new Browser(app).call("GET", `/api/account/verify-email/${token1}/${token2}/`),
      400,
    );
    expect(again.detail).toMatch(/invalid or has expired/);
    expect(
      (await new Browser(app).call("GET", `/api/account/verify-email/${token1}/wrong-token/`))
        .statusCode,
    ).toBe(400);
    expect(
      (await new Browser(app).call("GET", `/api/account/verify-email/%FF%FE/${token2}/`))
        .statusCode,
    ).toBe(400);
  });

  it("signs in the browser that signed up, when it opens the link", async () => {
    const browser = new Browser(app);
    const email = uniqueEmail("signup");
    json(
      await browser.call("POST", "/api/account/register", {
        body: { first_name: "Ada", last_name: "Lovelace", email, password: PASSWORD },
      }),
      201,
    );
    // Sign-up itself starts no session.
    expect((await browser.call("GET", "/api/account/detail")).statusCode).toBe(401);
    const [, , token1, token2] = (await linkFor(database.db, email, "verification")).split("/");
    const answer = await browser.call("GET", `/api/account/verify-email/${token1}/${token2}/`);
    const verified = parseWith(VerifiedSchema, json(answer, 200), "verify");
    expect(verified).toMatchObject({ signed_in: true, message: MESSAGES.emailVerified });
    expect(verified).not.toHaveProperty("refresh");
    expect(browser.cookies.has("sa_signup")).toBe(false);
    expect((await browser.call("GET", "/api/account/detail")).statusCode).toBe(200);
  });

  it("never signs in another browser that opens the link (login CSRF); an API client gets tokens", async () => {
    const email = await register(new Browser(app));
    const link = await linkFor(database.db, email, "verification");
    const [, , token1, token2] = link.split("/");
    // Someone else's link, opened in a victim's browser: verified, but the victim stays who they were.
    const victim = new Browser(app);
    const answer = await victim.call("GET", `/api/account/verify-email/${token1}/${token2}/`);
    const verified = parseWith(VerifiedSchema, json(answer, 200), "verify");
    expect(verified).toMatchObject({ signed_in: false, message: MESSAGES.emailVerifiedSignIn });
    expect(answer.cookies.filter((cookie) => cookie.name.startsWith("sa_"))).toEqual([]);
    expect((await victim.call("GET", "/api/account/detail")).statusCode).toBe(401);

    // An API client (no XSRF header) that holds a link gets its tokens in the body, no cookies.
    const other = await register(new Browser(app));
    const [, , other1, other2] = (await linkFor(database.db, other, "verification")).split("/");
    const api = await app.inject({ url: `/api/account/verify-email/${other1}/${other2}/` });
    const apiVerified = parseWith(VerifiedSchema, json(api, 200), "verify");
    expect([apiVerified.signed_in, typeof apiVerified.access]).toEqual([true, "string"]);
    expect(api.cookies.filter((cookie) => cookie.name.startsWith("sa_"))).toEqual([]);
  });

  it("resend answers the same for known and unknown addresses and mails only the known one, once a minute", async () => {
    const email = await register(new Browser(app));
    // Registration sent one already: the address waits a minute.
    expect(
      (await new Browser(app).call("POST", "/api/account/resend-verify-email", { body: { email } }))
        .statusCode,
    ).toBe(429);
    await database.db.execute(sql`delete from rate_limit_events`);
    const known = json(
      await new Browser(app).call("POST", "/api/account/resend-verify-email", { body: { email } }),
      200,
    );
    const unknownEmail = uniqueEmail("ghost");
    const unknown = json(
      await new Browser(app).call("POST", "/api/account/resend-verify-email", {
        body: { email: unknownEmail },
      }),
      200,
    );
    expect(unknown).toEqual(known);
    // The e-mail goes out after the answer (the same time for known and unknown addresses).
    await vi.waitFor(async () =>
      expect(
        (await mailsTo(database.db, email)).filter((mail) => mail.kind === "verification"),
      ).toHaveLength(2),
    );
    expect(await mailsTo(database.db, unknownEmail)).toHaveLength(0);
    expect(
      apiError(
        await new Browser(app).call("POST", "/api/account/resend-verify-email", { body: {} }),
        400,
      ).detail,
    ).toBe(MESSAGES.forgotPasswordEmailRequired);
  });
});

describe("password reset", () => {
  it("answers the same for an unknown address, sends it nothing, and limits to one e-mail a minute", async () => {
    const email = await register(new Browser(app));
    const unknownEmail = uniqueEmail("ghost");
    const known = json(
      await new Browser(app).call("POST", "/api/account/password_reset", {
        body: { email },
        ip: "10.1.0.1",
      }),
      200,
    );
    const unknown = json(
      await new Browser(app).call("POST", "/api/account/password_reset", {
        body: { email: unknownEmail },
        ip: "10.1.0.2",
      }),
      200,
    );
    expect(unknown).toEqual(known);
    await vi.waitFor(async () =>
      expect(
        (await mailsTo(database.db, email)).filter((mail) => mail.kind === "password_reset"),
      ).toHaveLength(1),
    );
    expect(await mailsTo(database.db, unknownEmail)).toHaveLength(0);
    const again = apiError(
      await new Browser(app).call("POST", "/api/account/password_reset", {
        body: { email },
        ip: "10.1.0.3",
      }),
      429,
    );
    expect(again.detail).toMatch(/wait a minute/);
    const againUnknown = await new Browser(app).call("POST", "/api/account/password_reset", {
      body: { email: unknownEmail },
      ip: "10.1.0.4",
    });
    expect(againUnknown.statusCode).toBe(429);
    expect(
      apiError(
        await new Browser(app).call("POST", "/api/account/password_reset", { body: { email: "" } }),
        400,
      ).detail,
    ).toBe(MESSAGES.forgotPasswordEmailRequired);
  });

  it("sets a new password from the link once; the old password fails and every session ends", async () => {
    const browser = new Browser(app);
    const email = await register(browser);
    json(
      await new Browser(app).call("POST", "/api/account/password_reset", { body: { email } }),
      200,
    );
    const link = new URL(await linkFor(database.db, email, "password_reset"), "http://localhost");
    expect(link.pathname).toBe("/set-pw");
    const user = link.searchParams.get("user");
    const token = link.searchParams.get("token");
    const confirm = (password: string) =>
      new Browser(app).call("POST", `/api/account/password_reset_confirm/${user}/${token}`, {
        body: { new_password: password },
      });
    expect(apiError(await confirm("weak"), 400).detail).toBe(MESSAGES.password);
    // A refused password leaves the link working.
    expect(apiError(await confirm("iloveyou"), 400).errors?.new_password).toEqual([
      MESSAGES.passwordTooCommon,
    ]);
    expect(json(await confirm("Brand123!"), 200).message).toBe(MESSAGES.passwordResetSuccessful);
    expect((await confirm("Other123!")).statusCode).toBe(400);
    expect((await browser.call("GET", "/api/account/detail")).statusCode).toBe(401);
    expect(
      (
        await new Browser(app).call("POST", "/api/account/token", {
          body: { email, password: PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await new Browser(app).call("POST", "/api/account/token", {
          body: { email, password: "Brand123!" },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe("a new password retires the e-mailed links", () => {
  it("a reset link requested before a password change no longer works", async () => {
    const browser = new Browser(app);
    const email = await register(browser);
    json(
      await new Browser(app).call("POST", "/api/account/password_reset", { body: { email } }),
      200,
    );
    const link = new URL(await linkFor(database.db, email, "password_reset"), "http://localhost");
    const verification = await linkFor(database.db, email, "verification");
    json(
      await browser.call("PATCH", "/api/account/change_password", {
        body: { old_password: PASSWORD, new_password: "Next1234!" },
      }),
      200,
    );
    const reset = await new Browser(app).call(
      "POST",
      `/api/account/password_reset_confirm/${link.searchParams.get("user")}/${link.searchParams.get("token")}`,
      { body: { new_password: "Taken123!" } },
    );
    expect(reset.statusCode).toBe(400);
    const [, , token1, token2] = verification.split("/");
    expect(
      (await new Browser(app).call("GET", `/api/account/verify-email/${token1}/${token2}/`))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await new Browser(app).call("POST", "/api/account/token", {
          body: { email, password: "Next1234!" },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe("change_password", () => {
  it("needs the current password and signs out the other sessions only", async () => {
    const browser = new Browser(app);
    const email = await register(browser);
    const other = new Browser(app);
    json(
      await other.call("POST", "/api/account/token", { body: { email, password: PASSWORD } }),
      200,
    );
    const wrong = apiError(
      await browser.call("PATCH", "/api/account/change_password", {
        body: { old_password: "Wrong123!", new_password: "Next1234!" },
      }),
      400,
    );
    expect(wrong.errors?.old_password).toBeDefined();
    expect(
      apiError(
        await browser.call("PATCH", "/api/account/change_password", {
          body: { old_password: PASSWORD, new_password: "short" },
        }),
        400,
      ).errors?.new_password,
    ).toEqual([MESSAGES.password]);
    expect(
      json(
        await browser.call("PATCH", "/api/account/change_password", {
          body: { old_password: PASSWORD, new_password: "Next1234!" },
        }),
        200,
      ).message,
    ).toBe(MESSAGES.passwordChanged);
    expect((await browser.call("GET", "/api/account/detail")).statusCode).toBe(200);
    expect((await other.call("GET", "/api/account/detail")).statusCode).toBe(401);
    expect(
      (
        await new Browser(app).call("PATCH", "/api/account/change_password", {
          body: { old_password: PASSWORD, new_password: "Next1234!" },
        })
      ).statusCode,
    ).toBe(401);
  });
});

function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) {
  const boundary = "----studyatlas-test-boundary";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="picture"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

describe("profiles", () => {
  it("updates the own profile from multipart fields and a picture; one user cannot read or change another's", async () => {
    const alice = new Browser(app);
    const aliceEmail = await register(alice);
    const bob = new Browser(app);
    const bobEmail = await register(bob, uniqueEmail("bob"), {
      first_name: "Bob",
      last_name: "Builder",
    });
    const form = multipart(
      {
        first_name: "Alice",
        last_name: "Liddell",
        email: "ignored@example.com",
        "client_profile[id]": "999",
        "client_profile[socials]": "",
        "client_profile[address]": "1 Wonderland Road",
        "client_profile[gender]": "female",
        "client_profile[date_of_birth]": "2001-05-04",
        "client_profile[nationality]": "6",
        "client_profile[country_of_residence]": "null",
        "client_profile[phone_number]": "+44 20 7946 0958",
        "client_profile[website]": "",
        "client_profile[user]": "1",
      },
      { name: "profile_pic", type: "image/png", data: PNG },
    );
    const updated = parseWith(
      AccountDetailSchema,
      json(await alice.call("PATCH", "/api/account/update_user_profile", form), 200),
      "update",
    );
    expect(updated).toMatchObject({ first_name: "Alice", last_name: "Liddell", email: aliceEmail });
    expect(updated.client_profile).toMatchObject({
      address: "1 Wonderland Road",
      gender: "female",
      date_of_birth: "2001-05-04",
      nationality: 6,
      country_of_residence: null,
      website: null,
    });
    expect(updated.client_profile.profile_pic).toMatch(/^\/api\/account\/profile_pic\/\d+\?v=\d+$/);
    const picture = await alice.call("GET", updated.client_profile.profile_pic ?? "");
    expect(picture.headers["content-type"]).toBe("image/png");
    expect(picture.rawPayload.equals(PNG)).toBe(true);
    const anonymous = await app.inject({
      method: "GET",
      url: updated.client_profile.profile_pic ?? "",
    });
    expect(anonymous.statusCode).toBe(401);

    // Bob sees Alice's public fields only, and his own update leaves her alone.
    const alicePublic = parseWith(
      PublicUserSchema,
      json(await bob.call("GET", `/api/account/get_user/${updated.id}`), 200),
      "public",
    );
    expect(alicePublic).toEqual({
      id: updated.id,
      first_name: "Alice",
      last_name: "Liddell",
      role: "student",
      profile_pic: updated.client_profile.profile_pic,
    });
    expect(JSON.stringify(alicePublic)).not.toContain(aliceEmail);
    json(
      await bob.call(
        "PATCH",
        "/api/account/update_user_profile",
        multipart({
          "client_profile[user]": String(updated.id),
          "client_profile[address]": "Bob's",
        }),
      ),
      200,
    );
    const aliceAfter = parseWith(
      AccountDetailSchema,
      json(await alice.call("GET", "/api/account/detail"), 200),
      "detail",
    );
    expect(aliceAfter.client_profile.address).toBe("1 Wonderland Road");
    const bobAfter = parseWith(
      AccountDetailSchema,
      json(await bob.call("GET", "/api/account/detail"), 200),
      "detail",
    );
    expect(bobAfter).toMatchObject({ email: bobEmail, client_profile: { address: "Bob's" } });

    expect(
      (await new Browser(app).call("GET", `/api/account/get_user/${updated.id}`)).statusCode,
    ).toBe(401);
    expect((await new Browser(app).call("GET", "/api/account/detail")).statusCode).toBe(401);
    expect((await alice.call("GET", "/api/account/get_user/999999")).statusCode).toBe(404);
    expect((await alice.call("GET", "/api/account/get_user/abc")).statusCode).toBe(400);
  });

  it("refuses a picture that is not an image, a picture over 2 MB and bad field values", async () => {
    const browser = new Browser(app);
    await register(browser);
    const patch = (form: ReturnType<typeof multipart>) =>
      browser.call("PATCH", "/api/account/update_user_profile", form);
    expect(
      apiError(
        await patch(
          multipart(
            {},
            { name: "profile_pic", type: "image/png", data: Buffer.from("<svg onload=alert(1)>") },
          ),
        ),
        415,
      ).code,
    ).toBe("unsupported_image");
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    expect(
      apiError(
        await patch(multipart({}, { name: "profile_pic", type: "image/png", data: big })),
        413,
      ).code,
    ).toBe("image_too_large");
    expect(
      apiError(await patch(multipart({ "client_profile[gender]": "robot" })), 400).errors?.gender,
    ).toBeDefined();
    expect(
      apiError(await patch(multipart({ "client_profile[nationality]": "999999" })), 400).errors
        ?.nationality,
    ).toBeDefined();
    expect(
      apiError(await patch(multipart({ "client_profile[date_of_birth]": "2001-02-30" })), 400)
        .errors?.date_of_birth,
    ).toBeDefined();
    expect(apiError(await patch(multipart({ first_name: "A!" })), 400).detail).toBe(
      MESSAGES.firstName,
    );
  });
});

describe("user_interest", () => {
  it("saves and reads the signed-in user's disciplines and countries; unknown ids are a 400", async () => {
    const browser = new Browser(app);
    await register(browser);
    const saved = json(
      await browser.call("POST", "/api/account/user_interest", {
        body: { disciplines: [2, 1, 2], countries: [17, 6] },
      }),
      200,
    );
    expect(saved).toEqual({ disciplines: [1, 2], countries: [6, 17] });
    expect(json(await browser.call("GET", "/api/account/user_interest"), 200)).toEqual(saved);
    expect(
      apiError(
        await browser.call("POST", "/api/account/user_interest", { body: { countries: [999999] } }),
        400,
      ).errors?.countries,
    ).toBeDefined();
    expect(
      apiError(
        await browser.call("POST", "/api/account/user_interest", { body: { countries: "x" } }),
        400,
      ).code,
    ).toBe("invalid_parameter");
    expect(
      (
        await new Browser(app).call("POST", "/api/account/user_interest", {
          body: { disciplines: [1] },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe("referral and logout edge cases", () => {
  it("finds a user by referral code with public fields only", async () => {
    const browser = new Browser(app);
    await register(browser);
    const detail = parseWith(
      AccountDetailSchema,
      json(await browser.call("GET", "/api/account/detail"), 200),
      "detail",
    );
    const referral = parseWith(
      PublicUserSchema,
      json(
        await new Browser(app).call("GET", `/api/account/user/referral/${detail.referral_code}`),
        200,
      ),
      "referral",
    );
    expect(referral.id).toBe(detail.id);
    expect((await new Browser(app).call("GET", "/api/account/user/referral/NOPE")).statusCode).toBe(
      404,
    );
  });

  it("logout with an empty JSON body and no session answers 200", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/account/logout",
      headers: { "content-type": "application/json" },
      payload: "",
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("Google sign-in", () => {
  it("signs up (201) and then signs in with a verified Google ID token", async () => {
    const email = uniqueEmail("google");
    const credential = await googleToken({
      sub: `g-${email}`,
      email,
      given_name: "Gina",
      family_name: "Google",
    });
    const signup = await new Browser(app).call("POST", "/api/account/google_signup", {
      body: { credential },
    });
    expect(json(signup, 201).message).toBe(MESSAGES.accountCreated);
    const browser = new Browser(app);
    const login = parseWith(
      TokenPairSchema,
      json(await browser.call("POST", "/api/account/google_login", { body: { credential } }), 200),
      "google login",
    );
    expect(login.user).toMatchObject({ email, first_name: "Gina", email_verified: true });
    expect(
      (await new Browser(app).call("POST", "/api/account/google_signup", { body: { credential } }))
        .statusCode,
    ).toBe(400);
  });

  it("refuses tokens for another client id, with a bad signature, or for an unknown account", async () => {
    const email = uniqueEmail("google");
    const otherAudience = await googleToken({ sub: "x1", email }, "someone-else");
    expect(
      apiError(
        await new Browser(app).call("POST", "/api/account/google_login", {
          body: { credential: otherAudience },
        }),
        401,
      ).code,
    ).toBe("invalid_google_token");
    const valid = await googleToken({ sub: "x2", email });
    const tampered = `${valid.slice(0, -4)}AAAA`;
    expect(
      (
        await new Browser(app).call("POST", "/api/account/google_login", {
          body: { credential: tampered },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      apiError(
        await new Browser(app).call("POST", "/api/account/google_login", {
          body: { credential: valid },
        }),
        404,
      ).code,
    ).toBe("no_account");
  });

  it("answers 503 when Google sign-in is not configured", async () => {
    const plain = await buildApp({
      config: testConfig(),
      database,
      frontend: { kind: "none" },
      logger: false,
    });
    try {
      const response = await plain.inject({
        method: "POST",
        url: "/api/account/google_login",
        payload: { credential: "x".repeat(40) },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: "google_not_configured" });
    } finally {
      await plain.close();
    }
  });
});

describe("OpenAPI", () => {
  it("documents every account path of the spec, with request bodies", async () => {
    const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>();
    const expected: [string, string][] = [
      ["/api/account/token", "post"],
      ["/api/account/detail", "get"],
      ["/api/account/get_user/{id}", "get"],
      ["/api/account/user/referral/{code}", "get"],
      ["/api/account/register", "post"],
      ["/api/account/register_partner", "post"],
      ["/api/account/password_reset", "post"],
      ["/api/account/password_reset_confirm/{user}/{token}", "post"],
      ["/api/account/google_login", "post"],
      ["/api/account/google_signup", "post"],
      ["/api/account/verify-email/{token1}/{token2}", "get"],
      ["/api/account/resend-verify-email", "post"],
      ["/api/account/user_interest", "post"],
      ["/api/account/logout", "post"],
      ["/api/account/change_password", "patch"],
      ["/api/account/update_user_profile", "patch"],
    ];
    for (const [path, method] of expected) {
      expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(document.paths["/api/account/register"]?.post?.requestBody).toBeDefined();
  });
});
