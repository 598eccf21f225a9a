// Deeply nested JSON bodies (apps/web/server/plugins/json-body.ts): refused with a clear 400 in
// GoTrue's error shape at /auth/v1 and in the API's shape at /api, never a 500, and metadata is
// bounded in depth and size. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MAX_JSON_DEPTH } from "../../server/plugins/json-body.ts";
import { serviceRoleKey, uniqueAddress } from "./auth-service-client.ts";
import { confirmedUser, forgetAddressLimits, startAuthService } from "./auth-service-support.ts";
import type { TestApp } from "./test-app.ts";

let t: TestApp;
let userToken = "";
let userId = "";
let adminKey = "";

beforeAll(async () => {
  let baseUrl: string;
  ({ t, baseUrl } = await startAuthService());
  const { session } = await confirmedUser(t, baseUrl);
  userToken = session.access_token;
  userId = session.user.id;
  adminKey = await serviceRoleKey();
});

afterAll(async () => {
  await t?.close();
});

/** `{"<field>": {"a": {"a": ... 1 ...}}}` with the fields of `rest`, as raw JSON text. */
function nestedBody(field: string, depth: number, rest: Record<string, unknown> = {}): string {
  const inner = `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
  const others = Object.entries(rest)
    .map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)},`)
    .join("");
  return `{${others}${JSON.stringify(field)}:${inner}}`;
}

interface Case {
  name: string;
  method: "POST" | "PUT";
  url: string;
  field: string;
  rest: () => Record<string, unknown>;
  as: "user" | "admin" | "none";
}

const CASES: Case[] = [
  {
    name: "otp",
    method: "POST",
    url: "/auth/v1/otp",
    field: "data",
    as: "none",
    rest: () => ({ email: uniqueAddress() }),
  },
  {
    name: "signup",
    method: "POST",
    url: "/auth/v1/signup",
    field: "data",
    as: "none",
    rest: () => ({ email: uniqueAddress(), password: "Tram-Lagoon-87" }),
  },
  {
    name: "PUT user",
    method: "PUT",
    url: "/auth/v1/user",
    field: "data",
    as: "user",
    rest: () => ({}),
  },
  {
    name: "admin users",
    method: "POST",
    url: "/auth/v1/admin/users",
    field: "user_metadata",
    as: "admin",
    rest: () => ({ email: uniqueAddress() }),
  },
  {
    name: "admin user update",
    method: "PUT",
    url: "/auth/v1/admin/users/{id}",
    field: "app_metadata",
    as: "admin",
    rest: () => ({}),
  },
  {
    name: "generate_link",
    method: "POST",
    url: "/auth/v1/admin/generate_link",
    field: "data",
    as: "admin",
    rest: () => ({ type: "magiclink", email: uniqueAddress() }),
  },
  {
    name: "invite",
    method: "POST",
    url: "/auth/v1/invite",
    field: "data",
    as: "admin",
    rest: () => ({ email: uniqueAddress() }),
  },
];

async function send(one: Case, depth: number) {
  await forgetAddressLimits(t);
  const token = { user: userToken, admin: adminKey, none: undefined }[one.as];
  return t.app.inject({
    method: one.method,
    url: one.url.replace("{id}", userId),
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}`, apikey: token } : {}),
    },
    payload: nestedBody(one.field, depth, one.rest()),
  });
}

describe("metadata nested 5,000 deep at /auth/v1", () => {
  it.each(CASES.map((one) => [one.name, one] as const))(
    "%s answers 400 in GoTrue's shape",
    async (_name, one) => {
      const response = await send(one, 5000);
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json<Record<string, unknown>>();
      expect(body.msg ?? body.message).toMatch(/nested too deeply/);
      expect(body.error_code ?? body.code).toBe("validation_failed");
    },
  );

  it.each(CASES.map((one) => [one.name, one] as const))(
    "%s refuses metadata deeper than the metadata limit but within the body's",
    async (_name, one) => {
      const response = await send(one, MAX_JSON_DEPTH - 2);
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.body).toMatch(/levels deep/);
    },
  );
});

describe("bodies nested 5,000 deep at /api", () => {
  it("answer 400 in the API's error shape", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/account/register",
      headers: { "content-type": "application/json" },
      payload: nestedBody("first_name", 5000),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: "invalid_body",
      detail: `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays.`,
    });
  });

  it("let a body at the depth limit through to its schema", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/account/register",
      headers: { "content-type": "application/json" },
      payload: nestedBody("first_name", MAX_JSON_DEPTH - 1),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ code: string }>().code).not.toBe("invalid_body");
  });
});
