// Lead webhooks (docs/decisions/016-organisations-and-dashboards.md "Lead delivery"): a local HTTP
// receiver checks the signature; a failing receiver is retried and logged, on both engines.
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { findUserByEmail, markEmailVerified } from "@studyatlas/core/accounts/users.ts";
import {
  decideOrganisation,
  linkSchool,
  organisationOfUser,
  partnerScope,
} from "@studyatlas/core/dashboards/organisations.ts";
import { deliverDueWebhooks, savePartnerSettings } from "@studyatlas/core/dashboards/webhooks.ts";

import { Browser, PASSWORD, uniqueEmail } from "./account-client.ts";
import { apiUser, applicationFor, catalogueIds } from "./chat-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let t: TestApp;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** The receiver answers 500 this many more times before it answers 204. */
let failuresLeft = 0;
let partner: Browser;
let partnerUserId: number;
let courseId: number;
let countries: number[];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        response.writeHead(500).end("down");
      } else response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/leads`;

  t = await createTestApp({ config: { webhooksAllowPrivate: true } });
  await ensureDemoAccounts(t.database.db);
  const { rows } = await t.database.query<{ school_id: number; course_id: number }>(
    `select c.school_id, min(c.id) as course_id from courses c join schools s on s.id = c.school_id
     where c.published and s.published
       and not exists (select 1 from organisation_schools l where l.school_id = c.school_id)
     group by c.school_id order by c.school_id limit 1`,
  );
  courseId = Number(rows[0]!.course_id);
  ({ countries } = await catalogueIds(t.database));

  const email = uniqueEmail("partner");
  partner = new Browser(t.app);
  await partner.call("POST", "/api/account/register_partner", {
    body: {
      first_name: "Pat",
      last_name: "Partner",
      email,
      password: PASSWORD,
      organization: "Hooks",
    },
    ip: "10.15.0.1",
  });
  const user = await findUserByEmail(t.database.db, email);
  partnerUserId = user!.id;
  await markEmailVerified(t.database.db, user!.id);
  const organisation = await organisationOfUser(t.database.db, user!.id);
  const sales = await findUserByEmail(t.database.db, "sales@studyatlas.test");
  await linkSchool(t.database.db, {
    organisationId: organisation!.id,
    schoolId: Number(rows[0]!.school_id),
    salesUserId: sales!.id,
  });
  await decideOrganisation(t.database.db, {
    organisationId: organisation!.id,
    status: "approved",
    salesUserId: sales!.id,
  });
  const signIn = await partner.call("POST", "/api/dashboard/token", {
    body: { email, password: PASSWORD },
    ip: "10.15.0.2",
  });
  expect(signIn.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function apply(): Promise<number> {
  const student = await apiUser(t.app, t.database.db);
  const response = await t.app.inject({
    method: "POST",
    url: "/api/academics/course/create_interest",
    headers: student.headers,
    payload: applicationFor(courseId, countries, { lastName: "Hooked" }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ application_id: number }>().application_id;
}

describe("lead webhooks", () => {
  let secret: string;

  it("saves the webhook URL with a signing secret, and refuses a bad one", async () => {
    for (const webhook_url of [
      "not a url",
      "ftp://example.com/x",
      "https://user:pw@example.com/",
    ]) {
      const refused = await partner.call("PUT", "/api/dashboard/partner/settings", {
        body: { lead_email: "", webhook_url },
      });
      expect(refused.statusCode, webhook_url).toBe(400);
      expect(refused.json()).toMatchObject({ errors: { webhook_url: [expect.any(String)] } });
    }
    const saved = await partner.call("PUT", "/api/dashboard/partner/settings", {
      body: { lead_email: "admissions@example.com", webhook_url: receiverUrl },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = saved.json<{ webhook_secret: string; lead_email: string }>();
    expect(settings.lead_email).toBe("admissions@example.com");
    expect(settings.webhook_secret).toMatch(/^[\w-]{20,}$/);
    secret = settings.webhook_secret;
  });

  it("refuses private addresses unless the deployment allows them (SSRF)", async () => {
    const scope = await partnerScope(t.database.db, partnerUserId);
    for (const url of [
      "http://127.0.0.1:9/x",
      "http://10.0.0.5/x",
      "http://[::1]/x",
      "http://169.254.169.254/latest",
    ]) {
      await expect(
        savePartnerSettings(
          t.database.db,
          scope,
          { lead_email: null, webhook_url: url, userId: partnerUserId },
          { allowPrivate: false },
        ),
      ).rejects.toMatchObject({
        errors: { webhook_url: [expect.stringContaining("not reachable")] },
      });
    }
  });

  it("posts a new lead, signed, to the receiver", async () => {
    const before = received.length;
    const applicationId = await apply();
    await vi.waitFor(() => expect(received.length).toBeGreaterThan(before), {
      timeout: 10_000,
      interval: 20,
    });
    const delivery = received.at(-1)!;
    const signature = String(delivery.headers["studyatlas-signature"]);
    const [, timestamp, digest] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
    expect(digest).toBe(
      createHmac("sha256", secret).update(`${timestamp}.${delivery.body}`).digest("hex"),
    );
    expect(delivery.headers["studyatlas-event"]).toBe("lead.created");
    expect(JSON.parse(delivery.body)).toMatchObject({
      event: "lead.created",
      lead: { id: applicationId, last_name: "Hooked", programme: { id: courseId } },
    });
  });

  it("retries a failing receiver with backoff and logs every attempt", async () => {
    failuresLeft = 1;
    const before = received.length;
    await apply();
    await vi.waitFor(() => expect(received.length).toBe(before + 1), {
      timeout: 10_000,
      interval: 20,
    });
    let log = await partner.call("GET", "/api/dashboard/partner/webhook-deliveries");
    await vi.waitFor(
      async () => {
        log = await partner.call("GET", "/api/dashboard/partner/webhook-deliveries");
        expect(log.json<{ results: { status: string }[] }>().results[0]?.status).toBe("retrying");
      },
      { timeout: 10_000, interval: 20 },
    );
    const retrying = log.json<{
      results: {
        attempts: number;
        last_status: number;
        next_attempt_at: string;
        last_error: string;
      }[];
    }>().results[0]!;
    expect(retrying).toMatchObject({ attempts: 1, last_status: 500 });
    expect(retrying.last_error).toContain("HTTP 500");
    // Not due yet: nothing is sent before the first retry's minute.
    expect(await deliverDueWebhooks(t.database.db, { allowPrivate: true })).toBe(0);
    const minuteLater = Date.parse(retrying.next_attempt_at) + 1000;
    expect(await deliverDueWebhooks(t.database.db, { allowPrivate: true, now: minuteLater })).toBe(
      1,
    );
    expect(received.length).toBe(before + 2);
    log = await partner.call("GET", "/api/dashboard/partner/webhook-deliveries");
    expect(
      log.json<{ results: { status: string; attempts: number }[] }>().results[0],
    ).toMatchObject({
      status: "delivered",
      attempts: 2,
    });
  });

  it("sends a ping on request", async () => {
    const before = received.length;
    const answer = await partner.call("POST", "/api/dashboard/partner/webhook-deliveries/test", {
      body: {},
    });
    expect(answer.statusCode).toBe(202);
    await vi.waitFor(() => expect(received.length).toBe(before + 1), {
      timeout: 10_000,
      interval: 20,
    });
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({ event: "ping" });
  });

  it("closes the settings to other roles", async () => {
    const student = await apiUser(t.app, t.database.db);
    for (const [method, url] of [
      ["GET", "/api/dashboard/partner/settings"],
      ["PUT", "/api/dashboard/partner/settings"],
      ["GET", "/api/dashboard/partner/webhook-deliveries"],
      ["POST", "/api/dashboard/partner/webhook-deliveries/test"],
      ["POST", "/api/dashboard/partner/settings/rotate-secret"],
    ] as const) {
      const answer = await t.app.inject({ method, url, headers: student.headers, payload: {} });
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
