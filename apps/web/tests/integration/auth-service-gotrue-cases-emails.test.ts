// GoTrue's own test cases (supabase/auth internal/api/*_test.go, commit bc32168), ported to our
// auth service where they apply; docs/decisions/013-auth-service.md lists which were ported, which
// were adapted and which were left out, and why. Each `it` names the GoTrue test it ports.
// This file: recovery, verification, generated links, one-time codes, resending, and the e-mail
// limits shared by every app process.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signApiKey } from "@studyatlas/core/auth-service/api-keys.ts";

import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";
import { AUTH_SECRET, GOOD_PASSWORD, authMail, uniqueAddress } from "./auth-service-client.ts";
import {
  GOOGLE_CLIENT,
  call,
  confirmed,
  expectCode,
  freshIp,
  goTrueCasesConfig,
  type SessionJson,
} from "./auth-service-gotrue-cases-support.ts";
import { startGoogleStub, type GoogleStub } from "./google-sign-in-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let adminKey = "";
let googleStub: GoogleStub;

beforeAll(async () => {
  googleStub = await startGoogleStub(GOOGLE_CLIENT);
  t = await createTestApp({ config: goTrueCasesConfig(googleStub) });
  adminKey = await signApiKey(AUTH_SECRET, "service_role");
});

afterAll(async () => {
  await t?.close();
  await googleStub?.close();
});

describe("recover_test.go", () => {
  it("TestRecover_FirstRecovery / TestRecover_NoEmailSent: recovery_sent_at set, a second within a minute refused", async () => {
    const { user, access_token } = await confirmed(t);
    expect((await call(t, "POST", "/recover", { body: { email: user.email } })).statusCode).toBe(
      200,
    );
    await authMail(t.database.db, user.email, "Reset your StudyAtlas password");
    const me = await call(t, "GET", "/user", { token: access_token });
    expect(me.json<{ recovery_sent_at?: string }>().recovery_sent_at).toBeTruthy();
    expectCode(
      await call(t, "POST", "/recover", { body: { email: user.email } }),
      429,
      "over_email_send_rate_limit",
    );
  });

  it("TestRecover_NoSideChannelLeak: an unknown address answers the same {}", async () => {
    const response = await call(t, "POST", "/recover", {
      body: { email: uniqueAddress("nobody") },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
  });
});

describe("verify_test.go", () => {
  it("TestVerifyPasswordRecovery: the recovery code signs in with the recovery method", async () => {
    const { user } = await confirmed(t);
    await call(t, "POST", "/recover", { body: { email: user.email } });
    const mail = await authMail(t.database.db, user.email, "Reset your StudyAtlas password");
    const verified = await call(t, "POST", "/verify", {
      body: { type: "recovery", email: user.email, token: mail.code },
    });
    expect(verified.statusCode).toBe(200);
    const claims = JSON.parse(
      Buffer.from(verified.json<SessionJson>().access_token.split(".")[1]!, "base64url").toString(),
    ) as { amr: { method: string }[] };
    expect(claims.amr[0]?.method).toBe("recovery");
  });

  it("TestExpiredConfirmationToken / TestExpiredRecoveryToken / TestInvalidOtp: 403 otp_expired", async () => {
    const email = uniqueAddress("gt");
    await call(t, "POST", "/signup", { body: { email, password: GOOD_PASSWORD } });
    const mail = await authMail(t.database.db, email, "Confirm your StudyAtlas sign-up");
    expectCode(
      await call(t, "POST", "/verify", { body: { type: "signup", email, token: "12345" } }),
      403,
      "otp_expired",
    );
    await t.database.db.execute(
      sql`update one_time_tokens set expires_at = now() - interval '1 second' where relates_to = ${email}`,
    );
    expectCode(
      await call(t, "POST", "/verify", { body: { type: "signup", email, token: mail.code } }),
      403,
      "otp_expired",
    );
  });

  it("TestVerifyPermitedCustomUri / TestVerifyNotPermitedCustomUri / TestVerifySignupWithRedirectURLContainedPath", async () => {
    const cases: [string, string][] = [
      ["https://app.example.com/welcome/next", "https://app.example.com/welcome/next"],
      ["studyatlas-test://callback", "http://localhost/"],
      ["https://app.example.com.evil.example/", "http://localhost/"],
      ["https://user:pw@app.example.com/", "http://localhost/"],
      ["http://localhost/settings", "http://localhost/settings"],
    ];
    for (const [requested, expected] of cases) {
      const email = uniqueAddress("redirect");
      await call(t, "POST", `/signup?redirect_to=${encodeURIComponent(requested)}`, {
        body: { email, password: GOOD_PASSWORD },
      });
      const mail = await authMail(t.database.db, email, "Confirm your StudyAtlas sign-up");
      const link = new URL(mail.link);
      const followed = await t.app.inject({ method: "GET", url: `${link.pathname}${link.search}` });
      expect(followed.statusCode).toBe(303);
      const location = followed.headers.location as string;
      expect(location.split("#")[0], requested).toBe(expected);
    }
  });

  it("TestVerifyBannedUser: a banned user's link is refused", async () => {
    const email = uniqueAddress("banned");
    await call(t, "POST", "/signup", { body: { email, password: GOOD_PASSWORD } });
    const mail = await authMail(t.database.db, email, "Confirm your StudyAtlas sign-up");
    await t.database.db.execute(
      sql`update users set banned_until = now() + interval '1 hour' where lower(email) = ${email}`,
    );
    expectCode(
      await call(t, "POST", "/verify", { body: { type: "signup", email, token: mail.code } }),
      400,
      "user_banned",
    );
  });

  it("TestVerifyValidateParams: a type and a token are required; a texted code is checked as any other", async () => {
    expectCode(
      await call(t, "POST", "/verify", { body: { token: "123456", email: "a@example.com" } }),
      400,
      "validation_failed",
    );
    expectCode(
      await call(t, "POST", "/verify", { body: { type: "signup" } }),
      400,
      "validation_failed",
    );
    expectCode(
      await call(t, "POST", "/verify", {
        body: { type: "sms", phone: "+15555550100", token: "1" },
      }),
      403,
      "otp_expired",
    );
  });
});

describe("mail_test.go", () => {
  it("TestGenerateLink: every type answers the flattened user and a link that verifies", async () => {
    const email = uniqueAddress("links");
    const signup = await call(t, "POST", "/admin/generate_link", {
      token: adminKey,
      body: { type: "signup", email, password: GOOD_PASSWORD },
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const link = signup.json<Record<string, string>>();
    expect(link.email).toBe(email);
    expect(link.verification_type).toBe("signup");
    expect(link.email_otp).toMatch(/^\d{6}$/);
    expect(new URL(link.action_link!).searchParams.get("token")).toBe(link.hashed_token);
    for (const type of ["magiclink", "recovery"]) {
      const generated = await call(t, "POST", "/admin/generate_link", {
        token: adminKey,
        body: { type, email },
      });
      expect(generated.json<Record<string, string>>().verification_type).toBe(type);
    }
    const next = uniqueAddress("links-new");
    const change = await call(t, "POST", "/admin/generate_link", {
      token: adminKey,
      body: { type: "email_change_new", email, new_email: next },
    });
    expect(change.json<Record<string, string>>().new_email).toBe(next);
    expectCode(
      await call(t, "POST", "/admin/generate_link", {
        token: adminKey,
        body: { type: "bogus", email },
      }),
      400,
      "validation_failed",
    );
    expectCode(
      await call(t, "POST", "/admin/generate_link", {
        token: adminKey,
        body: { type: "recovery", email: uniqueAddress("ghost") },
      }),
      404,
      "user_not_found",
    );
  });
});

describe("otp_test.go and resend_test.go", () => {
  it("TestOtp / TestNoSignupsForOtp (adapted: {} instead of otp_disabled) / TestSubsequentOtp", async () => {
    const { user } = await confirmed(t);
    expect((await call(t, "POST", "/otp", { body: { email: user.email } })).json()).toEqual({});
    expectCode(
      await call(t, "POST", "/otp", { body: { email: user.email } }),
      429,
      "over_email_send_rate_limit",
    );
    const ghost = uniqueAddress("ghost");
    expect(
      (await call(t, "POST", "/otp", { body: { email: ghost, create_user: false } })).json(),
    ).toEqual({});
    expectCode(
      await call(t, "POST", "/otp", { body: { phone: "+15555550100" } }),
      400,
      "phone_provider_disabled",
    );
  });

  it("TestResendValidation / TestResendSuccess", async () => {
    expectCode(
      await call(t, "POST", "/resend", { body: { type: "invalid", email: "a@example.com" } }),
      400,
      "validation_failed",
    );
    expectCode(
      await call(t, "POST", "/resend", { body: { type: "signup" } }),
      400,
      "validation_failed",
    );
    const email = uniqueAddress("resend");
    await call(t, "POST", "/signup", { body: { email, password: GOOD_PASSWORD } });
    await authMail(t.database.db, email, "Confirm your StudyAtlas sign-up");
    expectCode(
      await call(t, "POST", "/resend", { body: { type: "signup", email } }),
      429,
      "over_email_send_rate_limit",
    );
    await t.database.db.execute(
      sql`delete from rate_limit_events where key like ${"auth-email:signup:%"}`,
    );
    expect((await call(t, "POST", "/resend", { body: { type: "signup", email } })).json()).toEqual(
      {},
    );
  });
});

describe("limits shared by every app process", () => {
  it("an e-mail sent through one process counts at another on the same database", async () => {
    // A second app on the same database: what a second process behind the load balancer sees.
    const base = testConfig();
    const other = await buildApp({
      config: { ...base, auth: { ...base.auth, secret: AUTH_SECRET } },
      database: t.database,
      frontend: { kind: "none" },
      logger: false,
    });
    try {
      const { user } = await confirmed(t);
      expect((await call(t, "POST", "/recover", { body: { email: user.email } })).statusCode).toBe(
        200,
      );
      const elsewhere = await other.inject({
        method: "POST",
        url: "/auth/v1/recover",
        headers: { "x-supabase-api-version": "2024-01-01" },
        payload: { email: user.email },
        remoteAddress: freshIp(),
      });
      expectCode(elsewhere, 429, "over_email_send_rate_limit");
    } finally {
      await other.close();
    }
  });
});
