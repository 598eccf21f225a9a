// Metrics (docs/metrics.md, docs/decisions/047-metrics-and-traces.md) on the real server-rendered
// front end: /metrics is a 404 unless METRICS_TOKEN is set, and then a 401 without that Bearer
// token; a scrape, a page served, a scrape again: the page's counter moved, under its route
// pattern. The series of the process's parts (database queue or pool, finder index, live sockets)
// and the database's queues (webhooks, mail) read what is there. METRICS_PORT's listener answers
// on loopback.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startMetricsServer, type MetricsServer } from "../../server/metrics/metrics-server.ts";
import { ensureBuiltFrontEnd } from "./built-front-end.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

const TOKEN = "metrics-token-".padEnd(48, "x");
const AUTHORIZED = { authorization: `Bearer ${TOKEN}` };

let t: TestApp;
let plain: TestApp;
let slugs: string[];

beforeAll(async () => {
  ensureBuiltFrontEnd();
  t = await createTestApp({ frontend: { kind: "production" }, config: testMetrics() });
  plain = await createTestApp();
  const { rows } = await t.database.query<{ slug: string }>(
    "select slug from courses where published order by id limit 2",
  );
  slugs = rows.map((row) => row.slug);
}, 120_000);
afterAll(async () => {
  await Promise.all([t?.close(), plain?.close()]);
});

function testMetrics() {
  return { metrics: { host: "127.0.0.1", token: TOKEN } };
}

/** Every sample of the exposition text: series (name and labels as written) → value. */
function samples(text: string): Map<string, number> {
  const values = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const space = line.lastIndexOf(" ");
    values.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return values;
}

async function scrape(app: TestApp = t): Promise<Map<string, number>> {
  const response = await app.app.inject({ url: "/metrics", headers: AUTHORIZED });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return samples(response.body);
}

const requests = (route: string, status = "2xx", method = "GET") =>
  `studyatlas_http_requests_total{method="${method}",route="${route}",status_class="${status}"}`;

describe("/metrics on the public port", () => {
  it("is not there without METRICS_TOKEN", async () => {
    const response = await plain.app.inject({ url: "/metrics", headers: AUTHORIZED });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("studyatlas_");
  });

  it("answers 401 without the Bearer token, or with another", async () => {
    for (const headers of [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${Buffer.from(`user:${TOKEN}`).toString("base64")}` },
      { cookie: `token=${TOKEN}` },
    ]) {
      const response = await t.app.inject({ url: "/metrics", headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain("studyatlas_");
    }
  });

  it("counts a served page under its route pattern, not its address", async () => {
    const before = await scrape();
    const first = await t.app.inject({ url: `/course/${slugs[0]}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("text/html; charset=utf-8");
    const second = await t.app.inject({ url: `/course/${slugs[1]}?utm_source=test` });
    expect(second.statusCode).toBe(200);
    const after = await scrape();
    const series = requests("/course/:slug");
    expect(after.get(series)).toBe((before.get(series) ?? 0) + 2);
    const duration = series.replace("requests_total", "request_duration_seconds_count");
    expect(after.get(duration)).toBe((before.get(duration) ?? 0) + 2);
    // No series carries an address.
    for (const name of after.keys()) {
      expect(name).not.toContain(String(slugs[0]));
      expect(name).not.toContain("utm_source");
    }
  });

  it("counts the API by its route pattern, an unknown page under one label, and errors by status", async () => {
    const before = await scrape();
    expect((await t.app.inject({ url: "/api/academics/course/list?page_size=1" })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: "/no/such/page/123" })).statusCode).toBe(404);
    const bad = await t.app.inject({ url: "/api/academics/course/list?page_size=-5" });
    expect(bad.statusCode).toBe(400);
    // A body that is not JSON: an error raised before the handler, answered 400.
    const broken = await t.app.inject({
      method: "POST",
      url: "/api/account/token",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(broken.statusCode, broken.body).toBe(400);
    const after = await scrape();
    const list = requests("/api/academics/course/list");
    expect(after.get(list)).toBe((before.get(list) ?? 0) + 1);
    const notFound = requests("/*", "4xx");
    expect(after.get(notFound)).toBe((before.get(notFound) ?? 0) + 1);
    const invalid = requests("/api/academics/course/list", "4xx");
    expect(after.get(invalid)).toBe((before.get(invalid) ?? 0) + 1);
    const errors = requests("/api/account/token", "4xx", "POST").replace(
      "requests_total",
      "errors_total",
    );
    expect(after.get(errors)).toBe((before.get(errors) ?? 0) + 1);
  });

  it("tells of the database, the finder index, live sockets and the process", async () => {
    await t.app.finderIndex.settled();
    const now = await scrape();
    expect(now.get("studyatlas_finder_index_programmes")).toBeGreaterThan(0);
    expect(now.get("studyatlas_finder_index_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(now.get("studyatlas_finder_index_builds_total")).toBeGreaterThanOrEqual(1);
    expect(now.get("studyatlas_chat_sockets")).toBe(0);
    expect(now.get('studyatlas_db_queued_statements{lane="request"}')).toBeGreaterThanOrEqual(0);
    expect(now.get('studyatlas_db_queued_statements{lane="background"}')).toBeGreaterThanOrEqual(0);
    if (t.database.kind === "postgres") {
      expect(now.get('studyatlas_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    } else {
      expect(now.has('studyatlas_db_pool_connections{state="total"}')).toBe(false);
    }
    expect(now.get("studyatlas_http_requests_in_flight")).toBeGreaterThanOrEqual(0);
    expect(now.get("process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("reads the webhook and mail queues from the database", async () => {
    const before = await scrape();
    const { rows } = await t.database.query<{ id: number }>(
      "insert into organisations (name) values ('Metrics Test School') returning id",
    );
    // Not due for an hour: the webhook worker leaves it waiting.
    await t.database.query(
      `insert into webhook_deliveries (organisation_id, event, url, payload, next_attempt_at)
       values ($1, 'lead.created', 'https://crm.example/hook', '{}', now() + interval '1 hour')`,
      [rows[0]?.id],
    );
    await t.database.query(
      `insert into mail_outbox (to_address, subject, text, html, kind)
       values ('queue@example.com', 'Kept', 'text', '<p>html</p>', 'contact')`,
    );
    const after = await scrape();
    const scheduled = 'studyatlas_webhook_deliveries_pending{state="scheduled"}';
    expect(after.get(scheduled)).toBe((before.get(scheduled) ?? 0) + 1);
    const kept = 'studyatlas_mail_outbox_unsent{reason="kept"}';
    expect(after.get(kept)).toBe((before.get(kept) ?? 0) + 1);
  });
});

describe("METRICS_PORT's listener", () => {
  let server: MetricsServer;
  beforeAll(async () => {
    server = await startMetricsServer({
      port: 0,
      host: "127.0.0.1",
      source: t.app.metrics.source,
      log: { error: () => undefined },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers GET /metrics on loopback, without a token, and nothing else", async () => {
    expect(server.address).toBe("127.0.0.1");
    await t.app.inject({ url: `/course/${slugs[0]}` });
    const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(response.status).toBe(200);
    const values = samples(await response.text());
    expect(values.get(requests("/course/:slug"))).toBeGreaterThanOrEqual(1);
    const other = await fetch(`http://127.0.0.1:${server.port}/course/${slugs[0]}`);
    expect(other.status).toBe(404);
    await other.arrayBuffer();
    const post = await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: "POST" });
    expect(post.status).toBe(405);
    await post.arrayBuffer();
  });
});
