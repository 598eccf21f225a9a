// The authentication service (/auth/v1) driven by the official @supabase/auth-js client against
// the real server on a port, on the same users and sessions as account/*
// (docs/decisions/013-auth-service.md). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
// This file: one identity with account/*, refresh tokens and sign-out scopes.
import { AuthApiError, type GoTrueClient } from "@supabase/auth-js";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { GOOD_PASSWORD, authClient, uniqueAddress } from "./auth-service-client.ts";
import {
  accountDetail,
  confirmedUser,
  expectAuthError,
  forgetAddressLimits,
  startAuthService,
} from "./auth-service-support.ts";
import type { TestApp } from "./test-app.ts";

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  ({ t, baseUrl } = await startAuthService());
});

afterAll(async () => {
  await t?.close();
});

beforeEach(() => forgetAddressLimits(t));

describe("one identity with account/*", () => {
  it("a user signed up through /auth/v1 signs in through account/token, and tokens cross doors", async () => {
    const { email, session } = await confirmedUser(t, baseUrl, uniqueAddress(), {
      first_name: "Katherine",
    });
    const detail = await accountDetail(t, session.access_token);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ email, first_name: "Katherine" });

    const login = await t.app.inject({
      method: "POST",
      url: "/api/account/token",
      payload: { email, password: GOOD_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const accountToken = login.json<{ access_token: string }>().access_token;
    const user = await t.app.inject({
      method: "GET",
      url: "/auth/v1/user",
      headers: { authorization: `Bearer ${accountToken}` },
    });
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ id: session.user.id, email });
  });

  it("a user registered through account/register signs in through auth-js once verified", async () => {
    const email = uniqueAddress("acct");
    const register = await t.app.inject({
      method: "POST",
      url: "/api/account/register",
      payload: { first_name: "Dorothy", last_name: "Vaughan", email, password: GOOD_PASSWORD },
    });
    expect(register.statusCode).toBe(201);
    await t.database.db.execute(
      sql`update users set email_verified = true where lower(email) = lower(${email})`,
    );
    const client = authClient(baseUrl);
    const { data, error } = await client.signInWithPassword({ email, password: GOOD_PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect((await accountDetail(t, data.session!.access_token)).json()).toMatchObject({
      first_name: "Dorothy",
    });
  });

  it("updateUser changes metadata (and the names account/detail shows) and the password", async () => {
    const { client, email } = await confirmedUser(t, baseUrl);
    const other = await t.app.inject({
      method: "POST",
      url: "/api/account/token",
      payload: { email, password: GOOD_PASSWORD },
    });
    const otherToken = other.json<{ access_token: string }>().access_token;

    const meta = await client.updateUser({ data: { first_name: "Mary", theme: "dark" } });
    expect(meta.error).toBeNull();
    expect(meta.data.user?.user_metadata).toMatchObject({ first_name: "Mary", theme: "dark" });

    const same = await client.updateUser({ password: GOOD_PASSWORD });
    expectAuthError(same.error, 422, "same_password");

    const changed = await client.updateUser({ password: "Another-Horse-43" });
    expect(changed.error).toBeNull();
    // The password change ended the account/token session, not this one.
    expect((await accountDetail(t, otherToken)).statusCode).toBe(401);
    const { data: session } = await client.getSession();
    const mine = await accountDetail(t, session.session!.access_token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ first_name: "Mary" });
    const relogin = await t.app.inject({
      method: "POST",
      url: "/api/account/token",
      payload: { email, password: "Another-Horse-43" },
    });
    expect(relogin.statusCode).toBe(200);
  });

  it("refuses app_metadata from the user", async () => {
    const { session } = await confirmedUser(t, baseUrl);
    const response = await t.app.inject({
      method: "PUT",
      url: "/auth/v1/user",
      headers: {
        authorization: `Bearer ${session.access_token}`,
        "x-supabase-api-version": "2024-01-01",
      },
      payload: { app_metadata: { plan: "pro" } },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: "not_admin",
      message: "Updating app_metadata requires admin privileges",
    });
  });
});

describe("refresh tokens", () => {
  it("rotate on refresh, and a reused old token revokes the whole session (GoTrue TestRefreshTokenReuseRevocation)", async () => {
    const { client, session } = await confirmedUser(t, baseUrl);
    const first = session.refresh_token;
    const tokens = [first];
    for (let i = 0; i < 3; i += 1) {
      const { data, error } = await client.refreshSession();
      expect(error).toBeNull();
      expect(data.session?.refresh_token).not.toBe(tokens.at(-1));
      tokens.push(data.session!.refresh_token);
    }
    const reuse = await authClient(baseUrl).refreshSession({ refresh_token: first });
    expectAuthError(reuse.error, 400, "refresh_token_already_used");
    for (const token of tokens) {
      const { error } = await authClient(baseUrl).refreshSession({ refresh_token: token });
      expect(error).toBeInstanceOf(AuthApiError);
    }
    const { data } = await client.getSession();
    const user = await t.app.inject({
      method: "GET",
      url: "/auth/v1/user",
      headers: { authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(user.statusCode).toBe(403);
    expect(user.headers["x-sb-error-code"]).toBe("session_not_found");
  });

  it("a token presented twice at once (within the reuse interval) gets a usable token both times", async () => {
    const { session } = await confirmedUser(t, baseUrl);
    const [a, b] = await Promise.all([
      authClient(baseUrl).refreshSession({ refresh_token: session.refresh_token }),
      authClient(baseUrl).refreshSession({ refresh_token: session.refresh_token }),
    ]);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    for (const result of [a, b]) {
      const next = await authClient(baseUrl).refreshSession({
        refresh_token: result.data.session!.refresh_token,
      });
      expect(next.error).toBeNull();
    }
  });

  it("an unknown refresh token is a 4xx GoTrue code, never a 5xx", async () => {
    const { error } = await authClient(baseUrl).refreshSession({ refresh_token: "not-a-token" });
    expectAuthError(error, 400, "refresh_token_not_found");
  });
});

describe("sign-out scopes", () => {
  async function threeSessions() {
    const { email } = await confirmedUser(t, baseUrl);
    const clients: GoTrueClient[] = [];
    for (let i = 0; i < 3; i += 1) {
      const client = authClient(baseUrl);
      expect(
        (await client.signInWithPassword({ email, password: GOOD_PASSWORD })).error,
      ).toBeNull();
      clients.push(client);
    }
    return clients;
  }
  async function alive(client: GoTrueClient, token?: string) {
    const access = token ?? (await client.getSession()).data.session?.access_token;
    const response = await t.app.inject({
      method: "GET",
      url: "/auth/v1/user",
      headers: { authorization: `Bearer ${access ?? "none"}` },
    });
    return response.statusCode === 200;
  }

  it("others keeps this session and ends the rest", async () => {
    const [a, b, c] = await threeSessions();
    const tokenB = (await b!.getSession()).data.session!.access_token;
    const tokenC = (await c!.getSession()).data.session!.access_token;
    expect((await a!.signOut({ scope: "others" })).error).toBeNull();
    expect(await alive(a!)).toBe(true);
    expect(await alive(b!, tokenB)).toBe(false);
    expect(await alive(c!, tokenC)).toBe(false);
  });

  it("local ends only this session; global ends all", async () => {
    const [a, b, c] = await threeSessions();
    const tokenA = (await a!.getSession()).data.session!.access_token;
    expect((await a!.signOut({ scope: "local" })).error).toBeNull();
    expect((await a!.getSession()).data.session).toBeNull();
    expect(await alive(a!, tokenA)).toBe(false);
    expect(await alive(b!)).toBe(true);
    const tokenC = (await c!.getSession()).data.session!.access_token;
    expect((await b!.signOut()).error).toBeNull();
    expect(await alive(c!, tokenC)).toBe(false);
  });

  it("logout revokes the same row account/detail checks", async () => {
    const { client, session } = await confirmedUser(t, baseUrl);
    expect((await accountDetail(t, session.access_token)).statusCode).toBe(200);
    await client.signOut();
    expect((await accountDetail(t, session.access_token)).statusCode).toBe(401);
  });
});
