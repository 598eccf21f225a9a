// Programme authoring on the dashboards, safely (docs/decisions/016-organisations-and-dashboards.md
// "Scope", "Programme authoring"), on both engines: the role matrix (another organisation's
// programme answers 404 on every path, a student 403 on every path, a pending organisation nothing
// until approved); on PostgreSQL, a second app process sees a partner's edit at once; concurrent
// identical writes and hostile input never give a 500.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase } from "@studyatlas/db/client.ts";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import {
  AuditPageSchema,
  ProgrammeDetailSchema,
  ProgrammeListSchema,
  type ProgrammeValues,
} from "@studyatlas/schemas/programmes.ts";

import { Browser } from "./account-client.ts";
import { apiUser } from "./chat-support.ts";
import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";
import {
  approveOrganisation,
  programmePartner,
  signInSales,
  type ProgrammePartner,
} from "./dashboards-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let address = 0;
const nextIp = () => `10.15.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

type Partner = ProgrammePartner;
const partnerOf = (approve = true) => programmePartner(t, nextIp, approve);
const approve_ = (organisationId: number) => approveOrganisation(t, organisationId);

let a: Partner;
let b: Partner;
let sales: Browser;
let valuesOfA: ProgrammeValues;

beforeAll(async () => {
  t = await createTestApp();
  await ensureDemoAccounts(t.database.db);
  a = await partnerOf();
  b = await partnerOf();
  sales = await signInSales(t, nextIp);
  const detail = await a.browser.call("GET", `/api/dashboard/partner/programmes/${a.courseId}`);
  expect(detail.statusCode, detail.body).toBe(200);
  valuesOfA = ProgrammeDetailSchema.parse(detail.json()).values;
});
afterAll(async () => {
  await t?.close();
});

const partnerPaths = (id: number, body: unknown): [string, string, unknown?][] => [
  ["GET", "/api/dashboard/partner/programmes"],
  ["GET", "/api/dashboard/partner/programme-options"],
  ["POST", "/api/dashboard/partner/programmes", body],
  ["GET", `/api/dashboard/partner/programmes/${id}`],
  ["PUT", `/api/dashboard/partner/programmes/${id}`, body],
  ["POST", `/api/dashboard/partner/programmes/${id}/publish`],
  ["POST", `/api/dashboard/partner/programmes/${id}/unpublish`],
  ["GET", "/api/dashboard/partner/audit-log"],
];
const salesPaths = (id: number): [string, string][] => [
  ["GET", "/api/dashboard/sales/programmes"],
  ["GET", `/api/dashboard/sales/programmes/${id}`],
  ["GET", "/api/dashboard/sales/audit-log"],
];

describe("the role matrix of programme authoring", () => {
  it("answers 404 to partner A for organisation B's programme on every path", async () => {
    const paths: [string, string, unknown?][] = [
      ["GET", `/api/dashboard/partner/programmes/${b.courseId}`],
      ["PUT", `/api/dashboard/partner/programmes/${b.courseId}`, valuesOfA],
      ["POST", `/api/dashboard/partner/programmes/${b.courseId}/publish`],
      ["POST", `/api/dashboard/partner/programmes/${b.courseId}/unpublish`],
      ["GET", `/api/dashboard/partner/audit-log?programme=${b.courseId}`],
      ["GET", "/api/dashboard/partner/programmes/2147483647"],
    ];
    for (const [method, url, body] of paths) {
      const answer = await a.browser.call(method, url, body === undefined ? {} : { body });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json()).toMatchObject({ code: "not_found" });
    }
    // B's programme is untouched and still public.
    const theirs = await b.browser.call("GET", `/api/dashboard/partner/programmes/${b.courseId}`);
    expect(theirs.statusCode).toBe(200);
    expect(ProgrammeDetailSchema.parse(theirs.json()).published).toBe(true);
    // A's list holds only A's school's programmes.
    const list = ProgrammeListSchema.parse(
      (await a.browser.call("GET", "/api/dashboard/partner/programmes")).json(),
    );
    expect(list.count).toBeGreaterThan(0);
    expect(new Set(list.results.map((row) => row.school.id))).toEqual(new Set([a.schoolId]));
    // A cannot move its programme into B's school, nor create one there (same answer as for a
    // school that does not exist).
    for (const [method, url] of [
      ["PUT", `/api/dashboard/partner/programmes/${a.courseId}`],
      ["POST", "/api/dashboard/partner/programmes"],
    ] as const) {
      const moved = await a.browser.call(method, url, {
        body: { ...valuesOfA, school_id: b.schoolId },
      });
      expect(moved.statusCode, `${method} ${url}`).toBe(400);
      expect(moved.json()).toMatchObject({
        errors: { school_id: ["Choose one of your organisation's schools."] },
      });
    }
  });

  it("answers 401 signed out and 403 to a student on every path; partners and sales keep to their own", async () => {
    const student = await apiUser(t.app, t.database.db);
    const signedOut = new Browser(t.app);
    for (const [method, url, body] of [
      ...partnerPaths(a.courseId, valuesOfA),
      ...salesPaths(a.courseId),
    ]) {
      const asStudent = await t.app.inject({
        method: method as "GET",
        url,
        headers: student.headers,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(asStudent.statusCode, `student ${method} ${url}`).toBe(403);
      const outsider = await signedOut.call(method, url, body === undefined ? {} : { body });
      expect(outsider.statusCode, `signed out ${method} ${url}`).toBe(401);
    }
    for (const [method, url] of salesPaths(a.courseId)) {
      expect((await a.browser.call(method, url)).statusCode, `partner ${url}`).toBe(403);
    }
    for (const [method, url, body] of partnerPaths(a.courseId, valuesOfA)) {
      const answer = await sales.call(method, url, body === undefined ? {} : { body });
      expect(answer.statusCode, `sales ${method} ${url}`).toBe(403);
    }
  });

  it("shows a pending organisation nothing until it is approved", async () => {
    const pending = await partnerOf(false);
    for (const [method, url, body] of partnerPaths(pending.courseId, {
      ...valuesOfA,
      school_id: pending.schoolId,
    })) {
      const answer = await pending.browser.call(method, url, body === undefined ? {} : { body });
      expect(answer.statusCode, `pending ${method} ${url}`).toBe(403);
      expect(answer.json()).toMatchObject({ code: "organisation_pending" });
    }
    await approve_(pending.organisationId);
    const now = await pending.browser.call(
      "GET",
      `/api/dashboard/partner/programmes/${pending.courseId}`,
    );
    expect(now.statusCode).toBe(200);
  });

  it("refuses a cookie mutation without the XSRF token", async () => {
    const answer = await a.browser.call("PUT", `/api/dashboard/partner/programmes/${a.courseId}`, {
      body: valuesOfA,
      noXsrf: true,
    });
    expect(answer.statusCode).toBe(403);
  });
});

// PostgreSQL only: PGlite is one process's database.
describe.runIf(process.env.TEST_DB_KIND === "postgres")("a second app process", () => {
  it("shows a partner's edit and unpublish on its public API and finder within a second", async () => {
    const database = await openDatabase({
      kind: "postgres",
      url: t.database.url!,
      maxConnections: 3,
    });
    let second: FastifyInstance | undefined;
    try {
      second = await buildApp({
        config: testConfig(),
        database,
        frontend: { kind: "none" },
        logger: false,
      });
      await second.ready();
      const other = second;
      const detail = ProgrammeDetailSchema.parse(
        (await a.browser.call("GET", `/api/dashboard/partner/programmes/${a.courseId}`)).json(),
      );
      const url = `/api/academics/course/detail/${detail.slug}`;
      const nameOf = async () => {
        const answer = await other.inject({ method: "GET", url });
        return answer.statusCode === 200 ? answer.json<{ name: string }>().name : undefined;
      };
      const finder = async (name: string) => {
        const answer = await other.inject({
          method: "GET",
          url: `/api/academics/course/list?name=${encodeURIComponent(name)}&page_size=50`,
        });
        return answer.json<{ results: { id: number }[] }>().results.map((course) => course.id);
      };
      // Read (and cached) in the second process before the change.
      expect(await nameOf()).toBe(detail.values.name);
      /** Milliseconds until `accept` holds in the second process; fails after a second. */
      const until = async (accept: () => Promise<boolean>) => {
        const started = performance.now();
        for (;;) {
          if (await accept()) return performance.now() - started;
          if (performance.now() - started > 1000) throw new Error("not within a second");
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };
      const saved = await a.browser.call("PUT", `/api/dashboard/partner/programmes/${a.courseId}`, {
        body: { ...detail.values, name: "Second Process Heliography" },
      });
      expect(saved.statusCode).toBe(200);
      expect(
        await until(async () => (await nameOf()) === "Second Process Heliography"),
      ).toBeLessThan(1000);
      expect(
        await until(async () => (await finder("heliography")).includes(a.courseId)),
      ).toBeLessThan(1000);
      await a.browser.call("POST", `/api/dashboard/partner/programmes/${a.courseId}/unpublish`);
      expect(await until(async () => (await nameOf()) === undefined)).toBeLessThan(1000);
      expect(
        await until(async () => !(await finder("heliography")).includes(a.courseId)),
      ).toBeLessThan(1000);
      await a.browser.call("POST", `/api/dashboard/partner/programmes/${a.courseId}/publish`);
    } finally {
      await second?.close();
      await database.close();
    }
  });
});

describe("concurrent and hostile writes", () => {
  it("gives ten identical creations at once ten programmes with distinct slugs, never a 500", async () => {
    const body = {
      ...valuesOfA,
      name: "Concurrent Nephology Course",
      about: "Ten at once.",
      published: false,
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        a.browser.call("POST", "/api/dashboard/partner/programmes", { body }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    const slugs = answers.map((answer) => ProgrammeDetailSchema.parse(answer.json()).slug);
    expect(new Set(slugs).size).toBe(10);
  });

  it("keeps one audit entry for ten identical saves at once", async () => {
    const name = `Simultaneous Save ${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        a.browser.call("PUT", `/api/dashboard/partner/programmes/${a.courseId}`, {
          body: { ...valuesOfA, name },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const log = await a.browser.call(
      "GET",
      `/api/dashboard/partner/audit-log?programme=${a.courseId}`,
    );
    const renames = AuditPageSchema.parse(log.json()).results.filter(
      (entry) => entry.after["name"] === name,
    );
    expect(renames).toHaveLength(1);
  });

  it("answers a NUL byte, a huge string and a wrong type with 400, never a 500", async () => {
    for (const change of [
      { name: "Bad\u0000Name" },
      { about: "a\u0000b" },
      { overview: "<p>a\u0000b</p>" },
      { name: "x".repeat(1_000_000) },
      { discipline_ids: "1,2" },
      { school_id: { id: 1 } },
    ]) {
      const answer = await a.browser.call(
        "PUT",
        `/api/dashboard/partner/programmes/${a.courseId}`,
        { body: { ...valuesOfA, ...change } },
      );
      expect([400, 413], JSON.stringify(change).slice(0, 80)).toContain(answer.statusCode);
    }
  });
});
