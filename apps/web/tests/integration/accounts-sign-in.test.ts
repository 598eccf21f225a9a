// Signing in through the account API on a real database (docs/spec/accounts-and-details.md §7):
// sign-in with its exact messages and limits, sessions as cookies for the web app and tokens for
// API clients, logout and refresh rotation, the XSRF check, and Google sign-in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MESSAGES } from "@studyatlas/schemas/account-rules.ts";
import {
  AccountDetailSchema,
  PublicUserSchema,
  TokenPairSchema,
} from "@studyatlas/schemas/accounts.ts";

import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";
import { Browser, PASSWORD, apiTokens, uniqueEmail } from "./account-client.ts";
import { apiError, json, register } from "./accounts-support.ts";
import { startGoogleStub, type GoogleStub } from "./google-sign-in-support.ts";
import { createTestApp, parseWith, type TestApp } from "./test-app.ts";

const GOOGLE_CLIENT_ID = "test-client.apps.googleusercontent.com";

let t: TestApp;
let google: GoogleStub;

beforeAll(async () => {
  google = await startGoogleStub(GOOGLE_CLIENT_ID);
  t = await createTestApp({
    config: {
      google: { ...testConfig().google, clientId: GOOGLE_CLIENT_ID, jwksUrl: google.jwksUrl },
    },
  });
});

afterAll(async () => {
  await t?.close();
  await google?.close();
});

describe("token (sign-in) and sessions", () => {
  it("signs in with any case of the e-mail; wrong password and unknown e-mail give the exact detail", async () => {
    const email = await register(new Browser(t.app));
    const browser = new Browser(t.app);
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
        await new Browser(t.app).call("POST", "/api/account/token", { body }),
        401,
      );
      expect(error.detail).toBe("No active account found with the given credentials");
    }
  });

  it("accepts the access token as a Bearer header without cookies or XSRF", async () => {
    const email = await register(new Browser(t.app));
    const tokens = await apiTokens(t.app, email);
    const response = await t.app.inject({
      method: "GET",
      url: "/api/account/detail",
      headers: { authorization: `Bearer ${tokens.access}` },
    });
    expect(response.statusCode).toBe(200);
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/account/logout",
      headers: { authorization: `Bearer ${tokens.access}`, "content-type": "application/json" },
    });
    expect(logout.statusCode).toBe(200);
  });

  it("gives our web app its session only as httpOnly cookies, and API clients only in the body", async () => {
    const email = await register(new Browser(t.app));
    // The web app echoes the XSRF cookie: cookies, and no token in the body.
    const browser = new Browser(t.app);
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
    const api = await t.app.inject({
      method: "POST",
      url: "/api/account/token",
      payload: { email, password: PASSWORD },
    });
    const tokens = parseWith(TokenPairSchema, json(api, 200), "token");
    expect([typeof tokens.access, typeof tokens.refresh]).toEqual(["string", "string"]);
    expect(api.cookies.filter((cookie) => cookie.name.startsWith("sa_"))).toEqual([]);
  });

  it("logout makes the old access token fail", async () => {
    const email = await register(new Browser(t.app));
    const tokens = await apiTokens(t.app, email);
    json(
      await t.app.inject({
        method: "POST",
        url: "/api/account/logout",
        headers: { authorization: `Bearer ${tokens.access}`, "content-type": "application/json" },
      }),
      200,
    );
    const bearer = await t.app.inject({
      method: "GET",
      url: "/api/account/detail",
      headers: { authorization: `Bearer ${tokens.access}` },
    });
    expect(bearer.statusCode).toBe(401);
    const cookie = await t.app.inject({
      method: "GET",
      url: "/api/account/detail",
      headers: { cookie: `sa_access=${tokens.access}` },
    });
    expect(cookie.statusCode).toBe(401);
    // The refresh token of the ended session does not bring it back either.
    const refresh = await t.app.inject({
      method: "POST",
      url: "/api/account/token/refresh",
      payload: { refresh: tokens.refresh },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it("rotates refresh tokens; a replayed (already rotated) token revokes the whole session", async () => {
    const email = await register(new Browser(t.app));
    const first = await apiTokens(t.app, email);
    const refresh = (token: string) =>
      t.app.inject({
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
    const detail = await t.app.inject({
      method: "GET",
      url: "/api/account/detail",
      headers: { authorization: `Bearer ${String(third.access)}` },
    });
    expect(detail.statusCode).toBe(401);
  });

  it("renews an expired access cookie from the refresh cookie on the next request", async () => {
    const browser = new Browser(t.app);
    await register(browser);
    const refreshBefore = browser.cookies.get("sa_refresh");
    browser.cookies.delete("sa_access");
    const detail = await browser.call("GET", "/api/account/detail");
    expect(detail.statusCode).toBe(200);
    expect(browser.cookies.has("sa_access")).toBe(true);
    expect(browser.cookies.get("sa_refresh")).not.toBe(refreshBefore);
  });

  it("answers 429 on the 11th failed sign-in of an account within 15 minutes", async () => {
    const email = await register(new Browser(t.app));
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await new Browser(t.app).call("POST", "/api/account/token", {
        body: { email, password: "Wrong123!" },
        ip: `10.0.0.${attempt}`,
      });
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const blocked = apiError(
      await new Browser(t.app).call("POST", "/api/account/token", {
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
      const response = await new Browser(t.app).call("POST", "/api/account/token", {
        body: { email: uniqueEmail("ipguess"), password: "Wrong123!" },
        ip: "10.9.9.9",
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await new Browser(t.app).call("POST", "/api/account/token", {
      body: { email: uniqueEmail(), password: "x" },
      ip: "10.9.9.9",
    });
    expect(blocked.statusCode).toBe(429);
  });
});

describe("XSRF double-submit", () => {
  it("answers 403 to a cookie-authenticated mutation without the X-XSRF-TOKEN header", async () => {
    const browser = new Browser(t.app);
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
    const browser = new Browser(t.app);
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
    const browser = new Browser(t.app);
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
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    const cookie = response.cookies.find((item) => item.name === "XSRF-TOKEN");
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe("Lax");
    const browser = new Browser(t.app);
    const email = await register(browser);
    const session = await browser.call("POST", "/api/account/token", {
      body: { email, password: PASSWORD },
    });
    const access = session.cookies.find((item) => item.name === "sa_access");
    expect(access).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  });
});

describe("referral and logout edge cases", () => {
  it("finds a user by referral code with public fields only", async () => {
    const browser = new Browser(t.app);
    await register(browser);
    const detail = parseWith(
      AccountDetailSchema,
      json(await browser.call("GET", "/api/account/detail"), 200),
      "detail",
    );
    const referral = parseWith(
      PublicUserSchema,
      json(
        await new Browser(t.app).call("GET", `/api/account/user/referral/${detail.referral_code}`),
        200,
      ),
      "referral",
    );
    expect(referral.id).toBe(detail.id);
    expect(
      (await new Browser(t.app).call("GET", "/api/account/user/referral/NOPE")).statusCode,
    ).toBe(404);
  });

  it("logout with an empty JSON body and no session answers 200", async () => {
    const response = await t.app.inject({
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
    const credential = await google.idToken({
      sub: `g-${email}`,
      email,
      given_name: "Gina",
      family_name: "Google",
    });
    const signup = await new Browser(t.app).call("POST", "/api/account/google_signup", {
      body: { credential },
    });
    expect(json(signup, 201).message).toBe(MESSAGES.accountCreated);
    const browser = new Browser(t.app);
    const login = parseWith(
      TokenPairSchema,
      json(await browser.call("POST", "/api/account/google_login", { body: { credential } }), 200),
      "google login",
    );
    expect(login.user).toMatchObject({ email, first_name: "Gina", email_verified: true });
    expect(
      (
        await new Browser(t.app).call("POST", "/api/account/google_signup", {
          body: { credential },
        })
      ).statusCode,
    ).toBe(400);
  });

  it("refuses tokens for another client id, with a bad signature, or for an unknown account", async () => {
    const email = uniqueEmail("google");
    const otherAudience = await google.idToken({ sub: "x1", email }, "someone-else");
    expect(
      apiError(
        await new Browser(t.app).call("POST", "/api/account/google_login", {
          body: { credential: otherAudience },
        }),
        401,
      ).code,
    ).toBe("invalid_google_token");
    const valid = await google.idToken({ sub: "x2", email });
    const tampered = `${valid.slice(0, -4)}AAAA`;
    expect(
      (
        await new Browser(t.app).call("POST", "/api/account/google_login", {
          body: { credential: tampered },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      apiError(
        await new Browser(t.app).call("POST", "/api/account/google_login", {
          body: { credential: valid },
        }),
        404,
      ).code,
    ).toBe("no_account");
  });

  it("answers 503 when Google sign-in is not configured", async () => {
    const plain = await buildApp({
      config: testConfig(),
      database: t.database,
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
