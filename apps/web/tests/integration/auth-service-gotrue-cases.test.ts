// GoTrue's own test cases (supabase/auth internal/api/*_test.go, commit bc32168), ported to our
// auth service where they apply; docs/decisions/013-auth-service.md lists which were ported, which
// were adapted and which were left out, and why. Each `it` names the GoTrue test it ports.
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";

import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { SignJWT, exportJWK, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signApiKey } from "@studyatlas/core/auth-service/api-keys.ts";

import { buildApp } from "../../server/app.ts";

import { testConfig } from "../../server/test-config.ts";
import { AUTH_SECRET, GOOD_PASSWORD, authMail, uniqueAddress } from "./auth-service-client.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let adminKey = "";
let jwksServer: Server | undefined;
let googleKey: CryptoKey;
const GOOGLE_CLIENT = "client-id.apps.googleusercontent.com";

/** The ID token the stub token endpoint hands out for the code "good-code". */
let nextGoogleIdentity: { sub: string; email: string } | undefined;

/**
 * Google, served locally: its signing keys (as accounts.test.ts does for account/google_login)
 * and its token endpoint, which trades the code "good-code" for an ID token.
 */
async function startJwksServer(): Promise<string> {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  googleKey = privateKey;
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const server = createServer((request, response) => {
    if (request.url !== "/token") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const form = new URLSearchParams(body);
      if (form.get("code") !== "good-code" || !nextGoogleIdentity) {
        response.writeHead(400, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: "invalid_grant" }));
        return;
      }
      void googleIdToken(nextGoogleIdentity).then((idToken) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ id_token: idToken, access_token: "google-access" }));
      });
    });
  });
  jwksServer = server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no JWKS address");
  return `http://127.0.0.1:${address.port}`;
}

function googleIdToken(claims: Record<string, unknown>, audience = GOOGLE_CLIENT) {
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: "RS256", kid: "test-key" })
    .setIssuer("https://accounts.google.com")
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(googleKey);
}

beforeAll(async () => {
  const base = testConfig();
  const google = await startJwksServer();
  t = await createTestApp({
    config: {
      auth: {
        ...base.auth,
        secret: AUTH_SECRET,
        redirectUrls: ["https://app.example.com/**", "studyatlas-test://callback"],
      },
      google: {
        clientId: GOOGLE_CLIENT,
        clientSecret: "s",
        jwksUrl: `${google}/certs`,
        tokenUrl: `${google}/token`,
      },
    },
  });
  adminKey = await signApiKey(AUTH_SECRET, "service_role");
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => jwksServer?.close(resolve));
});

interface CallOptions {
  body?: unknown;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

let ipCounter = 0;
/** A fresh client address per call unless given, so GoTrue's per-address buckets stay apart. */
function freshIp(): string {
  ipCounter += 1;
  return `203.0.${(ipCounter >> 8) % 250}.${ipCounter % 250}`;
}

async function call(method: string, path: string, options: CallOptions = {}) {
  return t.app.inject({
    method: method as "GET",
    url: `/auth/v1${path}`,
    headers: {
      "x-supabase-api-version": "2024-01-01",
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    remoteAddress: options.ip ?? freshIp(),
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

function expectCode(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<{ code: string }>().code).toBe(code);
}

interface SessionJson {
  access_token: string;
  refresh_token: string;
  user: { id: string; email: string; identities: { identity_id: string; provider: string }[] };
}

async function confirmed(email = uniqueAddress("gt")): Promise<SessionJson> {
  expect(
    (await call("POST", "/signup", { body: { email, password: GOOD_PASSWORD } })).statusCode,
  ).toBe(200);
  const mail = await authMail(t.database.db, email, "Confirm your StudyAtlas sign-up");
  const verified = await call("POST", "/verify", {
    body: { type: "signup", email, token: mail.code },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json<SessionJson>();
}

/** As if a minute had passed: the one-e-mail-a-minute limits start over. */
async function forgetEmailLimits() {
  await t.database.db.execute(sql`delete from rate_limit_events where key like 'auth-email:%'`);
}

async function signIn(email: string, password = GOOD_PASSWORD) {
  return call("POST", "/token?grant_type=password", { body: { email, password } });
}

const verifierAndChallenge = () => {
  const verifier = "v".repeat(20) + Math.random().toString(36).slice(2).padEnd(30, "x");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
};

describe("signup_test.go", () => {
  it("TestSignup: a new user, unconfirmed, with its metadata and a confirmation sent", async () => {
    const email = uniqueAddress("gt");
    const response = await call("POST", "/signup", {
      body: { email, password: GOOD_PASSWORD, data: { a: 1 } },
    });
    expect(response.statusCode).toBe(200);
    const user = response.json<Record<string, unknown>>();
    expect(user).toMatchObject({
      email,
      aud: "authenticated",
      role: "authenticated",
      user_metadata: { a: 1 },
    });
    expect(user.confirmation_sent_at).toBeTruthy();
    expect(user.email_confirmed_at).toBeUndefined();
  });

  it("TestSignupTwice: the second answer hides that the address is taken", async () => {
    const { user } = await confirmed();
    // A minute later (the address's e-mail limit, tested below, would answer 429 alike).
    await forgetEmailLimits();
    const second = await call("POST", "/signup", {
      body: { email: user.email, password: GOOD_PASSWORD },
    });
    expect(second.statusCode).toBe(200);
    const body = second.json<{ id: string; identities: unknown[] }>();
    expect(body.id).not.toBe(user.id);
    // GoTrue answers an empty identities list here, which tells; ours has one, like a new user's.
    expect(body.identities).toHaveLength(1);
    // The decoy is never stored: its id belongs to nobody.
    expectCode(
      await call("GET", `/admin/users/${body.id}`, { token: adminKey }),
      404,
      "user_not_found",
    );
  });

  it("answers a sign-up alike for known and unknown addresses even when the e-mail limit is used up", async () => {
    const known = (await confirmed()).user.email;
    const unknown = uniqueAddress("unknown");
    await forgetEmailLimits();
    for (const email of [known, unknown]) {
      expect((await call("POST", "/resend", { body: { type: "signup", email } })).json()).toEqual(
        {},
      );
      expectCode(
        await call("POST", "/signup", { body: { email, password: GOOD_PASSWORD } }),
        429,
        "over_email_send_rate_limit",
      );
    }
  });

  it("TestVerifySignup: the confirmation link confirms and signs in", async () => {
    const email = uniqueAddress("gt");
    await call("POST", "/signup", { body: { email, password: GOOD_PASSWORD } });
    const mail = await authMail(t.database.db, email, "Confirm your StudyAtlas sign-up");
    const response = await call("POST", "/verify", {
      body: { type: "signup", token_hash: mail.tokenHash },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<SessionJson>().user.email).toBe(email);
  });

  it("TestSignupRequestBodyTooLarge: over 1 MiB answers 413", async () => {
    const response = await call("POST", "/signup", {
      body: {
        email: uniqueAddress(),
        password: GOOD_PASSWORD,
        data: { big: "x".repeat(1024 * 1024) },
      },
    });
    expectCode(response, 413, "request_entity_too_large");
  });
});

describe("token_test.go", () => {
  it("TestTokenPasswordGrantSuccess / Failure", async () => {
    const { user } = await confirmed();
    const ok = await signIn(user.email);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: "bearer", user: { id: user.id } });
    expect(ok.headers["cache-control"]).toBe("no-store");
    expectCode(await signIn(user.email, "Wrong-Password-1"), 400, "invalid_credentials");
  });

  it("TestTokenRefreshTokenGrantSuccess / Failure: refresh_token required is an OAuth error", async () => {
    const session = await confirmed();
    const ok = await call("POST", "/token?grant_type=refresh_token", {
      body: { refresh_token: session.refresh_token },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<SessionJson>().refresh_token).not.toBe(session.refresh_token);
    const missing = await call("POST", "/token?grant_type=refresh_token", { body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: "invalid_request",
      error_description: "refresh_token required",
    });
  });

  it("TestFailedToSaveRefreshTokenResultCase (adapted): the parent again, at once, still gets a working token", async () => {
    const session = await confirmed();
    const first = await call("POST", "/token?grant_type=refresh_token", {
      body: { refresh_token: session.refresh_token },
    });
    expect(first.statusCode).toBe(200);
    const again = await call("POST", "/token?grant_type=refresh_token", {
      body: { refresh_token: session.refresh_token },
    });
    expect(again.statusCode).toBe(200);
    const next = await call("POST", "/token?grant_type=refresh_token", {
      body: { refresh_token: again.json<SessionJson>().refresh_token },
    });
    expect(next.statusCode).toBe(200);
  });

  it("TestTokenPKCEGrantFailure: unknown code, wrong verifier, missing fields", async () => {
    expectCode(
      await call("POST", "/token?grant_type=pkce", {
        body: { auth_code: "nope", code_verifier: "x".repeat(43) },
      }),
      404,
      "flow_state_not_found",
    );
    expectCode(
      await call("POST", "/token?grant_type=pkce", { body: {} }),
      400,
      "validation_failed",
    );
  });

  it("TestMagicLinkPKCESignIn / TestOtpPKCE / TestVerifyPKCEOTP: link → ?code= → pkce exchange", async () => {
    const { user } = await confirmed();
    const { verifier, challenge } = verifierAndChallenge();
    const otp = await call("POST", "/otp", {
      body: { email: user.email, code_challenge: challenge, code_challenge_method: "s256" },
    });
    expect(otp.statusCode).toBe(200);
    const mail = await authMail(t.database.db, user.email, "sign-in link");
    const url = new URL(mail.link);
    const followed = await t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(followed.statusCode).toBe(303);
    const code = new URL(followed.headers.location as string).searchParams.get("code");
    expect(code).toBeTruthy();
    expectCode(
      await call("POST", "/token?grant_type=pkce", {
        body: { auth_code: code, code_verifier: "w".repeat(43) },
      }),
      400,
      "bad_code_verifier",
    );
    const exchanged = await call("POST", "/token?grant_type=pkce", {
      body: { auth_code: code, code_verifier: verifier },
    });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json<SessionJson>().user.id).toBe(user.id);
    expectCode(
      await call("POST", "/token?grant_type=pkce", {
        body: { auth_code: code, code_verifier: verifier },
      }),
      404,
      "flow_state_not_found",
    );
  });

  it("TestRateLimitTokenRefresh: 150 /token requests per 5 minutes per address, X-Forwarded-For ignored", async () => {
    const ip = "198.51.100.77";
    const body = { refresh_token: "not-a-real-token" };
    const answers = await Promise.all(
      Array.from({ length: 150 }, () =>
        call("POST", "/token?grant_type=refresh_token", { body, ip }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 400)).toBe(true);
    const limited = await call("POST", "/token?grant_type=refresh_token", {
      body,
      ip,
      headers: { "x-forwarded-for": "10.9.8.7" },
    });
    expectCode(limited, 429, "over_request_rate_limit");
    expect((await call("POST", "/token?grant_type=refresh_token", { body })).statusCode).toBe(400);
  });

  it("TestTokenRefreshWithExpiredSession: a session past its end cannot refresh", async () => {
    const session = await confirmed();
    await t.database.db.execute(
      sql`update sessions set not_after = now() - interval '1 second' where user_id = ${Number.parseInt(session.user.id.slice(-12), 16)}`,
    );
    expectCode(
      await call("POST", "/token?grant_type=refresh_token", {
        body: { refresh_token: session.refresh_token },
      }),
      400,
      "refresh_token_not_found",
    );
  });
});

describe("logout_test.go", () => {
  it("TestLogoutSuccess: 204, then the token is refused", async () => {
    const session = await confirmed();
    const out = await call("POST", "/logout", { token: session.access_token });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe("");
    expectCode(
      await call("GET", "/user", { token: session.access_token }),
      403,
      "session_not_found",
    );
    expectCode(
      await call("POST", "/logout?scope=everything", { token: (await confirmed()).access_token }),
      400,
      "validation_failed",
    );
  });
});

describe("recover_test.go", () => {
  it("TestRecover_FirstRecovery / TestRecover_NoEmailSent: recovery_sent_at set, a second within a minute refused", async () => {
    const { user, access_token } = await confirmed();
    expect((await call("POST", "/recover", { body: { email: user.email } })).statusCode).toBe(200);
    await authMail(t.database.db, user.email, "Reset your StudyAtlas password");
    const me = await call("GET", "/user", { token: access_token });
    expect(me.json<{ recovery_sent_at?: string }>().recovery_sent_at).toBeTruthy();
    expectCode(
      await call("POST", "/recover", { body: { email: user.email } }),
      429,
      "over_email_send_rate_limit",
    );
  });

  it("TestRecover_NoSideChannelLeak: an unknown address answers the same {}", async () => {
    const response = await call("POST", "/recover", { body: { email: uniqueAddress("nobody") } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
  });
});

describe("verify_test.go", () => {
  it("TestVerifyPasswordRecovery: the recovery code signs in with the recovery method", async () => {
    const { user } = await confirmed();
    await call("POST", "/recover", { body: { email: user.email } });
    const mail = await authMail(t.database.db, user.email, "Reset your StudyAtlas password");
    const verified = await call("POST", "/verify", {
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
    await call("POST", "/signup", { body: { email, password: GOOD_PASSWORD } });
    const mail = await authMail(t.database.db, email, "Confirm your StudyAtlas sign-up");
    expectCode(
      await call("POST", "/verify", { body: { type: "signup", email, token: "12345" } }),
      403,
      "otp_expired",
    );
    await t.database.db.execute(
      sql`update one_time_tokens set expires_at = now() - interval '1 second' where relates_to = ${email}`,
    );
    expectCode(
      await call("POST", "/verify", { body: { type: "signup", email, token: mail.code } }),
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
      await call("POST", `/signup?redirect_to=${encodeURIComponent(requested)}`, {
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
    await call("POST", "/signup", { body: { email, password: GOOD_PASSWORD } });
    const mail = await authMail(t.database.db, email, "Confirm your StudyAtlas sign-up");
    await t.database.db.execute(
      sql`update users set banned_until = now() + interval '1 hour' where lower(email) = ${email}`,
    );
    expectCode(
      await call("POST", "/verify", { body: { type: "signup", email, token: mail.code } }),
      400,
      "user_banned",
    );
  });

  it("TestVerifyValidateParams: a type and a token are required", async () => {
    expectCode(
      await call("POST", "/verify", { body: { token: "123456", email: "a@example.com" } }),
      400,
      "validation_failed",
    );
    expectCode(
      await call("POST", "/verify", { body: { type: "signup" } }),
      400,
      "validation_failed",
    );
    expectCode(
      await call("POST", "/verify", { body: { type: "sms", phone: "+15555550100", token: "1" } }),
      400,
      "phone_provider_disabled",
    );
  });
});

describe("user_test.go", () => {
  it("TestUserGet: the user object, not wrapped; 401 without a token; 403 bad_jwt for a bad one", async () => {
    const session = await confirmed();
    const me = await call("GET", "/user", { token: session.access_token });
    expect(me.json()).toMatchObject({ id: session.user.id, email: session.user.email });
    const none = await call("GET", "/user");
    expectCode(none, 401, "no_authorization");
    expect(none.json<{ message: string }>().message).toContain("Bearer token");
    expectCode(await call("GET", "/user", { token: "not.a.jwt" }), 403, "bad_jwt");
  });

  it("TestUserUpdatePasswordReauthentication: an old session needs a nonce, which /reauthenticate mails", async () => {
    const session = await confirmed();
    await t.database.db.execute(
      sql`update sessions set created_at = now() - interval '25 hours' where id = ${
        (
          JSON.parse(Buffer.from(session.access_token.split(".")[1]!, "base64url").toString()) as {
            session_id: string;
          }
        ).session_id
      }`,
    );
    expectCode(
      await call("PUT", "/user", {
        token: session.access_token,
        body: { password: "Fresh-Horse-99" },
      }),
      400,
      "reauthentication_needed",
    );
    expect((await call("GET", "/reauthenticate", { token: session.access_token })).statusCode).toBe(
      200,
    );
    const mail = await authMail(t.database.db, session.user.email, "confirmation code");
    expectCode(
      await call("PUT", "/user", {
        token: session.access_token,
        body: { password: "Fresh-Horse-99", nonce: "000000" === mail.code ? "111111" : "000000" },
      }),
      400,
      "reauthentication_not_valid",
    );
    const ok = await call("PUT", "/user", {
      token: session.access_token,
      body: { password: "Fresh-Horse-99", nonce: mail.code },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await signIn(session.user.email, "Fresh-Horse-99")).statusCode).toBe(200);
  });

  it("keeps metadata small enough for a token in a cookie (2 KB), merged or not", async () => {
    const session = await confirmed();
    expectCode(
      await call("PUT", "/user", {
        token: session.access_token,
        body: { data: { bio: "x".repeat(3000) } },
      }),
      400,
      "validation_failed",
    );
    const half = { a: "x".repeat(1200) };
    expect(
      (await call("PUT", "/user", { token: session.access_token, body: { data: half } }))
        .statusCode,
    ).toBe(200);
    expectCode(
      await call("PUT", "/user", {
        token: session.access_token,
        body: { data: { b: "y".repeat(1200) } },
      }),
      400,
      "validation_failed",
    );
  });

  it("TestUserUpdatePassword: the current password is an accepted proof too; a wrong one is refused", async () => {
    const session = await confirmed();
    expectCode(
      await call("PUT", "/user", {
        token: session.access_token,
        body: { password: GOOD_PASSWORD },
      }),
      422,
      "same_password",
    );
    expectCode(
      await call("PUT", "/user", { token: session.access_token, body: { password: "x" } }),
      422,
      "weak_password",
    );
    expectCode(
      await call("PUT", "/user", {
        token: session.access_token,
        body: { password: "Third-Horse-33", current_password: "Not-It-1234" },
      }),
      422,
      "current_password_mismatch",
    );
  });
});

describe("identity_test.go", () => {
  it("TestUnlinkIdentityError / TestUnlinkIdentity / TestLinkIdentityToUser", async () => {
    const session = await confirmed();
    const [email] = session.user.identities;
    expectCode(
      await call("DELETE", `/user/identities/${email!.identity_id}`, {
        token: session.access_token,
      }),
      422,
      "single_identity_not_deletable",
    );
    await t.database.db.execute(
      sql`update users set google_subject = ${`g-${session.user.id}`} where lower(email) = lower(${session.user.email})`,
    );
    const both = (await call("GET", "/user", { token: session.access_token })).json<
      SessionJson["user"]
    >();
    expect(both.identities.map((identity) => identity.provider)).toEqual(["email", "google"]);
    expectCode(
      await call("DELETE", "/user/identities/00000000-0000-4000-8000-000000000000", {
        token: session.access_token,
      }),
      422,
      "identity_not_found",
    );
    const google = both.identities.find((identity) => identity.provider === "google")!;
    const unlinked = await call("DELETE", `/user/identities/${google.identity_id}`, {
      token: session.access_token,
    });
    expect(unlinked.statusCode).toBe(200);
    const after = (await call("GET", "/user", { token: session.access_token })).json<
      SessionJson["user"]
    >();
    expect(after.identities.map((identity) => identity.provider)).toEqual(["email"]);
    expectCode(
      await call("GET", "/user/identities/authorize?provider=google", {
        token: session.access_token,
      }),
      404,
      "manual_linking_disabled",
    );
  });
});

describe("admin_test.go and invite_test.go", () => {
  it("TestAdminUsersUnauthorized / TestInvite_WithoutAccess", async () => {
    const session = await confirmed();
    expectCode(await call("GET", "/admin/users"), 401, "no_authorization");
    expectCode(
      await call("GET", "/admin/users", { token: session.access_token }),
      403,
      "not_admin",
    );
    expectCode(
      await call("POST", "/invite", {
        token: session.access_token,
        body: { email: uniqueAddress() },
      }),
      403,
      "not_admin",
    );
  });

  it("TestAdminUsers_FilterEmail / TestAdminUsers_Pagination: bad paging is a 400", async () => {
    const { user } = await confirmed();
    const found = await call("GET", `/admin/users?filter=${encodeURIComponent(user.email)}`, {
      token: adminKey,
    });
    expect(found.json<{ users: { email: string }[] }>().users.map((entry) => entry.email)).toEqual([
      user.email,
    ]);
    expect(found.headers["x-total-count"]).toBe("1");
    expectCode(
      await call("GET", "/admin/users?page=zero", { token: adminKey }),
      400,
      "validation_failed",
    );
  });

  it("TestAdminUsers_SortAsc / TestAdminUsers_SortDesc: newest first unless sort=created_at asc", async () => {
    const older = await confirmed();
    const newer = await confirmed();
    const ids = async (sort?: string) =>
      (
        await call(
          "GET",
          `/admin/users?per_page=1000${sort ? `&sort=${encodeURIComponent(sort)}` : ""}`,
          { token: adminKey },
        )
      )
        .json<{ users: { id: string }[] }>()
        .users.map((user) => user.id);
    const byDefault = await ids();
    expect(byDefault.indexOf(newer.user.id)).toBeLessThan(byDefault.indexOf(older.user.id));
    const ascending = await ids("created_at asc");
    expect(ascending.indexOf(older.user.id)).toBeLessThan(ascending.indexOf(newer.user.id));
    expect(await ids("created_at desc")).toEqual(byDefault);
    expectCode(
      await call("GET", "/admin/users?sort=email", { token: adminKey }),
      400,
      "validation_failed",
    );
    expectCode(
      await call("GET", `/admin/users?sort=${encodeURIComponent("created_at sideways")}`, {
        token: adminKey,
      }),
      400,
      "validation_failed",
    );
  });

  it("TestAdminUserCreateValidationErrors / TestAdminUserUpdatePasswordFailed / TestAdminUserUpdateBannedUntilFailed", async () => {
    expectCode(
      await call("POST", "/admin/users", { token: adminKey, body: { password: GOOD_PASSWORD } }),
      400,
      "email_address_invalid",
    );
    expectCode(
      await call("POST", "/admin/users", { token: adminKey, body: { email: "not-an-email" } }),
      400,
      "email_address_invalid",
    );
    const { user } = await confirmed();
    expectCode(
      await call("PUT", `/admin/users/${user.id}`, { token: adminKey, body: { password: "1" } }),
      422,
      "weak_password",
    );
    expectCode(
      await call("PUT", `/admin/users/${user.id}`, {
        token: adminKey,
        body: { ban_duration: "forever" },
      }),
      400,
      "validation_failed",
    );
  });

  it("TestAdminUserUpdate (ban): a ban ends the user's sessions and blocks sign-in; none lifts it", async () => {
    const session = await confirmed();
    const banned = await call("PUT", `/admin/users/${session.user.id}`, {
      token: adminKey,
      body: { ban_duration: "24h" },
    });
    expect(banned.json<{ banned_until?: string }>().banned_until).toBeTruthy();
    expectCode(
      await call("GET", "/user", { token: session.access_token }),
      403,
      "session_not_found",
    );
    expectCode(await signIn(session.user.email), 400, "user_banned");
    await call("PUT", `/admin/users/${session.user.id}`, {
      token: adminKey,
      body: { ban_duration: "none" },
    });
    expect((await signIn(session.user.email)).statusCode).toBe(200);
  });

  it("TestAdminUserGet / TestAdminUserDelete / TestAdminUserGetFactors / TestAdminUserDeleteFactor", async () => {
    const { user } = await confirmed();
    expect(
      (await call("GET", `/admin/users/${user.id}`, { token: adminKey })).json(),
    ).toMatchObject({ id: user.id });
    expect(
      (await call("GET", `/admin/users/${user.id}/factors`, { token: adminKey })).json(),
    ).toEqual([]);
    expectCode(
      await call("DELETE", `/admin/users/${user.id}/factors/00000000-0000-4000-8000-000000000009`, {
        token: adminKey,
      }),
      404,
      "mfa_factor_not_found",
    );
    expect(
      (
        await call("DELETE", `/admin/users/${user.id}`, {
          token: adminKey,
          body: { should_soft_delete: false },
        })
      ).statusCode,
    ).toBe(200);
    expectCode(
      await call("GET", `/admin/users/${user.id}`, { token: adminKey }),
      404,
      "user_not_found",
    );
    expectCode(
      await call("GET", "/admin/users/not-an-id", { token: adminKey }),
      404,
      "user_not_found",
    );
  });

  it("TestInvite / TestInviteExists / TestVerifyInvite / TestInviteAfterSignupShouldNotReturnSensitiveFields", async () => {
    const email = uniqueAddress("invite");
    const invited = await call("POST", "/invite", {
      token: adminKey,
      body: { email, data: { first_name: "Rosalind" } },
    });
    expect(invited.statusCode).toBe(200);
    const body = invited.json<Record<string, unknown>>();
    expect(body.invited_at).toBeTruthy();
    expect(body).not.toHaveProperty("encrypted_password");
    expect(body).not.toHaveProperty("password_hash");
    expectCode(
      await call("POST", "/invite", { token: adminKey, body: { email } }),
      422,
      "email_exists",
    );
    const mail = await authMail(t.database.db, email, "invited");
    const verified = await call("POST", "/verify", {
      body: { type: "invite", token_hash: mail.tokenHash },
    });
    expect(verified.statusCode).toBe(200);
    const claims = JSON.parse(
      Buffer.from(verified.json<SessionJson>().access_token.split(".")[1]!, "base64url").toString(),
    ) as { amr: { method: string }[] };
    expect(claims.amr[0]?.method).toBe("invite");
  });
});

describe("mail_test.go", () => {
  it("TestGenerateLink: every type answers the flattened user and a link that verifies", async () => {
    const email = uniqueAddress("links");
    const signup = await call("POST", "/admin/generate_link", {
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
      const generated = await call("POST", "/admin/generate_link", {
        token: adminKey,
        body: { type, email },
      });
      expect(generated.json<Record<string, string>>().verification_type).toBe(type);
    }
    const next = uniqueAddress("links-new");
    const change = await call("POST", "/admin/generate_link", {
      token: adminKey,
      body: { type: "email_change_new", email, new_email: next },
    });
    expect(change.json<Record<string, string>>().new_email).toBe(next);
    expectCode(
      await call("POST", "/admin/generate_link", {
        token: adminKey,
        body: { type: "bogus", email },
      }),
      400,
      "validation_failed",
    );
    expectCode(
      await call("POST", "/admin/generate_link", {
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
    const { user } = await confirmed();
    expect((await call("POST", "/otp", { body: { email: user.email } })).json()).toEqual({});
    expectCode(
      await call("POST", "/otp", { body: { email: user.email } }),
      429,
      "over_email_send_rate_limit",
    );
    const ghost = uniqueAddress("ghost");
    expect(
      (await call("POST", "/otp", { body: { email: ghost, create_user: false } })).json(),
    ).toEqual({});
    expectCode(
      await call("POST", "/otp", { body: { phone: "+15555550100" } }),
      400,
      "phone_provider_disabled",
    );
  });

  it("TestResendValidation / TestResendSuccess", async () => {
    expectCode(
      await call("POST", "/resend", { body: { type: "invalid", email: "a@example.com" } }),
      400,
      "validation_failed",
    );
    expectCode(
      await call("POST", "/resend", { body: { type: "signup" } }),
      400,
      "validation_failed",
    );
    const email = uniqueAddress("resend");
    await call("POST", "/signup", { body: { email, password: GOOD_PASSWORD } });
    await authMail(t.database.db, email, "Confirm your StudyAtlas sign-up");
    expectCode(
      await call("POST", "/resend", { body: { type: "signup", email } }),
      429,
      "over_email_send_rate_limit",
    );
    await t.database.db.execute(
      sql`delete from rate_limit_events where key like ${"auth-email:signup:%"}`,
    );
    expect((await call("POST", "/resend", { body: { type: "signup", email } })).json()).toEqual({});
  });
});

describe("middleware_test.go, sso_test.go, external_google_test.go", () => {
  it("TestRequireSAMLEnabled / TestSingleSignOn: SAML is off", async () => {
    expectCode(
      await call("POST", "/sso", { body: { domain: "example.com" } }),
      404,
      "saml_provider_disabled",
    );
  });

  it("TestSignupExternalGoogle: /authorize sends the browser to Google with a signed state", async () => {
    const response = await call(
      "GET",
      `/authorize?provider=google&redirect_to=${encodeURIComponent("https://app.example.com/done")}`,
    );
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(location.origin).toBe("https://accounts.google.com");
    expect(location.searchParams.get("client_id")).toBe("client-id.apps.googleusercontent.com");
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost/auth/v1/callback");
    expect(location.searchParams.get("state")?.split(".")).toHaveLength(3);
    expectCode(await call("GET", "/authorize?provider=github"), 400, "validation_failed");

    // Google sends the browser back with a code: the session arrives in the fragment.
    const email = uniqueAddress("redirected");
    nextGoogleIdentity = { sub: `g-${email}`, email };
    const state = location.searchParams.get("state")!;
    const back = await call("GET", `/callback?code=good-code&state=${encodeURIComponent(state)}`);
    expect(back.statusCode).toBe(303);
    const landing = new URL(back.headers.location as string);
    expect(`${landing.origin}${landing.pathname}`).toBe("https://app.example.com/done");
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get("provider_type")).toBe("google");
    const me = await call("GET", "/user", { token: fragment.get("access_token")! });
    expect(me.json<SessionJson["user"]>().email).toBe(email);
    // A code Google refuses comes back as an error in the fragment, not a 5xx.
    const refused = await call("GET", `/callback?code=bad-code&state=${encodeURIComponent(state)}`);
    expect(refused.statusCode).toBe(303);
    expect(
      new URLSearchParams(new URL(refused.headers.location as string).hash.slice(1)).get(
        "error_code",
      ),
    ).toBe("bad_oauth_callback");
  });

  it("Google with PKCE: the callback answers a code the verifier's holder exchanges", async () => {
    const { verifier, challenge } = verifierAndChallenge();
    const start = await call(
      "GET",
      `/authorize?provider=google&code_challenge=${challenge}&code_challenge_method=s256`,
    );
    const state = new URL(start.headers.location as string).searchParams.get("state")!;
    const email = uniqueAddress("pkce-google");
    nextGoogleIdentity = { sub: `g-${email}`, email };
    const back = await call("GET", `/callback?code=good-code&state=${encodeURIComponent(state)}`);
    const code = new URL(back.headers.location as string).searchParams.get("code");
    expect(code).toBeTruthy();
    const exchanged = await call("POST", "/token?grant_type=pkce", {
      body: { auth_code: code, code_verifier: verifier },
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(exchanged.json<SessionJson>().user.email).toBe(email);
    expectCode(await call("GET", "/callback?code=x&state=forged"), 400, "bad_oauth_state");
  });
});

describe("token_oidc.go (grant_type=id_token) and one identity with account/google_login", () => {
  it("signs a Google user up on the first ID token, in again on the next, and account/google_login finds the same user", async () => {
    const email = uniqueAddress("google");
    const first = await call("POST", "/token?grant_type=id_token", {
      body: {
        provider: "google",
        id_token: await googleIdToken({ sub: `g-${email}`, email, given_name: "Grace" }),
      },
    });
    expect(first.statusCode, first.body).toBe(200);
    const session = first.json<SessionJson>();
    expect(session.user.identities.map((identity) => identity.provider)).toEqual(["google"]);
    const claims = JSON.parse(
      Buffer.from(session.access_token.split(".")[1]!, "base64url").toString(),
    ) as {
      amr: { method: string }[];
      app_metadata: { provider: string };
    };
    expect(claims.amr[0]?.method).toBe("oauth");
    expect(claims.app_metadata.provider).toBe("google");
    const again = await call("POST", "/token?grant_type=id_token", {
      body: { provider: "google", id_token: await googleIdToken({ sub: `g-${email}`, email }) },
    });
    expect(again.json<SessionJson>().user.id).toBe(session.user.id);
    const site = await t.app.inject({
      method: "POST",
      url: "/api/account/google_login",
      payload: { credential: await googleIdToken({ sub: `g-${email}`, email }) },
    });
    expect(site.statusCode).toBe(200);
    expect(site.json<{ user: { email: string } }>().user.email).toBe(email);
  });

  it("refuses another audience, another provider and a missing token with 4xx", async () => {
    const email = uniqueAddress("google");
    expectCode(
      await call("POST", "/token?grant_type=id_token", {
        body: {
          provider: "google",
          id_token: await googleIdToken({ sub: "x", email }, "someone-else"),
        },
      }),
      400,
      "validation_failed",
    );
    expectCode(
      await call("POST", "/token?grant_type=id_token", {
        body: { provider: "github", id_token: "x" },
      }),
      400,
      "provider_disabled",
    );
    expectCode(
      await call("POST", "/token?grant_type=id_token", { body: { provider: "google" } }),
      400,
      "validation_failed",
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
      const { user } = await confirmed();
      expect((await call("POST", "/recover", { body: { email: user.email } })).statusCode).toBe(
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
