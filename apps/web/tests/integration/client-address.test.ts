// The client's address comes from the socket unless TRUST_PROXY names the
// proxies in front, so a client cannot choose its own rate-limit bucket with X-Forwarded-For.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { RATE_LIMITS } from "@studyatlas/core/accounts/rate-limit.ts";
import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";

import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

/** An app with one extra route that answers the address Fastify settled on. */
async function appTrusting(trustProxy: false | number | string[]): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig({ trustProxy }),
    database,
    frontend: { kind: "none" },
    logger: false,
  });
  app.get("/client-address", async (request) => ({ ip: request.ip }));
  await app.ready();
  return app;
}

async function addressSeen(app: FastifyInstance, forwardedFor: string, socket: string) {
  const response = await app.inject({
    url: "/client-address",
    remoteAddress: socket,
    headers: { "x-forwarded-for": forwardedFor },
  });
  return response.json<{ ip: string }>().ip;
}

describe("the client's address", () => {
  it("is the socket's by default, whatever X-Forwarded-For claims", async () => {
    const app = await appTrusting(false);
    try {
      expect(await addressSeen(app, "203.0.113.9", "198.51.100.4")).toBe("198.51.100.4");
      expect(await addressSeen(app, "203.0.113.9, 10.0.0.2", "198.51.100.4")).toBe("198.51.100.4");
    } finally {
      await app.close();
    }
  });

  it("comes from the header only through the proxies TRUST_PROXY names", async () => {
    const app = await appTrusting(["10.0.0.0/8"]);
    try {
      // Through our proxy: the address it saw.
      expect(await addressSeen(app, "203.0.113.9", "10.1.2.3")).toBe("203.0.113.9");
      // A client's own claim, prepended before our proxy's entry, is not believed.
      expect(await addressSeen(app, "192.0.2.77, 203.0.113.9", "10.1.2.3")).toBe("203.0.113.9");
      // Straight from the internet: the header is ignored.
      expect(await addressSeen(app, "203.0.113.9", "198.51.100.4")).toBe("198.51.100.4");
    } finally {
      await app.close();
    }
  });

  it("with a hop count, believes only the entry the nearest proxy added", async () => {
    const app = await appTrusting(1);
    try {
      expect(await addressSeen(app, "192.0.2.77, 203.0.113.9", "10.1.2.3")).toBe("203.0.113.9");
    } finally {
      await app.close();
    }
  });

  it("keeps rotating X-Forwarded-For from escaping the sign-in limit", async () => {
    const app = await appTrusting(false);
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= RATE_LIMITS.signInIp.max; attempt++) {
        const response = await app.inject({
          method: "POST",
          url: "/api/account/token",
          remoteAddress: "198.51.100.50",
          headers: { "x-forwarded-for": `203.0.113.${attempt}` },
          payload: { email: `nobody-${attempt}@example.com`, password: "wrong-password-1!" },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, RATE_LIMITS.signInIp.max).every((status) => status === 401)).toBe(
        true,
      );
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await app.close();
    }
  });
});
