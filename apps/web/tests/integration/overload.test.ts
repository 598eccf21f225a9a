// Load shedding as the app wires it (docs/architecture.md, "Scaling out": past the limit, 503
// with Retry-After); the counting itself is unit-tested in server/plugins/overload.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { rawUpgrade } from "./chat-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;

beforeAll(async () => {
  // No room at all: every request that does work is refused.
  t = await createTestApp({ config: { maxConcurrentRequests: 0 } });
});
afterAll(async () => {
  await t?.close();
});

describe("past MAX_CONCURRENT_REQUESTS", () => {
  it("answers the API with 503, Retry-After and a message, before any other work", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/academics/course/list" });
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("1");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toMatchObject({
      code: "overloaded",
      message: "The service is busy right now. Please try again in a moment.",
    });
    // Refused before the session plugin: no cookies handed out.
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("keeps answering the health check, which says the process is busy", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: "busy",
      sockets: 0,
      requests: { in_flight: 0, limit: 0 },
    });
  });

  it("answers a live chat upgrade with 503 and closes its connection at once", async () => {
    const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const refused = await rawUpgrade(baseUrl, {});
    expect(refused.status).toBe(503);
    expect(refused.closedAfterMs).toBeLessThan(1000);
  });
});
