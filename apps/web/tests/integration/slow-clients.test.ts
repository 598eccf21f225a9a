// Slow clients (docs/security.md): a client that trickles its headers or body, or idles on a kept-alive
// connection, loses the socket within the configured limits instead of holding it forever.
import { connect, type Socket } from "node:net";

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestApp, type TestApp } from "./test-app.ts";

const LIMITS = { request: 1500, headers: 1000, keepAlive: 1000 };

let app: FastifyInstance;
let testApp: TestApp | undefined;
let port: number;
beforeAll(async () => {
  testApp = await createTestApp({ config: { timeouts: LIMITS } });
  ({ app } = testApp);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  port = address.port;
});
afterAll(async () => {
  await testApp?.close();
});

interface Outcome {
  /** Milliseconds from the first byte until the server closed the socket. */
  closedAfter: number;
  received: string;
}

/**
 * Opens a socket, writes `opening`, then one byte of `drip` every 100 ms until the server closes
 * the socket (or the drip runs out, which fails the test: the server should have given up first).
 */
function trickle(opening: string, drip: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, "127.0.0.1");
    const started = Date.now();
    let received = "";
    let next = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ closedAfter: Date.now() - started, received });
    });
    socket.on("connect", () => {
      socket.write(opening);
      timer = setInterval(() => {
        if (next >= drip.length) {
          clearInterval(timer);
          socket.destroy();
          reject(new Error(`the server still held the socket after ${Date.now() - started} ms`));
          return;
        }
        socket.write(drip[next++]!);
      }, 100);
    });
  });
}

describe("slow clients", () => {
  it("lose the socket when the body trickles past REQUEST_TIMEOUT_MS", async () => {
    const body = JSON.stringify({ email: "slow@example.com" }).padEnd(200, " ");
    const outcome = await trickle(
      "POST /api/subscription/subscribe HTTP/1.1\r\nHost: localhost\r\n" +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
    );
    // The whole request had 1.5 s; Node checks every second.
    expect(outcome.closedAfter).toBeGreaterThanOrEqual(LIMITS.request - 100);
    expect(outcome.closedAfter).toBeLessThan(LIMITS.request + 2500);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it("lose the socket when the headers trickle past HEADERS_TIMEOUT_MS", async () => {
    const outcome = await trickle(
      "GET /api/health HTTP/1.1\r\nHost: localhost\r\n",
      "X-Slow: " + "a".repeat(200),
    );
    expect(outcome.closedAfter).toBeLessThan(LIMITS.headers + 2500);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it("lose an idle kept-alive connection after KEEP_ALIVE_TIMEOUT_MS", async () => {
    const socket = connect(port, "127.0.0.1");
    socket.setEncoding("utf8");
    const answered = new Promise<number>((resolve) =>
      socket.once("data", () => resolve(Date.now())),
    );
    const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now())));
    socket.on("connect", () =>
      socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n"),
    );
    const idleFrom = await answered;
    const closedAt = await closed;
    expect(closedAt - idleFrom).toBeLessThan(LIMITS.keepAlive + 1500);
  });

  it("still get an answer when they send at a normal pace", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});
