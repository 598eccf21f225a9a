// Request lines keep out of the way of the start banner (README "Configuration", LOG_LEVEL;
// server/request-log.ts): a request's arrival and a quick answer, found or not, are logged at
// debug, so the default level (info) shows none of them; the redacted address is in each.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";

import { createTestApp, type TestApp } from "./test-app.ts";

const DEBUG = 20;

let testApp: TestApp | undefined;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  testApp = await createTestApp({
    config: { logLevel: "debug" },
    logStream: { write: (line: string) => void lines.push(line) },
  });
  ({ app } = testApp);
});

afterAll(async () => {
  await testApp?.close();
});

interface Line {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

function requestLines(url: string): Line[] {
  return lines
    .map((line) => JSON.parse(line) as Line)
    .filter((line) => line.req?.url === url || (line.res && line.req?.url === url));
}

it("logs a quick answer's arrival and completion at debug, with its status and time", async () => {
  expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
  const logged = requestLines("/api/health");
  expect(logged.map((line) => [line.msg, line.level])).toEqual([
    ["incoming request", DEBUG],
    ["request completed", DEBUG],
  ]);
  expect(logged[1]?.res?.statusCode).toBe(200);
  expect(typeof logged[1]?.responseTime).toBe("number");
});

it("logs an unknown address at debug too, redacted", async () => {
  const url = "/api/nothing-here?token=abcdefghijklmnop";
  expect((await app.inject({ url })).statusCode).toBe(404);
  const logged = requestLines("/api/nothing-here?token=[redacted]");
  expect(logged.length).toBeGreaterThanOrEqual(2);
  expect(logged.every((line) => line.level === DEBUG)).toBe(true);
  expect(lines.join("")).not.toContain("abcdefghijklmnop");
});
