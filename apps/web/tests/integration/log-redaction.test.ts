// Issue 15 item 15: the server's own log, as written, holds no link secret.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";

import type { TestDatabase } from "@studyatlas/db/testing/test-database.ts";

import { Browser, PASSWORD, linkFor, uniqueEmail } from "./account-client.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let database: TestDatabase;
let app: FastifyInstance;
let testApp: TestApp | undefined;
const lines: string[] = [];
beforeAll(async () => {
  testApp = await createTestApp({
    config: { logLevel: "info" },
    logStream: { write: (line: string) => void lines.push(line) },
  });
  ({ app, database } = testApp);
});
afterAll(async () => {
  await testApp?.close();
});

it("logs requests for e-mailed links without their secrets", async () => {
  const email = uniqueEmail("logs");
  const browser = new Browser(app);
  const created = await browser.call("POST", "/api/account/register", {
    body: { first_name: "Ada", last_name: "Lovelace", email, password: PASSWORD },
  });
  expect(created.statusCode).toBe(201);
  const verify = await linkFor(database.db, email, "verification");
  const [, , token1, token2] = verify.split("/");
  await browser.call("GET", `/api/account/verify-email/${token1}/${token2}/`);
  await browser.call("POST", "/api/account/password_reset", { body: { email }, ip: "10.9.0.1" });
  const reset = new URL(await linkFor(database.db, email, "password_reset"), "http://localhost");
  const user = reset.searchParams.get("user") ?? "";
  const token = reset.searchParams.get("token") ?? "";
  await app.inject({
    method: "POST",
    url: `/api/account/password_reset_confirm/${user}/${token}`,
    payload: { new_password: "Another123!", confirm_password: "Another123!" },
  });
  await app.inject({ url: `/api/subscription/unsubscribe?token=${token}` });

  const log = lines.join("");
  expect(log).toContain("/api/account/verify-email/[redacted]/[redacted]");
  expect(log).toContain("password_reset_confirm/[redacted]/[redacted]");
  for (const secret of [token2, token]) {
    expect(secret && secret.length > 10).toBe(true);
    expect(log).not.toContain(secret);
  }
});
