// Signing in with a second factor through the product's account API
// (docs/decisions/014-two-factor.md), on both engines: the code asked for after the password, a
// Google sign-in and the dashboard door; the aal rules (an aal1 session of a user with a verified
// factor is refused); tokens for API clients; and GoTrue's mfa_test.go cases that apply to our
// routes. The clock is faked (accounts-two-factor-support.ts).
import { decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { createUser } from "@studyatlas/core/accounts/users.ts";
import { totpCode } from "@studyatlas/core/accounts/totp.ts";
import { AccountDetailSchema } from "@studyatlas/schemas/accounts.ts";
import {
  ChallengeSchema,
  FactorListSchema,
  FactorVerifiedSchema,
  SignInAnswerSchema,
} from "@studyatlas/schemas/mfa.ts";

import { testConfig } from "../../server/test-config.ts";
import { Browser, PASSWORD, uniqueEmail } from "./account-client.ts";
import {
  body,
  challenge,
  enrolVerified,
  error,
  newUser,
  passSecondStep,
  sessionIdOf,
  sessionRow,
  signIn,
  startTotpClock,
  tick,
  wrongCode,
} from "./accounts-two-factor-support.ts";
import { startGoogleStub, type GoogleStub } from "./google-sign-in-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

const GOOGLE_CLIENT_ID = "two-factor-test.apps.googleusercontent.com";

let t: TestApp;
/** Google's key endpoint, served locally, so google_login can be tested. */
let google: GoogleStub;

beforeAll(async () => {
  google = await startGoogleStub(GOOGLE_CLIENT_ID);
  t = await createTestApp({
    config: {
      google: { ...testConfig().google, clientId: GOOGLE_CLIENT_ID, jwksUrl: google.jwksUrl },
    },
  });
  startTotpClock();
});

afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
  await google?.close();
});

beforeEach(() => tick());

describe("signing in with a second factor", () => {
  it("asks for a code after the password; until it is given the session is aal1 and refused", async () => {
    const email = await newUser(t.database);
    const setup = new Browser(t.app);
    await signIn(setup, email);
    const factor = await enrolVerified(setup, "Phone");

    const browser = new Browser(t.app);
    const answer = await signIn(browser, email);
    expect(answer.mfa).toEqual({
      required: true,
      current_level: "aal1",
      next_level: "aal2",
      factors: [{ id: factor.id, friendly_name: "Phone", factor_type: "totp" }],
    });
    const sessionId = sessionIdOf(browser);
    expect((await sessionRow(t.database, sessionId))?.aal).toBe("aal1");
    expect(decodeJwt(browser.cookies.get("sa_access")!).aal).toBe("aal1");

    // Pages and API calls that need a signed-in user refuse the password-only session.
    const refused = error(
      await browser.call("GET", "/api/account/detail"),
      403,
      "insufficient_aal",
    );
    expect(refused.message).toMatch(/code/);
    error(
      await browser.call("POST", "/api/wishlists/create", { body: { course: 1 } }),
      403,
      "insufficient_aal",
    );
    // It may not switch two-factor off or add a factor with the password alone.
    error(
      await browser.call("DELETE", `/api/account/factors/${factor.id}`),
      403,
      "insufficient_aal",
    );
    error(
      await browser.call("POST", "/api/account/factors", { body: { factor_type: "totp" } }),
      403,
      "insufficient_aal",
    );
    const listed = body(await browser.call("GET", "/api/account/factors"), 200, FactorListSchema);
    expect(listed).toMatchObject({ current_level: "aal1", next_level: "aal2" });

    // A wrong code keeps it aal1.
    const { id: challengeId } = await challenge(browser, factor.id);
    error(
      await browser.call("POST", `/api/account/factors/${factor.id}/verify`, {
        body: { challenge_id: challengeId, code: wrongCode(factor.secret) },
      }),
      400,
      "mfa_verification_failed",
    );
    expect((await sessionRow(t.database, sessionId))?.aal).toBe("aal1");
    error(await browser.call("GET", "/api/account/detail"), 403, "insufficient_aal");

    // The right code: aal2, and the account is open. (A new step: the setup used this one's.)
    tick();
    const verified = body(
      await browser.call("POST", `/api/account/factors/${factor.id}/verify`, {
        body: { challenge_id: challengeId, code: totpCode(factor.secret) },
      }),
      200,
      FactorVerifiedSchema,
    );
    expect(verified.aal).toBe("aal2");
    expect((await sessionRow(t.database, sessionId))?.aal).toBe("aal2");
    body(await browser.call("GET", "/api/account/detail"), 200, AccountDetailSchema);
    expect(
      body(await browser.call("GET", "/api/account/factors"), 200, FactorListSchema),
    ).toMatchObject({ current_level: "aal2", next_level: "aal2" });
  });

  it("gives API clients tokens in the body; the pre-code refresh token cannot mint aal2 tokens", async () => {
    const email = await newUser(t.database);
    const setup = new Browser(t.app);
    await signIn(setup, email);
    const factor = await enrolVerified(setup);
    tick();

    const signedIn = body(
      await t.app.inject({
        method: "POST",
        url: "/api/account/token",
        payload: { email, password: PASSWORD },
      }),
      200,
      SignInAnswerSchema,
    );
    expect(signedIn.mfa?.required).toBe(true);
    const bearer = { authorization: `Bearer ${signedIn.access_token}` };
    expect(decodeJwt(signedIn.access_token!).aal).toBe("aal1");
    error(
      await t.app.inject({ method: "GET", url: "/api/account/detail", headers: bearer }),
      403,
      "insufficient_aal",
    );
    const started = body(
      await t.app.inject({
        method: "POST",
        url: `/api/account/factors/${factor.id}/challenge`,
        headers: bearer,
      }),
      200,
      ChallengeSchema,
    );
    const verified = body(
      await t.app.inject({
        method: "POST",
        url: `/api/account/factors/${factor.id}/verify`,
        headers: bearer,
        payload: { challenge_id: started.id, code: totpCode(factor.secret) },
      }),
      200,
      FactorVerifiedSchema,
    );
    expect(decodeJwt(verified.access_token!)).toMatchObject({ aal: "aal2" });
    expect(verified.refresh_token).not.toBe(signedIn.refresh_token);
    body(
      await t.app.inject({
        method: "GET",
        url: "/api/account/detail",
        headers: { authorization: `Bearer ${verified.access_token}` },
      }),
      200,
      AccountDetailSchema,
    );
    // The new refresh token works, and the session stays aal2 (TestSessionsMaintainAALOnRefresh).
    const refreshed = await t.app.inject({
      method: "POST",
      url: "/api/account/token/refresh",
      payload: { refresh: verified.refresh_token },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const renewed = refreshed.json<{ access_token: string }>();
    expect(decodeJwt(renewed.access_token).aal).toBe("aal2");
    // The one from before the code cannot mint tokens: presenting it is taken for theft and ends
    // the session, as GoTrue does when its refresh counter is behind by the MFA step.
    error(
      await t.app.inject({
        method: "POST",
        url: "/api/account/token/refresh",
        payload: { refresh: signedIn.refresh_token },
      }),
      401,
      "refresh_token_already_used",
    );
    error(
      await t.app.inject({
        method: "GET",
        url: "/api/account/detail",
        headers: { authorization: `Bearer ${renewed.access_token}` },
      }),
      401,
      "not_authenticated",
    );
  });

  it("ends the user's other password-only sessions on a verified code; aal2 ones stay (TestMFAFollowedByPasswordSignIn)", async () => {
    const email = await newUser(t.database);
    const first = new Browser(t.app);
    await signIn(first, email);
    const factor = await enrolVerified(first);
    const firstSession = sessionIdOf(first);

    // A new password sign-in is aal1 while the first session stays aal2.
    const pending = new Browser(t.app);
    await signIn(pending, email);
    const pendingSession = sessionIdOf(pending);
    expect((await sessionRow(t.database, pendingSession))?.aal).toBe("aal1");
    expect((await sessionRow(t.database, firstSession))?.aal).toBe("aal2");

    const third = new Browser(t.app);
    await signIn(third, email);
    tick();
    await passSecondStep(third, factor.id, factor.secret);
    expect((await sessionRow(t.database, pendingSession))?.revoked_at).not.toBeNull();
    expect(await sessionRow(t.database, firstSession)).toMatchObject({
      aal: "aal2",
      revoked_at: null,
    });
  });

  it("asks for the code after a Google sign-in too", async () => {
    const email = await newUser(t.database);
    const setup = new Browser(t.app);
    await signIn(setup, email);
    const factor = await enrolVerified(setup);
    const credential = await google.idToken({ email, email_verified: true, sub: `g-${email}` });
    const browser = new Browser(t.app);
    const answer = body(
      await browser.call("POST", "/api/account/google_login", { body: { credential } }),
      200,
      SignInAnswerSchema,
    );
    expect(answer.mfa?.factors.map((owed) => owed.id)).toEqual([factor.id]);
    error(await browser.call("GET", "/api/account/detail"), 403, "insufficient_aal");
    tick();
    await passSecondStep(browser, factor.id, factor.secret);
    body(await browser.call("GET", "/api/account/detail"), 200, AccountDetailSchema);
  });

  it("asks for the code at the dashboard door (partner sign-in) too", async () => {
    const email = uniqueEmail("mfa-partner");
    await createUser(t.database.db, {
      firstName: "Pat",
      lastName: "Partner",
      email,
      password: PASSWORD,
      role: "partner",
      organization: "Northbridge",
      emailVerified: true,
    });
    const setup = new Browser(t.app);
    await signIn(setup, email);
    const factor = await enrolVerified(setup);
    const browser = new Browser(t.app);
    const door = await browser.call("POST", "/api/dashboard/token", {
      body: { email, password: PASSWORD, remember: false },
    });
    expect(door.statusCode, door.body).toBe(200);
    const answer = door.json<{ mfa?: { factors: { id: string }[] } }>();
    expect(answer.mfa?.factors.map((owed) => owed.id)).toEqual([factor.id]);
    error(await browser.call("GET", "/api/account/detail"), 403, "insufficient_aal");
    tick();
    await passSecondStep(browser, factor.id, factor.secret);
    body(await browser.call("GET", "/api/account/detail"), 200, AccountDetailSchema);
  });

  it("sign-out ends a session that still owes its code", async () => {
    const email = await newUser(t.database);
    const setup = new Browser(t.app);
    await signIn(setup, email);
    await enrolVerified(setup);
    const browser = new Browser(t.app);
    await signIn(browser, email);
    const sessionId = sessionIdOf(browser);
    expect((await browser.call("POST", "/api/account/logout", { body: {} })).statusCode).toBe(200);
    expect((await sessionRow(t.database, sessionId))?.revoked_at).not.toBeNull();
  });
});
