// The authentication service (/auth/v1) driven by the official @supabase/auth-js client against
// the real server on a port, on the same users and sessions as account/*
// (docs/decisions/013-auth-service.md). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
// This file: the admin API, and the transport: error shapes, unknown paths, CORS and cookies.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { signApiKey } from "@studyatlas/core/auth-service/api-keys.ts";

import {
  AUTH_SECRET,
  GOOD_PASSWORD,
  adminClient,
  authClient,
  authMail,
  serviceRoleKey,
  uniqueAddress,
} from "./auth-service-client.ts";
import {
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

describe("admin API", () => {
  it("creates, reads, updates, lists with paging and deletes users", async () => {
    const admin = await adminClient(baseUrl);
    const email = uniqueAddress("admin-made");
    const created = await admin.createUser({
      email,
      password: GOOD_PASSWORD,
      email_confirm: true,
      user_metadata: { first_name: "Hedy" },
      app_metadata: { plan: "pro" },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user?.app_metadata).toMatchObject({ plan: "pro", provider: "email" });

    const duplicate = await admin.createUser({ email, password: GOOD_PASSWORD });
    expectAuthError(duplicate.error, 422, "email_exists");

    const fetched = await admin.getUserById(id);
    expect(fetched.data.user?.email).toBe(email);
    const updated = await admin.updateUserById(id, { user_metadata: { last_name: "Lamarr" } });
    expect(updated.data.user?.user_metadata).toMatchObject({
      first_name: "Hedy",
      last_name: "Lamarr",
    });
    // The created user signs in at once (confirmed by the admin).
    expect(
      (await authClient(baseUrl).signInWithPassword({ email, password: GOOD_PASSWORD })).error,
    ).toBeNull();

    for (let i = 0; i < 3; i += 1) {
      await admin.createUser({ email: uniqueAddress("paged"), password: GOOD_PASSWORD });
    }
    const all = await admin.listUsers({ page: 1, perPage: 1000 });
    const total = (all.data as { total: number }).total;
    expect(total).toBe(all.data.users.length);
    expect(total).toBeGreaterThanOrEqual(4);
    // auth-js reads one digit of the page from Link (its quirk): keep the last page below 10.
    const perPage = Math.max(2, Math.ceil(total / 5));
    const page1 = await admin.listUsers({ page: 1, perPage });
    expect(page1.error).toBeNull();
    expect(page1.data.users).toHaveLength(perPage);
    expect((page1.data as { total: number }).total).toBe(total);
    expect((page1.data as { nextPage: number | null }).nextPage).toBe(2);
    expect((page1.data as { lastPage: number }).lastPage).toBe(Math.ceil(total / perPage));
    const page2 = await admin.listUsers({ page: 2, perPage });
    const firstIds = new Set(page1.data.users.map((user) => user.id));
    expect(page2.data.users.some((user) => firstIds.has(user.id))).toBe(false);
    const raw = await t.app.inject({
      method: "GET",
      url: "/auth/v1/admin/users?page=1&per_page=2",
      headers: { authorization: `Bearer ${await serviceRoleKey()}` },
    });
    expect(raw.headers["x-total-count"]).toBe(String(total));
    expect(raw.headers.link).toBe(
      `<http://localhost/auth/v1/admin/users?page=2&per_page=2>; rel="next", <http://localhost/auth/v1/admin/users?page=${Math.ceil(total / 2)}&per_page=2>; rel="last"`,
    );

    const factors = await admin.mfa.listFactors({ userId: id });
    expect(factors.data?.factors).toEqual([]);

    expect((await admin.deleteUser(id)).error).toBeNull();
    expectAuthError((await admin.getUserById(id)).error, 404, "user_not_found");
  });

  it("refuses user tokens (403 not_admin), bad keys (403 bad_jwt) and no key (401)", async () => {
    const { session } = await confirmedUser(t, baseUrl);
    const asUser = await adminClient(baseUrl, session.access_token);
    expectAuthError((await asUser.listUsers()).error, 403, "not_admin");
    const wrongKey = await adminClient(
      baseUrl,
      await signApiKey("another-secret-0123456789abcdefghij", "service_role"),
    );
    expectAuthError((await wrongKey.listUsers()).error, 403, "bad_jwt");
    const anonKey = await adminClient(baseUrl, await signApiKey(AUTH_SECRET, "anon"));
    expectAuthError((await anonKey.listUsers()).error, 403, "not_admin");
    const none = await t.app.inject({ method: "GET", url: "/auth/v1/admin/users" });
    expect(none.statusCode).toBe(401);
  });

  it("invites by e-mail and generates links that verify", async () => {
    const admin = await adminClient(baseUrl);
    const invited = uniqueAddress("invited");
    const invite = await admin.inviteUserByEmail(invited, { data: { first_name: "Ida" } });
    expect(invite.error).toBeNull();
    expect(invite.data.user?.invited_at).toBeTruthy();
    const mail = await authMail(t.database.db, invited, "invited");
    const client = authClient(baseUrl);
    expect(
      (await client.verifyOtp({ email: invited, token: mail.code, type: "invite" })).error,
    ).toBeNull();

    const again = await admin.inviteUserByEmail(invited);
    expectAuthError(again.error, 422, "email_exists");

    const { email } = await confirmedUser(t, baseUrl);
    const link = await admin.generateLink({ type: "magiclink", email });
    expect(link.error).toBeNull();
    expect(link.data.properties?.verification_type).toBe("magiclink");
    const verified = await authClient(baseUrl).verifyOtp({
      token_hash: link.data.properties!.hashed_token,
      type: "magiclink",
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
  });
});

describe("transport", () => {
  it("answers errors in the shape the X-Supabase-Api-Version header asks for", async () => {
    const legacy = await t.app.inject({ method: "GET", url: "/auth/v1/user" });
    expect(legacy.statusCode).toBe(401);
    expect(legacy.json()).toEqual({
      code: 401,
      error_code: "no_authorization",
      msg: "This endpoint requires a valid Bearer token",
    });
    expect(legacy.headers["x-sb-error-code"]).toBe("no_authorization");
    const current = await t.app.inject({
      method: "GET",
      url: "/auth/v1/user",
      headers: { "x-supabase-api-version": "2024-01-01" },
    });
    expect(current.json()).toEqual({
      code: "no_authorization",
      message: "This endpoint requires a valid Bearer token",
    });
    expect(current.headers["x-supabase-api-version"]).toBe("2024-01-01");
  });

  it("answers JSON 404 for unknown paths, 400 bad_json, 413 for big bodies, health and settings", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/auth/v1/nowhere/at/all" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/^application\/json/);
    const badJson = await t.app.inject({
      method: "POST",
      url: "/auth/v1/signup",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ error_code: "bad_json" });
    const big = await t.app.inject({
      method: "POST",
      url: "/auth/v1/signup",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@example.com", data: { x: "y".repeat(1024 * 1024) } }),
    });
    expect(big.statusCode).toBe(413);
    const health = await t.app.inject({ method: "GET", url: "/auth/v1/health" });
    expect(health.json()).toMatchObject({ name: "GoTrue" });
    const settings = await t.app.inject({ method: "GET", url: "/auth/v1/settings" });
    expect(settings.json()).toMatchObject({
      external: { email: true, phone: false },
      mailer_autoconfirm: false,
    });
    const grant = await t.app.inject({
      method: "POST",
      url: "/auth/v1/token?grant_type=magic",
      payload: {},
    });
    expect(grant.statusCode).toBe(400);
    expect(grant.json()).toMatchObject({ error_code: "invalid_credentials" });
    const sso = await authClient(baseUrl).signInWithSSO({ domain: "example.com" });
    expectAuthError(sso.error, 404, "saml_provider_disabled");
  });

  it("answers CORS preflights for any origin (it reads no cookies)", async () => {
    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/auth/v1/token?grant_type=password",
      headers: {
        origin: "https://app.example.com",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type, x-client-info",
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
    expect(preflight.headers["access-control-allow-headers"]).toBe(
      "authorization, content-type, x-client-info",
    );
    const settings = await t.app.inject({ method: "GET", url: "/auth/v1/settings" });
    expect(settings.headers["access-control-expose-headers"]).toContain("X-Total-Count");
  });

  it("works with cookies of a signed-in browser and no XSRF header (Bearer only)", async () => {
    const { email } = await confirmedUser(t, baseUrl);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/account/token",
      payload: { email, password: GOOD_PASSWORD },
    });
    const { access_token: access } = login.json<{ access_token: string }>();
    const response = await t.app.inject({
      method: "POST",
      url: "/auth/v1/token?grant_type=password",
      headers: { cookie: `sa_access=${access}` },
      payload: { email, password: GOOD_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    // ...and a cookie alone never authenticates there.
    const user = await t.app.inject({
      method: "GET",
      url: "/auth/v1/user",
      headers: { cookie: `sa_access=${access}` },
    });
    expect(user.statusCode).toBe(401);
  });
});
