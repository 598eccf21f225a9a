// Rate limits that hold under parallel requests (checked and counted in
// one step), and an account lock that a stranger cannot use against the owner's own browser.
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { RATE_LIMITS } from "@studyatlas/core/accounts/rate-limit.ts";
import type { TestDatabase } from "@studyatlas/db/testing/test-database.ts";

import { Browser, PASSWORD, linkFor, mailsTo, uniqueEmail } from "./account-client.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let database: TestDatabase;
let app: FastifyInstance;
let testApp: TestApp | undefined;
beforeAll(async () => {
  testApp = await createTestApp();
  ({ app, database } = testApp);
});
afterAll(async () => {
  await testApp?.close();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from rate_limit_events`);
});

async function registered(browser = new Browser(app)): Promise<string> {
  const email = uniqueEmail("limits");
  const response = await browser.call("POST", "/api/account/register", {
    body: { first_name: "Ada", last_name: "Lovelace", email, password: PASSWORD },
    ip: "192.0.2.200",
  });
  expect(response.statusCode, response.body).toBe(201);
  return email;
}

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => {
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  }, {});

const signIn = (email: string, password: string, ip: string) =>
  app.inject({
    method: "POST",
    url: "/api/account/token",
    payload: { email, password },
    remoteAddress: ip,
  });

describe("parallel attempts", () => {
  it("check at most 10 wrong passwords for one account, however many arrive at once", async () => {
    const email = await registered();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        signIn(email, "Wrong123!", `198.51.100.${index + 1}`),
      ),
    );
    expect(statuses(answers)).toEqual({ 401: RATE_LIMITS.signInAccount.max, 429: 30 });
  });

  it("check at most 30 sign-ins from one address, across accounts", async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => signIn(uniqueEmail("nobody"), "Wrong123!", "203.0.113.50")),
    );
    expect(statuses(answers)).toEqual({ 401: RATE_LIMITS.signInIp.max, 429: 10 });
  });

  it("send one reset e-mail for ten parallel requests", async () => {
    const email = await registered();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        app.inject({
          method: "POST",
          url: "/api/account/password_reset",
          payload: { email },
          remoteAddress: `198.51.100.${index + 100}`,
        }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);
    await linkFor(database.db, email, "password_reset");
    const resets = (await mailsTo(database.db, email)).filter(
      (mail) => mail.kind === "password_reset",
    );
    expect(resets).toHaveLength(1);
  });
});

describe("the account lock", () => {
  it("does not refuse the right password from a browser the owner signed in from before", async () => {
    const owner = new Browser(app);
    const email = await registered(owner);
    // The owner signs in (and out) once in this browser: it is remembered.
    expect(
      (await owner.call("POST", "/api/account/token", { body: { email, password: PASSWORD } }))
        .statusCode,
    ).toBe(200);
    expect(owner.cookies.has("sa_device")).toBe(true);
    expect((await owner.call("POST", "/api/account/logout", { body: {} })).statusCode).toBe(200);

    // A stranger, from many addresses, uses up the account's failures.
    for (let index = 0; index < RATE_LIMITS.signInAccount.max; index += 1) {
      expect((await signIn(email, "Wrong123!", `198.51.100.${index + 1}`)).statusCode).toBe(401);
    }
    // A browser that never signed in to this account: locked, even with the right password.
    expect((await signIn(email, PASSWORD, "198.51.100.77")).statusCode).toBe(429);
    // The owner's browser: in.
    const back = await owner.call("POST", "/api/account/token", {
      body: { email, password: PASSWORD },
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it("ignores a forged or another account's device cookie", async () => {
    const email = await registered();
    const other = new Browser(app);
    const otherEmail = await registered(other);
    expect(
      (
        await other.call("POST", "/api/account/token", {
          body: { email: otherEmail, password: PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
    const device = other.cookies.get("sa_device") ?? "";
    for (let index = 0; index < RATE_LIMITS.signInAccount.max; index += 1) {
      await signIn(email, "Wrong123!", `198.51.100.${index + 1}`);
    }
    const [userId, nonce, signature] = device.split(".");
    for (const cookie of [
      device,
      `${Number(userId) + 1}.${nonce}.${signature}`,
      "1.aaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
    ]) {
      const answer = await app.inject({
        method: "POST",
        url: "/api/account/token",
        payload: { email, password: PASSWORD },
        headers: { cookie: `sa_device=${cookie}` },
        remoteAddress: "198.51.100.88",
      });
      expect(answer.statusCode, cookie).toBe(429);
    }
  });
});
