// Live sockets against the request budget (docs/security.md, "Long-lived connections"): an
// upgraded socket gives its request slot back, so hundreds of idle sockets leave the pages, the
// API and the auth service answering; sockets are capped per user, per client address and in
// total, a refused upgrade is answered with an HTTP status and its connection closed at once;
// the health check counts sockets; closing the app tells every socket "going away" (1001) and
// finishes promptly. On a real listening server, since upgrades never go through inject().
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { testConfig } from "../../server/test-config.ts";
import {
  apiUser,
  closeOf,
  openLive,
  openMany,
  rawUpgrade,
  type ApiUser,
  type LiveClient,
} from "./chat-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

const base = testConfig();

/** Every socket a test opened, closed in afterAll if the test did not. */
function opened(results: PromiseSettledResult<LiveClient>[]): LiveClient[] {
  return results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
}

async function getStatus(url: string): Promise<number> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
}

describe("300 idle sockets from 15 accounts", () => {
  let t: TestApp;
  let baseUrl: string;
  let clients: LiveClient[] = [];

  beforeAll(async () => {
    // Caps high enough for the 300 to open: this is about the request budget (the default
    // MAX_CONCURRENT_REQUESTS, 256), which sockets must not hold; the caps are tested below.
    t = await createTestApp({
      config: {
        chat: { ...base.chat, socketsPerUser: 20, socketsPerAddress: 400, socketsMax: 1000 },
      },
    });
    baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    for (const client of clients) client.socket.terminate();
    await t?.close();
  });

  // 15 sign-ins (argon2) and 300 upgrades take several seconds on a busy machine: a minute.
  it(
    "leaves pages, the API and the auth service answering 200, and the health check counts them",
    {
      timeout: 60_000,
    },
    async () => {
      const users: ApiUser[] = [];
      for (let i = 0; i < 15; i += 1) users.push(await apiUser(t.app, t.database.db));
      // One account's 20 at a time: 300 handshakes at once would exceed the request budget (256)
      // before the first upgrade completes, and be shed, as they should.
      const results: PromiseSettledResult<LiveClient>[] = [];
      for (const user of users) results.push(...(await openMany(baseUrl, user.headers, 20)));
      clients = opened(results);
      expect(clients).toHaveLength(300);

      expect(await getStatus(`${baseUrl}/api/academics/course/list?page_size=1`)).toBe(200);
      expect(await getStatus(`${baseUrl}/robots.txt`)).toBe(200);
      expect(await getStatus(`${baseUrl}/auth/v1/health`)).toBe(200);
      const health = await fetch(`${baseUrl}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: "ok", sockets: 300 });
    },
  );

  it("closes every socket with 1001 and finishes closing within a few seconds", async () => {
    expect(clients.length).toBe(300);
    const closes = clients.map((client) => closeOf(client, 8000));
    const started = performance.now();
    const deadline = new Promise<"late">((resolve) => setTimeout(() => resolve("late"), 8000));
    expect(await Promise.race([t.app.close().then(() => "closed" as const), deadline])).toBe(
      "closed",
    );
    expect(performance.now() - started).toBeLessThan(8000);
    const codes = await Promise.all(closes);
    expect(new Set(codes.map((close) => close.code))).toEqual(new Set([1001]));
  });
});

describe("the socket caps", () => {
  let t: TestApp;
  let app: FastifyInstance;
  let baseUrl: string;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      config: {
        chat: { ...base.chat, socketsPerUser: 2, socketsPerAddress: 3, socketsMax: 4 },
      },
    });
    ({ app } = t);
    baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    for (const client of clients) client.socket.terminate();
    await t?.close();
  });

  it("refuses a user's socket past the cap with 429 and closes the connection at once", async () => {
    const user = await apiUser(app, t.database.db);
    clients.push(await openLive(baseUrl, user.headers), await openLive(baseUrl, user.headers));
    const refused = await rawUpgrade(baseUrl, user.headers);
    expect(refused.status).toBe(429);
    expect(refused.closedAfterMs).toBeLessThan(1000);
    // The refused one left no trace: closing one socket makes room for exactly one.
    await clients.pop()!.close();
    clients.push(await openLive(baseUrl, user.headers));
  });

  it("refuses an address's socket past its cap with 429, whatever user asks", async () => {
    // The user above holds 2 sockets from 127.0.0.1; a second user gets 1 more there.
    const other = await apiUser(app, t.database.db);
    clients.push(await openLive(baseUrl, other.headers));
    const refused = await rawUpgrade(baseUrl, other.headers);
    expect(refused.status).toBe(429);
    expect(refused.closedAfterMs).toBeLessThan(1000);
    // X-Forwarded-For is not believed (TRUST_PROXY is off): still 127.0.0.1.
    const claimed = await rawUpgrade(baseUrl, { ...other.headers, "x-forwarded-for": "10.1.2.3" });
    expect(claimed.status).toBe(429);
  });

  it("refuses past the process's total with 503, and counts sockets in the health check", async () => {
    // Three sockets from 127.0.0.1 so far; a third user on another loopback address takes the
    // fourth and last (its own and its address's caps are far).
    const third = await apiUser(app, t.database.db);
    const away = { localAddress: "127.0.0.2" };
    clients.push(await openLive(baseUrl, third.headers, away));
    const refused = await rawUpgrade(baseUrl, third.headers, away);
    expect(refused.status).toBe(503);
    expect(refused.closedAfterMs).toBeLessThan(1000);
    const health = await fetch(`${baseUrl}/api/health`);
    expect(await health.json()).toMatchObject({ status: "ok", sockets: 4 });
  });
});

describe("a client that breaks the WebSocket protocol", () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      config: { logLevel: "debug" },
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is noted at debug without a stack, and its socket closed with the fault's code", async () => {
    const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const user = await apiUser(t.app, t.database.db);
    const codes: number[] = [];
    for (const misbehave of [
      // Larger than the 4 KiB a message may be.
      (client: LiveClient) => client.socket.send("x".repeat(5000)),
      // A text frame that is not UTF-8.
      (client: LiveClient) => client.socket.send(Buffer.from([0xc3, 0x28]), { binary: false }),
    ]) {
      const client = await openLive(baseUrl, user.headers);
      const closed = closeOf(client);
      misbehave(client);
      codes.push((await closed).code);
    }
    expect(codes).toEqual([1009, 1007]);
    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg?: string });
    const about = entries.filter((entry) => JSON.stringify(entry).match(/payload|UTF-8/i));
    expect(about.length).toBeGreaterThanOrEqual(2);
    for (const entry of about) {
      expect(entry.level, JSON.stringify(entry)).toBe(20);
      expect(JSON.stringify(entry)).not.toContain("stack");
    }
  });
});
