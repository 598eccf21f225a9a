// The outbox at /dev/mailbox on `npm start`'s default (docs/decisions/046-loopback-mailbox.md):
// production mode without SMTP_URL serves it to this machine only, judged by the socket's own
// address (fastify inject's `remoteAddress`), never by a header; with SMTP_URL or TRUST_PROXY set
// nobody reads it.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { TestDatabase } from "@studyatlas/db/testing/test-database.ts";

import { loadConfig } from "../../server/config.ts";
import { Browser, mailsArrived, uniqueEmail } from "./account-client.ts";
import { register } from "./accounts-support.ts";
import { nextIp, startApp } from "./endpoint-support.ts";

/** The configuration `npm start` derives from an empty environment, plus `env`. */
const productionDefault = (env: Record<string, string> = {}) =>
  loadConfig(env, "production").devMailbox;

const LOCAL = { remoteAddress: "127.0.0.1", headers: { host: "localhost:3000" } };

let database: TestDatabase;
let app: FastifyInstance;
let email: string;

beforeAll(async () => {
  expect(productionDefault()).toBe("loopback");
  ({ database, app } = await startApp({ devMailbox: productionDefault() }));
  email = uniqueEmail("mailbox");
  await register(new Browser(app), email);
  await mailsArrived(database.db, email);
});

afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const get = (url: string, request: { remoteAddress: string; headers: Record<string, string> }) =>
  app.inject({ method: "GET", url, ...request });

describe("the mailbox on the embedded default", () => {
  it("lets a client on this machine read the verification e-mail and its link, uncached", async () => {
    const list = await get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`, LOCAL);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store");
    const [mail] = list.json<Array<{ id: number; kind: string; link: string }>>();
    expect(mail?.kind).toBe("verification");
    expect(mail?.link).toMatch(/^http:\/\/localhost\/verify-email\/[^/]+\/[^/]+$/);

    const page = await get(`/dev/mailbox/${mail?.id}`, {
      remoteAddress: "::1",
      headers: { host: "[::1]:3000" },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(mail?.link);
    const index = await get("/dev/mailbox", {
      remoteAddress: "::ffff:127.0.0.1",
      headers: { host: "127.0.0.1:3000" },
    });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain(email);
  });

  it.each(["203.0.113.7", "10.1.2.3", "192.168.0.10", "::ffff:198.51.100.4", nextIp()])(
    "is a plain 404 for a client whose socket comes from %s",
    async (remoteAddress) => {
      for (const url of ["/dev/mailbox", "/dev/mailbox.json", "/dev/mailbox/1"]) {
        const response = await get(url, { remoteAddress, headers: { host: "localhost:3000" } });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain(email);
      }
    },
  );

  it("is a 404 for a loopback socket that a proxy forwarded or that names another host", async () => {
    const cases: Array<Record<string, string>> = [
      { host: "localhost:3000", "x-forwarded-for": "127.0.0.1" },
      { host: "localhost:3000", forwarded: "for=127.0.0.1" },
      { host: "localhost:3000", "x-real-ip": "127.0.0.1" },
      { host: "studyatlas.example" },
      { host: "rebound.attacker.example:3000" },
    ];
    for (const headers of cases) {
      const response = await get("/dev/mailbox.json", { remoteAddress: "127.0.0.1", headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(404);
      expect(response.body).not.toContain(email);
    }
  });
});

describe("the mailbox where the server may be public", () => {
  it.each([
    [{ SMTP_URL: "smtp://127.0.0.1:9/" }],
    [{ TRUST_PROXY: "loopback" }],
    [{ PUBLIC_BASE_URL: "https://studyatlas.example" }],
  ])("answers 404 to every client with %j", async (env) => {
    expect(productionDefault(env)).toBe("off");
    const other = await startApp({ devMailbox: productionDefault(env) });
    try {
      for (const url of ["/dev/mailbox", "/dev/mailbox.json"]) {
        expect((await other.app.inject({ method: "GET", url, ...LOCAL })).statusCode).toBe(404);
      }
    } finally {
      await other.app.close();
      await other.database.dispose();
    }
  });
});
