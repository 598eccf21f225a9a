// Anonymous users (docs/decisions/062-signing-keys-and-anonymous-users.md) through the
// official auth-js client: signInAnonymously() with GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED, the
// is_anonymous claim, linking an address later (at once with autoconfirm, by the e-mailed code
// without), the site's doors treating an anonymous session as signed out, and the housekeeping
// that deletes anonymous users not seen for the retention period.
import { decodeJwt } from "jose";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  PRODUCT_GOTRUE_SETTINGS,
  type GoTrueSettings,
} from "@studyatlas/core/auth-service/gotrue-settings.ts";
import { parseAuthUserId } from "@studyatlas/core/auth-service/auth-user.ts";
import { users } from "@studyatlas/db/schema/accounts.ts";

import { acquireLease } from "@studyatlas/core/alerts/lease.ts";

import { ANONYMOUS_USERS_JOB, cleanUpAnonymousUsers } from "../../server/anonymous-users-job.ts";
import { testConfig } from "../../server/test-config.ts";
import {
  AUTH_SECRET,
  GOOD_PASSWORD,
  adminClient,
  authClient,
  authMail,
  uniqueAddress,
} from "./auth-service-client.ts";
import { accountDetail, expectAuthError, forgetAddressLimits } from "./auth-service-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

interface Server {
  t: TestApp;
  baseUrl: string;
}

async function start(gotrue: Partial<GoTrueSettings>): Promise<Server> {
  const base = testConfig();
  const t = await createTestApp({
    config: {
      auth: {
        ...base.auth,
        secret: AUTH_SECRET,
        gotrue: { ...PRODUCT_GOTRUE_SETTINGS, anonymousUsers: true, ...gotrue },
      },
    },
  });
  const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  return { t, baseUrl };
}

let autoconfirm: Server;
let confirming: Server;

beforeAll(async () => {
  autoconfirm = await start({ autoconfirm: true, smtpMaxFrequencyMs: 0 });
  confirming = await start({ rateLimitAnonymousUsers: 3 });
  // Two servers on fresh databases: slow on a loaded machine.
}, 180_000);

afterAll(async () => {
  await Promise.all([autoconfirm, confirming].map((server) => server?.t.close()));
});

async function anonymousSession(server: Server, data?: Record<string, unknown>) {
  const client = authClient(server.baseUrl);
  const { data: signedIn, error } = await client.signInAnonymously(
    data ? { options: { data } } : undefined,
  );
  expect(error).toBeNull();
  return { client, session: signedIn.session!, user: signedIn.user! };
}

describe("signInAnonymously()", () => {
  it("answers a session of a user without address or identity; the token says is_anonymous", async () => {
    const { client, session, user } = await anonymousSession(autoconfirm, { nickname: "Kit" });
    expect(user).toMatchObject({
      is_anonymous: true,
      email: "",
      identities: [],
      user_metadata: { nickname: "Kit" },
      app_metadata: {},
    });
    expect(decodeJwt(session.access_token)).toMatchObject({
      is_anonymous: true,
      email: "",
      amr: [expect.objectContaining({ method: "anonymous" })],
    });
    const fetched = await client.getUser();
    expect(fetched.data.user?.is_anonymous).toBe(true);
    // Refresh keeps it anonymous.
    const refreshed = await client.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session!.access_token).is_anonymous).toBe(true);
    // /settings tells clients it is on.
    const settings = (await (await fetch(`${autoconfirm.baseUrl}/auth/v1/settings`)).json()) as {
      external: { anonymous_users: boolean };
    };
    expect(settings.external.anonymous_users).toBe(true);
  });

  it("is not signed in on the site: the API answers 401 to its token", async () => {
    const { session } = await anonymousSession(autoconfirm);
    const detail = await accountDetail(autoconfirm.t, session.access_token);
    expect(detail.statusCode).toBe(401);
    const wishlist = await autoconfirm.t.app.inject({
      method: "GET",
      url: "/api/wishlists/list",
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(wishlist.statusCode).toBe(401);
  });

  it("counts GOTRUE_RATE_LIMIT_ANONYMOUS_USERS per address per hour", async () => {
    await forgetAddressLimits(confirming.t);
    for (let i = 0; i < 3; i += 1) await anonymousSession(confirming);
    const { error } = await authClient(confirming.baseUrl).signInAnonymously();
    expectAuthError(error, 429, "over_request_rate_limit");
    await forgetAddressLimits(confirming.t);
  });

  it("cannot ask for a reauthentication nonce, nor set a password without an address", async () => {
    const { client } = await anonymousSession(autoconfirm);
    const nonce = await client.reauthenticate();
    expectAuthError(nonce.error, 422, "validation_failed");
    expect(nonce.error?.message).toBe(
      "Reauthentication requires the user to have an email or a phone number",
    );
    const password = await client.updateUser({ password: GOOD_PASSWORD });
    expectAuthError(password.error, 422, "validation_failed");
  });
});

describe("linking an address", () => {
  it("with autoconfirm: at once, then a password, then signs in like anyone", async () => {
    const { client, user } = await anonymousSession(autoconfirm);
    const email = uniqueAddress("anon");
    const linked = await client.updateUser({ email });
    expect(linked.error).toBeNull();
    expect(linked.data.user).toMatchObject({
      email,
      is_anonymous: false,
      identities: [expect.objectContaining({ provider: "email" })],
    });
    expect(linked.data.user?.id).toBe(user.id);
    const password = await client.updateUser({ password: GOOD_PASSWORD });
    expect(password.error).toBeNull();
    const signIn = await authClient(autoconfirm.baseUrl).signInWithPassword({
      email,
      password: GOOD_PASSWORD,
    });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(user.id);
    expect(decodeJwt(signIn.data.session!.access_token).is_anonymous).toBe(false);
    // Now a real account, the site knows it.
    const detail = await accountDetail(autoconfirm.t, signIn.data.session!.access_token);
    expect(detail.statusCode).toBe(200);
    // An address already taken cannot be linked.
    const other = await anonymousSession(autoconfirm);
    const taken = await other.client.updateUser({ email });
    expectAuthError(taken.error, 422, "email_exists");
  });

  it("without autoconfirm: the code sent to the new address links it", async () => {
    const { client, user } = await anonymousSession(confirming);
    const email = uniqueAddress("anonc");
    const asked = await client.updateUser({ email });
    expect(asked.error).toBeNull();
    expect(asked.data.user).toMatchObject({ is_anonymous: true, new_email: email });
    const mail = await authMail(confirming.t.database.db, email, "");
    const verified = await client.verifyOtp({ email, token: mail.code, type: "email_change" });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ id: user.id, email, is_anonymous: false });
  });
});

describe("the admin API", () => {
  it("lists anonymous users as such, and giving one an address makes it permanent", async () => {
    const { user } = await anonymousSession(autoconfirm);
    const admin = await adminClient(autoconfirm.baseUrl);
    const listed = await admin.getUserById(user.id);
    expect(listed.data.user?.is_anonymous).toBe(true);
    const email = uniqueAddress("adm");
    const updated = await admin.updateUserById(user.id, { email, email_confirm: true });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({ email, is_anonymous: false });
  });
});

describe("housekeeping", () => {
  it("deletes anonymous users not seen for the retention period, under the lease", async () => {
    const { t } = autoconfirm;
    const stale = await anonymousSession(autoconfirm);
    const linked = await anonymousSession(autoconfirm);
    await linked.client.updateUser({ email: uniqueAddress("kept") });
    const idOf = (user: { id: string }) => parseAuthUserId(user.id)!;
    const day = 24 * 60 * 60 * 1000;
    // While another process holds the lease, this one skips its turn.
    await acquireLease(t.database.db, ANONYMOUS_USERS_JOB, "holder-b", new Date(), 60_000);
    expect(await cleanUpAnonymousUsers(t.database, 30 * day, "holder-a")).toBeUndefined();
    const later = Date.now() + 31 * day;
    expect(await cleanUpAnonymousUsers(t.database, 30 * day, "holder-a", later)).toBeGreaterThan(0);
    const remaining = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, idOf(stale.user)));
    expect(remaining).toEqual([]);
    const kept = await t.database.db
      .select({ id: users.id, isAnonymous: users.isAnonymous })
      .from(users)
      .where(eq(users.id, idOf(linked.user)));
    expect(kept).toEqual([{ id: idOf(linked.user), isAnonymous: false }]);
    // A recent anonymous user is kept.
    const fresh = await anonymousSession(autoconfirm);
    expect(await cleanUpAnonymousUsers(t.database, 30 * day, "holder-a")).toBe(0);
    const still = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, idOf(fresh.user)));
    expect(still).toHaveLength(1);
  });
});
