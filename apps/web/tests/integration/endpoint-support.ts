// What the wishlist, newsletter and contact tests share: a fresh database and app per file, an
// answer's JSON once its status is checked, a network address per test (the per-network rate
// limits of one test never touch another), and the OpenAPI document's check.
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";

import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";

import type { AppConfig } from "../../server/config.ts";
import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";
import { parseWith } from "./test-app.ts";

let ipCounter = 0;

/** Each test its own network address, so the per-network limits of one test never touch another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.5.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/** A migrated, seeded database and the app on it, without a front end. */
export async function startApp(
  config: Partial<AppConfig> = {},
): Promise<{ database: TestDatabase; app: FastifyInstance }> {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig(config),
    database,
    frontend: { kind: "none" },
    logger: false,
  });
  await app.ready();
  return { database, app };
}

export function body(
  response: { statusCode: number; body: string; json(): unknown },
  status: number,
) {
  expect(response.statusCode, response.body.slice(0, 400)).toBe(status);
  return response.json();
}

export function apiError(
  response: { statusCode: number; body: string; json(): unknown },
  status: number,
) {
  return parseWith(ApiErrorSchema, body(response, status), "error");
}

/** The OpenAPI document lists each endpoint, and a request body for each of `withBody`'s POSTs. */
export async function expectDocumented(
  app: FastifyInstance,
  endpoints: ReadonlyArray<readonly [string, "get" | "post" | "delete"]>,
  withBody: readonly string[],
) {
  const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json<{
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  }>();
  for (const [path, method] of endpoints) {
    expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  }
  for (const path of withBody) {
    expect(document.paths[path]?.post?.requestBody, path).toBeDefined();
  }
}
