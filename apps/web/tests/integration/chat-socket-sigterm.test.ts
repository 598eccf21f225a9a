// SIGTERM with a socket flood (docs/decisions/041-live-socket-limits.md): the real server entry,
// one process on its own copy of the test database, holds 300 idle live sockets from 15 accounts
// while pages and the API answer 200; SIGTERM then tells every socket "going away" (1001) and the
// process exits 0 well within its grace period. PostgreSQL only: the entry needs a database a
// second process can open (the in-process flood on both engines is chat-socket-limits.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "@studyatlas/core/accounts/users.ts";
import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";

import { PASSWORD, uniqueEmail } from "./account-client.ts";
import { ensureBuiltFrontEnd } from "./built-front-end.ts";
import { closeOf, openMany, type LiveClient } from "./chat-support.ts";
import { freePort } from "./free-port.ts";
import { startEntry, waitUntilServing, type Server } from "./server-entry.ts";

const runnable = process.env.TEST_DB_KIND === "postgres";
/** What the entry promises (apps/web/server/index.ts): sockets closed within 2 s, exit by 25 s. */
const GRACE_MS = 10_000;

async function statusOf(url: string): Promise<number> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
}

describe.runIf(runnable)("SIGTERM while 300 idle sockets are open", () => {
  let database: TestDatabase | undefined;
  let server: Server | undefined;
  let baseUrl = "";
  let clients: LiveClient[] = [];

  beforeAll(async () => {
    ensureBuiltFrontEnd();
    database = await createTestDatabase();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = startEntry({
      DATABASE_URL: database.url ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      // All 300 come from 127.0.0.1 here: the address cap is tested elsewhere.
      CHAT_SOCKETS_PER_USER: "20",
      CHAT_SOCKETS_PER_ADDRESS: "400",
    });
    await waitUntilServing(server);
  }, 180_000);

  afterAll(async () => {
    for (const client of clients) client.socket.terminate();
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
    await database?.dispose();
  }, 60_000);

  it("serves pages and the API beside them, then closes them with 1001 and exits 0 in time", async () => {
    const headers: Record<string, string>[] = [];
    for (let i = 0; i < 15; i += 1) {
      const email = uniqueEmail("student");
      await createUser(database!.db, {
        email,
        firstName: "Grace",
        lastName: "Tester",
        password: PASSWORD,
        role: "student",
        emailVerified: true,
      });
      const signedIn = await fetch(`${baseUrl}/api/account/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      const { access } = (await signedIn.json()) as { access?: string };
      expect(signedIn.status).toBe(200);
      headers.push({ authorization: `Bearer ${access}` });
    }
    // One account's 20 at a time: 300 handshakes at once would exceed the request budget (256)
    // before the first upgrade completes, and be shed, as they should.
    const results: PromiseSettledResult<LiveClient>[] = [];
    for (const h of headers) results.push(...(await openMany(baseUrl, h, 20)));
    clients = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    expect(clients).toHaveLength(300);

    expect(await statusOf(`${baseUrl}/`)).toBe(200);
    expect(await statusOf(`${baseUrl}/api/academics/course/list?page_size=1`)).toBe(200);
    expect(await statusOf(`${baseUrl}/auth/v1/health`)).toBe(200);

    const closes = clients.map((client) => closeOf(client, GRACE_MS));
    const started = performance.now();
    server!.child.kill("SIGTERM");
    const exit = await Promise.race([
      server!.exited,
      new Promise<"late">((resolve) => setTimeout(() => resolve("late"), GRACE_MS)),
    ]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(performance.now() - started).toBeLessThan(GRACE_MS);
    const codes = await Promise.all(closes);
    expect(new Set(codes.map((close) => close.code))).toEqual(new Set([1001]));
  }, 120_000);
});
