// A short PostgreSQL outage is ridden out (docs/security.md "Availability"): with /api/health
// polled every second, a 5 s outage answers 503 with Retry-After meanwhile (never a 500), does not
// end the process (the watchdog ends it only past DATABASE_OUTAGE_LIMIT_SECONDS), and the pool
// serves again once the server is back. The outage is a TCP proxy between the app and the server
// that refuses and cuts every connection for 5 s, as a network partition or a restart does. On
// PostgreSQL only (embedded PGlite has no connection to lose).
import { connect, createServer, type Server, type Socket } from "node:net";

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase, type DatabaseHandle } from "@studyatlas/db/client.ts";
import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";

import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";

const OUTAGE_MS = 5000;
const POLL_EVERY_MS = 1000;

/** A TCP proxy to `target` that can be taken down (every connection cut and refused) and up. */
async function outageProxy(target: { host: string; port: number }) {
  let down = false;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server: Server = createServer((client) => {
    track(client);
    if (down) return client.destroy();
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    down() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    up() {
      down = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let database: TestDatabase;
let proxy: Awaited<ReturnType<typeof outageProxy>>;
let proxied: DatabaseHandle;
let app: FastifyInstance;
const fatal: unknown[] = [];
const runnable = process.env.TEST_DB_KIND === "postgres";

describe.runIf(runnable)("a 5 s database outage", () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url!);
    proxy = await outageProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    proxied = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 4 });
    app = await buildApp({
      config: testConfig(),
      database: proxied,
      frontend: { kind: "none" },
      logger: false,
      onDatabaseFatal: (error) => fatal.push(error),
    });
    await app.ready();
  });
  afterAll(async () => {
    proxy?.up();
    await app?.close();
    await proxied?.close();
    await proxy?.close();
    await database?.dispose();
  });

  it("answers 503 meanwhile, keeps the process, and serves again once the server is back", async () => {
    expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
    proxy.down();
    const downSince = Date.now();
    const during: { status: number; retryAfter: unknown }[] = [];
    while (Date.now() - downSince < OUTAGE_MS) {
      const health = await app.inject({ url: "/api/health" });
      const write = await app.inject({
        method: "POST",
        url: "/api/subscription/add",
        payload: { email: `outage-${during.length}@example.com`, first_name: "A", last_name: "B" },
        remoteAddress: `198.18.7.${during.length + 1}`,
      });
      during.push(
        { status: health.statusCode, retryAfter: health.headers["retry-after"] },
        { status: write.statusCode, retryAfter: write.headers["retry-after"] },
      );
      await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
    }
    proxy.up();
    expect(during.length).toBeGreaterThanOrEqual(6);
    for (const answer of during) {
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toBeDefined();
    }
    // Served again within a few seconds of the server being back, by the same process.
    await expect
      .poll(async () => (await app.inject({ url: "/api/health" })).statusCode, {
        timeout: 10_000,
        interval: 250,
      })
      .toBe(200);
    const write = await app.inject({
      method: "POST",
      url: "/api/subscription/add",
      payload: { email: "after-outage@example.com", first_name: "A", last_name: "B" },
      remoteAddress: "198.18.8.1",
    });
    expect(write.statusCode, write.body).toBe(201);
    expect(fatal).toEqual([]);
  }, 30_000);
});
