// Programme authoring and the audit log on the dashboards
// (docs/decisions/016-organisations-and-dashboards.md "Programme authoring"), on both engines: the
// role matrix (another organisation's programme answers 404 on every path, a student 403 on every
// path, a pending organisation nothing until approved); an edit, a new programme and an unpublish
// show on the public API immediately after the save; every field is validated with a clear message;
// HTML is sanitised; every change has its audit entry, which the partner reads for its organisation
// only and sales agents for every organisation.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase } from "@studyatlas/db/client.ts";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { findUserByEmail } from "@studyatlas/core/accounts/users.ts";
import { decideOrganisation } from "@studyatlas/core/dashboards/organisations.ts";
import { CourseDetailSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  AuditPageSchema,
  ProgrammeDetailSchema,
  ProgrammeListSchema,
  ProgrammeOptionsSchema,
  type ProgrammeValues,
} from "@studyatlas/schemas/programmes.ts";

import { Browser } from "./account-client.ts";
import { apiUser } from "./chat-support.ts";
import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";
import { registerPartner } from "./dashboards-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let address = 0;
const nextIp = () => `10.13.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

interface Partner {
  email: string;
  browser: Browser;
  organisationId: number;
  schoolId: number;
  courseId: number;
}

async function freeSchool(): Promise<{ school: number; course: number }> {
  const { rows } = await t.database.query<{ school_id: number; course_id: number }>(
    `select c.school_id, min(c.id) as course_id
     from courses c join schools s on s.id = c.school_id
     where c.published and s.published
       and not exists (select 1 from organisation_schools l where l.school_id = c.school_id)
     group by c.school_id order by c.school_id limit 1`,
  );
  const row = rows[0];
  if (!row) throw new Error("no school left without an organisation");
  return { school: Number(row.school_id), course: Number(row.course_id) };
}

/** A partner whose organisation is approved (when `approve`) and linked to a school of its own. */
async function partnerOf(approve = true): Promise<Partner> {
  const { school, course } = await freeSchool();
  const partner = await registerPartner(t, {
    schoolIds: [school],
    approve,
    ip: nextIp,
    firstName: "Ada",
    lastName: "Editor",
  });
  return { ...partner, schoolId: school, courseId: course };
}

async function approve_(organisationId: number) {
  const sales = await findUserByEmail(t.database.db, "sales@studyatlas.test");
  await decideOrganisation(t.database.db, {
    organisationId,
    status: "approved",
    salesUserId: sales!.id,
  });
}

async function salesBrowser(): Promise<Browser> {
  const browser = new Browser(t.app);
  const signIn = await browser.call("POST", "/api/dashboard/token", {
    body: { email: "sales@studyatlas.test", password: "Demo1234!" },
    ip: nextIp(),
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  return browser;
}

async function publicCourse(slug: string) {
  return t.app.inject({ method: "GET", url: `/api/academics/course/detail/${slug}` });
}

async function finderIds(query: string): Promise<number[]> {
  const answer = await t.app.inject({
    method: "GET",
    url: `/api/academics/course/list?${query}&page_size=50`,
  });
  expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
  return answer.json<{ results: { id: number }[] }>().results.map((course) => course.id);
}

let a: Partner;
let b: Partner;
let sales: Browser;
let valuesOfA: ProgrammeValues;

beforeAll(async () => {
  t = await createTestApp();
  await ensureDemoAccounts(t.database.db);
  a = await partnerOf();
  b = await partnerOf();
  sales = await salesBrowser();
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

describe("editing a programme", () => {
  it("shows an edit on the public API immediately after the save, keeping the slug", async () => {
    const before = ProgrammeDetailSchema.parse(
      (await a.browser.call("GET", `/api/dashboard/partner/programmes/${a.courseId}`)).json(),
    );
    // The public page is read (and cached) first, so a stale cache would show.
    expect((await publicCourse(before.slug)).statusCode).toBe(200);
    const options = ProgrammeOptionsSchema.parse(
      (await a.browser.call("GET", "/api/dashboard/partner/programme-options")).json(),
    );
    expect(options.schools).toEqual([expect.objectContaining({ id: a.schoolId })]);
    const euro = options.currencies.find((currency) => currency.short_code === "EUR");
    const rate = await t.database.query<{ rate: number }>(
      "select usd_exchange_rate::float8 as rate from currencies where id = $1",
      [euro!.id],
    );
    const saved = await a.browser.call("PUT", `/api/dashboard/partner/programmes/${a.courseId}`, {
      body: {
        ...before.values,
        name: "Quasar Cartography Edited",
        tuition_kind: "amount",
        tuition_fee: "12500",
        tuition_currency_id: euro!.id,
        tuition_fee_base: "year",
        start_month: 9,
        start_year: 2027,
        deadline_month: "",
        deadline_year: "",
        discipline_ids: [options.disciplines[1]!.id, options.disciplines[0]!.id],
        overview:
          '<h2>Overview</h2><p onclick="steal()">Study the <strong>stars</strong>.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const programme = ProgrammeDetailSchema.parse(saved.json());
    expect(programme.slug).toBe(before.slug);
    expect(programme.values.overview).toBe(
      '<h3>Overview</h3><p>Study the <strong>stars</strong>.</p><a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    const stored = await t.database.query<{ overview: string; fee_usd: number; names: string }>(
      `select d.overview, c.tuition_fee_usd::float8 as fee_usd, c.discipline_names as names
       from courses c join course_details d on d.course_id = c.id where c.id = $1`,
      [a.courseId],
    );
    expect(stored.rows[0]?.overview).not.toContain("script");
    expect(stored.rows[0]?.fee_usd).toBeCloseTo(12500 / Number(rate.rows[0]!.rate), 2);
    expect(stored.rows[0]?.names).toBe(
      `${options.disciplines[1]!.name} ${options.disciplines[0]!.name}`,
    );

    const page = await publicCourse(before.slug);
    expect(page.statusCode).toBe(200);
    const course = CourseDetailSchema.parse(page.json());
    expect(course.name).toBe("Quasar Cartography Edited");
    expect(course.tuition_fee).toBe(12500);
    expect(course.tuition_currency.short_code).toBe("EUR");
    expect(course.disciplines.map((d) => d.id)).toEqual([
      options.disciplines[1]!.id,
      options.disciplines[0]!.id,
    ]);
    expect(course.overview).toContain("<strong>stars</strong>");
    // The finder finds the new name at once.
    expect(await finderIds("name=quasar+cartography")).toContain(a.courseId);
  });

  it("refuses bad input with 400 and a message per field, never a 500", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "" }, "name"],
      [{ name: "<b>x</b>" }, "name"],
      [{ about: "x".repeat(601) }, "about"],
      [{ duration: 0 }, "duration"],
      [{ duration: "three" }, "duration"],
      [{ duration_base: "fortnights" }, "duration_base"],
      [{ course_format: "HALF" }, "course_format"],
      [{ attendance: "MOON" }, "attendance"],
      [{ start_month: 13 }, "start_month"],
      [{ start_month: 5, start_year: 0 }, "start_year"],
      [{ deadline_year: 1999, deadline_month: 1 }, "deadline_year"],
      [{ tuition_kind: "amount", tuition_fee: null }, "tuition_fee"],
      [{ tuition_kind: "amount", tuition_fee: -5 }, "tuition_fee"],
      [{ tuition_kind: "maybe" }, "tuition_kind"],
      [{ tuition_fee_base: "decade" }, "tuition_fee_base"],
      [{ discipline_ids: [] }, "discipline_ids"],
      [{ discipline_ids: [2147483647] }, "discipline_ids"],
      [{ programme_type_id: 999999 }, "programme_type_id"],
      [{ language_id: 999999 }, "language_id"],
      [{ tuition_currency_id: 999999 }, "tuition_currency_id"],
      [{ video: "https://evil.example/video" }, "video"],
      [{ official_programme_website: "javascript:alert(1)" }, "official_programme_website"],
      [{ overview: "x".repeat(50_001) }, "overview"],
      [{ school_id: "abc" }, "school_id"],
    ];
    for (const [change, field] of cases) {
      const answer = await a.browser.call(
        "PUT",
        `/api/dashboard/partner/programmes/${a.courseId}`,
        { body: { ...valuesOfA, ...change } },
      );
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      const errors = answer.json<{ errors?: Record<string, string[]> }>().errors ?? {};
      expect(Object.keys(errors), JSON.stringify(change)).toContain(field);
      expect(errors[field]?.[0]?.length ?? 0).toBeGreaterThan(10);
    }
    for (const body of [
      undefined,
      [],
      { name: "Only a name" },
      { ...valuesOfA, published: "yes" },
    ]) {
      const answer = await a.browser.call(
        "POST",
        "/api/dashboard/partner/programmes",
        body === undefined ? {} : { body },
      );
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    const badId = await a.browser.call("GET", "/api/dashboard/partner/programmes/abc");
    expect(badId.statusCode).toBe(400);
  });
});

describe("a new programme and publishing", () => {
  it("creates a public programme with a unique slug, unpublishes and publishes it again", async () => {
    const body = {
      ...valuesOfA,
      name: "Zephyrology Foundation Course",
      about: "A short course in the study of gentle winds.",
      tuition_kind: "free",
      tuition_fee: null,
      published: true,
    };
    const first = await a.browser.call("POST", "/api/dashboard/partner/programmes", { body });
    expect(first.statusCode, first.body).toBe(201);
    const created = ProgrammeDetailSchema.parse(first.json());
    const school = await t.database.query<{ slug: string }>(
      "select slug from schools where id = $1",
      [a.schoolId],
    );
    expect(created.slug).toBe(`zephyrology-foundation-course-${school.rows[0]!.slug}`);
    expect(created.values.tuition_kind).toBe("free");

    const page = await publicCourse(created.slug);
    expect(page.statusCode).toBe(200);
    expect(CourseDetailSchema.parse(page.json())).toMatchObject({
      name: "Zephyrology Foundation Course",
      tuition_fee: 0,
      tuition_fee_usd: 0,
    });
    expect(await finderIds("name=zephyrology+foundation")).toContain(created.id);

    // The same name again: the next free slug.
    const second = await a.browser.call("POST", "/api/dashboard/partner/programmes", {
      body: { ...body, published: false },
    });
    expect(second.statusCode).toBe(201);
    const draft = ProgrammeDetailSchema.parse(second.json());
    expect(draft.slug).toBe(`${created.slug}-2`);
    expect((await publicCourse(draft.slug)).statusCode).toBe(404);

    const unpublished = await a.browser.call(
      "POST",
      `/api/dashboard/partner/programmes/${created.id}/unpublish`,
    );
    expect(unpublished.statusCode).toBe(200);
    expect(ProgrammeDetailSchema.parse(unpublished.json()).published).toBe(false);
    expect((await publicCourse(created.slug)).statusCode).toBe(404);
    expect(await finderIds("name=zephyrology+foundation")).not.toContain(created.id);
    const drafts = ProgrammeListSchema.parse(
      (
        await a.browser.call(
          "GET",
          "/api/dashboard/partner/programmes?status=unpublished&q=zephyrology",
        )
      ).json(),
    );
    expect(drafts.results.map((row) => row.id).sort()).toEqual([created.id, draft.id].sort());

    const again = await a.browser.call(
      "POST",
      `/api/dashboard/partner/programmes/${created.id}/publish`,
    );
    expect(again.statusCode).toBe(200);
    expect((await publicCourse(created.slug)).statusCode).toBe(200);
  });

  it("keeps a new name's words in the search vocabulary, so a misspelling still finds it", async () => {
    const answer = await a.browser.call("POST", "/api/dashboard/partner/programmes", {
      body: { ...valuesOfA, name: "Xylographica Heritage Studies", published: true },
    });
    expect(answer.statusCode).toBe(201);
    const { id } = ProgrammeDetailSchema.parse(answer.json());
    // The vocabulary is refreshed just after the save; poll the public finder for a while.
    const deadline = Date.now() + 5000;
    let found = false;
    while (!found && Date.now() < deadline) {
      found = (await finderIds("name=xylographika")).includes(id);
      if (!found) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(found).toBe(true);
  });
});

describe("the audit log", () => {
  it("keeps who changed what, field by field, for the partner's organisation only", async () => {
    const log = AuditPageSchema.parse(
      (
        await a.browser.call("GET", `/api/dashboard/partner/audit-log?programme=${a.courseId}`)
      ).json(),
    );
    const edit = log.results.find((entry) => entry.action === "update");
    expect(edit).toMatchObject({
      entity: "programme",
      entity_id: a.courseId,
      entity_name: "Quasar Cartography Edited",
      organisation: { id: a.organisationId },
      actor: { name: "Ada Editor", role: "partner" },
      after: { name: "Quasar Cartography Edited", start: "September 2027" },
    });
    expect(edit!.before?.name).toBe(valuesOfA.name);
    // Only the changed fields: the summary did not change.
    expect(Object.keys(edit!.after)).not.toContain("about");

    const all = AuditPageSchema.parse(
      (await a.browser.call("GET", "/api/dashboard/partner/audit-log")).json(),
    );
    expect(new Set(all.results.map((entry) => entry.organisation?.id))).toEqual(
      new Set([a.organisationId]),
    );
    const actions = all.results.map((entry) => entry.action);
    for (const action of ["create", "update", "publish", "unpublish"]) {
      expect(actions).toContain(action);
    }
    const ofB = AuditPageSchema.parse(
      (await b.browser.call("GET", "/api/dashboard/partner/audit-log")).json(),
    );
    expect(ofB.count).toBe(0);

    // A save that changes nothing records nothing.
    const current = ProgrammeDetailSchema.parse(
      (await a.browser.call("GET", `/api/dashboard/partner/programmes/${a.courseId}`)).json(),
    );
    await a.browser.call("PUT", `/api/dashboard/partner/programmes/${a.courseId}`, {
      body: current.values,
    });
    const after = AuditPageSchema.parse(
      (await a.browser.call("GET", "/api/dashboard/partner/audit-log")).json(),
    );
    expect(after.count).toBe(all.count);
  });

  it("is readable by sales agents for every organisation, and per organisation", async () => {
    const every = AuditPageSchema.parse(
      (await sales.call("GET", "/api/dashboard/sales/audit-log")).json(),
    );
    expect(every.count).toBeGreaterThan(0);
    const ofA = AuditPageSchema.parse(
      (
        await sales.call("GET", `/api/dashboard/sales/audit-log?organisation=${a.organisationId}`)
      ).json(),
    );
    expect(ofA.count).toBe(every.count);
    const ofB = AuditPageSchema.parse(
      (
        await sales.call("GET", `/api/dashboard/sales/audit-log?organisation=${b.organisationId}`)
      ).json(),
    );
    expect(ofB.count).toBe(0);
    const programme = await sales.call("GET", `/api/dashboard/sales/programmes/${b.courseId}`);
    expect(programme.statusCode).toBe(200);
    const list = ProgrammeListSchema.parse(
      (
        await sales.call("GET", `/api/dashboard/sales/programmes?organisation=${a.organisationId}`)
      ).json(),
    );
    expect(new Set(list.results.map((row) => row.organisation?.id))).toEqual(
      new Set([a.organisationId]),
    );
  });

  it("lists the new paths in the OpenAPI document", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json<{
      paths: Record<string, unknown>;
    }>();
    for (const path of [
      "/api/dashboard/partner/programmes",
      "/api/dashboard/partner/programmes/{id}",
      "/api/dashboard/partner/programmes/{id}/publish",
      "/api/dashboard/partner/programmes/{id}/unpublish",
      "/api/dashboard/partner/programme-options",
      "/api/dashboard/partner/audit-log",
      "/api/dashboard/sales/programmes",
      "/api/dashboard/sales/programmes/{id}",
      "/api/dashboard/sales/audit-log",
    ]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
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
