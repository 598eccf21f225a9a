// A live chat socket lives no longer than its session (docs/security.md, "Long-lived connections";
// both engines): sign-out, a password change, an administrator's ban, the removal of the factor
// that raised the session, and the revocation that a reused refresh token causes each close the
// session's sockets with 4401, and a message sent afterwards never reaches them. On PostgreSQL a
// socket held by a second app process closes too. A session ended behind the app's back (no
// notice) is caught by the periodic check (CHAT_SESSION_CHECK_MS).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { loadOrCreateAuthSecret } from "@studyatlas/core/accounts/auth-secret.ts";
import { rotateRefreshToken } from "@studyatlas/core/accounts/sessions.ts";

import { testConfig } from "../../server/test-config.ts";
import { apiTokens, Browser, PASSWORD } from "./account-client.ts";
import {
  enrolVerified,
  passSecondStep,
  signIn,
  startTotpClock,
  tick,
} from "./accounts-two-factor-support.ts";
import { serviceRoleKey } from "./auth-service-client.ts";
import {
  apiUser,
  closeOf,
  expectStatus,
  openLive,
  secondProcess,
  type ApiUser,
  type LiveClient,
  type SecondProcess,
} from "./chat-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let baseUrl: string;
const clients: LiveClient[] = [];

beforeAll(async () => {
  // The periodic check at its default, a minute: these sockets close on the notice alone.
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  for (const client of clients) client.socket.terminate();
  await t?.close();
});

async function live(url: string, headers: Record<string, string>): Promise<LiveClient> {
  const client = await openLive(url, headers);
  clients.push(client);
  return client;
}

const SESSION_ENDED = { code: 4401, reason: "Your session has ended." };

/** A second API session of `user` (its own tokens). */
async function secondSession(user: ApiUser) {
  const { access, refresh } = await apiTokens(t.app, user.email, PASSWORD);
  return { access, refresh, headers: { authorization: `Bearer ${access}` } };
}

describe("the end of a session closes its live sockets", () => {
  it("on sign-out, and only that session's", async () => {
    const user = await apiUser(t.app, t.database.db);
    const other = await secondSession(user);
    const ending = await live(baseUrl, user.headers);
    const staying = await live(baseUrl, other.headers);
    const closed = closeOf(ending);
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/account/logout",
      headers: user.headers,
    });
    expectStatus(logout, 200);
    expect(await closed).toEqual(SESSION_ENDED);
    expect(staying.socket.readyState).toBe(staying.socket.OPEN);
  });

  it("on a password change, for the user's other sessions", async () => {
    const user = await apiUser(t.app, t.database.db);
    const other = await secondSession(user);
    const elsewhere = await live(baseUrl, other.headers);
    const closed = closeOf(elsewhere);
    const change = await t.app.inject({
      method: "PATCH",
      url: "/api/account/change_password",
      headers: user.headers,
      payload: { old_password: PASSWORD, new_password: "Another-Secret-42" },
    });
    expectStatus(change, 200);
    expect(await closed).toEqual(SESSION_ENDED);
  });

  it("on an administrator's ban", async () => {
    const user = await apiUser(t.app, t.database.db);
    const socket = await live(baseUrl, user.headers);
    const closed = closeOf(socket);
    const self = await t.app.inject({ method: "GET", url: "/auth/v1/user", headers: user.headers });
    expectStatus(self, 200);
    const key = await serviceRoleKey(await loadOrCreateAuthSecret(t.database.db));
    const ban = await t.app.inject({
      method: "PUT",
      url: `/auth/v1/admin/users/${self.json<{ id: string }>().id}`,
      headers: { authorization: `Bearer ${key}`, apikey: key },
      payload: { ban_duration: "24h" },
    });
    expectStatus(ban, 200);
    expect(await closed).toEqual(SESSION_ENDED);
  });

  it("when the factor that raised the session is removed", async () => {
    const owner = await apiUser(t.app, t.database.db);
    const first = new Browser(t.app);
    await signIn(first, owner.email);
    // A code works once: the second browser's comes from the next TOTP step (Date only is faked).
    startTotpClock();
    const second = new Browser(t.app);
    let factor: { id: string; secret: string };
    try {
      factor = await enrolVerified(first);
      // A second browser signs in and passes its second step with the same factor.
      await signIn(second, owner.email);
      tick();
      await passSecondStep(second, factor.id, factor.secret);
    } finally {
      vi.useRealTimers();
    }
    const origin = new URL(baseUrl).origin;
    const socket = await live(baseUrl, { cookie: second.cookieHeader(), origin });
    const closed = closeOf(socket);
    expectStatus(await first.call("DELETE", `/api/account/factors/${factor.id}`), 200);
    expect(await closed).toEqual(SESSION_ENDED);
  });

  it("when a reused refresh token revokes the session", async () => {
    const user = await apiUser(t.app, t.database.db);
    const session = await secondSession(user);
    const socket = await live(baseUrl, session.headers);
    const closed = closeOf(socket);
    const now = Date.now();
    await rotateRefreshToken(t.database.db, session.refresh, now);
    // The same token again, past the reuse interval: it was copied, the session ends.
    await expect(
      rotateRefreshToken(t.database.db, session.refresh, now + 60_000),
    ).rejects.toMatchObject({ code: "refresh_token_already_used" });
    expect(await closed).toEqual(SESSION_ENDED);
  });
});

describe("a session ended without a notice", () => {
  let checked: TestApp;

  beforeAll(async () => {
    // The periodic check at its shortest.
    const base = testConfig();
    checked = await createTestApp({ config: { chat: { ...base.chat, sessionCheckMs: 1000 } } });
  });
  afterAll(async () => {
    await checked?.close();
  });

  it("closes its sockets at the next periodic check, and only its own", async () => {
    const url = await checked.app.listen({ port: 0, host: "127.0.0.1" });
    const user = await apiUser(checked.app, checked.database.db);
    const others = await Promise.all([1, 2].map(() => apiUser(checked.app, checked.database.db)));
    const socket = await live(url, user.headers);
    // The check reads every socket's session in one query: the others' live sessions keep theirs.
    const otherSockets = await Promise.all(others.map((other) => live(url, other.headers)));
    const closed = closeOf(socket, 8000);
    await checked.database.query(
      "update sessions set revoked_at = now() where user_id = $1 and revoked_at is null",
      [user.id],
    );
    expect(await closed).toEqual(SESSION_ENDED);
    for (const other of otherSockets) expect(other.socket.readyState).toBe(other.socket.OPEN);
    await Promise.all(otherSockets.map((other) => other.close()));
  });
});

describe.runIf(process.env.TEST_DB_KIND === "postgres")("across processes", () => {
  let other: SecondProcess;

  beforeAll(async () => {
    other = await secondProcess(t.database.url);
  });
  afterAll(async () => {
    await other?.close();
  });

  it("closes a socket of the other process when the session ends through this one", async () => {
    const user = await apiUser(t.app, t.database.db);
    const socket = await live(other.url, user.headers);
    const closed = closeOf(socket);
    expectStatus(
      await t.app.inject({ method: "POST", url: "/api/account/logout", headers: user.headers }),
      200,
    );
    expect(await closed).toEqual(SESSION_ENDED);
  });
});
