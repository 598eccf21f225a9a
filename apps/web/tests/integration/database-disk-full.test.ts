// A database out of disk, memory or connections (docs/security.md "Availability"), on both
// engines: a write answers 503 with a clear message and Retry-After (never a 500), nothing is
// acknowledged, and /api/health fails at once rather than at a later probe. The full disk is
// simulated by a trigger that raises SQLSTATE 53100 on the written table, as PostgreSQL (and
// PGlite, on its files) raises it while the small write of the health probe still fits; the
// other resource failures the same way with their own SQLSTATE.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";

import { programmePartner, type ProgrammePartner } from "./dashboards-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

const CANNOT_SAVE_MESSAGE = "The service cannot save changes right now. Please try again later.";

let t: TestApp;
let partner: ProgrammePartner;
let address = 0;
const nextIp = () => `10.53.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

/** Every write to `table` fails as a database out of `resource` fails it (SQLSTATE `state`). */
async function failWrites(table: string, state: string): Promise<void> {
  await t.database.query(
    `create or replace function fail_write_for_test() returns trigger language plpgsql as $$
     begin raise exception 'could not extend file: No space left on device' using errcode = '${state}'; end $$`,
  );
  await t.database.query(`drop trigger if exists fail_write on ${table}`);
  await t.database.query(
    `create trigger fail_write before insert or update on ${table}
     for each row execute function fail_write_for_test()`,
  );
}

async function healWrites(table: string): Promise<void> {
  await t.database.query(`drop trigger if exists fail_write on ${table}`);
}

beforeAll(async () => {
  t = await createTestApp();
  await ensureDemoAccounts(t.database.db);
  partner = await programmePartner(t, nextIp);
});
afterAll(async () => {
  await t?.close();
});

describe("a full disk", () => {
  it("answers a write 503 with Retry-After, stores nothing, and fails health at once", async () => {
    expect((await t.app.inject({ url: "/api/health" })).statusCode).toBe(200);
    await failWrites("courses", "53100");
    const write = await partner.browser.call(
      "POST",
      `/api/dashboard/partner/programmes/${partner.courseId}/unpublish`,
    );
    expect(write.statusCode, write.body).toBe(503);
    expect(Number(write.headers["retry-after"])).toBeGreaterThan(0);
    expect(ApiErrorSchema.parse(write.json())).toMatchObject({
      code: "service_unavailable",
      message: CANNOT_SAVE_MESSAGE,
    });
    const { rows } = await t.database.query<{ published: boolean }>(
      "select published from courses where id = $1",
      [partner.courseId],
    );
    expect(rows[0]?.published).toBe(true);
    // The probe's own small write still fits: health fails because a request met the full disk.
    const health = await t.app.inject({ url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.headers["retry-after"]).toBeDefined();
    expect(health.json()).toMatchObject({ status: "error" });

    await healWrites("courses");
    await expect
      .poll(async () => (await t.app.inject({ url: "/api/health" })).statusCode, {
        timeout: 15_000,
        interval: 250,
      })
      .toBe(200);
    const retried = await partner.browser.call(
      "POST",
      `/api/dashboard/partner/programmes/${partner.courseId}/unpublish`,
    );
    expect(retried.statusCode, retried.body).toBe(200);
  });

  for (const [state, name] of [
    ["53100", "disk_full"],
    ["53200", "out_of_memory"],
    ["53300", "too_many_connections"],
    ["58030", "io_error"],
  ] as const) {
    it(`answers ${name} (${state}) on a public write with 503 and Retry-After`, async () => {
      await failWrites("newsletter_subscribers", state);
      try {
        const response = await t.app.inject({
          method: "POST",
          url: "/api/subscription/add",
          payload: { email: `full-${state}@example.com`, first_name: "Ada", last_name: "L" },
          remoteAddress: nextIp(),
        });
        expect(response.statusCode, response.body).toBe(503);
        expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
        expect(ApiErrorSchema.parse(response.json()).message).toBe(CANNOT_SAVE_MESSAGE);
      } finally {
        await healWrites("newsletter_subscribers");
      }
      const { rows } = await t.database.query(
        "select 1 from newsletter_subscribers where email = $1",
        [`full-${state}@example.com`],
      );
      expect(rows).toHaveLength(0);
    });
  }
});
