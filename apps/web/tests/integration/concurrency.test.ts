// The concurrency tier (docs/security.md, races): bursts of identical writes to every mutating endpoint, as a
// double-clicking user or a retrying client sends them. No answer is a 5xx, and the rows that
// remain are the ones one request would have left. Runs on both engines; PostgreSQL is where
// requests really overlap.
import { sql } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { TestDatabase } from "@studyatlas/db/testing/test-database.ts";

import { PASSWORD, apiTokens, uniqueEmail } from "./account-client.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

const BURST = 10;

let database: TestDatabase;
let app: FastifyInstance;
let testApp: TestApp | undefined;
let courseId: number;
let disciplineIds: number[];
let countryIds: number[];
let ipCounter = 0;
const nextIp = () => `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

async function ids(query: ReturnType<typeof sql>): Promise<number[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result: unknown = await database.db.execute(query);
  return Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

beforeAll(async () => {
  testApp = await createTestApp();
  ({ app, database } = testApp);
  courseId = (
    await ids(
      sql`select c.id from courses c join schools s on s.id = c.school_id
        where c.published and s.published order by c.id limit 1`,
    )
  )[0]!;
  disciplineIds = await ids(sql`select id from disciplines order by id limit 3`);
  countryIds = await ids(sql`select id from countries order by id limit 2`);
});
afterAll(async () => {
  await testApp?.close();
});

/** A new account and its Bearer header. */
async function newUser(): Promise<{ email: string; userId: number; auth: Record<string, string> }> {
  const email = uniqueEmail("burst");
  const created = await app.inject({
    method: "POST",
    url: "/api/account/register",
    payload: { first_name: "Ada", last_name: "Lovelace", email, password: PASSWORD },
    remoteAddress: nextIp(),
  });
  expect(created.statusCode, created.body).toBe(201);
  const { access } = await apiTokens(app, email);
  const userId = (await ids(sql`select id from users where email = ${email}`))[0]!;
  return { email, userId, auth: { authorization: `Bearer ${access}` } };
}

/** Sends `BURST` copies of a request at once; each from its own address unless `ip` is given. */
async function burst(request: () => InjectOptions): Promise<LightMyRequestResponse[]> {
  const answers = await Promise.all(
    Array.from({ length: BURST }, () => app.inject({ remoteAddress: nextIp(), ...request() })),
  );
  for (const answer of answers) {
    expect(answer.statusCode, answer.body).toBeLessThan(500);
    expect(answer.body).not.toMatch(/duplicate key|deadlock|violates|\bat \w+ \(/);
  }
  return answers;
}

const codes = (answers: LightMyRequestResponse[]) =>
  [...new Set(answers.map((a) => a.statusCode))].sort();

describe("bursts of identical writes", () => {
  it("wishlist add: one row, one 201", async () => {
    const { userId, auth } = await newUser();
    const answers = await burst(() => ({
      method: "POST",
      url: "/api/wishlists/create",
      headers: auth,
      payload: { course: courseId },
    }));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(codes(answers).every((code) => code === 200 || code === 201)).toBe(true);
    expect(
      await count(sql`select count(*)::int as n from wishlist_items where user_id = ${userId}`),
    ).toBe(1);
  });

  it("wishlist delete: no row, every answer 200", async () => {
    const { userId, auth } = await newUser();
    await app.inject({
      method: "POST",
      url: "/api/wishlists/create",
      headers: auth,
      payload: { course: courseId },
    });
    const answers = await burst(() => ({
      method: "DELETE",
      url: "/api/wishlists/delete",
      headers: auth,
      payload: { course: courseId },
    }));
    expect(codes(answers)).toEqual([200]);
    expect(
      await count(sql`select count(*)::int as n from wishlist_items where user_id = ${userId}`),
    ).toBe(0);
  });

  it("interests: every answer 200 and exactly the chosen rows", async () => {
    const { userId, auth } = await newUser();
    const answers = await burst(() => ({
      method: "POST",
      url: "/api/account/user_interest",
      headers: auth,
      payload: { disciplines: disciplineIds, countries: countryIds },
    }));
    expect(codes(answers)).toEqual([200]);
    expect(
      await count(
        sql`select count(*)::int as n from user_discipline_interests where user_id = ${userId}`,
      ),
    ).toBe(disciplineIds.length);
    expect(
      await count(
        sql`select count(*)::int as n from user_country_interests where user_id = ${userId}`,
      ),
    ).toBe(countryIds.length);
  });

  it("profile: every answer 200 and one profile row", async () => {
    const { userId, auth } = await newUser();
    const boundary = "----burst";
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="client_profile[address]"\r\n\r\n1 Main Street\r\n--${boundary}--\r\n`;
    const answers = await burst(() => ({
      method: "PATCH",
      url: "/api/account/update_user_profile",
      headers: { ...auth, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: body,
    }));
    expect(codes(answers)).toEqual([200]);
    expect(
      await count(sql`select count(*)::int as n from client_profiles where user_id = ${userId}`),
    ).toBe(1);
  });

  it("account detail read for the first time: one profile row", async () => {
    const { userId, auth } = await newUser();
    await database.db.execute(sql`delete from client_profiles where user_id = ${userId}`);
    const answers = await burst(() => ({
      method: "GET",
      url: "/api/account/detail",
      headers: auth,
    }));
    expect(codes(answers)).toEqual([200]);
    expect(
      await count(sql`select count(*)::int as n from client_profiles where user_id = ${userId}`),
    ).toBe(1);
  });

  it("newsletter: one subscriber row", async () => {
    const email = uniqueEmail("news-burst");
    await burst(() => ({
      method: "POST",
      url: "/api/subscription/add",
      payload: { email, first_name: "Ada", last_name: "Lovelace" },
    }));
    expect(
      await count(
        sql`select count(*)::int as n from newsletter_subscribers where lower(email) = ${email}`,
      ),
    ).toBe(1);
  });

  it("contact: one stored message per accepted request", async () => {
    const email = uniqueEmail("contact-burst");
    const answers = await burst(() => ({
      method: "POST",
      url: "/api/account/create_contact",
      payload: { name: "Marie Curie", email, message: "When does the spring intake start?" },
    }));
    const accepted = answers.filter((answer) => answer.statusCode === 201).length;
    expect(accepted).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*)::int as n from contact_messages where email = ${email}`),
    ).toBe(accepted);
  });

  it("sign-up: one account for one address", async () => {
    const email = uniqueEmail("signup-burst");
    const answers = await burst(() => ({
      method: "POST",
      url: "/api/account/register",
      payload: { first_name: "Ada", last_name: "Lovelace", email, password: PASSWORD },
    }));
    // The same answer to all (no enumeration), one account.
    expect(codes(answers)).toEqual([201]);
    expect(await count(sql`select count(*)::int as n from users where email = ${email}`)).toBe(1);
  });
});
