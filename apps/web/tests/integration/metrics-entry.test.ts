// Metrics and traces from the real server entry (apps/web/server/index.ts; docs/metrics.md,
// docs/decisions/047-metrics-and-traces.md), as an operator runs it:
// - one process, on either engine, with METRICS_PORT and OTEL_EXPORTER_OTLP_ENDPOINT pointed at
//   a small OTLP/HTTP receiver of this test: the loopback listener's counter for a page moves
//   when the page is served, /metrics on the public port is a 404, and the page's span arrives at
//   /v1/traces named by its route;
// - several processes (WEB_CONCURRENCY=2, PostgreSQL only): one scrape of METRICS_PORT, and of the
//   public /metrics with METRICS_TOKEN whichever worker answers, gives the sum of every process.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";

import { ensureBuiltFrontEnd } from "./built-front-end.ts";
import { freePort } from "./free-port.ts";
import { startEntry, waitUntilServing, type Server } from "./server-entry.ts";

const TOKEN = "entry-metrics-token-".padEnd(48, "z");

interface OtlpSpan {
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}

/** A tiny OTLP/HTTP collector: records the spans POSTed to /v1/traces. */
async function startReceiver() {
  const spans: OtlpSpan[] = [];
  const posts: string[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      posts.push(`${request.method} ${request.url} ${request.headers["content-type"]}`);
      if (request.method === "POST" && request.url === "/v1/traces") {
        const payload = JSON.parse(body) as {
          resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const resource of payload.resourceSpans) {
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
        }
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    posts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One GET on a new connection (with several processes, each may reach another worker). */
async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { connection: "close", ...headers } });
  return { status: response.status, body: await response.text() };
}

function sampleOf(text: string, series: string): number | undefined {
  const line = text.split("\n").find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const requests = (route: string) =>
  `studyatlas_http_requests_total{method="GET",route="${route}",status_class="2xx"}`;

async function stop(server: Server | undefined) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 20_000);
  await server.exited;
  clearTimeout(timer);
}

describe("one process with METRICS_PORT and OTEL_EXPORTER_OTLP_ENDPOINT", () => {
  let database: TestDatabase | undefined;
  let folder: string | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let server: Server | undefined;
  let baseUrl = "";
  let metricsUrl = "";

  beforeAll(async () => {
    ensureBuiltFrontEnd();
    receiver = await startReceiver();
    const onEngine: Record<string, string> = {};
    if (process.env.TEST_DB_KIND === "postgres") {
      database = await createTestDatabase();
      onEngine.DATABASE_URL = database.url ?? "";
    } else {
      // PGlite is one process's database: the entry opens (and seeds) its own.
      folder = mkdtempSync(path.join(tmpdir(), "studyatlas-metrics-"));
      Object.assign(onEngine, {
        DATA_DIR: path.join(folder, "data"),
        SEED_COURSES: "60",
        SEED_SCHOOLS: "6",
      });
    }
    const port = await freePort();
    const metricsPort = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    server = startEntry({
      ...onEngine,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      DEMO_ACCOUNTS: "false",
      METRICS_PORT: String(metricsPort),
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_SERVICE_NAME: "studyatlas-test",
      // The SDK's own variable: export every 100 ms rather than every 5 s.
      OTEL_BSP_SCHEDULE_DELAY: "100",
    });
    await waitUntilServing(server, 150_000);
  }, 180_000);

  afterAll(async () => {
    await stop(server);
    await receiver?.close();
    await database?.dispose();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it("counts a served page on the loopback listener, and keeps /metrics off the public port", async () => {
    expect(server?.stdout()).toContain(`Metrics at ${metricsUrl}`);
    const before = await get(metricsUrl);
    expect(before.status).toBe(200);
    const page = await get(`${baseUrl}/countries`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("<html");
    const after = await get(metricsUrl);
    expect(sampleOf(after.body, requests("/countries"))).toBe(
      (sampleOf(before.body, requests("/countries")) ?? 0) + 1,
    );
    // Not on the public port without METRICS_TOKEN: the site's own 404 page.
    const publicMetrics = await get(`${baseUrl}/metrics`);
    expect(publicMetrics.status).toBe(404);
    expect(publicMetrics.body).not.toContain("studyatlas_http_requests_total");
  });

  it("exports a span for a served page to the collector's /v1/traces, named by its route", async () => {
    const page = await get(`${baseUrl}/about`);
    expect(page.status).toBe(200);
    await vi.waitFor(
      () => {
        const span = receiver.spans.find((candidate) =>
          candidate.attributes.some(
            (attribute) => attribute.key === "url.path" && attribute.value.stringValue === "/about",
          ),
        );
        expect(span, receiver.posts.join("\n")).toBeDefined();
        expect(span?.name).toBe("GET /about");
        // SERVER (2): the request this process served.
        expect(span?.kind).toBe(2);
        expect(
          span?.attributes.find((attribute) => attribute.key === "http.route")?.value.stringValue,
        ).toBe("/about");
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(receiver.posts.every((post) => post.startsWith("POST /v1/traces"))).toBe(true);
  });
});

describe.runIf(process.env.TEST_DB_KIND === "postgres")(
  "several processes (WEB_CONCURRENCY=2): one scrape for the machine",
  () => {
    let database: TestDatabase | undefined;
    let server: Server | undefined;
    let baseUrl = "";
    let metricsUrl = "";

    beforeAll(async () => {
      ensureBuiltFrontEnd();
      database = await createTestDatabase();
      const port = await freePort();
      const metricsPort = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
      server = startEntry({
        DATABASE_URL: database.url ?? "",
        PORT: String(port),
        HOST: "127.0.0.1",
        NODE_ENV: "production",
        LOG_LEVEL: "info",
        WEB_CONCURRENCY: "2",
        METRICS_PORT: String(metricsPort),
        METRICS_TOKEN: TOKEN,
      });
      await waitUntilServing(server, 150_000);
    }, 180_000);

    afterAll(async () => {
      await stop(server);
      await database?.dispose();
    }, 60_000);

    it("adds up every worker's requests and index builds, and the primary's jobs", async () => {
      const before = await get(metricsUrl);
      expect(before.status).toBe(200);
      const health = requests("/api/health");
      const start = sampleOf(before.body, health) ?? 0;
      for (let count = 0; count < 8; count += 1) {
        expect((await get(`${baseUrl}/api/health`)).status).toBe(200);
      }
      const after = await get(metricsUrl);
      expect(sampleOf(after.body, health)).toBe(start + 8);
      // Each worker built its own finder index once; the primary holds none.
      expect(sampleOf(after.body, "studyatlas_finder_index_builds_total")).toBe(2);
      // The housekeeping job runs in the primary only, at start.
      expect(
        sampleOf(
          after.body,
          'studyatlas_job_runs_total{job="account-housekeeping",outcome="success"}',
        ),
      ).toBe(1);
      // Series of the whole database are not added up per process.
      expect(
        sampleOf(after.body, 'studyatlas_webhook_deliveries_pending{state="due"}'),
      ).toBeDefined();

      // The public port, whichever worker answers: the same sum, to the Bearer of METRICS_TOKEN.
      for (let count = 0; count < 4; count += 1) {
        const scraped = await get(`${baseUrl}/metrics`, { authorization: `Bearer ${TOKEN}` });
        expect(scraped.status).toBe(200);
        expect(sampleOf(scraped.body, health)).toBe(start + 8);
        expect(sampleOf(scraped.body, "studyatlas_finder_index_builds_total")).toBe(2);
      }
      expect((await get(`${baseUrl}/metrics`)).status).toBe(401);
    });
  },
);
