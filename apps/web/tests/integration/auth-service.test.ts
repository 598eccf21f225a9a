// The authentication service (/auth/v1) driven by the official @supabase/auth-js client against
// the real server on a port, on the same users and sessions as account/*
// (docs/decisions/013-auth-service.md). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { AuthApiError, type GoTrueClient } from "@supabase/auth-js";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { totpCode } from "@studyatlas/core/accounts/totp.ts";
import { signApiKey } from "@studyatlas/core/auth-service/api-keys.ts";

import { testConfig } from "../../server/test-config.ts";
import {
  AUTH_SECRET,
  GOOD_PASSWORD,
  adminClient,
  authClient,
  authMail,
  authMailCount,
  serviceRoleKey,
  uniqueAddress,
} from "./auth-service-client.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  const base = testConfig();
  t = await createTestApp({ config: { auth: { ...base.auth, secret: AUTH_SECRET } } });
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
});

afterAll(async () => {
  await t?.close();
});

// Every request of this file comes from 127.0.0.1: each test starts with GoTrue's per-address
// buckets empty (the limits themselves are tested in auth-service-gotrue-cases.test.ts).
beforeEach(async () => {
  await t.database.db.execute(sql`delete from rate_limit_events where key like 'auth-%-ip:%'`);
});

/** Signs up through auth-js and confirms with the e-mailed code; answers the signed-in client. */
async function confirmedUser(email = uniqueAddress(), data: Record<string, unknown> = {}) {
  const client = authClient(baseUrl);
  const signUp = await client.signUp({ email, password: GOOD_PASSWORD, options: { data } });
  expect(signUp.error).toBeNull();
  const mail = await authMail(t.database.db, email, "Confirm your StudyAtlas sign-up");
  const verified = await client.verifyOtp({ email, token: mail.code, type: "signup" });
  expect(verified.error).toBeNull();
  return { client, email, session: verified.data.session! };
}

async function accountDetail(token: string) {
  return t.app.inject({
    method: "GET",
    url: "/api/account/detail",
    headers: { authorization: `Bearer ${token}` },
  });
}

function expectAuthError(error: unknown, status: number, code: string) {
  expect(error).toBeInstanceOf(AuthApiError);
  expect((error as AuthApiError).status).toBe(status);
  expect((error as AuthApiError).code).toBe(code);
}

describe("sign-up and sign-in with auth-js", () => {
  it("signs up without a session until the e-mailed code confirms the address", async () => {
    const email = uniqueAddress();
    const client = authClient(baseUrl);
    const { data, error } = await client.signUp({
      email,
      password: GOOD_PASSWORD,
      options: { data: { first_name: "Ada", favourite: "maths" } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(typeof data.user?.id).toBe("string");
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata).toMatchObject({ first_name: "Ada", favourite: "maths" });
    expect(data.user?.identities?.[0]?.provider).toBe("email");

    const early = await client.signInWithPassword({ email, password: GOOD_PASSWORD });
    expectAuthError(early.error, 400, "email_not_confirmed");

    const mail = await authMail(t.database.db, email, "Confirm your StudyAtlas sign-up");
    const wrong = await client.verifyOtp({
      email,
      token: mail.code === "000000" ? "111111" : "000000",
      type: "signup",
    });
    expectAuthError(wrong.error, 403, "otp_expired");
    const verified = await client.verifyOtp({ email, token: mail.code, type: "signup" });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    // The code works once.
    const again = await client.verifyOtp({ email, token: mail.code, type: "signup" });
    expectAuthError(again.error, 403, "otp_expired");

    const { data: current } = await client.getUser();
    expect(current.user?.id).toBe(data.user?.id);
  });

  it("a second sign-up with a known address answers like a new one and sends no confirmation (no enumeration)", async () => {
    const { email } = await confirmedUser();
    const before = await authMailCount(t.database.db, email);
    // A minute later: the address's one-e-mail-a-minute limit starts over.
    await t.database.db.execute(sql`delete from rate_limit_events where key like 'auth-email:%'`);
    const known = await authClient(baseUrl).signUp({ email, password: GOOD_PASSWORD });
    const fresh = await authClient(baseUrl).signUp({
      email: uniqueAddress(),
      password: GOOD_PASSWORD,
    });
    expect(known.error).toBeNull();
    expect(known.data.session).toBeNull();
    // Same fields, same identities, ids from the same series: nothing tells them apart.
    const shape = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(shape)
        : value && typeof value === "object"
          ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]))
          : typeof value;
    expect(shape(known.data.user)).toEqual(shape(fresh.data.user));
    expect(known.data.user?.identities).toHaveLength(1);
    const idOf = (id: string | undefined) => parseInt((id ?? "").slice(-12), 16);
    expect(idOf(fresh.data.user?.id)).toBeGreaterThan(idOf(known.data.user?.id));
    expect(await authMailCount(t.database.db, email)).toBe(before);
  });

  it("refuses a weak password and a phone sign-up with GoTrue's codes", async () => {
    const weak = await authClient(baseUrl).signUp({ email: uniqueAddress(), password: "short" });
    expect(weak.error?.name).toBe("AuthWeakPasswordError");
    expect(weak.error?.status).toBe(422);
    expect((weak.error as { reasons?: string[] }).reasons).toEqual(["length"]);
    const anonymous = await authClient(baseUrl).signInAnonymously();
    expectAuthError(anonymous.error, 422, "anonymous_provider_disabled");
    const phone = await authClient(baseUrl).signUp({
      phone: "+15555550100",
      password: GOOD_PASSWORD,
    });
    expectAuthError(phone.error, 400, "phone_provider_disabled");
  });

  it("signs in with the right password and refuses a wrong one or an unknown address alike", async () => {
    const { email } = await confirmedUser();
    const client = authClient(baseUrl);
    const wrong = await client.signInWithPassword({ email, password: "Wrong-Horse-42" });
    expectAuthError(wrong.error, 400, "invalid_credentials");
    expect(wrong.error?.message).toBe("Invalid login credentials");
    const unknown = await client.signInWithPassword({
      email: uniqueAddress(),
      password: GOOD_PASSWORD,
    });
    expectAuthError(unknown.error, 400, "invalid_credentials");
    const right = await client.signInWithPassword({ email, password: GOOD_PASSWORD });
    expect(right.error).toBeNull();
    expect(right.data.session?.token_type).toBe("bearer");
    expect(right.data.session?.expires_in).toBeGreaterThan(0);
  });

  it("puts GoTrue's claims in the access token, with aal and amr from the session", async () => {
    const { session, email } = await confirmedUser(uniqueAddress(), { first_name: "Grace" });
    const claims = JSON.parse(
      Buffer.from(session.access_token.split(".")[1]!, "base64url").toString("utf8"),
    ) as Record<string, unknown>;
    expect(claims).toMatchObject({
      sub: session.user.id,
      aud: "authenticated",
      role: "authenticated",
      email,
      phone: "",
      aal: "aal1",
      is_anonymous: false,
      user_metadata: { first_name: "Grace" },
      app_metadata: { provider: "email", providers: ["email"] },
    });
    expect(typeof claims.iss).toBe("string");
    expect(typeof claims.session_id).toBe("string");
    const amr = claims.amr as { method: string; timestamp: number }[];
    expect(amr.map((entry) => entry.method)).toEqual(["email/signup"]);
    expect(typeof amr[0]?.timestamp).toBe("number");
    expect((claims.exp as number) - (claims.iat as number)).toBe(session.expires_in);
  });
});

describe("one identity with account/*", () => {
  it("a user signed up through /auth/v1 signs in through account/token, and tokens cross doors", async () => {
    const { email, session } = await confirmedUser(uniqueAddress(), { first_name: "Katherine" });
    const detail = await accountDetail(session.access_token);
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
    expect((await accountDetail(data.session!.access_token)).json()).toMatchObject({
      first_name: "Dorothy",
    });
  });

  it("updateUser changes metadata (and the names account/detail shows) and the password", async () => {
    const { client, email } = await confirmedUser();
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
    expect((await accountDetail(otherToken)).statusCode).toBe(401);
    const { data: session } = await client.getSession();
    const mine = await accountDetail(session.session!.access_token);
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
    const { session } = await confirmedUser();
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
    const { client, session } = await confirmedUser();
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
    const { session } = await confirmedUser();
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
    const { email } = await confirmedUser();
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
    const { client, session } = await confirmedUser();
    expect((await accountDetail(session.access_token)).statusCode).toBe(200);
    await client.signOut();
    expect((await accountDetail(session.access_token)).statusCode).toBe(401);
  });
});

describe("e-mail codes and links", () => {
  it("recovery: {} for any address, a code only to a known one, then a new password", async () => {
    const { email } = await confirmedUser();
    const client = authClient(baseUrl);
    const unknown = uniqueAddress("nobody");
    expect(await client.resetPasswordForEmail(unknown)).toEqual({ data: {}, error: null });
    expect((await client.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await authMail(t.database.db, email, "Reset your StudyAtlas password");
    expect(await authMailCount(t.database.db, unknown)).toBe(0);
    const events: string[] = [];
    client.onAuthStateChange((event) => void events.push(event));
    const verified = await client.verifyOtp({ email, token: mail.code, type: "recovery" });
    expect(verified.error).toBeNull();
    expect(events).toContain("PASSWORD_RECOVERY");
    expect((await client.updateUser({ password: "Recovered-Horse-7" })).error).toBeNull();
    const again = await authClient(baseUrl).signInWithPassword({
      email,
      password: "Recovered-Horse-7",
    });
    expect(again.error).toBeNull();
  });

  it("OTP by e-mail signs in an existing user; unknown addresses without create_user get {} and no mail", async () => {
    const { email } = await confirmedUser();
    const client = authClient(baseUrl);
    const sent = await client.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(sent.error).toBeNull();
    const mail = await authMail(t.database.db, email, "sign-in link");
    const verified = await client.verifyOtp({ email, token: mail.code, type: "email" });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);

    const stranger = uniqueAddress("stranger");
    const unknown = await client.signInWithOtp({
      email: stranger,
      options: { shouldCreateUser: false },
    });
    expect(unknown.error).toBeNull();
    expect(await authMailCount(t.database.db, stranger)).toBe(0);
  });

  it("a magic link followed in the browser redirects with the session in the fragment", async () => {
    const { email } = await confirmedUser();
    await authClient(baseUrl).signInWithOtp({ email });
    const mail = await authMail(t.database.db, email, "sign-in link");
    const url = new URL(mail.link);
    const response = await t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string);
    expect(location.origin).toBe("http://localhost");
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("type")).toBe("magiclink");
    expect((await accountDetail(fragment.get("access_token")!)).statusCode).toBe(200);
    // The link works once; the second visit carries GoTrue's error.
    const again = await t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(
      new URLSearchParams(new URL(again.headers.location as string).hash.slice(1)).get(
        "error_code",
      ),
    ).toBe("otp_expired");
  });

  it("PKCE with auth-js: the link's code is exchanged only by the client holding the verifier", async () => {
    const { email } = await confirmedUser();
    const client = authClient(baseUrl, {}, "pkce");
    const sent = await client.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(sent.error).toBeNull();
    const mail = await authMail(t.database.db, email, "sign-in link");
    const url = new URL(mail.link);
    const followed = await t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(followed.statusCode).toBe(303);
    const location = new URL(followed.headers.location as string);
    expect(location.hash).toBe("");
    const code = location.searchParams.get("code")!;
    const stranger = authClient(baseUrl, {}, "pkce");
    expect((await stranger.exchangeCodeForSession(code)).error).not.toBeNull();
    const exchanged = await client.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);
    expect((await client.getUser()).data.user?.email).toBe(email);
  });

  it("redirect_to outside the allow list falls back to the site", async () => {
    const email = uniqueAddress();
    await authClient(baseUrl).signUp({
      email,
      password: GOOD_PASSWORD,
      options: { emailRedirectTo: "https://evil.example/steal" },
    });
    const mail = await authMail(t.database.db, email, "Confirm your StudyAtlas sign-up");
    expect(new URL(mail.link).searchParams.get("redirect_to")).toBe("http://localhost");
  });

  it("e-mail change is confirmed by a code sent to the new address", async () => {
    const { client, email } = await confirmedUser();
    const next = uniqueAddress("moved");
    const change = await client.updateUser({ email: next });
    expect(change.error).toBeNull();
    expect(change.data.user?.new_email).toBe(next);
    expect(change.data.user?.email).toBe(email);
    const mail = await authMail(t.database.db, next, "Confirm your new StudyAtlas e-mail address");
    const verified = await client.verifyOtp({
      email: next,
      token: mail.code,
      type: "email_change",
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(next);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/account/token",
      payload: { email: next, password: GOOD_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });
});

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
    const { session } = await confirmedUser();
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

    const { email } = await confirmedUser();
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
    const { email } = await confirmedUser();
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

describe("multi-factor authentication through auth-js (ADR 014)", () => {
  it("enrols a TOTP factor, challenges and verifies it to aal2, lists it (also for the admin) and unenrols it", async () => {
    const { client, session } = await confirmedUser();
    const enrolled = await client.mfa.enroll({ factorType: "totp", friendlyName: "My phone" });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor.type).toBe("totp");
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(factor.totp.qr_code).toContain("<svg");

    const before = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: "aal1" });

    // A wrong code is refused, and a challenge works once.
    const first = await client.mfa.challenge({ factorId: factor.id });
    expect(first.error).toBeNull();
    const right = totpCode(factor.totp.secret);
    const wrong = await client.mfa.verify({
      factorId: factor.id,
      challengeId: first.data!.id,
      code: right === "000000" ? "111111" : "000000",
    });
    expect(wrong.error).toBeInstanceOf(AuthApiError);
    expect(wrong.error?.status).toBeGreaterThanOrEqual(400);
    expect(wrong.error?.status).toBeLessThan(500);

    const challenge = await client.mfa.challenge({ factorId: factor.id });
    const verified = await client.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: right,
    });
    expect(verified.error).toBeNull();
    expect(verified.data?.refresh_token).not.toBe(session.refresh_token);
    const after = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    expect(after.data?.currentAuthenticationMethods[0]).toMatchObject({ method: "totp" });

    const listed = await client.mfa.listFactors();
    expect(listed.data?.totp.map((entry) => entry.id)).toEqual([factor.id]);
    // The site's door sees the same factor and accepts the aal2 token.
    const detail = await accountDetail(verified.data!.access_token);
    expect(detail.statusCode).toBe(200);

    const admin = await adminClient(baseUrl);
    const adminList = await admin.mfa.listFactors({ userId: verified.data!.user.id });
    expect(adminList.data?.factors.map((entry) => entry.id)).toEqual([factor.id]);

    const removed = await client.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    expect((await admin.mfa.listFactors({ userId: verified.data!.user.id })).data?.factors).toEqual(
      [],
    );
  });

  it("asks a user with a verified factor for the code after the password (aal1, next aal2)", async () => {
    const { client, email } = await confirmedUser();
    const { data } = await client.mfa.enroll({ factorType: "totp" });
    const challenge = await client.mfa.challenge({ factorId: data!.id });
    await client.mfa.verify({
      factorId: data!.id,
      challengeId: challenge.data!.id,
      code: totpCode(data!.totp.secret),
    });
    await client.signOut();

    const again = authClient(baseUrl);
    const signedIn = await again.signInWithPassword({ email, password: GOOD_PASSWORD });
    expect(signedIn.error).toBeNull();
    const level = await again.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    // The site refuses that token until the code is given.
    expect((await accountDetail(signedIn.data.session!.access_token)).statusCode).toBe(403);
    // Here it may change its metadata, but not the password or the address (GoTrue's rule).
    const metadata = await again.updateUser({ data: { theme: "dark" } });
    expect(metadata.error).toBeNull();
    const password = await again.updateUser({ password: "Another-Horse-43" });
    expectAuthError(password.error, 401, "insufficient_aal");
    const address = await again.updateUser({ email: uniqueAddress() });
    expectAuthError(address.error, 401, "insufficient_aal");
  });
});
