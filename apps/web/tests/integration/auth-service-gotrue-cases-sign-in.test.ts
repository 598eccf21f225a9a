// GoTrue's own test cases (supabase/auth internal/api/*_test.go, commit bc32168), ported to our
// auth service where they apply; docs/decisions/013-auth-service.md lists which were ported, which
// were adapted and which were left out, and why. Each `it` names the GoTrue test it ports.
// This file: signing up, tokens and their grants, logout, SSO and Google.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signApiKey } from "@studyatlas/core/auth-service/api-keys.ts";

import { AUTH_SECRET, GOOD_PASSWORD, authMail, uniqueAddress } from "./auth-service-client.ts";
import {
  GOOGLE_CLIENT,
  call,
  confirmed,
  expectCode,
  forgetEmailLimits,
  goTrueCasesConfig,
  signIn,
  verifierAndChallenge,
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

describe("signup_test.go", () => {
  it("TestSignup: a new user, unconfirmed, with its metadata and a confirmation sent", async () => {
    const email = uniqueAddress("gt");
    const response = await call(t, "POST", "/signup", {
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
    const { user } = await confirmed(t);
    // A minute later (the address's e-mail limit, tested below, would answer 429 alike).
    await forgetEmailLimits(t);
    const second = await call(t, "POST", "/signup", {
      body: { email: user.email, password: GOOD_PASSWORD },
    });
    expect(second.statusCode).toBe(200);
    const body = second.json<{ id: string; identities: unknown[] }>();
    expect(body.id).not.toBe(user.id);
    // GoTrue answers an empty identities list here, which tells; ours has one, like a new user's.
    expect(body.identities).toHaveLength(1);
    // The decoy is never stored: its id belongs to nobody.
    expectCode(
      await call(t, "GET", `/admin/users/${body.id}`, { token: adminKey }),
      404,
      "user_not_found",
    );
  });

  it("answers a sign-up alike for known and unknown addresses even when the e-mail limit is used up", async () => {
    const known = (await confirmed(t)).user.email;
    const unknown = uniqueAddress("unknown");
    await forgetEmailLimits(t);
    for (const email of [known, unknown]) {
      expect(
        (await call(t, "POST", "/resend", { body: { type: "signup", email } })).json(),
      ).toEqual({});
      expectCode(
        await call(t, "POST", "/signup", { body: { email, password: GOOD_PASSWORD } }),
        429,
        "over_email_send_rate_limit",
      );
    }
  });

  it("TestVerifySignup: the confirmation link confirms and signs in", async () => {
    const email = uniqueAddress("gt");
    await call(t, "POST", "/signup", { body: { email, password: GOOD_PASSWORD } });
    const mail = await authMail(t.database.db, email, "Confirm your StudyAtlas sign-up");
    const response = await call(t, "POST", "/verify", {
      body: { type: "signup", token_hash: mail.tokenHash },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<SessionJson>().user.email).toBe(email);
  });

  it("TestSignupRequestBodyTooLarge: over 1 MiB answers 413", async () => {
    const response = await call(t, "POST", "/signup", {
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
    const { user } = await confirmed(t);
    const ok = await signIn(t, user.email);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: "bearer", user: { id: user.id } });
    expect(ok.headers["cache-control"]).toBe("no-store");
    expectCode(await signIn(t, user.email, "Wrong-Password-1"), 400, "invalid_credentials");
  });

  it("TestTokenRefreshTokenGrantSuccess / Failure: refresh_token required is an OAuth error", async () => {
    const session = await confirmed(t);
    const ok = await call(t, "POST", "/token?grant_type=refresh_token", {
      body: { refresh_token: session.refresh_token },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<SessionJson>().refresh_token).not.toBe(session.refresh_token);
    const missing = await call(t, "POST", "/token?grant_type=refresh_token", { body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: "invalid_request",
      error_description: "refresh_token required",
    });
  });

  it("TestFailedToSaveRefreshTokenResultCase (adapted): the parent again, at once, still gets a working token", async () => {
    const session = await confirmed(t);
    const first = await call(t, "POST", "/token?grant_type=refresh_token", {
      body: { refresh_token: session.refresh_token },
    });
    expect(first.statusCode).toBe(200);
    const again = await call(t, "POST", "/token?grant_type=refresh_token", {
      body: { refresh_token: session.refresh_token },
    });
    expect(again.statusCode).toBe(200);
    const next = await call(t, "POST", "/token?grant_type=refresh_token", {
      body: { refresh_token: again.json<SessionJson>().refresh_token },
    });
    expect(next.statusCode).toBe(200);
  });

  it("TestTokenPKCEGrantFailure: unknown code, wrong verifier, missing fields", async () => {
    expectCode(
      await call(t, "POST", "/token?grant_type=pkce", {
        body: { auth_code: "nope", code_verifier: "x".repeat(43) },
      }),
      404,
      "flow_state_not_found",
    );
    expectCode(
      await call(t, "POST", "/token?grant_type=pkce", { body: {} }),
      400,
      "validation_failed",
    );
  });

  it("TestMagicLinkPKCESignIn / TestOtpPKCE / TestVerifyPKCEOTP: link → ?code= → pkce exchange", async () => {
    const { user } = await confirmed(t);
    const { verifier, challenge } = verifierAndChallenge();
    const otp = await call(t, "POST", "/otp", {
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
      await call(t, "POST", "/token?grant_type=pkce", {
        body: { auth_code: code, code_verifier: "w".repeat(43) },
      }),
      400,
      "bad_code_verifier",
    );
    const exchanged = await call(t, "POST", "/token?grant_type=pkce", {
      body: { auth_code: code, code_verifier: verifier },
    });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json<SessionJson>().user.id).toBe(user.id);
    expectCode(
      await call(t, "POST", "/token?grant_type=pkce", {
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
        call(t, "POST", "/token?grant_type=refresh_token", { body, ip }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 400)).toBe(true);
    const limited = await call(t, "POST", "/token?grant_type=refresh_token", {
      body,
      ip,
      headers: { "x-forwarded-for": "10.9.8.7" },
    });
    expectCode(limited, 429, "over_request_rate_limit");
    expect((await call(t, "POST", "/token?grant_type=refresh_token", { body })).statusCode).toBe(
      400,
    );
  });

  it("TestTokenRefreshWithExpiredSession: a session past its end cannot refresh", async () => {
    const session = await confirmed(t);
    await t.database.db.execute(
      sql`update sessions set not_after = now() - interval '1 second' where user_id = ${Number.parseInt(session.user.id.slice(-12), 16)}`,
    );
    expectCode(
      await call(t, "POST", "/token?grant_type=refresh_token", {
        body: { refresh_token: session.refresh_token },
      }),
      400,
      "refresh_token_not_found",
    );
  });
});

describe("logout_test.go", () => {
  it("TestLogoutSuccess: 204, then the token is refused", async () => {
    const session = await confirmed(t);
    const out = await call(t, "POST", "/logout", { token: session.access_token });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe("");
    expectCode(
      await call(t, "GET", "/user", { token: session.access_token }),
      403,
      "session_not_found",
    );
    expectCode(
      await call(t, "POST", "/logout?scope=everything", {
        token: (await confirmed(t)).access_token,
      }),
      400,
      "validation_failed",
    );
  });
});

describe("middleware_test.go, sso_test.go, external_google_test.go", () => {
  it("TestRequireSAMLEnabled / TestSingleSignOn: SAML is off", async () => {
    expectCode(
      await call(t, "POST", "/sso", { body: { domain: "example.com" } }),
      404,
      "saml_provider_disabled",
    );
  });

  it("TestSignupExternalGoogle: /authorize sends the browser to Google with a signed state", async () => {
    const response = await call(
      t,
      "GET",
      `/authorize?provider=google&redirect_to=${encodeURIComponent("https://app.example.com/done")}`,
    );
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(location.origin).toBe("https://accounts.google.com");
    expect(location.searchParams.get("client_id")).toBe("client-id.apps.googleusercontent.com");
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost/auth/v1/callback");
    expect(location.searchParams.get("state")?.split(".")).toHaveLength(3);
    expectCode(await call(t, "GET", "/authorize?provider=github"), 400, "validation_failed");

    // Google sends the browser back with a code: the session arrives in the fragment.
    const email = uniqueAddress("redirected");
    googleStub.nextIdentity = { sub: `g-${email}`, email };
    const state = location.searchParams.get("state")!;
    const back = await call(
      t,
      "GET",
      `/callback?code=good-code&state=${encodeURIComponent(state)}`,
    );
    expect(back.statusCode).toBe(303);
    const landing = new URL(back.headers.location as string);
    expect(`${landing.origin}${landing.pathname}`).toBe("https://app.example.com/done");
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get("provider_type")).toBe("google");
    const me = await call(t, "GET", "/user", { token: fragment.get("access_token")! });
    expect(me.json<SessionJson["user"]>().email).toBe(email);
    // A code Google refuses comes back as an error in the fragment, not a 5xx.
    const refused = await call(
      t,
      "GET",
      `/callback?code=bad-code&state=${encodeURIComponent(state)}`,
    );
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
      t,
      "GET",
      `/authorize?provider=google&code_challenge=${challenge}&code_challenge_method=s256`,
    );
    const state = new URL(start.headers.location as string).searchParams.get("state")!;
    const email = uniqueAddress("pkce-google");
    googleStub.nextIdentity = { sub: `g-${email}`, email };
    const back = await call(
      t,
      "GET",
      `/callback?code=good-code&state=${encodeURIComponent(state)}`,
    );
    const code = new URL(back.headers.location as string).searchParams.get("code");
    expect(code).toBeTruthy();
    const exchanged = await call(t, "POST", "/token?grant_type=pkce", {
      body: { auth_code: code, code_verifier: verifier },
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(exchanged.json<SessionJson>().user.email).toBe(email);
    expectCode(await call(t, "GET", "/callback?code=x&state=forged"), 400, "bad_oauth_state");
  });
});

describe("token_oidc.go (grant_type=id_token) and one identity with account/google_login", () => {
  it("signs a Google user up on the first ID token, in again on the next, and account/google_login finds the same user", async () => {
    const email = uniqueAddress("google");
    const first = await call(t, "POST", "/token?grant_type=id_token", {
      body: {
        provider: "google",
        id_token: await googleStub.idToken({ sub: `g-${email}`, email, given_name: "Grace" }),
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
    const again = await call(t, "POST", "/token?grant_type=id_token", {
      body: {
        provider: "google",
        id_token: await googleStub.idToken({ sub: `g-${email}`, email }),
      },
    });
    expect(again.json<SessionJson>().user.id).toBe(session.user.id);
    const site = await t.app.inject({
      method: "POST",
      url: "/api/account/google_login",
      payload: { credential: await googleStub.idToken({ sub: `g-${email}`, email }) },
    });
    expect(site.statusCode).toBe(200);
    expect(site.json<{ user: { email: string } }>().user.email).toBe(email);
  });

  it("refuses another audience, another provider and a missing token with 4xx", async () => {
    const email = uniqueAddress("google");
    expectCode(
      await call(t, "POST", "/token?grant_type=id_token", {
        body: {
          provider: "google",
          id_token: await googleStub.idToken({ sub: "x", email }, "someone-else"),
        },
      }),
      400,
      "validation_failed",
    );
    expectCode(
      await call(t, "POST", "/token?grant_type=id_token", {
        body: { provider: "github", id_token: "x" },
      }),
      400,
      "provider_disabled",
    );
    expectCode(
      await call(t, "POST", "/token?grant_type=id_token", { body: { provider: "google" } }),
      400,
      "validation_failed",
    );
  });
});
