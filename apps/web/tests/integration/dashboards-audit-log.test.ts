// The audit log beyond programmes and school profiles (docs/decisions/016-organisations-and-dashboards.md
// "The audit log"): organisation approval, suspension and school links, the lead e-mail, the
// webhook URL and secret (never its value), lead statuses; the database keeps the log
// append-only (migration 0020) and an organisation's deletion leaves its entries. Both engines.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { AuditPageSchema, type AuditEntry } from "@studyatlas/schemas/programmes.ts";

import type { Browser } from "./account-client.ts";
import { apiUser, applicationFor, catalogueIds } from "./chat-support.ts";
import { programmePartner, signInSales, type ProgrammePartner } from "./dashboards-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let address = 1;
const nextIp = () => `10.18.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

let t: TestApp;
let sales: Browser;
let partner: ProgrammePartner;

beforeAll(async () => {
  t = await createTestApp({ config: { webhooksAllowPrivate: true } });
  await ensureDemoAccounts(t.database.db);
  sales = await signInSales(t, nextIp);
  partner = await programmePartner(t, nextIp);
});
afterAll(async () => {
  await t?.close();
});

async function salesLog(organisationId: number): Promise<AuditEntry[]> {
  const answer = await sales.call(
    "GET",
    `/api/dashboard/sales/audit-log?organisation=${organisationId}`,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return AuditPageSchema.parse(answer.json()).results;
}

async function partnerLog(): Promise<AuditEntry[]> {
  const answer = await partner.browser.call("GET", "/api/dashboard/partner/audit-log");
  expect(answer.statusCode, answer.body).toBe(200);
  return AuditPageSchema.parse(answer.json()).results;
}

/** A school no organisation speaks for yet. */
async function freeSchoolId(): Promise<number> {
  const { rows } = await t.database.query<{ id: number }>(
    `select s.id from schools s
     where not exists (select 1 from organisation_schools l where l.school_id = s.id)
     order by s.id limit 1`,
  );
  return Number(rows[0]!.id);
}

/** An entry written straight to the table, as any version of the application writes one. */
async function insertEntry(organisationId: number): Promise<number> {
  const { rows } = await t.database.query<{ id: number }>(
    `insert into audit_log (organisation_id, entity, entity_id, entity_name, action, actor_name,
       actor_role, after)
     values ($1, 'programme', $2, 'Quasar Cartography', 'update', 'Ada Editor', 'partner',
       '{"name": "Quasar Cartography"}'::jsonb)
     returning id`,
    [organisationId, partner.courseId],
  );
  return Number(rows[0]!.id);
}

describe("the audit log of organisations, webhooks and leads", () => {
  it("records approval, suspension and school links, with the sales agent", async () => {
    const id = partner.organisationId;
    for (const status of ["suspended", "approved"]) {
      const answer = await sales.call("POST", `/api/dashboard/sales/organisations/${id}/status`, {
        body: { status },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const schoolId = await freeSchoolId();
    const linked = await sales.call("POST", `/api/dashboard/sales/organisations/${id}/schools`, {
      body: { school_id: schoolId },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const unlinked = await sales.call(
      "DELETE",
      `/api/dashboard/sales/organisations/${id}/schools/${schoolId}`,
    );
    expect(unlinked.statusCode, unlinked.body).toBe(200);

    const log = await salesLog(id);
    const [unlink, link, approve, suspend] = log;
    expect(unlink).toMatchObject({ action: "unlink", entity: "organisation", entity_id: id });
    expect(unlink!.school?.id).toBe(schoolId);
    expect(link).toMatchObject({ action: "link", school: { id: schoolId } });
    expect(approve).toMatchObject({
      action: "approve",
      before: { status: "suspended" },
      after: { status: "approved" },
    });
    expect(suspend).toMatchObject({ action: "suspend", before: { status: "approved" } });
    for (const entry of [unlink, link, approve, suspend]) {
      expect(entry!.actor.role).toBe("sales");
      expect(entry!.actor.id).toBeGreaterThan(0);
      expect(entry!.organisation).toMatchObject({ id, name: "Org" });
    }
    // The first link and approval, made when the partner was set up, are there too.
    expect(log.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["link", "approve", "link"]),
    );
  });

  it("records the lead e-mail, the webhook URL and its secret, never the secret's value", async () => {
    const saved = await partner.browser.call("PUT", "/api/dashboard/partner/settings", {
      body: { lead_email: "crm@example.com", webhook_url: "http://127.0.0.1:9/hooks" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const rotated = await partner.browser.call(
      "POST",
      "/api/dashboard/partner/settings/rotate-secret",
      { body: {} },
    );
    expect(rotated.statusCode, rotated.body).toBe(200);
    const secrets = [
      saved.json<{ webhook_secret: string }>().webhook_secret,
      rotated.json<{ webhook_secret: string }>().webhook_secret,
    ];

    const [rotation, settings] = await partnerLog();
    expect(rotation).toMatchObject({
      entity: "organisation",
      action: "rotate_secret",
      after: { webhook_secret: "rotated" },
      actor: { name: "Ada Editor", role: "partner" },
    });
    expect(settings).toMatchObject({
      action: "update",
      after: {
        lead_email: "crm@example.com",
        webhook_url: "http://127.0.0.1:9/hooks",
        webhook_secret: "created",
      },
    });
    const { rows } = await t.database.query<{ entries: string }>(
      `select coalesce(string_agg(before::text || after::text, ' '), '') as entries from audit_log`,
    );
    for (const secret of secrets) expect(rows[0]!.entries).not.toContain(secret);
  });

  it("records a lead's status change, before and after", async () => {
    const { countries } = await catalogueIds(t.database);
    const student = await apiUser(t.app, t.database.db);
    const applied = await t.app.inject({
      method: "POST",
      url: "/api/academics/course/create_interest",
      headers: student.headers,
      payload: applicationFor(partner.courseId, countries),
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const leadId = applied.json<{ application_id: number }>().application_id;
    const changed = await partner.browser.call(
      "POST",
      `/api/dashboard/partner/leads/${leadId}/status`,
      { body: { status: "contacted" } },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await partnerLog())[0]).toMatchObject({
      entity: "lead",
      entity_id: leadId,
      action: "update",
      school: { id: partner.schoolId },
      before: { status: "new" },
      after: { status: "contacted" },
      actor: { role: "partner" },
    });
  });

  it("is append-only: the database refuses UPDATE, DELETE and TRUNCATE", async () => {
    const id = await insertEntry(partner.organisationId);
    for (const statement of [
      `update audit_log set actor_name = 'Someone else'`,
      `update audit_log set after = '{}'::jsonb where id = ${id}`,
      `delete from audit_log where id = ${id}`,
      `delete from audit_log`,
      `truncate audit_log`,
    ]) {
      await expect(t.database.query(statement), statement).rejects.toThrow(/append-only/);
    }
    const { rows } = await t.database.query<{ actor_name: string }>(
      `select actor_name from audit_log where id = $1`,
      [id],
    );
    expect(rows).toEqual([{ actor_name: "Ada Editor" }]);
  });

  it("keeps an organisation's entries, with its name, when the organisation is deleted", async () => {
    const doomed = await programmePartner(t, nextIp);
    await insertEntry(doomed.organisationId);
    const count = async () =>
      Number(
        (
          await t.database.query<{ count: string }>(
            `select count(*) as count from audit_log where organisation_id = $1`,
            [doomed.organisationId],
          )
        ).rows[0]!.count,
      );
    const before = await count();
    expect(before).toBeGreaterThanOrEqual(1);
    await t.database.query(`delete from organisations where id = $1`, [doomed.organisationId]);
    const { rows } = await t.database.query(`select 1 from organisations where id = $1`, [
      doomed.organisationId,
    ]);
    expect(rows).toEqual([]);
    expect(await count()).toBe(before);
    const approval = (await salesLog(doomed.organisationId)).find(
      (entry) => entry.action === "approve",
    );
    expect(approval?.organisation).toEqual({ id: doomed.organisationId, name: "Org" });
  });
});
