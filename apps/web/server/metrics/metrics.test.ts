import { afterEach, describe, expect, it, vi } from "vitest";

import { createScheduler, type Scheduler } from "../jobs.ts";
import { bearerMatches } from "./metrics-server.ts";
import { createMetrics } from "./metrics.ts";
import { tracesUrl } from "./tracing.ts";

const schedulers: Scheduler[] = [];
afterEach(() => {
  for (const scheduler of schedulers.splice(0)) scheduler.stop();
});

/** The value of one sample line of the exposition, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("metrics", () => {
  it("count requests and their durations by method, route and status class", async () => {
    const metrics = createMetrics();
    const labels = { method: "GET", route: "/course/:slug", status_class: "2xx" };
    metrics.observeRequest(labels, 0.02);
    metrics.observeRequest(labels, 0.3);
    const text = await metrics.whole().metrics();
    const series = 'method="GET",route="/course/:slug",status_class="2xx"';
    expect(sample(text, `studyatlas_http_requests_total{${series}}`)).toBe(2);
    expect(sample(text, `studyatlas_http_request_duration_seconds_count{${series}}`)).toBe(2);
    expect(
      sample(text, `studyatlas_http_request_duration_seconds_bucket{le="0.025",${series}}`),
    ).toBe(1);
    // The process's own (prom-client's defaults) come with every registry.
    expect(text).toContain("process_cpu_user_seconds_total");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });

  it("count the scheduler's runs by job and outcome", async () => {
    const metrics = createMetrics();
    const jobs = createScheduler({ error: vi.fn() }, metrics.jobs);
    schedulers.push(jobs);
    let runs = 0;
    jobs.schedule("works", { everyMs: 1000, runAtStart: true }, () => {
      runs += 1;
    });
    jobs.schedule("fails", { everyMs: 1000, runAtStart: true }, () => {
      throw new Error("no");
    });
    await vi.waitFor(
      async () => {
        const text = await metrics.whole().metrics();
        expect(sample(text, 'studyatlas_job_runs_total{job="works",outcome="success"}')).toBe(runs);
        expect(
          sample(text, 'studyatlas_job_runs_total{job="fails",outcome="failure"}'),
        ).toBeGreaterThanOrEqual(1);
      },
      { timeout: 4000 },
    );
    const text = await metrics.whole().metrics();
    expect(sample(text, 'studyatlas_job_last_success_timestamp_seconds{job="works"}')).toBeCloseTo(
      Date.now() / 1000,
      -1,
    );
    expect(text).not.toContain('job_last_success_timestamp_seconds{job="fails"}');
  });

  it("read a Bearer token only when it is exactly the configured one", () => {
    const token = "t".repeat(40);
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(undefined, token)).toBe(false);
    expect(bearerMatches(token, token)).toBe(false);
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerMatches(`Basic ${token}`, token)).toBe(false);
    expect(bearerMatches("Bearer ", token)).toBe(false);
  });

  it("send traces to the collector's /v1/traces", () => {
    expect(tracesUrl("http://localhost:4318")).toBe("http://localhost:4318/v1/traces");
    expect(tracesUrl("https://otel.example.com/")).toBe("https://otel.example.com/v1/traces");
  });
});
