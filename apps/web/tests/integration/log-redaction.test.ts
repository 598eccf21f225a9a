// The server's own log, as written, holds no secret (docs/security.md): not the secrets of
// e-mailed links in the addresses it logs, nor a token, password or cookie that an error logged
// by a page loader's helper or by core carries (both log through the request's pino logger,
// which the load context hands to loaders).
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";

import type { CachedCatalogue } from "@studyatlas/core/catalogue/cached-catalogue.ts";
import { loadCoursePage } from "@studyatlas/core/catalogue/detail-pages.ts";
import type { TestDatabase } from "@studyatlas/db/testing/test-database.ts";

import { loadDisciplineTiles } from "../../app/components/discipline-grid/discipline-tiles.server.ts";

import { Browser, PASSWORD, linkFor, uniqueEmail } from "./account-client.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let database: TestDatabase;
let app: FastifyInstance;
let testApp: TestApp | undefined;
const lines: string[] = [];
beforeAll(async () => {
  testApp = await createTestApp({
    // Request lines are at debug (server/request-log.ts).
    config: { logLevel: "debug" },
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

/** An error as a failing dependency might throw it, carrying every kind of secret. */
function errorWithSecrets(): Error {
  return new Error(
    "GET https://crm.example/hook?token=tok3n-s3cret failed: Authorization: Bearer eyJ.s3cret.sig; " +
      'body {"password":"Hunter2-s3cret"} cookie: sa_access=acc3ss-s3cret; sa_refresh=r3fresh-s3cret',
  );
}

const SECRETS = [
  "tok3n-s3cret",
  "eyJ.s3cret.sig",
  "Hunter2-s3cret",
  "acc3ss-s3cret",
  "r3fresh-s3cret",
];

/** The log lines written since `from`, parsed. */
function linesSince(from: number): Array<Record<string, unknown>> {
  return lines.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);
}

it("redacts the secrets of an error a loader's helper logs through the request's logger", async () => {
  const from = lines.length;
  const log = app.log.child({ reqId: "loader-request" });
  const failing = {
    listDisciplines: async () => {
      throw errorWithSecrets();
    },
  } as unknown as CachedCatalogue;
  const tiles = await loadDisciplineTiles(failing, [{ slug: "law", name: "Law" }], log);
  expect(tiles).toEqual([{ slug: "law", name: "Law", count: undefined }]);
  const written = linesSince(from);
  const line = written.find((entry) => entry.msg === "The discipline counts could not be loaded.");
  expect(line, JSON.stringify(written)).toMatchObject({ reqId: "loader-request", level: 50 });
  expect(JSON.stringify(line)).toContain("Bearer [redacted]");
  for (const secret of SECRETS) expect(lines.slice(from).join("")).not.toContain(secret);
});

it("redacts the secrets of an error core logs, and of details passed as fields", async () => {
  const from = lines.length;
  const log = app.log.child({ reqId: "core-request" });
  const catalogue = {
    getCourseBySlug: async () => ({ id: 1, disciplines: [], overview: "", why_chose: "" }),
    listRelatedCourses: async () => {
      throw errorWithSecrets();
    },
  } as unknown as CachedCatalogue;
  const page = await loadCoursePage(catalogue, "a-programme", "https://studyatlas.example", log);
  expect(page?.similar).toEqual([]);
  log.warn({ password: "Hunter2-s3cret", cookie: "sa_access=acc3ss-s3cret" }, "fields");
  const written = linesSince(from);
  expect(written.map((entry) => entry.reqId)).toEqual(["core-request", "core-request"]);
  expect(written[0]?.msg).toBe(
    "Programme page: similar programmes of 'a-programme' could not be loaded.",
  );
  expect(written[1]).toMatchObject({ password: "[redacted]", cookie: "[redacted]" });
  for (const secret of SECRETS) expect(lines.slice(from).join("")).not.toContain(secret);
});
