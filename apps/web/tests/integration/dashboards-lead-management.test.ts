// Lead management (docs/decisions/056-organisation-membership.md "Lead management"), on both
// engines: a status change of three leads at once (each audited with its author), a lead owner
// who must be a member, saved views, and the timeline that puts the application, the changes, the
// notes and the chat in one place; another organisation's leads and views answer 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { LeadTimelineSchema, LeadViewListSchema } from "@studyatlas/schemas/lead-management.ts";
import { AuditPageSchema } from "@studyatlas/schemas/programmes.ts";
import { TeamSchema } from "@studyatlas/schemas/organisation-team.ts";

import { apiUser, applicationFor, catalogueIds } from "./chat-support.ts";
import { programmePartner, type ProgrammePartner } from "./dashboards-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let address = 0;
const nextIp = () => `10.58.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
let a: ProgrammePartner;
let b: ProgrammePartner;
const leadsOfA: number[] = [];
let leadOfB: number;

async function apply(course: number, lastName: string): Promise<number> {
  const { countries } = await catalogueIds(t.database);
  const student = await apiUser(t.app, t.database.db);
  const response = await t.app.inject({
    method: "POST",
    url: "/api/academics/course/create_interest",
    headers: student.headers,
    payload: applicationFor(course, countries, { lastName }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ application_id: number }>().application_id;
}

beforeAll(async () => {
  t = await createTestApp();
  await ensureDemoAccounts(t.database.db);
  a = await programmePartner(t, nextIp);
  b = await programmePartner(t, nextIp);
  for (const name of ["Lovelace", "Noether", "Hopper"])
    leadsOfA.push(await apply(a.courseId, name));
  leadOfB = await apply(b.courseId, "Hamilton");
});
afterAll(async () => {
  await t?.close();
});

describe("lead management", () => {
  it("sets the status of three leads at once, each change audited with its author", async () => {
    const answer = await a.browser.call("POST", "/api/dashboard/partner/leads/bulk-status", {
      body: { ids: leadsOfA, status: "contacted" },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ changed: 3 });
    const again = await a.browser.call("POST", "/api/dashboard/partner/leads/bulk-status", {
      body: { ids: leadsOfA, status: "contacted" },
    });
    expect(again.json()).toEqual({ changed: 0 });
    const listed = await a.browser.call("GET", "/api/dashboard/partner/leads?status=contacted");
    expect(listed.json<{ count: number }>().count).toBe(3);
    const log = AuditPageSchema.parse(
      (await a.browser.call("GET", "/api/dashboard/partner/audit-log")).json(),
    );
    const changes = log.results.filter((entry) => entry.entity === "lead");
    expect(changes.map((entry) => entry.entity_id).sort()).toEqual([...leadsOfA].sort());
    expect(changes.every((entry) => entry.actor.name === "Ada Editor")).toBe(true);
  });

  it("refuses another organisation's lead in a bulk change, changing none", async () => {
    const mixed = await a.browser.call("POST", "/api/dashboard/partner/leads/bulk-status", {
      body: { ids: [leadsOfA[0], leadOfB], status: "rejected" },
    });
    expect(mixed.statusCode).toBe(404);
    const listed = await a.browser.call("GET", "/api/dashboard/partner/leads?status=rejected");
    expect(listed.json<{ count: number }>().count).toBe(0);
    for (const body of [
      { ids: [], status: "new" },
      { ids: [leadsOfA[0]], status: "won" },
    ]) {
      const bad = await a.browser.call("POST", "/api/dashboard/partner/leads/bulk-status", {
        body,
      });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("gives a lead to a member only, and shows the timeline in one place", async () => {
    const lead = leadsOfA[0]!;
    const me = TeamSchema.parse((await a.browser.call("GET", "/api/dashboard/partner/team")).json())
      .members[0]!;
    const outsider = TeamSchema.parse(
      (await b.browser.call("GET", "/api/dashboard/partner/team")).json(),
    ).members[0]!;
    const refused = await a.browser.call("PUT", `/api/dashboard/partner/leads/${lead}/owner`, {
      body: { owner_id: outsider.id },
    });
    expect(refused.statusCode).toBe(400);
    const owned = await a.browser.call("PUT", `/api/dashboard/partner/leads/${lead}/owner`, {
      body: { owner_id: me.id },
    });
    expect(owned.statusCode, owned.body).toBe(200);
    expect(owned.json()).toEqual({ owner: { id: me.id, name: "Ada Editor" } });
    await a.browser.call("POST", `/api/dashboard/partner/leads/${lead}/notes`, {
      body: { body: "Called on Monday." },
    });

    const timeline = LeadTimelineSchema.parse(
      (await a.browser.call("GET", `/api/dashboard/partner/leads/${lead}/timeline`)).json(),
    );
    expect(timeline.owner?.name).toBe("Ada Editor");
    const kinds = timeline.events.map((event) => event.kind);
    expect(kinds[0]).toBe("application");
    expect(kinds).toEqual(expect.arrayContaining(["change", "note"]));
    const status = timeline.events.find((event) => event.after?.status === "contacted");
    expect(status?.before).toEqual({ status: "new" });
    expect(timeline.events.find((event) => event.kind === "note")?.text).toBe("Called on Monday.");
    expect(
      (await b.browser.call("GET", `/api/dashboard/partner/leads/${lead}/timeline`)).statusCode,
    ).toBe(404);
  });

  it("saves named views, unique per organisation, and keeps them from other organisations", async () => {
    const saved = await a.browser.call("POST", "/api/dashboard/partner/lead-views", {
      body: { name: "To call", filters: { status: "contacted", q: "" } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const views = LeadViewListSchema.parse(saved.json()).results;
    expect(views).toEqual([
      { id: expect.any(Number) as number, name: "To call", filters: { status: "contacted" } },
    ]);
    const twice = await a.browser.call("POST", "/api/dashboard/partner/lead-views", {
      body: { name: "to CALL", filters: {} },
    });
    expect(twice.statusCode).toBe(409);
    const theirs = await b.browser.call("GET", "/api/dashboard/partner/lead-views");
    expect(LeadViewListSchema.parse(theirs.json()).results).toEqual([]);
    const stolen = await b.browser.call(
      "DELETE",
      `/api/dashboard/partner/lead-views/${views[0]!.id}`,
    );
    expect(stolen.statusCode).toBe(404);
    const deleted = await a.browser.call(
      "DELETE",
      `/api/dashboard/partner/lead-views/${views[0]!.id}`,
    );
    expect(LeadViewListSchema.parse(deleted.json()).results).toEqual([]);
  });
});
