// Two-factor authentication through the product's account API
// (docs/decisions/014-two-factor.md), on both engines: enrol a TOTP factor, confirm it, sign in
// with the password and then a code, the aal rules (an aal1 session of a user with a verified
// factor is refused), codes used once, the per-factor failure limit, removal, and GoTrue's
// mfa_test.go cases that apply to our routes.
//
// The clock: the server reads Date, which these tests fake (and only Date) so that each code
// belongs to a step of their choosing. `tick()` moves on by one 30-second step.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { createServer, type Server } from "node:http";

import { SignJWT, decodeJwt, exportJWK, generateKeyPair } from "jose";
import type { ZodType } from "zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { listFactors } from "@studyatlas/core/accounts/mfa.ts";
import { adminDeleteFactor } from "@studyatlas/core/accounts/mfa-enrolment.ts";
import { challengeFactor, verifyFactor } from "@studyatlas/core/accounts/mfa-verification.ts";
import { createUser } from "@studyatlas/core/accounts/users.ts";
import { totpCode } from "@studyatlas/core/accounts/totp.ts";
import { DomainError } from "@studyatlas/core/errors.ts";
import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";
import { AccountDetailSchema } from "@studyatlas/schemas/accounts.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  ChallengeSchema,
  EnrolledFactorSchema,
  FactorListSchema,
  FactorVerifiedSchema,
  SignInAnswerSchema,
  UnenrolledSchema,
} from "@studyatlas/schemas/mfa.ts";

import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";
import { Browser, PASSWORD, uniqueEmail } from "./account-client.ts";
import { parseWith } from "./test-app.ts";

let database: TestDatabase;
let app: FastifyInstance;
let jwksServer: Server;
let googleKey: CryptoKey;
const GOOGLE_CLIENT_ID = "two-factor-test.apps.googleusercontent.com";

/** Google's key endpoint, served locally, so google_login can be tested (as in accounts.test.ts). */
async function startJwksServer(): Promise<string> {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  googleKey = privateKey;
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  jwksServer = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, "127.0.0.1", resolve));
  const address = jwksServer.address();
  if (!address || typeof address === "string") throw new Error("no JWKS address");
  return `http://127.0.0.1:${address.port}/oauth2/v3/certs`;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const jwksUrl = await startJwksServer();
  app = await buildApp({
    config: testConfig({
      google: { ...testConfig().google, clientId: GOOGLE_CLIENT_ID, jwksUrl },
    }),
    database,
    frontend: { kind: "none" },
    logger: false,
  });
  await app.ready();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now());
});

afterAll(async () => {
  vi.useRealTimers();
  await app?.close();
  await database?.dispose();
  await new Promise((resolve) => jwksServer?.close(resolve));
});

beforeEach(() => tick());

/** One TOTP step later: the next code is a new one. */
function tick(steps = 1): void {
  vi.setSystemTime(Date.now() + steps * 30_000);
}

function body<T extends ZodType>(response: LightMyRequestResponse, status: number, schema: T) {
  expect(response.statusCode, response.body.slice(0, 400)).toBe(status);
  return parseWith(schema, response.json(), `${response.statusCode}`);
}

function error(response: LightMyRequestResponse, status: number, code: string) {
  const parsed = body(response, status, ApiErrorSchema);
  expect(parsed.code).toBe(code);
  return parsed;
}

async function newUser(): Promise<string> {
  const email = uniqueEmail("mfa");
  await createUser(database.db, {
    firstName: "Ada",
    lastName: "Lovelace",
    email,
    password: PASSWORD,
    emailVerified: true,
  });
  return email;
}

async function signIn(browser: Browser, email: string, ip?: string) {
  const response = await browser.call("POST", "/api/account/token", {
    body: { email, password: PASSWORD },
    ...(ip ? { ip } : {}),
  });
  return body(response, 200, SignInAnswerSchema);
}

/** Enrols and confirms a factor in a signed-in browser; answers its id and secret. */
async function enrolVerified(browser: Browser, name?: string) {
  const enrolled = body(
    await browser.call("POST", "/api/account/factors", {
      body: { factor_type: "totp", ...(name ? { friendly_name: name } : {}) },
    }),
    200,
    EnrolledFactorSchema,
  );
  await passSecondStep(browser, enrolled.id, enrolled.totp.secret);
  return { id: enrolled.id, secret: enrolled.totp.secret };
}

async function challenge(browser: Browser, factorId: string, ip?: string) {
  return body(
    await browser.call("POST", `/api/account/factors/${factorId}/challenge`, {
      ...(ip ? { ip } : {}),
    }),
    200,
    ChallengeSchema,
  );
}

async function passSecondStep(browser: Browser, factorId: string, secret: string) {
  const { id } = await challenge(browser, factorId);
  return body(
    await browser.call("POST", `/api/account/factors/${factorId}/verify`, {
      body: { challenge_id: id, code: totpCode(secret) },
    }),
    200,
    FactorVerifiedSchema,
  );
}

async function sessionRow(id: string) {
  const result = await database.query<{ aal: string; revoked_at: Date | null }>(
    "select aal, revoked_at from sessions where id = $1",
    [id],
  );
  return result.rows[0];
}

function sessionIdOf(browser: Browser): string {
  const token = browser.cookies.get("sa_access");
  if (!token) throw new Error("no access cookie");
  return String(decodeJwt(token).session_id);
}

/** A code that is surely wrong now (not any of the three accepted steps). */
function wrongCode(secret: string): string {
  const right = [-1, 0, 1].map((step) => totpCode(secret, Date.now() + step * 30_000));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, "0");
    if (!right.includes(code)) return code;
  }
}

describe("enrolment in settings", () => {
  it("enrols a TOTP app: secret, otpauth URI and an SVG QR code, shown once and stored sealed", async () => {
    const email = await newUser();
    const browser = new Browser(app);
    const signedIn = await signIn(browser, email);
    expect(signedIn.mfa, "no factor yet: the answer is the one it always was").toBeUndefined();

    const response = await browser.call("POST", "/api/account/factors", {
      body: { factor_type: "totp", friendly_name: "Pixel" },
    });
    expect(response.headers["cache-control"]).toBe("no-store");
    const enrolled = body(response, 200, EnrolledFactorSchema);
    expect(enrolled.friendly_name).toBe("Pixel");
    expect(enrolled.totp.qr_code).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const uri = new URL(enrolled.totp.uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(enrolled.totp.secret);
    expect(uri.searchParams.get("issuer")).toBe("localhost");
    expect(decodeURIComponent(uri.pathname)).toContain(email);

    const listed = body(await browser.call("GET", "/api/account/factors"), 200, FactorListSchema);
    expect(listed.factors).toEqual([
      expect.objectContaining({ id: enrolled.id, status: "unverified", factor_type: "totp" }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(enrolled.totp.secret);
    expect(listed).toMatchObject({ current_level: "aal1", next_level: "aal1" });
    const stored = await database.query<{ secret: string }>(
      "select secret from mfa_factors where id = $1",
      [enrolled.id],
    );
    expect(stored.rows[0]?.secret).toBeTruthy();
    expect(stored.rows[0]?.secret).not.toContain(enrolled.totp.secret);
  });

  it("confirms the factor with a code: verified, the session raised to aal2 with a totp amr", async () => {
    const email = await newUser();
    const browser = new Browser(app);
    await signIn(browser, email);
    const sessionId = sessionIdOf(browser);
    const enrolled = body(
      await browser.call("POST", "/api/account/factors", { body: { factor_type: "totp" } }),
      200,
      EnrolledFactorSchema,
    );
    const { id: challengeId, expires_at } = await challenge(browser, enrolled.id);
    expect(expires_at).toBe(Math.floor(Date.now() / 1000) + 300);

    const wrong = await browser.call("POST", `/api/account/factors/${enrolled.id}/verify`, {
      body: { challenge_id: challengeId, code: wrongCode(enrolled.totp.secret) },
    });
    expect(error(wrong, 400, "mfa_verification_failed").message).toContain("Invalid TOTP code");
    expect((await sessionRow(sessionId))?.aal).toBe("aal1");

    const verified = body(
      await browser.call("POST", `/api/account/factors/${enrolled.id}/verify`, {
        body: { challenge_id: challengeId, code: totpCode(enrolled.totp.secret) },
      }),
      200,
      FactorVerifiedSchema,
    );
    expect(verified.aal).toBe("aal2");
    expect(verified.factor).toMatchObject({ id: enrolled.id, status: "verified" });
    expect(verified.amr).toEqual([{ method: "totp", timestamp: Math.floor(Date.now() / 1000) }]);
    // A cookie client gets its tokens as cookies only; the new access token says aal2.
    expect(verified.access_token).toBeUndefined();
    expect(decodeJwt(browser.cookies.get("sa_access")!).aal).toBe("aal2");
    expect(await sessionRow(sessionId)).toMatchObject({ aal: "aal2", revoked_at: null });
    const detail = await browser.call("GET", "/api/account/detail");
    body(detail, 200, AccountDetailSchema);

    // The challenge is used: answering it again is refused (GoTrue's mfa_ip_address_mismatch).
    tick();
    error(
      await browser.call("POST", `/api/account/factors/${enrolled.id}/verify`, {
        body: { challenge_id: challengeId, code: totpCode(enrolled.totp.secret) },
      }),
      409,
      "mfa_ip_address_mismatch",
    );
  });

  it("needs a session and the XSRF header; a stranger's factor is not found", async () => {
    const anonymous = new Browser(app);
    error(
      await anonymous.call("POST", "/api/account/factors", { body: { factor_type: "totp" } }),
      401,
      "not_authenticated",
    );
    error(await anonymous.call("GET", "/api/account/factors"), 401, "not_authenticated");

    const owner = new Browser(app);
    await signIn(owner, await newUser());
    error(
      await owner.call("POST", "/api/account/factors", {
        body: { factor_type: "totp" },
        noXsrf: true,
      }),
      403,
      "xsrf_failed",
    );
    const { id } = await enrolVerified(owner);

    const stranger = new Browser(app);
    await signIn(stranger, await newUser());
    error(
      await stranger.call("POST", `/api/account/factors/${id}/challenge`),
      404,
      "mfa_factor_not_found",
    );
    error(await stranger.call("DELETE", `/api/account/factors/${id}`), 404, "mfa_factor_not_found");
    error(
      await stranger.call("POST", `/api/account/factors/not-a-uuid/challenge`),
      404,
      "mfa_factor_not_found",
    );
  });

  it("refuses phone factors with GoTrue's code while no SMS provider is configured", async () => {
    const browser = new Browser(app);
    await signIn(browser, await newUser());
    const refused = error(
      await browser.call("POST", "/api/account/factors", {
        body: { factor_type: "phone", phone: "+15555550100" },
      }),
      503,
      "mfa_phone_enroll_not_enabled",
    );
    expect(refused.message).toMatch(/SMS/);
    error(
      await browser.call("POST", "/api/account/factors", { body: { factor_type: "webauthn" } }),
      400,
      "invalid_parameter",
    );
  });

  it("limits factors like GoTrue: a name once per user, at most 10, expired enrolments dropped", async () => {
    const browser = new Browser(app);
    await signIn(browser, await newUser());
    const enrol = (name?: string) =>
      browser.call("POST", "/api/account/factors", {
        body: { factor_type: "totp", ...(name ? { friendly_name: name } : {}) },
      });
    body(await enrol("Work phone"), 200, EnrolledFactorSchema);
    error(await enrol("Work phone"), 409, "mfa_factor_name_conflict");
    for (let n = 2; n <= 10; n += 1) body(await enrol(), 200, EnrolledFactorSchema);
    error(await enrol(), 409, "too_many_enrolled_mfa_factors");
    // Unconfirmed enrolments older than 5 minutes make room (and free their names).
    tick(11);
    body(await enrol("Work phone"), 200, EnrolledFactorSchema);
    const listed = body(await browser.call("GET", "/api/account/factors"), 200, FactorListSchema);
    expect(listed.factors).toHaveLength(1);
  });
});

describe("signing in with a second factor", () => {
  it("asks for a code after the password; until it is given the session is aal1 and refused", async () => {
    const email = await newUser();
    const setup = new Browser(app);
    await signIn(setup, email);
    const factor = await enrolVerified(setup, "Phone");

    const browser = new Browser(app);
    const answer = await signIn(browser, email);
    expect(answer.mfa).toEqual({
      required: true,
      current_level: "aal1",
      next_level: "aal2",
      factors: [{ id: factor.id, friendly_name: "Phone", factor_type: "totp" }],
    });
    const sessionId = sessionIdOf(browser);
    expect((await sessionRow(sessionId))?.aal).toBe("aal1");
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
    expect((await sessionRow(sessionId))?.aal).toBe("aal1");
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
    expect((await sessionRow(sessionId))?.aal).toBe("aal2");
    body(await browser.call("GET", "/api/account/detail"), 200, AccountDetailSchema);
    expect(
      body(await browser.call("GET", "/api/account/factors"), 200, FactorListSchema),
    ).toMatchObject({ current_level: "aal2", next_level: "aal2" });
  });

  it("accepts a code once: the same code with a new challenge is refused inside its window", async () => {
    const email = await newUser();
    const setup = new Browser(app);
    await signIn(setup, email);
    const factor = await enrolVerified(setup);
    tick();
    const code = totpCode(factor.secret);

    const first = new Browser(app);
    await signIn(first, email);
    const one = await challenge(first, factor.id);
    body(
      await first.call("POST", `/api/account/factors/${factor.id}/verify`, {
        body: { challenge_id: one.id, code },
      }),
      200,
      FactorVerifiedSchema,
    );

    // Someone who watched the code being typed tries it at once, with the password.
    const second = new Browser(app);
    await signIn(second, email);
    const two = await challenge(second, factor.id);
    error(
      await second.call("POST", `/api/account/factors/${factor.id}/verify`, {
        body: { challenge_id: two.id, code },
      }),
      400,
      "mfa_verification_failed",
    );
    // The next step's code still works.
    tick();
    body(
      await second.call("POST", `/api/account/factors/${factor.id}/verify`, {
        body: { challenge_id: two.id, code: totpCode(factor.secret) },
      }),
      200,
      FactorVerifiedSchema,
    );
  });

  it("refuses the 6th wrong code for a factor within 15 minutes, even a right one after it", async () => {
    const email = await newUser();
    const setup = new Browser(app);
    await signIn(setup, email);
    const factor = await enrolVerified(setup);

    const browser = new Browser(app);
    await signIn(browser, email);
    const { id } = await challenge(browser, factor.id);
    const attempts = [];
    for (let n = 0; n < 5; n += 1) {
      attempts.push(
        browser.call("POST", `/api/account/factors/${factor.id}/verify`, {
          body: { challenge_id: id, code: wrongCode(factor.secret) },
        }),
      );
    }
    for (const attempt of await Promise.all(attempts)) {
      error(attempt, 400, "mfa_verification_failed");
    }
    tick();
    error(
      await browser.call("POST", `/api/account/factors/${factor.id}/verify`, {
        body: { challenge_id: id, code: totpCode(factor.secret) },
      }),
      429,
      "rate_limited",
    );
    // From another browser too: the limit is the factor's, not the session's.
    const other = new Browser(app);
    await signIn(other, email);
    const again = await challenge(other, factor.id);
    error(
      await other.call("POST", `/api/account/factors/${factor.id}/verify`, {
        body: { challenge_id: again.id, code: totpCode(factor.secret) },
      }),
      429,
      "rate_limited",
    );
  });

  it("a right code clears the count of wrong ones", async () => {
    const email = await newUser();
    const setup = new Browser(app);
    await signIn(setup, email);
    const factor = await enrolVerified(setup);
    const browser = new Browser(app);
    await signIn(browser, email);
    for (let round = 0; round < 2; round += 1) {
      for (let n = 0; n < 4; n += 1) {
        const { id } = await challenge(browser, factor.id);
        error(
          await browser.call("POST", `/api/account/factors/${factor.id}/verify`, {
            body: { challenge_id: id, code: wrongCode(factor.secret) },
          }),
          400,
          "mfa_verification_failed",
        );
      }
      tick();
      await passSecondStep(browser, factor.id, factor.secret);
    }
  });

  it("limits challenges per factor to GoTrue's 15 a minute", async () => {
    const email = await newUser();
    const setup = new Browser(app);
    await signIn(setup, email);
    const factor = await enrolVerified(setup);
    const browser = new Browser(app);
    await signIn(browser, email);
    // One challenge was used by the enrolment.
    for (let n = 0; n < 14; n += 1) await challenge(browser, factor.id);
    error(
      await browser.call("POST", `/api/account/factors/${factor.id}/challenge`),
      429,
      "rate_limited",
    );
  });

  it("verifies only from the address that asked for the challenge", async () => {
    const email = await newUser();
    const setup = new Browser(app);
    await signIn(setup, email);
    const factor = await enrolVerified(setup);
    const browser = new Browser(app);
    await signIn(browser, email, "203.0.113.7");
    const { id } = await challenge(browser, factor.id, "203.0.113.7");
    tick();
    error(
      await browser.call("POST", `/api/account/factors/${factor.id}/verify`, {
        body: { challenge_id: id, code: totpCode(factor.secret) },
        ip: "198.51.100.9",
      }),
      409,
      "mfa_ip_address_mismatch",
    );
  });

  it("gives API clients tokens in the body; the pre-code refresh token cannot mint aal2 tokens", async () => {
    const email = await newUser();
    const setup = new Browser(app);
    await signIn(setup, email);
    const factor = await enrolVerified(setup);
    tick();

    const signedIn = body(
      await app.inject({
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
      await app.inject({ method: "GET", url: "/api/account/detail", headers: bearer }),
      403,
      "insufficient_aal",
    );
    const started = body(
      await app.inject({
        method: "POST",
        url: `/api/account/factors/${factor.id}/challenge`,
        headers: bearer,
      }),
      200,
      ChallengeSchema,
    );
    const verified = body(
      await app.inject({
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
      await app.inject({
        method: "GET",
        url: "/api/account/detail",
        headers: { authorization: `Bearer ${verified.access_token}` },
      }),
      200,
      AccountDetailSchema,
    );
    // The new refresh token works, and the session stays aal2 (TestSessionsMaintainAALOnRefresh).
    const refreshed = await app.inject({
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
      await app.inject({
        method: "POST",
        url: "/api/account/token/refresh",
        payload: { refresh: signedIn.refresh_token },
      }),
      401,
      "refresh_token_already_used",
    );
    error(
      await app.inject({
        method: "GET",
        url: "/api/account/detail",
        headers: { authorization: `Bearer ${renewed.access_token}` },
      }),
      401,
      "not_authenticated",
    );
  });

  it("ends the user's other password-only sessions on a verified code; aal2 ones stay (TestMFAFollowedByPasswordSignIn)", async () => {
    const email = await newUser();
    const first = new Browser(app);
    await signIn(first, email);
    const factor = await enrolVerified(first);
    const firstSession = sessionIdOf(first);

    // A new password sign-in is aal1 while the first session stays aal2.
    const pending = new Browser(app);
    await signIn(pending, email);
    const pendingSession = sessionIdOf(pending);
    expect((await sessionRow(pendingSession))?.aal).toBe("aal1");
    expect((await sessionRow(firstSession))?.aal).toBe("aal2");

    const third = new Browser(app);
    await signIn(third, email);
    tick();
    await passSecondStep(third, factor.id, factor.secret);
    expect((await sessionRow(pendingSession))?.revoked_at).not.toBeNull();
    expect(await sessionRow(firstSession)).toMatchObject({ aal: "aal2", revoked_at: null });
  });

  it("asks for the code after a Google sign-in too", async () => {
    const email = await newUser();
    const setup = new Browser(app);
    await signIn(setup, email);
    const factor = await enrolVerified(setup);
    const credential = await new SignJWT({ email, email_verified: true, sub: `g-${email}` })
      .setProtectedHeader({ alg: "RS256", kid: "test-key" })
      .setIssuer("https://accounts.google.com")
      .setAudience(GOOGLE_CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(googleKey);
    const browser = new Browser(app);
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
    await createUser(database.db, {
      firstName: "Pat",
      lastName: "Partner",
      email,
      password: PASSWORD,
      role: "partner",
      organization: "Northbridge",
      emailVerified: true,
    });
    const setup = new Browser(app);
    await signIn(setup, email);
    const factor = await enrolVerified(setup);
    const browser = new Browser(app);
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
    const email = await newUser();
    const setup = new Browser(app);
    await signIn(setup, email);
    await enrolVerified(setup);
    const browser = new Browser(app);
    await signIn(browser, email);
    const sessionId = sessionIdOf(browser);
    expect((await browser.call("POST", "/api/account/logout", { body: {} })).statusCode).toBe(200);
    expect((await sessionRow(sessionId))?.revoked_at).not.toBeNull();
  });
});

describe("removing a factor", () => {
  it("needs aal2 once a factor is verified; afterwards sign-in asks for no code", async () => {
    const email = await newUser();
    const browser = new Browser(app);
    await signIn(browser, email);
    const factor = await enrolVerified(browser);
    const sessionId = sessionIdOf(browser);

    const removed = body(
      await browser.call("DELETE", `/api/account/factors/${factor.id}`),
      200,
      UnenrolledSchema,
    );
    expect(removed).toEqual({ id: factor.id });
    // The session the factor raised is aal1 again (GoTrue's DowngradeSessionsToAAL1), which is
    // all this account needs now.
    expect((await sessionRow(sessionId))?.aal).toBe("aal1");
    body(await browser.call("GET", "/api/account/detail"), 200, AccountDetailSchema);
    expect(
      body(await browser.call("GET", "/api/account/factors"), 200, FactorListSchema).factors,
    ).toEqual([]);
    const again = await signIn(new Browser(app), email);
    expect(again.mfa).toBeUndefined();
  });

  it("an unverified enrolment can be cancelled at aal1 while no factor is verified", async () => {
    const browser = new Browser(app);
    await signIn(browser, await newUser());
    const enrolled = body(
      await browser.call("POST", "/api/account/factors", { body: { factor_type: "totp" } }),
      200,
      EnrolledFactorSchema,
    );
    body(
      await browser.call("DELETE", `/api/account/factors/${enrolled.id}`),
      200,
      UnenrolledSchema,
    );
  });
});

describe("the core functions the /auth/v1 service calls", () => {
  it("adminDeleteFactor removes a verified factor without aal2 and lowers the sessions it raised", async () => {
    const email = await newUser();
    const browser = new Browser(app);
    await signIn(browser, email);
    const factor = await enrolVerified(browser);
    const sessionId = sessionIdOf(browser);
    const userRow = await database.query<{ id: number }>("select id from users where email = $1", [
      email,
    ]);
    const userId = Number(userRow.rows[0]?.id);
    const stranger = await adminDeleteFactor(database.db, {
      userId: userId + 100_000,
      factorId: factor.id,
    }).catch((caught: unknown) => caught);
    expect((stranger as DomainError).code).toBe("mfa_factor_not_found");
    const deleted = await adminDeleteFactor(database.db, { userId, factorId: factor.id });
    expect(deleted).toMatchObject({ id: factor.id, status: "verified", factor_type: "totp" });
    expect((await sessionRow(sessionId))?.aal).toBe("aal1");
    expect(await listFactors(database.db, userId)).toEqual([]);
  });
});

describe("challenges in the core", () => {
  it("expire after 5 minutes (mfa_challenge_expired)", async () => {
    const email = await newUser();
    const browser = new Browser(app);
    await signIn(browser, email);
    const factor = await enrolVerified(browser);
    const userRow = await database.query<{ id: number }>("select id from users where email = $1", [
      email,
    ]);
    const userId = Number(userRow.rows[0]?.id);
    const now = Date.now();
    const started = await challengeFactor(
      database.db,
      { userId, factorId: factor.id, ip: "127.0.0.1" },
      now - 301_000,
    );
    const refused = await verifyFactor(
      database.db,
      { authSecret: "unused", defaultIssuer: "localhost" },
      {
        userId,
        sessionId: sessionIdOf(browser),
        factorId: factor.id,
        challengeId: started.id,
        code: totpCode(factor.secret, now + 30_000),
        ip: "127.0.0.1",
      },
      now,
    ).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe("mfa_challenge_expired");
  });
});
