// Two-factor authentication through the product's account API
// (docs/decisions/014-two-factor.md), on both engines: enrolling a TOTP factor in settings and
// confirming it, GoTrue's limits on factors, removing a factor, and the core function the /auth/v1
// service calls to remove one. The clock is faked (accounts-two-factor-support.ts).
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";

import { listFactors } from "@studyatlas/core/accounts/mfa.ts";
import { adminDeleteFactor } from "@studyatlas/core/accounts/mfa-enrolment.ts";
import { totpCode } from "@studyatlas/core/accounts/totp.ts";
import type { DomainError } from "@studyatlas/core/errors.ts";
import { AccountDetailSchema } from "@studyatlas/schemas/accounts.ts";
import {
  EnrolledFactorSchema,
  FactorListSchema,
  FactorVerifiedSchema,
  UnenrolledSchema,
} from "@studyatlas/schemas/mfa.ts";

import { Browser } from "./account-client.ts";
import {
  body,
  challenge,
  enrolVerified,
  error,
  newUser,
  sessionIdOf,
  sessionRow,
  signIn,
  tick,
  wrongCode,
  twoFactorTestApp,
} from "./accounts-two-factor-support.ts";

const t = twoFactorTestApp();

describe("enrolment in settings", () => {
  it("enrols a TOTP app: secret, otpauth URI and an SVG QR code, shown once and stored sealed", async () => {
    const email = await newUser(t.database);
    const browser = new Browser(t.app);
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
    const stored = await t.database.query<{ secret: string }>(
      "select secret from mfa_factors where id = $1",
      [enrolled.id],
    );
    expect(stored.rows[0]?.secret).toBeTruthy();
    expect(stored.rows[0]?.secret).not.toContain(enrolled.totp.secret);
  });

  it("confirms the factor with a code: verified, the session raised to aal2 with a totp amr", async () => {
    const email = await newUser(t.database);
    const browser = new Browser(t.app);
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
    expect((await sessionRow(t.database, sessionId))?.aal).toBe("aal1");

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
    expect(await sessionRow(t.database, sessionId)).toMatchObject({
      aal: "aal2",
      revoked_at: null,
    });
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
    const anonymous = new Browser(t.app);
    error(
      await anonymous.call("POST", "/api/account/factors", { body: { factor_type: "totp" } }),
      401,
      "not_authenticated",
    );
    error(await anonymous.call("GET", "/api/account/factors"), 401, "not_authenticated");

    const owner = new Browser(t.app);
    await signIn(owner, await newUser(t.database));
    error(
      await owner.call("POST", "/api/account/factors", {
        body: { factor_type: "totp" },
        noXsrf: true,
      }),
      403,
      "xsrf_failed",
    );
    const { id } = await enrolVerified(owner);

    const stranger = new Browser(t.app);
    await signIn(stranger, await newUser(t.database));
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
    const browser = new Browser(t.app);
    await signIn(browser, await newUser(t.database));
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
    const browser = new Browser(t.app);
    await signIn(browser, await newUser(t.database));
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

describe("removing a factor", () => {
  it("needs aal2 once a factor is verified; afterwards sign-in asks for no code", async () => {
    const email = await newUser(t.database);
    const browser = new Browser(t.app);
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
    expect((await sessionRow(t.database, sessionId))?.aal).toBe("aal1");
    body(await browser.call("GET", "/api/account/detail"), 200, AccountDetailSchema);
    expect(
      body(await browser.call("GET", "/api/account/factors"), 200, FactorListSchema).factors,
    ).toEqual([]);
    const again = await signIn(new Browser(t.app), email);
    expect(again.mfa).toBeUndefined();
  });

  it("an unverified enrolment can be cancelled at aal1 while no factor is verified", async () => {
    const browser = new Browser(t.app);
    await signIn(browser, await newUser(t.database));
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
    const email = await newUser(t.database);
    const browser = new Browser(t.app);
    await signIn(browser, email);
    const factor = await enrolVerified(browser);
    const sessionId = sessionIdOf(browser);
    const userRow = await t.database.query<{ id: number }>(
      "select id from users where email = $1",
      [email],
    );
    const userId = Number(userRow.rows[0]?.id);
    const stranger = await adminDeleteFactor(t.database.db, {
      userId: userId + 100_000,
      factorId: factor.id,
    }).catch((caught: unknown) => caught);
    expect((stranger as DomainError).code).toBe("mfa_factor_not_found");
    const deleted = await adminDeleteFactor(t.database.db, { userId, factorId: factor.id });
    expect(deleted).toMatchObject({ id: factor.id, status: "verified", factor_type: "totp" });
    expect((await sessionRow(t.database, sessionId))?.aal).toBe("aal1");
    expect(await listFactors(t.database.db, userId)).toEqual([]);
  });
});
