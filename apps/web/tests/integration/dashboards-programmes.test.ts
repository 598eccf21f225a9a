// Programme authoring and the audit log on the dashboards
// (docs/decisions/016-organisations-and-dashboards.md "Programme authoring"), on both engines: an
// edit, a new programme and an unpublish show on the public API immediately after the save; every
// field is validated with a clear message; HTML is sanitised; every change has its audit entry,
// which the partner reads for its organisation only and sales agents for every organisation. Who
// may do what, and concurrent and hostile writes: dashboards-programmes-safety.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { CourseDetailSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  AuditPageSchema,
  ProgrammeDetailSchema,
  ProgrammeListSchema,
  ProgrammeOptionsSchema,
  type ProgrammeValues,
} from "@studyatlas/schemas/programmes.ts";

import type { Browser } from "./account-client.ts";
import { programmePartner, signInSales, type ProgrammePartner } from "./dashboards-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let address = 0;
const nextIp = () => `10.13.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

type Partner = ProgrammePartner;
const partnerOf = (approve = true) => programmePartner(t, nextIp, approve);

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
  sales = await signInSales(t, nextIp);
  const detail = await a.browser.call("GET", `/api/dashboard/partner/programmes/${a.courseId}`);
  expect(detail.statusCode, detail.body).toBe(200);
  valuesOfA = ProgrammeDetailSchema.parse(detail.json()).values;
});
afterAll(async () => {
  await t?.close();
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
    // B's log holds only its own organisation's entries (its link and approval), no programme.
    expect(ofB.results.filter((entry) => entry.entity === "programme")).toEqual([]);
    expect(new Set(ofB.results.map((entry) => entry.organisation?.id))).toEqual(
      new Set([b.organisationId]),
    );

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
    // Every programme change is A's; B has only its link and approval.
    const programmeEntries = (page: typeof every) =>
      page.results.filter((entry) => entry.entity === "programme").length;
    expect(programmeEntries(ofA)).toBe(programmeEntries(every));
    const ofB = AuditPageSchema.parse(
      (
        await sales.call("GET", `/api/dashboard/sales/audit-log?organisation=${b.organisationId}`)
      ).json(),
    );
    expect(programmeEntries(ofB)).toBe(0);
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
