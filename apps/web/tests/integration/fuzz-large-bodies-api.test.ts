// The fuzz tier's deep and huge inputs at the chat (/api/chats*) and dashboard (/api/dashboard*)
// endpoints (docs/decisions/004-api-conventions.md: never a 500 for bad input): every such route of
// Fastify's route table, with bodies nested 5,000 deep, near and over the 1 MiB body limit (huge
// strings, huge arrays, many keys), and nested or huge query strings, each as the role the
// endpoint serves (a student for chats, a partner or the sales agent for the dashboards). None may
// answer 5xx or show a stack trace; every error is JSON in the API's shape.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";

import { Browser } from "./account-client.ts";
import { apiUser } from "./chat-support.ts";
import { programmePartner, signInSales, type ProgrammePartner } from "./dashboards-support.ts";
import { BODIES, QUERIES, STACK, routeTable, type RouteEntry } from "./fuzz-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let routes: RouteEntry[] = [];
let partner: ProgrammePartner;
let sales: Browser;
let studentToken = "";
let sent = 0;

function nextAddress(): string {
  sent += 1;
  return `198.18.${(sent >> 8) % 250}.${sent % 250}`;
}

beforeAll(async () => {
  t = await createTestApp();
  await ensureDemoAccounts(t.database.db);
  // Deletions last, so the rows they name serve every other endpoint first.
  routes = routeTable(t.app)
    .filter((route) => /^\/api\/(chats|dashboard)(\/|$)/.test(route.path))
    .sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
  partner = await programmePartner(t, nextAddress);
  sales = await signInSales(t, nextAddress);
  studentToken = (await apiUser(t.app, t.database.db)).token;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** A real row for each path parameter where there is one, so bodies reach the handlers. */
function pathOf(route: RouteEntry): string {
  return route.path.replace(/\/([^/]+)\/:([A-Za-z]+)/g, (_match, parent: string, name: string) => {
    const value =
      name === "kind"
        ? "logo"
        : name === "schoolId" || parent === "schools"
          ? partner.schoolId
          : parent === "programmes"
            ? partner.courseId
            : parent === "organisations"
              ? partner.organisationId
              : 1;
    return `/${parent}/${value}`;
  });
}

async function expectNoServerError(route: RouteEntry, body?: string, query = "") {
  const path = pathOf(route);
  const url = query ? `${path}?${query}` : path;
  const headers = { "content-type": "application/json" };
  const options = { ip: nextAddress(), headers, ...(body === undefined ? {} : { body }) };
  const response = route.path.startsWith("/api/chats")
    ? await t.app.inject({
        method: route.method as "GET",
        url,
        headers: { ...headers, authorization: `Bearer ${studentToken}` },
        remoteAddress: options.ip,
        ...(body === undefined ? {} : { payload: body }),
      })
    : await (
        route.path.startsWith("/api/dashboard/sales")
          ? sales
          : route.path.startsWith("/api/dashboard/partner")
            ? partner.browser
            : new Browser(t.app)
      ).call(route.method, url, options);
  const where = `${route.method} ${path} → ${response.statusCode}: ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  expect(response.body, where).not.toMatch(STACK);
  if (response.statusCode >= 400) {
    const answer = response.json<Record<string, unknown>>();
    expect(typeof answer.code === "string" && typeof answer.detail === "string", where).toBe(true);
  }
}

const withBody = (route: RouteEntry) => route.method !== "GET" && route.method !== "OPTIONS";

describe("deep and huge inputs at every chat and dashboard endpoint", () => {
  it("reads the endpoints from the route table", () => {
    const paths = new Set(routes.map((route) => `${route.method} ${route.path}`));
    for (const expected of [
      "GET /api/chats",
      "POST /api/chats/:id/messages",
      "POST /api/dashboard/token",
      "PUT /api/dashboard/partner/programmes/:id",
      "PUT /api/dashboard/partner/settings",
      "POST /api/dashboard/sales/invitations",
      "POST /api/dashboard/sales/organisations/:id/status",
    ]) {
      expect(paths, expected).toContain(expected);
    }
  });

  it.each(Object.entries(BODIES))("answers %s without 5xx", async (_name, makeBody) => {
    const body = makeBody();
    for (const route of routes.filter(withBody)) await expectNoServerError(route, body);
  });

  it.each(Object.entries(QUERIES))("answers %s without 5xx", async (_name, makeQuery) => {
    const query = makeQuery();
    for (const route of routes) {
      await expectNoServerError(route, withBody(route) ? "{}" : undefined, query);
    }
  });
});
