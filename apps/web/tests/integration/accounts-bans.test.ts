// A ban set by an administrator (PUT /auth/v1/admin/users/{id} ban_duration, GoTrue's) holds at
// every door (docs/security.md V6): the sessions it finds end, refresh tokens with them, and no
// door starts a new one while it runs: account/token (API clients and the web app's cookies),
// account/google_login, and /auth/v1's password and id_token grants. Lifting it lets the user in.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signApiKey } from "@studyatlas/core/auth-service/api-keys.ts";
import { users } from "@studyatlas/db/schema/accounts.ts";

import { testConfig } from "../../server/test-config.ts";
import { Browser, PASSWORD, apiTokens, uniqueEmail } from "./account-client.ts";
import { AUTH_SECRET } from "./auth-service-client.ts";
import { startGoogleStub, type GoogleStub } from "./google-sign-in-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

const GOOGLE_CLIENT_ID = "bans-client.apps.googleusercontent.com";
const SUSPENDED = { code: "user_banned", message: "This account is suspended." };

let t: TestApp;
let google: GoogleStub;
let adminKey = "";

beforeAll(async () => {
  google = await startGoogleStub(GOOGLE_CLIENT_ID);
  const base = testConfig();
  t = await createTestApp({
    config: {
      auth: { ...base.auth, secret: AUTH_SECRET },
      google: { ...base.google, clientId: GOOGLE_CLIENT_ID, jwksUrl: google.jwksUrl },
    },
  });
  adminKey = await signApiKey(AUTH_SECRET, "service_role");
});

afterAll(async () => {
  await t?.close();
  await google?.close();
});

let ipCounter = 0;
function freshIp(): string {
  ipCounter += 1;
  return `192.0.2.${ipCounter % 250}`;
}

async function call(method: "GET" | "POST" | "PUT", url: string, payload?: object, token?: string) {
  return t.app.inject({
    method,
    url,
    remoteAddress: freshIp(),
    headers: {
      "x-supabase-api-version": "2024-01-01",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(payload ? { payload } : {}),
  });
}

/** A confirmed account made by the administrator; answers its auth-service id. */
async function confirmedAccount(email: string): Promise<string> {
  const created = await call(
    "POST",
    "/auth/v1/admin/users",
    { email, password: PASSWORD, email_confirm: true },
    adminKey,
  );
  expect(created.statusCode, created.body).toBe(200);
  return created.json<{ id: string }>().id;
}

async function ban(id: string, duration: string) {
  const banned = await call(
    "PUT",
    `/auth/v1/admin/users/${id}`,
    { ban_duration: duration },
    adminKey,
  );
  expect(banned.statusCode, banned.body).toBe(200);
}

function expectSuspended(response: { statusCode: number; body: string; json(): unknown }) {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toMatchObject(SUSPENDED);
}

describe("a banned account", () => {
  it("loses its sessions and refresh tokens at both doors", async () => {
    const email = uniqueEmail("banned-sessions");
    const id = await confirmedAccount(email);
    const api = await apiTokens(t.app, email);
    const auth = await call("POST", "/auth/v1/token?grant_type=password", {
      email,
      password: PASSWORD,
    });
    expect(auth.statusCode, auth.body).toBe(200);
    const authSession = auth.json<{ access_token: string; refresh_token: string }>();
    const browser = new Browser(t.app);
    const cookieSignIn = await browser.call("POST", "/api/account/token", {
      body: { email, password: PASSWORD },
      ip: freshIp(),
    });
    expect(cookieSignIn.statusCode, cookieSignIn.body).toBe(200);
    await ban(id, "24h");

    // The web app's cookies: the access cookie's session is gone and the refresh cookie renews
    // nothing.
    expect((await browser.call("GET", "/api/account/detail")).statusCode).toBe(401);
    browser.cookies.delete("sa_access");
    expect((await browser.call("GET", "/api/account/detail")).statusCode).toBe(401);
    expect(browser.cookies.has("sa_refresh")).toBe(false);

    expect((await call("GET", "/api/account/detail", undefined, api.access)).statusCode).toBe(401);
    expect(
      (await call("GET", "/auth/v1/user", undefined, authSession.access_token)).statusCode,
    ).toBe(403);
    const refreshed = await call("POST", "/api/account/token/refresh", { refresh: api.refresh });
    expect(refreshed.statusCode, refreshed.body).toBe(401);
    const authRefreshed = await call("POST", "/auth/v1/token?grant_type=refresh_token", {
      refresh_token: authSession.refresh_token,
    });
    expect(authRefreshed.statusCode, authRefreshed.body).toBe(400);
  });

  it("is refused a new session at account/token, for API clients and the web app alike", async () => {
    const email = uniqueEmail("banned-sign-in");
    const id = await confirmedAccount(email);
    await ban(id, "1h");
    expectSuspended(await call("POST", "/api/account/token", { email, password: PASSWORD }));
    const browser = new Browser(t.app);
    const cookieSignIn = await browser.call("POST", "/api/account/token", {
      body: { email, password: PASSWORD },
      ip: freshIp(),
    });
    expectSuspended(cookieSignIn);
    expect(browser.cookies.has("sa_access")).toBe(false);
    // A wrong password still answers as a wrong password: the ban is told only to the owner.
    const wrong = await call("POST", "/api/account/token", { email, password: "Wrong-Password-1" });
    expect(wrong.statusCode).toBe(401);
    // /auth/v1 answers GoTrue's user_banned.
    const authSignIn = await call("POST", "/auth/v1/token?grant_type=password", {
      email,
      password: PASSWORD,
    });
    expect(authSignIn.statusCode, authSignIn.body).toBe(400);
    expect(authSignIn.json()).toMatchObject({ code: "user_banned" });
  });

  it("is refused a Google sign-in at both doors", async () => {
    const email = uniqueEmail("banned-google");
    const credential = await google.idToken({ sub: `google-${email}`, email });
    const signUp = await call("POST", "/api/account/google_signup", { credential });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const before = await call("POST", "/api/account/google_login", { credential });
    expect(before.statusCode, before.body).toBe(200);
    const [row] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    const uuid = `00000000-0000-4000-8000-${(row?.id ?? 0).toString(16).padStart(12, "0")}`;
    await ban(uuid, "2h");
    expect(
      (
        await call(
          "GET",
          "/api/account/detail",
          undefined,
          before.json<{ access: string }>().access,
        )
      ).statusCode,
    ).toBe(401);
    expectSuspended(await call("POST", "/api/account/google_login", { credential }));
    const idToken = await call("POST", "/auth/v1/token?grant_type=id_token", {
      provider: "google",
      id_token: credential,
    });
    expect(idToken.statusCode, idToken.body).toBe(400);
    expect(idToken.json()).toMatchObject({ code: "user_banned" });
  });

  it("cannot use a token minted before a ban that reached the database by another way", async () => {
    const email = uniqueEmail("banned-directly");
    await confirmedAccount(email);
    const api = await apiTokens(t.app, email);
    await t.database.db.execute(
      sql`update users set banned_until = now() + interval '1 hour' where lower(email) = lower(${email})`,
    );
    expect((await call("GET", "/api/account/detail", undefined, api.access)).statusCode).toBe(401);
    const refreshed = await call("POST", "/api/account/token/refresh", { refresh: api.refresh });
    expect(refreshed.statusCode, refreshed.body).toBe(401);
  });

  it("signs in again once the ban is lifted", async () => {
    const email = uniqueEmail("unbanned");
    const id = await confirmedAccount(email);
    await ban(id, "1h");
    expectSuspended(await call("POST", "/api/account/token", { email, password: PASSWORD }));
    await ban(id, "none");
    const signedIn = await call("POST", "/api/account/token", { email, password: PASSWORD });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const access = signedIn.json<{ access: string }>().access;
    expect((await call("GET", "/api/account/detail", undefined, access)).statusCode).toBe(200);
  });
});
