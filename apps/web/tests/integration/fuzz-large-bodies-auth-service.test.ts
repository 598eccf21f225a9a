// The fuzz tier's deep and huge inputs at the auth service (docs/decisions/013-auth-service.md):
// every /auth/v1 endpoint of Fastify's route table, with bodies nested 5,000 deep, near and over
// the 1 MiB body limit (huge strings, huge arrays, many keys), and nested or huge query strings,
// as a user and as the service role. None may answer 5xx; every error is JSON in GoTrue's shape.
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "@studyatlas/core/accounts/users.ts";
import { authUserId } from "@studyatlas/core/auth-service/auth-user.ts";

import { testConfig } from "../../server/test-config.ts";
import { AUTH_SECRET, GOOD_PASSWORD, serviceRoleKey } from "./auth-service-client.ts";
import { BODIES, QUERIES, routeTable, type RouteEntry } from "./fuzz-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { uniqueEmail } from "./account-client.ts";

let t: TestApp;
let routes: RouteEntry[] = [];
let email = "";
let userId = "";
let adminKey = "";
let sent = 0;

beforeAll(async () => {
  const base = testConfig();
  t = await createTestApp({ config: { auth: { ...base.auth, secret: AUTH_SECRET } } });
  // Deletions last, so the user and its session serve every other endpoint first.
  routes = routeTable(t.app)
    .filter((route) => route.path.startsWith("/auth/v1/"))
    .sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
  adminKey = await serviceRoleKey();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

function nextAddress(): string {
  sent += 1;
  return `198.19.${(sent >> 8) % 250}.${sent % 250}`;
}

/**
 * A fresh user and token per test: a fuzzed /logout or admin deletion must not end the next
 * test's session.
 */
async function userToken(): Promise<string> {
  email = uniqueEmail("fuzz");
  const user = await createUser(t.database.db, {
    firstName: "Ada",
    lastName: "Lovelace",
    email,
    password: GOOD_PASSWORD,
    emailVerified: true,
  });
  userId = authUserId(user.id);
  const response = await t.app.inject({
    method: "POST",
    url: "/auth/v1/token?grant_type=password",
    payload: { email, password: GOOD_PASSWORD },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ access_token: string }>().access_token;
}

async function expectNoServerError(route: RouteEntry, token: string, body?: string, query = "") {
  const path = route.path.replace(/:[A-Za-z]+/g, userId);
  const admin = /\/admin\b|\/invite$/.test(path);
  const bearer = admin ? adminKey : token;
  const options: InjectOptions = {
    method: route.method,
    url: query ? `${path}?${query}` : path,
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${bearer}`,
      apikey: bearer,
    },
    remoteAddress: nextAddress(),
    ...(body === undefined ? {} : { payload: body }),
  };
  const response = await t.app.inject(options);
  const where = `${route.method} ${path} → ${response.statusCode}: ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(response.headers["content-type"], where).toMatch(/^application\/json/);
    const answer = response.json<Record<string, unknown>>();
    const gotrueShape =
      (typeof answer.code === "number" && typeof answer.msg === "string") ||
      (typeof answer.error === "string" && typeof answer.error_description === "string");
    expect(gotrueShape, where).toBe(true);
  }
}

const withBody = (route: RouteEntry) => route.method !== "GET" && route.method !== "OPTIONS";

describe("deep and huge inputs at every /auth/v1 endpoint", () => {
  it("reads the endpoints from the route table", () => {
    const paths = new Set(routes.map((route) => `${route.method} ${route.path}`));
    for (const expected of [
      "POST /auth/v1/token",
      "POST /auth/v1/signup",
      "POST /auth/v1/otp",
      "PUT /auth/v1/user",
      "POST /auth/v1/invite",
      "POST /auth/v1/admin/generate_link",
      "POST /auth/v1/admin/users",
      "PUT /auth/v1/admin/users/:id",
      "POST /auth/v1/factors/:id/verify",
    ]) {
      expect(paths, expected).toContain(expected);
    }
  });

  it.each(Object.entries(BODIES))("answers %s without 5xx", async (_name, makeBody) => {
    const token = await userToken();
    const body = makeBody();
    for (const route of routes.filter(withBody)) {
      await expectNoServerError(route, token, body);
      if (route.path === "/auth/v1/token") {
        for (const grant of ["password", "refresh_token", "pkce", "id_token"]) {
          await expectNoServerError(route, token, body, `grant_type=${grant}`);
        }
      }
    }
  });

  it.each(Object.entries(QUERIES))("answers %s without 5xx", async (_name, makeQuery) => {
    const token = await userToken();
    const query = makeQuery();
    for (const route of routes) {
      await expectNoServerError(route, token, withBody(route) ? "{}" : undefined, query);
    }
  });
});
