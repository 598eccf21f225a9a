// What the auth service's auth-js tests share (auth-service-*.test.ts): the app listening on a
// port with our auth secret, a user signed up and confirmed through auth-js, account/detail read
// with a token, and the check of an auth-js error.
import { AuthApiError } from "@supabase/auth-js";
import { sql } from "drizzle-orm";
import { expect } from "vitest";

import { testConfig } from "../../server/test-config.ts";
import {
  AUTH_SECRET,
  GOOD_PASSWORD,
  authClient,
  authMail,
  uniqueAddress,
} from "./auth-service-client.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

/** The app on a fresh database, listening on a free port of 127.0.0.1 for auth-js. */
export async function startAuthService(): Promise<{ t: TestApp; baseUrl: string }> {
  const base = testConfig();
  const t = await createTestApp({ config: { auth: { ...base.auth, secret: AUTH_SECRET } } });
  const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  return { t, baseUrl };
}

/**
 * Every request of these files comes from 127.0.0.1: each test starts with GoTrue's per-address
 * buckets empty (the limits themselves are tested in auth-service-gotrue-cases-*.test.ts).
 */
export async function forgetAddressLimits(t: TestApp): Promise<void> {
  await t.database.db.execute(sql`delete from rate_limit_events where key like 'auth-%-ip:%'`);
}

/** Signs up through auth-js and confirms with the e-mailed code; answers the signed-in client. */
export async function confirmedUser(
  t: TestApp,
  baseUrl: string,
  email = uniqueAddress(),
  data: Record<string, unknown> = {},
) {
  const client = authClient(baseUrl);
  const signUp = await client.signUp({ email, password: GOOD_PASSWORD, options: { data } });
  expect(signUp.error).toBeNull();
  const mail = await authMail(t.database.db, email, "Confirm your StudyAtlas sign-up");
  const verified = await client.verifyOtp({ email, token: mail.code, type: "signup" });
  expect(verified.error).toBeNull();
  return { client, email, session: verified.data.session! };
}

export async function accountDetail(t: TestApp, token: string) {
  return t.app.inject({
    method: "GET",
    url: "/api/account/detail",
    headers: { authorization: `Bearer ${token}` },
  });
}

export function expectAuthError(error: unknown, status: number, code: string) {
  expect(error).toBeInstanceOf(AuthApiError);
  expect((error as AuthApiError).status).toBe(status);
  expect((error as AuthApiError).code).toBe(code);
}
