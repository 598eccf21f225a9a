// GoTrue's configuration by GoTrue's names and the errors GoTrue answers
// (docs/decisions/049-gotrue-configuration-and-profiles.md): each setting against a server started
// with it, each error through the official auth-js client or as auth-js sends the request. The
// product's defaults are the other auth-service-*.test.ts files.
import { AuthApiError } from "@supabase/auth-js";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { totpCode } from "@studyatlas/core/accounts/totp.ts";
import {
  PRODUCT_GOTRUE_SETTINGS,
  type GoTrueSettings,
} from "@studyatlas/core/auth-service/gotrue-settings.ts";
import { users } from "@studyatlas/db/schema/accounts.ts";

import { testConfig } from "../../server/test-config.ts";
import {
  AUTH_SECRET,
  GOOD_PASSWORD,
  adminClient,
  authClient,
  authMailCount,
  uniqueAddress,
} from "./auth-service-client.ts";
import { call, expectCode, freshIp } from "./auth-service-gotrue-cases-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

interface Server {
  t: TestApp;
  baseUrl: string;
}

async function start(gotrue: Partial<GoTrueSettings>): Promise<Server> {
  const base = testConfig();
  const t = await createTestApp({
    config: {
      auth: {
        ...base.auth,
        secret: AUTH_SECRET,
        redirectUrls: ["https://app.example.com/**"],
        gotrue: { ...PRODUCT_GOTRUE_SETTINGS, ...gotrue },
      },
    },
  });
  const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  return { t, baseUrl };
}

function expectAuthError(error: unknown, status: number, code: string) {
  expect(error).toBeInstanceOf(AuthApiError);
  expect((error as AuthApiError).status).toBe(status);
  expect((error as AuthApiError).code).toBe(code);
}

let product: Server;
let autoconfirm: Server;
let closed: Server;
let strict: Server;

beforeAll(async () => {
  product = await start({});
  autoconfirm = await start({ autoconfirm: true, manualLinking: false, smtpMaxFrequencyMs: 0 });
  closed = await start({ disableSignup: true });
  strict = await start({
    passwordMinLength: 16,
    rateLimitTokenRefresh: 2,
    rateLimitOtp: 2,
    rateLimitVerify: 2,
    rateLimitHeader: "X-Real-IP",
    rateLimitEmailSent: { events: 2, windowMs: 3_600_000 },
  });
});

afterAll(async () => {
  await Promise.all([product, autoconfirm, closed, strict].map((server) => server?.t.close()));
});

describe("GOTRUE_MAILER_AUTOCONFIRM", () => {
  it("answers a session at sign-up and signs in at once; /settings says so", async () => {
    const email = uniqueAddress("auto");
    const client = authClient(autoconfirm.baseUrl);
    const { data, error } = await client.signUp({ email, password: GOOD_PASSWORD });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const again = await authClient(autoconfirm.baseUrl).signInWithPassword({
      email,
      password: GOOD_PASSWORD,
    });
    expect(again.error).toBeNull();
    expect(await authMailCount(autoconfirm.t.database.db, email)).toBe(0);
    const settings = await call(autoconfirm.t, "GET", "/settings");
    expect(settings.json()).toMatchObject({ mailer_autoconfirm: true, disable_signup: false });
  });

  it("answers user_already_exists to a second sign-up (no enumeration protection there)", async () => {
    const email = uniqueAddress("twice");
    const client = authClient(autoconfirm.baseUrl);
    expect((await client.signUp({ email, password: GOOD_PASSWORD })).error).toBeNull();
    const second = await authClient(autoconfirm.baseUrl).signUp({
      email,
      password: GOOD_PASSWORD,
    });
    expectAuthError(second.error, 422, "user_already_exists");
  });

  it("answers 422 otp_disabled to a one-time code for an unknown address without create_user", async () => {
    const unknown = await authClient(autoconfirm.baseUrl).signInWithOtp({
      email: uniqueAddress("otp"),
      options: { shouldCreateUser: false },
    });
    expectAuthError(unknown.error, 422, "otp_disabled");
    // The product keeps its enumeration protection: the same {} as for a known address.
    const quiet = await authClient(product.baseUrl).signInWithOtp({
      email: uniqueAddress("otp"),
      options: { shouldCreateUser: false },
    });
    expect(quiet.error).toBeNull();
  });

  it("is off by default: a user without a session, and the same answer for a taken address", async () => {
    const email = uniqueAddress("product");
    const first = await authClient(product.baseUrl).signUp({ email, password: GOOD_PASSWORD });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    const settings = await call(product.t, "GET", "/settings");
    expect(settings.json()).toMatchObject({ mailer_autoconfirm: false, disable_signup: false });
  });
});

describe("GOTRUE_DISABLE_SIGNUP", () => {
  it("answers 422 signup_disabled to /signup and still lets the admin create users", async () => {
    const email = uniqueAddress("closed");
    const attempt = await authClient(closed.baseUrl).signUp({ email, password: GOOD_PASSWORD });
    expectAuthError(attempt.error, 422, "signup_disabled");
    expect(attempt.error?.message).toBe("Signups not allowed for this instance");
    const admin = await adminClient(closed.baseUrl);
    const created = await admin.createUser({
      email,
      password: GOOD_PASSWORD,
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    const signIn = await authClient(closed.baseUrl).signInWithPassword({
      email,
      password: GOOD_PASSWORD,
    });
    expect(signIn.error).toBeNull();
    expect((await call(closed.t, "GET", "/settings")).json()).toMatchObject({
      disable_signup: true,
    });
  });
});

describe("GOTRUE_PASSWORD_MIN_LENGTH", () => {
  it("raises the minimum at sign-up and in the admin API", async () => {
    const short = "Correct-Horse-4"; // 15 characters: fine by default, short here
    const attempt = await call(strict.t, "POST", "/signup", {
      body: { email: uniqueAddress("len"), password: short },
    });
    expectCode(attempt, 422, "weak_password");
    expect(attempt.json()).toMatchObject({
      message: "Password should be at least 16 characters.",
      weak_password: { reasons: ["length"] },
    });
    const admin = await adminClient(strict.baseUrl);
    const created = await admin.createUser({ email: uniqueAddress("len"), password: short });
    // auth-js answers a weak password with its own AuthWeakPasswordError.
    expect(created.error).toMatchObject({ status: 422, code: "weak_password" });
    const byDefault = await call(product.t, "POST", "/signup", {
      body: { email: uniqueAddress("len"), password: short },
    });
    expect(byDefault.statusCode, byDefault.body).toBe(200);
  });
});

describe("GoTrue's per-feature rate limits", () => {
  it("counts GOTRUE_RATE_LIMIT_TOKEN_REFRESH per GOTRUE_RATE_LIMIT_HEADER's address", async () => {
    const body = { email: uniqueAddress("rl"), password: GOOD_PASSWORD };
    const from = (address: string) => ({ body, ip: freshIp(), headers: { "x-real-ip": address } });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await call(
        strict.t,
        "POST",
        "/token?grant_type=password",
        from("198.51.100.7"),
      );
      expect(answer.statusCode, answer.body).toBe(400);
    }
    // A third from the same header address, though from another socket: limited.
    expectCode(
      await call(strict.t, "POST", "/token?grant_type=password", from("198.51.100.7")),
      429,
      "over_request_rate_limit",
    );
    // Another address in the header has its own bucket.
    expect(
      (await call(strict.t, "POST", "/token?grant_type=password", from("198.51.100.8"))).statusCode,
    ).toBe(400);
  });

  it("counts GOTRUE_RATE_LIMIT_OTP and GOTRUE_RATE_LIMIT_VERIFY", async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await call(strict.t, "POST", "/recover", {
        body: { email: uniqueAddress("otp") },
        ip,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    expectCode(
      await call(strict.t, "POST", "/recover", { body: { email: uniqueAddress("otp") }, ip }),
      429,
      "over_request_rate_limit",
    );
    const verify = { type: "recovery", email: uniqueAddress("v"), token: "123456" };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await call(strict.t, "POST", "/verify", { body: verify, ip })).statusCode).toBe(403);
    }
    expectCode(
      await call(strict.t, "POST", "/verify", { body: verify, ip }),
      429,
      "over_request_rate_limit",
    );
  });

  it("caps the e-mails the service sends with GOTRUE_RATE_LIMIT_EMAIL_SENT", async () => {
    await strict.t.database.db.execute(
      sql`delete from rate_limit_events where key like 'auth-email-sent:%'`,
    );
    const magic = (email: string) =>
      call(strict.t, "POST", "/otp", { body: { email, create_user: true } });
    expect((await magic(uniqueAddress("sent"))).statusCode).toBe(200);
    expect((await magic(uniqueAddress("sent"))).statusCode).toBe(200);
    expectCode(await magic(uniqueAddress("sent")), 429, "over_email_send_rate_limit");
  });
});

describe("errors as GoTrue answers them", () => {
  it("a wrong MFA code is 422 mfa_verification_failed", async () => {
    const client = authClient(autoconfirm.baseUrl);
    expect(
      (await client.signUp({ email: uniqueAddress("mfa"), password: GOOD_PASSWORD })).error,
    ).toBeNull();
    const enrolled = await client.mfa.enroll({ factorType: "totp" });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    const challenge = await client.mfa.challenge({ factorId: factor.id });
    const right = totpCode(factor.totp.secret);
    const wrong = await client.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: right === "000000" ? "111111" : "000000",
    });
    expectAuthError(wrong.error, 422, "mfa_verification_failed");
  });

  it("web3 sign-in is 422 web3_provider_disabled", async () => {
    expectCode(
      await call(product.t, "POST", "/token?grant_type=web3", {
        body: { chain: "ethereum", message: "m", signature: "0x00" },
      }),
      422,
      "web3_provider_disabled",
    );
  });

  it("unlinking with GOTRUE_SECURITY_MANUAL_LINKING_ENABLED=false is 404 manual_linking_disabled", async () => {
    const client = authClient(autoconfirm.baseUrl);
    const { data } = await client.signUp({ email: uniqueAddress("link"), password: GOOD_PASSWORD });
    const identity = data.user!.identities![0]!;
    expectCode(
      await call(autoconfirm.t, "DELETE", `/user/identities/${identity.identity_id}`, {
        token: data.session!.access_token,
      }),
      404,
      "manual_linking_disabled",
    );
  });

  it("a deleted user's token is 403 user_not_found", async () => {
    const client = authClient(autoconfirm.baseUrl);
    const { data } = await client.signUp({ email: uniqueAddress("gone"), password: GOOD_PASSWORD });
    const admin = await adminClient(autoconfirm.baseUrl);
    expect((await admin.deleteUser(data.user!.id)).error).toBeNull();
    expectCode(
      await call(autoconfirm.t, "GET", "/user", { token: data.session!.access_token }),
      403,
      "user_not_found",
    );
  });

  it("the admin API refuses a malformed address with 400 email_address_invalid and creates nobody", async () => {
    const admin = await adminClient(product.baseUrl);
    const invalid = "xx:;x@x.x";
    const created = await admin.createUser({ email: invalid, password: GOOD_PASSWORD });
    expectAuthError(created.error, 400, "email_address_invalid");
    expect(created.error?.message).toBe("Unable to validate email address: invalid format");
    const invited = await admin.inviteUserByEmail(invalid);
    expectAuthError(invited.error, 400, "email_address_invalid");
    const link = await admin.generateLink({
      type: "signup",
      email: invalid,
      password: GOOD_PASSWORD,
    });
    expectAuthError(link.error, 400, "email_address_invalid");
    const rows = await product.t.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} = ${invalid}`);
    expect(rows).toEqual([]);
  });

  it("generate_link reads redirect_to from the query, as auth-js sends it", async () => {
    const admin = await adminClient(product.baseUrl);
    const email = uniqueAddress("redir");
    const { data, error } = await admin.generateLink({
      type: "signup",
      email,
      password: GOOD_PASSWORD,
      options: { redirectTo: "https://app.example.com/welcome" },
    });
    expect(error).toBeNull();
    expect(data.properties?.redirect_to).toBe("https://app.example.com/welcome");
    // GoTrue's link carries the address unescaped when it holds no `&`, `=` or `#`.
    expect(data.properties!.action_link).toContain("redirect_to=https://app.example.com/welcome");
    expect(new URL(data.properties!.action_link).searchParams.get("redirect_to")).toBe(
      "https://app.example.com/welcome",
    );
  });

  it("a magic link for an unknown address is a sign-up link for a new user", async () => {
    const admin = await adminClient(product.baseUrl);
    const email = uniqueAddress("magic");
    const { data, error } = await admin.generateLink({ type: "magiclink", email });
    expect(error).toBeNull();
    expect(data.properties?.verification_type).toBe("signup");
    expect(data.user?.email).toBe(email);
    const verified = await call(product.t, "POST", "/verify", {
      body: { type: "signup", token_hash: data.properties!.hashed_token },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const known = await admin.generateLink({ type: "magiclink", email });
    expect(known.data.properties?.verification_type).toBe("magiclink");
  });
});
