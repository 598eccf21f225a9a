// The getting-started checklist of a new partner (docs/decisions/056-organisation-membership.md
// "Getting started"), on both engines: each step is done once a member has done it through the
// dashboard's API (the school profile saved, a first programme imported, the lead settings
// changed), and only the organisation's own actions count: another organisation's, or a sales
// agent's linking and approval, tick nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { gettingStarted } from "@studyatlas/core/dashboards/getting-started.ts";

import type { Browser } from "./account-client.ts";
import { programmePartner, type ProgrammePartner } from "./dashboards-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let address = 0;
const nextIp = () => `10.61.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
let a: ProgrammePartner;
let b: ProgrammePartner;

function multipart(data: string) {
  const boundary = "----studyatlas-checklist-boundary";
  return {
    body: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="one.csv"\r\nContent-Type: text/csv\r\n\r\n${data}\r\n--${boundary}--\r\n`,
    ),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** Imports one programme through the preview and the import. */
async function importOne(browser: Browser, code: string) {
  const { rows } = await t.database.query<{ type: string; discipline: string }>(
    `select (select name from programme_types order by id limit 1) as type,
            (select name from disciplines order by id limit 1) as discipline`,
  );
  const file = `Code,Name,Programme type,Duration,Duration unit,Format,Attendance,Start,Tuition fee,Currency,Fee period,Disciplines\r\n${code},Checklist Studies ${code},${rows[0]!.type},1,years,Full-time,On campus,2027-09,9000,EUR,year,${rows[0]!.discipline}\r\n`;
  const form = multipart(file);
  const previewed = await browser.call("POST", "/api/dashboard/partner/programme-import/preview", {
    body: form.body,
    headers: form.headers,
  });
  expect(previewed.statusCode, previewed.body).toBe(200);
  const sha = previewed.json<{ file_sha256: string }>().file_sha256;
  const imported = await browser.call(
    "POST",
    `/api/dashboard/partner/programme-import?file_sha256=${sha}`,
    { body: form.body, headers: form.headers },
  );
  expect(imported.statusCode, imported.body).toBe(200);
  expect(imported.json(), imported.body).toMatchObject({ created: 1, skipped: 0 });
}

beforeAll(async () => {
  t = await createTestApp();
  await ensureDemoAccounts(t.database.db);
  a = await programmePartner(t, nextIp);
  b = await programmePartner(t, nextIp);
});
afterAll(async () => {
  await t?.close();
});

describe("the getting-started checklist", () => {
  it("starts with no step done, whatever sales did (link, approve)", async () => {
    expect(await gettingStarted(t.database.db, a.organisationId)).toEqual({
      schoolProfile: false,
      firstProgramme: false,
      leadDelivery: false,
    });
  });

  it("ticks each step when the organisation's member does it, and only its own", async () => {
    // Another organisation's work ticks nothing here.
    await importOne(b.browser, "B-1");
    const savedB = await b.browser.call("PUT", `/api/dashboard/partner/schools/${b.schoolId}`, {
      body: { about: "Another school.", video: "", city: "Lyon" },
    });
    expect(savedB.statusCode, savedB.body).toBe(200);
    expect(await gettingStarted(t.database.db, a.organisationId)).toEqual({
      schoolProfile: false,
      firstProgramme: false,
      leadDelivery: false,
    });
    expect(await gettingStarted(t.database.db, b.organisationId)).toMatchObject({
      schoolProfile: true,
      firstProgramme: true,
    });

    const saved = await a.browser.call("PUT", `/api/dashboard/partner/schools/${a.schoolId}`, {
      body: { about: "A small college by the sea.", video: "", city: "Brighton" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await gettingStarted(t.database.db, a.organisationId)).toEqual({
      schoolProfile: true,
      firstProgramme: false,
      leadDelivery: false,
    });

    await importOne(a.browser, "A-1");
    expect((await gettingStarted(t.database.db, a.organisationId)).firstProgramme).toBe(true);

    // Saving the registration's lead address unchanged is no choice; a changed one is.
    const unchanged = await a.browser.call("PUT", "/api/dashboard/partner/settings", {
      body: { lead_email: a.email, webhook_url: "" },
    });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect((await gettingStarted(t.database.db, a.organisationId)).leadDelivery).toBe(false);
    const changed = await a.browser.call("PUT", "/api/dashboard/partner/settings", {
      body: { lead_email: `admissions-${a.email}`, webhook_url: "" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await gettingStarted(t.database.db, a.organisationId)).toEqual({
      schoolProfile: true,
      firstProgramme: true,
      leadDelivery: true,
    });
  });
});
