// Lead webhooks and server-side request forgery (packages/core/src/dashboards/public-address.ts):
// a partner cannot point the signed deliveries at this machine or its network, in any spelling of
// an internal address, nor through a name that answers a public address to the check and a
// private one to the connection; the delivery log shows no network detail. Both engines.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { LookupAddress } from "node:dns";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { partnerScope } from "@studyatlas/core/dashboards/organisations.ts";
import {
  deliverDueWebhooks,
  enqueueTestWebhook,
  savePartnerSettings,
  WEBHOOK_MESSAGES,
} from "@studyatlas/core/dashboards/webhooks.ts";
import type { Resolver } from "@studyatlas/core/dashboards/public-address.ts";

import { registerPartner, type DashboardPartner } from "./dashboards-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let address = 1;
const nextIp = () => `10.16.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

let t: TestApp;
let receiver: Server;
let port: number;
/** Requests that reached the loopback receiver, by Host header. */
const reached: string[] = [];
let partner: DashboardPartner;
let partnerUserId: number;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    reached.push(String(request.headers.host));
    request.resume();
    request.on("end", () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  port = (receiver.address() as AddressInfo).port;

  t = await createTestApp({ config: { webhooksAllowPrivate: false } });
  await ensureDemoAccounts(t.database.db);
  const { rows } = await t.database.query<{ id: number }>(
    `select s.id from schools s where s.published
       and not exists (select 1 from organisation_schools l where l.school_id = s.id)
     order by s.id limit 1`,
  );
  partner = await registerPartner(t, { schoolIds: [Number(rows[0]!.id)], ip: nextIp });
  const { rows: members } = await t.database.query<{ user_id: number }>(
    `select user_id from organisation_members where organisation_id = $1`,
    [partner.organisationId],
  );
  partnerUserId = Number(members[0]!.user_id);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});
beforeEach(async () => {
  reached.length = 0;
  await t.database.query(`delete from webhook_deliveries where organisation_id = $1`, [
    partner.organisationId,
  ]);
});

/** Every spelling of an internal host a partner may type, with this test's receiver port. */
const internalUrls = () => [
  `http://[::ffff:127.0.0.1]:${port}/hook`,
  `http://[::ffff:7f00:1]:${port}/hook`,
  `http://[::7f00:1]:${port}/hook`,
  `http://[::127.0.0.1]:${port}/hook`,
  `http://[64:ff9b::7f00:1]:${port}/hook`,
  `http://[64:ff9b:1::7f00:1]:${port}/hook`,
  `http://[2002:7f00:1::]:${port}/hook`,
  `http://[::ffff:169.254.169.254]/latest/meta-data/`,
  `http://[64:ff9b::a9fe:a9fe]/latest/meta-data/`,
  `http://169.254.169.254/latest/meta-data/`,
  `http://127.0.0.1:${port}/hook`,
  `http://127.1:${port}/hook`,
  `http://2130706433:${port}/hook`,
  `http://0x7f.1:${port}/hook`,
  `http://0177.0.0.1:${port}/hook`,
  `http://0:${port}/hook`,
  `http://0.0.0.0:${port}/hook`,
  `http://[::1]:${port}/hook`,
  `http://[0:0:0:0:0:0:0:1]:${port}/hook`,
  `http://[::]:${port}/hook`,
  `http://[fe80::1]/hook`,
  `http://[fd00::1]/hook`,
  `http://[fec0::1]/hook`,
  `http://10.0.0.1/hook`,
  `http://172.16.0.1/hook`,
  `http://192.168.0.1/hook`,
  `http://100.64.0.1/hook`,
  `http://192.0.0.1/hook`,
  `http://198.18.0.1/hook`,
  `http://192.0.2.1/hook`,
  `http://224.0.0.1/hook`,
  `http://255.255.255.255/hook`,
  `http://localhost:${port}/hook`,
  `http://LOCALHOST.:${port}/hook`,
  `http://hooks.localhost:${port}/hook`,
];

/** A resolver answering `answers` in turn (the last one again once they run out). */
function resolverAnswering(...answers: string[]): Resolver {
  let call = 0;
  return () => {
    const answer = answers[Math.min(call++, answers.length - 1)]!;
    const entry: LookupAddress = { address: answer, family: answer.includes(":") ? 6 : 4 };
    return Promise.resolve([entry]);
  };
}

async function deliveryLog() {
  const log = await partner.browser.call("GET", "/api/dashboard/partner/webhook-deliveries");
  expect(log.statusCode).toBe(200);
  return log.json<{ results: { status: string; last_error: string | null }[] }>().results;
}

describe("webhook URLs on internal addresses", () => {
  it("refuses every internal spelling when saved through the partner API", async () => {
    const forms = internalUrls();
    expect(forms.length).toBeGreaterThanOrEqual(25);
    const accepted: string[] = [];
    for (const webhook_url of forms) {
      const answer = await partner.browser.call("PUT", "/api/dashboard/partner/settings", {
        body: { lead_email: "", webhook_url },
      });
      if (answer.statusCode !== 400) accepted.push(`${webhook_url} -> ${answer.statusCode}`);
      else expect(answer.json()).toMatchObject({ errors: { webhook_url: [expect.any(String)] } });
    }
    expect(accepted).toEqual([]);
    const settings = await partner.browser.call("GET", "/api/dashboard/partner/settings");
    expect(settings.json()).toMatchObject({ webhook_url: null });
  });

  it("does not post a delivery queued for a mapped loopback address", async () => {
    await t.database.query(
      `insert into webhook_deliveries (organisation_id, event, url, payload, next_attempt_at)
       values ($1, 'ping', $2, '{}', now())`,
      [partner.organisationId, `http://[::ffff:7f00:1]:${port}/hook`],
    );
    expect(await deliverDueWebhooks(t.database.db, { allowPrivate: false })).toBe(1);
    expect(reached).toEqual([]);
    expect((await deliveryLog())[0]).toMatchObject({ status: "retrying", last_error: "failed" });
  });

  it("refuses names that resolve to loopback, at save time", async () => {
    const scope = await partnerScope(t.database.db, partnerUserId);
    for (const loopback of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      await expect(
        savePartnerSettings(
          t.database.db,
          scope,
          {
            lead_email: null,
            webhook_url: `https://hooks.partner.test:${port}/hook`,
            userId: partnerUserId,
          },
          { allowPrivate: false, resolver: resolverAnswering(loopback) },
        ),
      ).rejects.toMatchObject({ errors: { webhook_url: [WEBHOOK_MESSAGES.privateUrl] } });
    }
  });

  it("never connects to loopback when the name answers public first, loopback second", async () => {
    const scope = await partnerScope(t.database.db, partnerUserId);
    const resolver = resolverAnswering("203.0.114.10", "127.0.0.1");
    await savePartnerSettings(
      t.database.db,
      scope,
      {
        lead_email: null,
        webhook_url: `https://hooks.partner.test:${port}/hook`,
        userId: partnerUserId,
      },
      { allowPrivate: false, resolver },
    );
    expect(await enqueueTestWebhook(t.database.db, scope)).toBe(true);
    expect(await deliverDueWebhooks(t.database.db, { allowPrivate: false, resolver })).toBe(1);
    expect(reached).toEqual([]);
    expect((await deliveryLog())[0]).toMatchObject({ last_error: "failed" });
  });

  it("connects to the very address the lookup checked", async () => {
    const scope = await partnerScope(t.database.db, partnerUserId);
    const resolver = resolverAnswering("127.0.0.1");
    await savePartnerSettings(
      t.database.db,
      scope,
      {
        lead_email: null,
        webhook_url: `http://hooks.partner.test:${port}/hook`,
        userId: partnerUserId,
      },
      { allowPrivate: true, resolver },
    );
    await enqueueTestWebhook(t.database.db, scope);
    expect(await deliverDueWebhooks(t.database.db, { allowPrivate: true, resolver })).toBe(1);
    expect(reached).toEqual([`hooks.partner.test:${port}`]);
    expect((await deliveryLog())[0]).toMatchObject({ status: "delivered", last_error: null });
  });

  it("logs a closed port and a refused address alike, with no network detail", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    for (const url of [`http://127.0.0.1:${closedPort}/hook`, `http://10.255.255.1/hook`]) {
      await t.database.query(
        `insert into webhook_deliveries (organisation_id, event, url, payload, next_attempt_at)
         values ($1, 'ping', $2, '{}', now())`,
        [partner.organisationId, url],
      );
    }
    // The closed port is tried (private allowed); the private address is refused before any
    // connection: both read "failed".
    await deliverDueWebhooks(t.database.db, { allowPrivate: true, limit: 1 });
    await deliverDueWebhooks(t.database.db, { allowPrivate: false, limit: 1 });
    expect((await deliveryLog()).map((delivery) => delivery.last_error)).toEqual([
      "failed",
      "failed",
    ]);
  });
});
