// The database health check (README, GET /api/health): /api/health proves the database reads and writes, answers 503 when it cannot,
// and repeated failures end the process (here: the fatal callback) so a supervisor restarts it.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";

import { buildApp } from "../../server/app.ts";
import { FAILURES_BEFORE_EXIT } from "../../server/services/database-watchdog.ts";
import { testConfig } from "../../server/test-config.ts";

let database: TestDatabase;
let app: FastifyInstance;
/** While set, every write transaction fails as a broken disk makes it fail. */
let diskBroken = false;
const fatal: unknown[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const failingDb = new Proxy(database.db, {
    get(target, property, receiver) {
      if (property === "transaction" && diskBroken) {
        return () =>
          Promise.reject(Object.assign(new Error("EIO: i/o error, write"), { errno: 29 }));
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  app = await buildApp({
    config: testConfig(),
    database: { ...database, db: failingDb },
    frontend: { kind: "none" },
    logger: false,
    onDatabaseFatal: (error) => fatal.push(error),
  });
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

describe("the database watchdog", () => {
  it("answers ok while the database reads and writes", async () => {
    const response = await app.inject({ url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "ok" });
  });

  it("answers 503 when a write fails, and ends the process after repeated failures", async () => {
    diskBroken = true;
    for (let attempt = 1; attempt < FAILURES_BEFORE_EXIT; attempt += 1) {
      const response = await app.inject({ url: "/api/health" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: "error" });
      expect(fatal).toHaveLength(0);
    }
    expect((await app.inject({ url: "/api/health" })).statusCode).toBe(503);
    expect(fatal).toHaveLength(1);
  });

  it("counts only failures in a row: a good probe starts the count again", async () => {
    diskBroken = false;
    expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
    diskBroken = true;
    expect((await app.inject({ url: "/api/health" })).statusCode).toBe(503);
    expect(fatal).toHaveLength(1);
    diskBroken = false;
  });
});
