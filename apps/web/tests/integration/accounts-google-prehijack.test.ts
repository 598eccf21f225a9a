// Account pre-hijacking through Google sign-in (docs/security.md V6): someone registers the
// victim's address with their own password and keeps a session; when the owner later signs in
// with Google, whose address is verified, the account's password, factors and every session of
// both doors must go before the owner gets in. Checked at each of the three Google entry points:
// account/google_login, /auth/v1/token?grant_type=id_token and /auth/v1/authorize + /callback.
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { users } from "@studyatlas/db/schema/accounts.ts";
import { mfaFactors } from "@studyatlas/db/schema/mfa.ts";

import { testConfig } from "../../server/test-config.ts";
import { PASSWORD, apiTokens, uniqueEmail } from "./account-client.ts";
import { AUTH_SECRET } from "./auth-service-client.ts";
import { startGoogleStub, type GoogleStub } from "./google-sign-in-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

const GOOGLE_CLIENT_ID = "prehijack-client.apps.googleusercontent.com";

let t: TestApp;
let google: GoogleStub;

beforeAll(async () => {
  google = await startGoogleStub(GOOGLE_CLIENT_ID);
  const base = testConfig();
  t = await createTestApp({
    config: {
      auth: { ...base.auth, secret: AUTH_SECRET },
      google: {
        clientId: GOOGLE_CLIENT_ID,
        clientSecret: "google-secret",
        jwksUrl: google.jwksUrl,
        tokenUrl: google.tokenUrl,
      },
    },
  });
});

afterAll(async () => {
  await t?.close();
  await google?.close();
});

let ipCounter = 0;
/** A fresh client address per call, so the sign-in limits of one test never touch another. */
function freshIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter % 250}`;
}

async function post(url: string, payload: object, token?: string) {
  return t.app.inject({
    method: "POST",
    url,
    payload,
    remoteAddress: freshIp(),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}

async function detail(token: string) {
  return t.app.inject({
    method: "GET",
    url: "/api/account/detail",
    headers: { authorization: `Bearer ${token}` },
  });
}

/**
 * The attacker registers `email` at the API door (no proof of the address is needed to sign in
 * there), signs in, and enrols a factor it never finishes; answers its tokens.
 */
async function preHijacked(email: string) {
  const registered = await post("/api/account/register", {
    first_name: "Mallory",
    last_name: "Attacker",
    email,
    password: PASSWORD,
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const tokens = await apiTokens(t.app, email);
  const factor = await post("/auth/v1/factors", { factor_type: "totp" }, tokens.access);
  expect(factor.statusCode, factor.body).toBe(200);
  expect((await detail(tokens.access)).statusCode).toBe(200);
  return tokens;
}

/** Every door the attacker held is shut, and the account is the owner's. */
async function expectAttackerLockedOut(
  email: string,
  attacker: { access: string; refresh: string },
  victimAccess: string,
) {
  expect((await detail(attacker.access)).statusCode).toBe(401);
  const refreshed = await post("/api/account/token/refresh", { refresh: attacker.refresh });
  expect(refreshed.statusCode, refreshed.body).toBe(401);
  const authRefresh = await post("/auth/v1/token?grant_type=refresh_token", {
    refresh_token: attacker.refresh,
  });
  expect(authRefresh.statusCode).toBe(400);
  const signIn = await post("/api/account/token", { email, password: PASSWORD });
  expect(signIn.statusCode, signIn.body).toBe(401);

  const mine = await detail(victimAccess);
  expect(mine.statusCode, mine.body).toBe(200);
  expect(mine.json()).toMatchObject({ email, email_verified: true, first_name: "Victoria" });
  const [row] = await t.database.db
    .select({ factors: count() })
    .from(mfaFactors)
    .innerJoin(users, eq(users.id, mfaFactors.userId))
    .where(sql`lower(${users.email}) = lower(${email})`);
  expect(row?.factors).toBe(0);
}

function googleClaims(email: string) {
  return { sub: `google-${email}`, email, given_name: "Victoria", family_name: "Owner" };
}

describe("Google sign-in into an account that never proved its address", () => {
  it("account/google_login: the attacker's sessions, refresh token and password stop working", async () => {
    const email = uniqueEmail("victim-api");
    const attacker = await preHijacked(email);
    const credential = await google.idToken(googleClaims(email));
    const signedIn = await post("/api/account/google_login", { credential });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    await expectAttackerLockedOut(email, attacker, signedIn.json<{ access: string }>().access);
  });

  it("/auth/v1/token?grant_type=id_token: the same", async () => {
    const email = uniqueEmail("victim-idtoken");
    const attacker = await preHijacked(email);
    const idToken = await google.idToken(googleClaims(email));
    const signedIn = await post("/auth/v1/token?grant_type=id_token", {
      provider: "google",
      id_token: idToken,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.json<{ access_token: string; refresh_token: string }>();
    await expectAttackerLockedOut(email, attacker, session.access_token);
    // The owner's own refresh token works.
    const refreshed = await post("/auth/v1/token?grant_type=refresh_token", {
      refresh_token: session.refresh_token,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
  });

  it("/auth/v1/authorize and /callback: the same", async () => {
    const email = uniqueEmail("victim-redirect");
    const attacker = await preHijacked(email);
    const start = await t.app.inject({ method: "GET", url: "/auth/v1/authorize?provider=google" });
    expect(start.statusCode).toBe(302);
    const state = new URL(start.headers.location as string).searchParams.get("state")!;
    google.nextIdentity = googleClaims(email);
    const back = await t.app.inject({
      method: "GET",
      url: `/auth/v1/callback?code=good-code&state=${encodeURIComponent(state)}`,
    });
    expect(back.statusCode).toBe(303);
    const fragment = new URLSearchParams(new URL(back.headers.location as string).hash.slice(1));
    expect(fragment.get("error_code")).toBeNull();
    await expectAttackerLockedOut(email, attacker, fragment.get("access_token")!);
  });
});

describe("Google sign-in into an account that proved its address", () => {
  it("links as before: the password and the sessions already open keep working", async () => {
    const email = uniqueEmail("verified-owner");
    const tokens = await preHijacked(email);
    await t.database.db.execute(
      sql`update users set email_verified = true, email_verified_at = now()
          where lower(email) = lower(${email})`,
    );
    const credential = await google.idToken(googleClaims(email));
    const signedIn = await post("/api/account/google_login", { credential });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await detail(tokens.access)).statusCode).toBe(200);
    expect((await post("/api/account/token", { email, password: PASSWORD })).statusCode).toBe(200);
    const again = await post("/api/account/token/refresh", { refresh: tokens.refresh });
    expect(again.statusCode, again.body).toBe(200);
  });
});
