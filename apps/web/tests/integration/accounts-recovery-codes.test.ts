// Two-factor recovery codes through the product's account API
// (docs/decisions/050-recovery-codes-and-real-names.md), on both engines: ten codes shown once and
// kept only as keyed hashes, each good for one sign-in (even raced ten times at once), the count
// left, renewal with a fresh authenticator code replacing the old set, and an e-mail on each use.
import { describe, expect, it } from "vitest";

import { totpCode } from "@studyatlas/core/accounts/totp.ts";
import {
  MFA_MESSAGES,
  RecoveryCodeStatusSchema,
  RecoveryCodesSchema,
  RecoveryVerifiedSchema,
} from "@studyatlas/schemas/mfa.ts";

import { Browser, mailsArrived } from "./account-client.ts";
import {
  body,
  enrolVerified,
  error,
  newUser,
  sessionIdOf,
  sessionRow,
  signIn,
  tick,
  twoFactorTestApp,
  wrongCode,
} from "./accounts-two-factor-support.ts";

const t = twoFactorTestApp();

/** A user with two-factor on and their first set of codes. */
async function userWithCodes() {
  const email = await newUser(t.database);
  const setup = new Browser(t.app);
  await signIn(setup, email);
  const factor = await enrolVerified(setup);
  const issued = body(
    await setup.call("POST", "/api/account/recovery-codes", { body: {} }),
    200,
    RecoveryCodesSchema,
  );
  return { email, setup, factor, codes: issued.codes };
}

/** A new browser past the password, owing its second step. */
async function pendingBrowser(email: string) {
  const browser = new Browser(t.app);
  const answer = await signIn(browser, email);
  expect(answer.mfa?.required).toBe(true);
  return browser;
}

function useCode(browser: Browser, code: string) {
  return browser.call("POST", "/api/account/recovery-codes/verify", { body: { code } });
}

async function storedHashes(email: string): Promise<{ code_hash: string; used: boolean }[]> {
  const result = await t.database.query<{ code_hash: string; used: boolean }>(
    `select code_hash, used_at is not null as used from mfa_recovery_codes
       where user_id = (select id from users where email = $1)`,
    [email],
  );
  return result.rows;
}

describe("two-factor recovery codes", () => {
  it("are ten, shown once, and stored only as keyed hashes", async () => {
    const { email, setup, codes } = await userWithCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);

    const rows = await storedHashes(email);
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace("-", ""));
    }
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.code_hash))).toBe(true);

    expect(
      body(await setup.call("GET", "/api/account/recovery-codes"), 200, RecoveryCodeStatusSchema),
    ).toEqual({ issued: true, remaining: 10 });
    // A second set without a fresh authenticator code is refused: the codes are not shown again.
    error(
      await setup.call("POST", "/api/account/recovery-codes", { body: {} }),
      400,
      "mfa_code_required",
    );
  });

  it("sign in once each: the session becomes aal2, the count drops, a second use is refused", async () => {
    const { email, codes } = await userWithCodes();
    const browser = await pendingBrowser(email);
    // Typed in capitals, with spaces instead of the hyphen: still the code.
    const typed = codes[0]!.toUpperCase().replace("-", " ");
    const verified = body(await useCode(browser, typed), 200, RecoveryVerifiedSchema);
    expect(verified.aal).toBe("aal2");
    expect(verified.remaining).toBe(9);
    expect(verified.amr[0]?.method).toBe("recovery_code");
    expect((await sessionRow(t.database, sessionIdOf(browser)))?.aal).toBe("aal2");

    const mails = await mailsArrived(t.database.db, email);
    const notice = mails.find((mail) => mail.kind === "recovery_code_used");
    expect(notice?.subject).toBe("StudyAtlas: a recovery code was used to sign in");
    expect(notice?.text).toContain("9 unused codes are left");

    const again = await pendingBrowser(email);
    const refused = error(await useCode(again, codes[0]!), 400, "recovery_code_invalid");
    expect(refused.message).toBe(MFA_MESSAGES.wrongRecoveryCode);
    expect((await sessionRow(t.database, sessionIdOf(again)))?.aal).toBe("aal1");
    // Another code still works.
    expect(body(await useCode(again, codes[1]!), 200, RecoveryVerifiedSchema).remaining).toBe(8);
    expect((await storedHashes(email)).filter((row) => row.used)).toHaveLength(2);
  });

  it("ten concurrent uses of one code: exactly one signs in", async () => {
    const { email, codes } = await userWithCodes();
    const browsers = await Promise.all(Array.from({ length: 10 }, () => pendingBrowser(email)));
    const answers = await Promise.all(browsers.map((browser) => useCode(browser, codes[2]!)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The others are refused, never a 500: the code is spent (400), the limit on wrong codes is
    // reached (429), or the winner's sign-in ended their password-only session (401).
    expect(
      statuses.every((status) => [200, 400, 401, 429].includes(status)),
      statuses.join(","),
    ).toBe(true);
    expect((await storedHashes(email)).filter((row) => row.used)).toHaveLength(1);
  });

  it("renewing takes a fresh authenticator code and makes the old codes useless", async () => {
    const { email, setup, factor, codes } = await userWithCodes();
    tick();
    error(
      await setup.call("POST", "/api/account/recovery-codes", {
        body: { code: wrongCode(factor.secret) },
      }),
      400,
      "mfa_verification_failed",
    );
    const code = totpCode(factor.secret);
    const renewed = body(
      await setup.call("POST", "/api/account/recovery-codes", { body: { code } }),
      200,
      RecoveryCodesSchema,
    );
    expect(renewed.codes).toHaveLength(10);
    expect(renewed.codes.some((fresh) => codes.includes(fresh))).toBe(false);
    // The same authenticator code again: it counts once (ADR 014), and says so.
    const reused = error(
      await setup.call("POST", "/api/account/recovery-codes", { body: { code } }),
      400,
      "mfa_verification_failed",
    );
    expect(reused.errors?.code).toEqual([MFA_MESSAGES.codeAlreadyUsed]);

    const browser = await pendingBrowser(email);
    error(await useCode(browser, codes[3]!), 400, "recovery_code_invalid");
    body(await useCode(browser, renewed.codes[0]!), 200, RecoveryVerifiedSchema);
  });

  it("need an aal2 session to be issued, and go when two-factor is turned off", async () => {
    const { email, setup, factor, codes } = await userWithCodes();
    const pending = await pendingBrowser(email);
    error(
      await pending.call("POST", "/api/account/recovery-codes", { body: {} }),
      403,
      "insufficient_aal",
    );
    const removed = await setup.call("DELETE", `/api/account/factors/${factor.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await storedHashes(email)).toHaveLength(0);
    // No factor, no code to use.
    const plain = new Browser(t.app);
    await signIn(plain, email);
    error(await useCode(plain, codes[0]!), 404, "mfa_factor_not_found");
  });
});
