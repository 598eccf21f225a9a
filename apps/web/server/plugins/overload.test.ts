import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";

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
  const guard = createOverloadGuard({ maxConcurrentRequests });
  const waiting: Array<() => void> = [];
  const hold = () => new Promise<void>((resolve) => waiting.push(resolve));
  await app.register(
    async (api) => {
      guard.guard(api, SHED_AS_JSON);
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
