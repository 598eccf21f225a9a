// What the ports of GoTrue's test cases share (auth-service-gotrue-cases-*.test.ts): the app's
// settings (our secret, a redirect allow list, Google served locally), a caller of /auth/v1 that
// speaks the current API version from a fresh client address, and a user confirmed by the code
// of the sign-up e-mail.
import { createHash } from "node:crypto";

import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

import type { AppConfig } from "../../server/config.ts";
import { testConfig } from "../../server/test-config.ts";
import { AUTH_SECRET, GOOD_PASSWORD, authMail, uniqueAddress } from "./auth-service-client.ts";
import type { GoogleStub } from "./google-sign-in-support.ts";
import type { TestApp } from "./test-app.ts";

export const GOOGLE_CLIENT = "client-id.apps.googleusercontent.com";

/** The settings every GoTrue case runs with; Google's endpoints are `google`'s. */
export function goTrueCasesConfig(google: GoogleStub): Partial<AppConfig> {
  const base = testConfig();
  return {
    auth: {
      ...base.auth,
      secret: AUTH_SECRET,
      redirectUrls: ["https://app.example.com/**", "studyatlas-test://callback"],
    },
    google: {
      clientId: GOOGLE_CLIENT,
      clientSecret: "s",
      jwksUrl: google.jwksUrl,
      tokenUrl: google.tokenUrl,
    },
  };
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

let ipCounter = 0;
/** A fresh client address per call unless given, so GoTrue's per-address buckets stay apart. */
export function freshIp(): string {
  ipCounter += 1;
  return `203.0.${(ipCounter >> 8) % 250}.${ipCounter % 250}`;
}

export async function call(t: TestApp, method: string, path: string, options: CallOptions = {}) {
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

export function expectCode(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<{ code: string }>().code).toBe(code);
}

export interface SessionJson {
  access_token: string;
  refresh_token: string;
  user: { id: string; email: string; identities: { identity_id: string; provider: string }[] };
}

export async function confirmed(t: TestApp, email = uniqueAddress("gt")): Promise<SessionJson> {
  expect(
    (await call(t, "POST", "/signup", { body: { email, password: GOOD_PASSWORD } })).statusCode,
  ).toBe(200);
  const mail = await authMail(t.database.db, email, "Confirm your StudyAtlas sign-up");
  const verified = await call(t, "POST", "/verify", {
    body: { type: "signup", email, token: mail.code },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json<SessionJson>();
}

/** As if a minute had passed: the one-e-mail-a-minute limits start over. */
export async function forgetEmailLimits(t: TestApp) {
  await t.database.db.execute(sql`delete from rate_limit_events where key like 'auth-email:%'`);
}

export async function signIn(t: TestApp, email: string, password = GOOD_PASSWORD) {
  return call(t, "POST", "/token?grant_type=password", { body: { email, password } });
}

export const verifierAndChallenge = () => {
  const verifier = "v".repeat(20) + Math.random().toString(36).slice(2).padEnd(30, "x");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
};
