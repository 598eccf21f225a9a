// What the two-factor tests share (docs/decisions/014-two-factor.md): a clock the tests move on,
// checks of an answer's status and schema, a new verified user, and the steps of enrolling a
// TOTP factor and passing the second step.
//
// The clock: the server reads Date, which these tests fake (and only Date) so that each code
// belongs to a step of their choosing. `tick()` moves on by one 30-second step.
import type { LightMyRequestResponse } from "fastify";
import { decodeJwt } from "jose";
import type { ZodType } from "zod";
import { afterAll, beforeAll, beforeEach, expect, vi } from "vitest";

import { createUser } from "@studyatlas/core/accounts/users.ts";
import { totpCode } from "@studyatlas/core/accounts/totp.ts";
import type { TestDatabase } from "@studyatlas/db/testing/test-database.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  ChallengeSchema,
  EnrolledFactorSchema,
  FactorVerifiedSchema,
  SignInAnswerSchema,
} from "@studyatlas/schemas/mfa.ts";

import { PASSWORD, uniqueEmail, type Browser } from "./account-client.ts";
import { createTestApp, parseWith, type TestApp } from "./test-app.ts";

/** Fakes Date from now on; the file's afterAll puts the real timers back. */
export function startTotpClock(): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now());
}

/**
 * A file's app with the TOTP clock: opened before its tests, each test one TOTP step later than
 * the last, closed (and the real timers back) after them. Read its members inside tests only.
 */
export function twoFactorTestApp(): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp();
    startTotpClock();
  });
  afterAll(async () => {
    vi.useRealTimers();
    await current?.close();
  });
  beforeEach(() => tick());
  return new Proxy({} as TestApp, {
    get: (_target, key) => Reflect.get(current as TestApp, key) as unknown,
  });
}

/** One TOTP step later: the next code is a new one. */
export function tick(steps = 1): void {
  vi.setSystemTime(Date.now() + steps * 30_000);
}

export function body<T extends ZodType>(
  response: LightMyRequestResponse,
  status: number,
  schema: T,
) {
  expect(response.statusCode, response.body.slice(0, 400)).toBe(status);
  return parseWith(schema, response.json(), `${response.statusCode}`);
}

export function error(response: LightMyRequestResponse, status: number, code: string) {
  const parsed = body(response, status, ApiErrorSchema);
  expect(parsed.code).toBe(code);
  return parsed;
}

export async function newUser(database: TestDatabase): Promise<string> {
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

export async function signIn(browser: Browser, email: string, ip?: string) {
  const response = await browser.call("POST", "/api/account/token", {
    body: { email, password: PASSWORD },
    ...(ip ? { ip } : {}),
  });
  return body(response, 200, SignInAnswerSchema);
}

/** Enrols and confirms a factor in a signed-in browser; answers its id and secret. */
export async function enrolVerified(browser: Browser, name?: string) {
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

export async function challenge(browser: Browser, factorId: string, ip?: string) {
  return body(
    await browser.call("POST", `/api/account/factors/${factorId}/challenge`, {
      ...(ip ? { ip } : {}),
    }),
    200,
    ChallengeSchema,
  );
}

export async function passSecondStep(browser: Browser, factorId: string, secret: string) {
  const { id } = await challenge(browser, factorId);
  return body(
    await browser.call("POST", `/api/account/factors/${factorId}/verify`, {
      body: { challenge_id: id, code: totpCode(secret) },
    }),
    200,
    FactorVerifiedSchema,
  );
}

export async function sessionRow(database: TestDatabase, id: string) {
  const result = await database.query<{ aal: string; revoked_at: Date | null }>(
    "select aal, revoked_at from sessions where id = $1",
    [id],
  );
  return result.rows[0];
}

export function sessionIdOf(browser: Browser): string {
  const token = browser.cookies.get("sa_access");
  if (!token) throw new Error("no access cookie");
  return String(decodeJwt(token).session_id);
}

/** A code that is surely wrong now (not any of the three accepted steps). */
export function wrongCode(secret: string): string {
  const right = [-1, 0, 1].map((step) => totpCode(secret, Date.now() + step * 30_000));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, "0");
    if (!right.includes(code)) return code;
  }
}
