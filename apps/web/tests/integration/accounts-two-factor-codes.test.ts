// The codes of a second factor through the product's account API
// (docs/decisions/014-two-factor.md), on both engines: a code works once, the per-factor limits
// on wrong codes and on challenges, a challenge answered only from the address that asked for it,
// and its expiry in the core. The clock is faked (accounts-two-factor-support.ts).
import { describe, expect, it } from "vitest";

import { challengeFactor, verifyFactor } from "@studyatlas/core/accounts/mfa-verification.ts";
import { totpCode } from "@studyatlas/core/accounts/totp.ts";
import { DomainError } from "@studyatlas/core/errors.ts";
import { FactorVerifiedSchema, MFA_MESSAGES } from "@studyatlas/schemas/mfa.ts";

import { Browser } from "./account-client.ts";
import {
  body,
  challenge,
  enrolVerified,
  error,
  newUser,
  passSecondStep,
  sessionIdOf,
  signIn,
  tick,
  wrongCode,
  twoFactorTestApp,
} from "./accounts-two-factor-support.ts";

const t = twoFactorTestApp();

describe("signing in with a second factor", () => {
  it("accepts a code once: the same code with a new challenge is refused inside its window", async () => {
    const email = await newUser(t.database);
    const setup = new Browser(t.app);
    await signIn(setup, email);
    const factor = await enrolVerified(setup);
    tick();
    const code = totpCode(factor.secret);

    const first = new Browser(t.app);
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
    const second = new Browser(t.app);
    await signIn(second, email);
    const two = await challenge(second, factor.id);
    const reused = error(
      await second.call("POST", `/api/account/factors/${factor.id}/verify`, {
        body: { challenge_id: two.id, code },
      }),
      400,
      "mfa_verification_failed",
    );
    // The form says the code was used, not that it is wrong (GoTrue's code and message stay).
    expect(reused.message).toBe("Invalid TOTP code entered");
    expect(reused.errors?.code).toEqual([MFA_MESSAGES.codeAlreadyUsed]);
    const wrong = error(
      await second.call("POST", `/api/account/factors/${factor.id}/verify`, {
        body: { challenge_id: two.id, code: wrongCode(factor.secret) },
      }),
      400,
      "mfa_verification_failed",
    );
    expect(wrong.errors?.code).toEqual(["Invalid TOTP code entered"]);
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
    const email = await newUser(t.database);
    const setup = new Browser(t.app);
    await signIn(setup, email);
    const factor = await enrolVerified(setup);

    const browser = new Browser(t.app);
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
    const other = new Browser(t.app);
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
    const email = await newUser(t.database);
    const setup = new Browser(t.app);
    await signIn(setup, email);
    const factor = await enrolVerified(setup);
    const browser = new Browser(t.app);
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
    const email = await newUser(t.database);
    const setup = new Browser(t.app);
    await signIn(setup, email);
    const factor = await enrolVerified(setup);
    const browser = new Browser(t.app);
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
    const email = await newUser(t.database);
    const setup = new Browser(t.app);
    await signIn(setup, email);
    const factor = await enrolVerified(setup);
    const browser = new Browser(t.app);
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
});

describe("challenges in the core", () => {
  it("expire after 5 minutes (mfa_challenge_expired)", async () => {
    const email = await newUser(t.database);
    const browser = new Browser(t.app);
    await signIn(browser, email);
    const factor = await enrolVerified(browser);
    const userRow = await t.database.query<{ id: number }>(
      "select id from users where email = $1",
      [email],
    );
    const userId = Number(userRow.rows[0]?.id);
    const now = Date.now();
    const started = await challengeFactor(
      t.database.db,
      { userId, factorId: factor.id, ip: "127.0.0.1" },
      now - 301_000,
    );
    const refused = await verifyFactor(
      t.database.db,
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
