import { connect } from "node:net";

import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";

import {
  createOverloadGuard,
  OVERLOAD_MESSAGE,
  OVERLOAD_RETRY_AFTER_SECONDS,
  SHED_AS_JSON,
  SHED_AS_PAGE,
} from "./overload.ts";

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/**
 * A server whose `/api/slow` and `/slow` wait until the test releases them, each in its own
 * guarded context (JSON and page answers); `/api/health` in a context the guard leaves alone.
 */
async function server(maxConcurrentRequests: number) {
  const app = Fastify();
  apps.push(app);
  await app.register(websocket);
  const guard = createOverloadGuard({ maxConcurrentRequests });
  const waiting: Array<() => void> = [];
  const hold = () => new Promise<void>((resolve) => waiting.push(resolve));
  await app.register(
    async (api) => {
      guard.guard(api, SHED_AS_JSON);
      api.get("/live", { websocket: true }, (socket) => socket.send("ready"));
      api.get("/slow", async () => {
        await hold();
        return { ok: true };
      });
    },
    { prefix: "/api" },
  );
  await app.register(async (pages) => {
    guard.guard(pages, SHED_AS_PAGE);
    pages.get("/slow", async (_request, reply) => {
      await hold();
      return reply.type("text/html").send("<p>page</p>");
    });
  });
  app.get("/api/health", async () => ({ status: "ok" }));
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const releaseAll = () => waiting.splice(0).forEach((release) => release());
  const whenWaiting = async (count: number) => {
    while (waiting.length < count) await new Promise((resolve) => setImmediate(resolve));
  };
  return { address, guard, releaseAll, whenWaiting };
}

describe("overload guard", () => {
  it("answers 503 with Retry-After past the limit, and lets the accepted requests finish", async () => {
    const s = await server(2);
    const first = fetch(`${s.address}/api/slow`);
    const second = fetch(`${s.address}/slow`);
    await s.whenWaiting(2);
    expect(s.guard.inFlight()).toBe(2);

    const api = await fetch(`${s.address}/api/slow`);
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBe(String(OVERLOAD_RETRY_AFTER_SECONDS));
    expect(await api.json()).toMatchObject({ code: "overloaded", message: OVERLOAD_MESSAGE });
    const page = await fetch(`${s.address}/slow`);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("1");
    expect(await page.text()).toContain(OVERLOAD_MESSAGE);
    // The health check is never shed.
    expect((await fetch(`${s.address}/api/health`)).status).toBe(200);

    s.releaseAll();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(s.guard.shed()).toBe(2);
  });

  it("counts a request whose client went away as finished", async () => {
    const s = await server(1);
    const controller = new AbortController();
    const gone = fetch(`${s.address}/api/slow`, { signal: controller.signal }).catch(() => null);
    await s.whenWaiting(1);
    controller.abort();
    await gone;
    while (s.guard.inFlight() > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const next = fetch(`${s.address}/api/slow`);
    await s.whenWaiting(2);
    s.releaseAll();
    expect((await next).status).toBe(200);
  });
});

/** Opens `/api/live`; resolves once the server's first message arrives. */
function openSocket(address: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${address.replace(/^http/, "ws")}/api/live`);
    socket.once("message", () => resolve(socket));
    socket.once("unexpected-response", (_request, response) =>
      reject(new Error(`upgrade refused with ${response.statusCode}`)),
    );
    socket.once("error", reject);
  });
}

/** A raw upgrade of `/api/live`: the answer's status line, and whether the server then hung up. */
function rawUpgrade(address: string): Promise<{ statusLine: string; closedByServer: boolean }> {
  const { port } = new URL(address);
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port: Number(port) });
    let received = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ statusLine: received.split("\r\n")[0] ?? "", closedByServer: false });
    }, 1500);
    socket.on("data", (chunk: Buffer) => void (received += chunk.toString("latin1")));
    socket.once("close", () => {
      clearTimeout(timer);
      resolve({ statusLine: received.split("\r\n")[0] ?? "", closedByServer: true });
    });
    socket.write(
      "GET /api/live HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n" +
        "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
    );
  });
}

describe("overload guard and WebSocket upgrades", () => {
  it("gives an upgraded socket's request slot back once the upgrade completes", async () => {
    const s = await server(2);
    const sockets = [await openSocket(s.address), await openSocket(s.address)];
    sockets.push(await openSocket(s.address));
    expect(s.guard.inFlight()).toBe(0);
    const answer = fetch(`${s.address}/api/slow`);
    await s.whenWaiting(1);
    s.releaseAll();
    expect((await answer).status).toBe(200);
    for (const socket of sockets) socket.terminate();
  });

  it("answers a shed upgrade with 503 and closes its connection at once", async () => {
    const s = await server(1);
    const held = fetch(`${s.address}/api/slow`);
    await s.whenWaiting(1);
    const refused = await rawUpgrade(s.address);
    expect(refused.statusLine).toBe("HTTP/1.1 503 Service Unavailable");
    expect(refused.closedByServer).toBe(true);
    s.releaseAll();
    expect((await held).status).toBe(200);
  });
});
