// The process's metrics in Prometheus's format (docs/metrics.md lists every series;
// docs/decisions/047-metrics-and-traces.md): one prom-client registry per app, so that tests may
// build several apps in one process, and prom-client's process metrics once per process. Requests are counted by the hooks of plugins/request-metrics.ts;
// what the process holds (database connections and queue, live sockets, the finder index) and what
// the database holds (webhook and mail queues) is read when a scrape asks. Series of the whole
// database carry the `max` aggregator: every process of a machine reads the same rows, and the
// primary of several (metrics/cluster-metrics.ts) must not add them up.
import type { DatabaseHandle } from "@studyatlas/db/client.ts";
import type { FinderIndex } from "@studyatlas/core/finder/finder-index.ts";
import client, { type Registry } from "prom-client";

import type { JobObserver } from "../jobs.ts";
import type { MetricsSource } from "./metrics-server.ts";
import type { PageRouteMatcher } from "./route-label.ts";

const PREFIX = "studyatlas_";

/** Request durations, in seconds: from a cached answer (a millisecond) to a slow render. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.1, 0.5, 1, 5, 15, 60, 300];

/** The newest outbox rows a scrape looks at: its cost stays bounded however long the outbox grows. */
export const MAIL_ROWS_LOOKED_AT = 10_000;

export interface RequestLabels {
  method: string;
  route: string;
  status_class: string;
}

export interface Metrics {
  registry: Registry;
  /** Counts one answered request and its duration. */
  observeRequest(labels: RequestLabels, seconds: number): void;
  /** Counts an error a handler or hook raised (whatever status it became). */
  observeError(labels: RequestLabels): void;
  /** What the scheduler (jobs.ts) reports of every run. */
  jobs: JobObserver;
  /** Adds the series of what the process holds (database, index, sockets, queues). */
  watch(sources: MetricSources): void;
  /** The app's series and the process's defaults together, as a scrape reads them. */
  whole: () => Registry;
  /** The whole exposition, as the metrics listener and the /metrics route answer it. */
  source: MetricsSource;
  /** The pages' route matcher, once the server build is loaded (app.ts). */
  pageRoutes: PageRouteMatcher | undefined;
}

/** What a scrape reads from the process. Each is optional: the cluster primary has few. */
export interface MetricSources {
  database?: DatabaseHandle;
  finderIndex?: FinderIndex;
  /** Live chat sockets held by this process. */
  chatSockets?: () => number;
  /** Requests in progress, and answered 503 by the overload guard (plugins/overload.ts). */
  overload?: { inFlight(): number; shed(): number };
  /** Read from the database on a scrape: the webhook and mail queues. */
  queues?: boolean;
  /** Where a failed read is told (debug: a scrape during an outage is not news). */
  log?: { debug(details: object, message: string): void };
}

let processMetrics: Registry | undefined;

/**
 * The process metrics prom-client collects by default (CPU, memory, event loop, GC, handles), once
 * per process: each collection starts its own event-loop and GC monitors, which tests that build
 * many apps in one process would pile up.
 */
function defaultMetrics(): Registry {
  if (!processMetrics) {
    processMetrics = new client.Registry();
    client.collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

function requestMetrics(registry: Registry) {
  const labelNames = ["method", "route", "status_class"] as const;
  const requests = new client.Counter({
    name: `${PREFIX}http_requests_total`,
    help: "HTTP requests answered, by method, route pattern and status class.",
    labelNames,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: "Time from a request's arrival to its answer, by method, route pattern and status class.",
    labelNames,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const errors = new client.Counter({
    name: `${PREFIX}http_errors_total`,
    help: "Errors raised while answering a request (a handler or hook threw), by the status they became.",
    labelNames,
    registers: [registry],
  });
  return { requests, duration, errors };
}

function jobMetrics(registry: Registry): JobObserver {
  const runs = new client.Counter({
    name: `${PREFIX}job_runs_total`,
    help: "Runs of the scheduled jobs, by job and outcome (success or failure).",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: `${PREFIX}job_duration_seconds`,
    help: "How long the scheduled jobs' runs took, by job.",
    labelNames: ["job"] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const lastSuccess = new client.Gauge({
    name: `${PREFIX}job_last_success_timestamp_seconds`,
    help: "When each job last ran without failing (Unix time).",
    labelNames: ["job"] as const,
    registers: [registry],
    aggregator: "max",
  });
  return {
    ran(job, outcome, seconds) {
      runs.inc({ job, outcome });
      duration.observe({ job }, seconds);
      if (outcome === "success") lastSuccess.set({ job }, Date.now() / 1000);
    },
  };
}

function overloadMetrics(registry: Registry, overload: NonNullable<MetricSources["overload"]>) {
  new client.Gauge({
    name: `${PREFIX}http_requests_in_flight`,
    help: "Requests this process is working on (the overload guard's count).",
    registers: [registry],
    collect() {
      this.set(overload.inFlight());
    },
  });
  new client.Counter({
    name: `${PREFIX}http_requests_shed_total`,
    help: "Requests answered 503 at once because MAX_CONCURRENT_REQUESTS were in progress.",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(overload.shed());
    },
  });
}

function databaseMetrics(registry: Registry, database: DatabaseHandle) {
  new client.Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: "The PostgreSQL pool's connections, by state (total, idle, in_use); absent on PGlite.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = database.pool;
      if (!pool) return;
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
    },
  });
  new client.Gauge({
    name: `${PREFIX}db_queued_statements`,
    help: "Statements waiting for their turn, by lane (request, background): PGlite's one queue; on PostgreSQL, queries waiting for a pool connection and background statements waiting for theirs.",
    labelNames: ["lane"] as const,
    registers: [registry],
    collect() {
      const queued = database.queued?.();
      if (!queued) return;
      this.set({ lane: "request" }, queued.request);
      this.set({ lane: "background" }, queued.background);
    },
  });
}

function finderIndexMetrics(registry: Registry, finderIndex: FinderIndex) {
  new client.Gauge({
    name: `${PREFIX}finder_index_programmes`,
    help: "Programmes in this process's finder index; 0 while it is (re)built or off (SQL answers).",
    registers: [registry],
    // Of several processes, the one with the fewest: 0 when any of them answers from SQL.
    aggregator: "min",
    collect() {
      this.set(finderIndex.stats().size ?? 0);
    },
  });
  new client.Gauge({
    name: `${PREFIX}finder_index_age_seconds`,
    help: "Seconds since this process's current finder index was installed; absent while there is none.",
    registers: [registry],
    aggregator: "max",
    collect() {
      this.reset();
      const { builtAt, size } = finderIndex.stats();
      if (builtAt !== undefined && size !== undefined) this.set((Date.now() - builtAt) / 1000);
    },
  });
  new client.Counter({
    name: `${PREFIX}finder_index_builds_total`,
    help: "Finder index builds completed by this process since it started.",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(finderIndex.stats().builds);
    },
  });
  new client.Gauge({
    name: `${PREFIX}finder_index_last_build_seconds`,
    help: "How long this process's last finder index build took.",
    registers: [registry],
    aggregator: "max",
    collect() {
      const { lastBuildMs } = finderIndex.stats();
      if (lastBuildMs !== undefined) this.set(lastBuildMs / 1000);
    },
  });
}

interface QueueCounts {
  webhooksPending: number;
  webhooksDue: number;
  mailFailed: number;
  mailKept: number;
}

async function readQueues(database: DatabaseHandle): Promise<QueueCounts> {
  // Deliveries not yet delivered nor given up (a given-up one has no next attempt); `due` ones
  // wait for the webhook worker's next round (packages/core/src/dashboards/webhooks.ts).
  const webhooks = await database.query<{ pending: string | number; due: string | number }>(
    `select count(*) as pending, count(*) filter (where next_attempt_at <= now()) as due
       from webhook_deliveries where delivered_at is null and next_attempt_at is not null`,
  );
  // Unsent messages among the newest outbox rows: failed over SMTP, or kept without SMTP_URL.
  const mail = await database.query<{ failed: string | number; kept: string | number }>(
    `select count(*) filter (where error is not null) as failed,
            count(*) filter (where error is null) as kept
       from (select sent_at, error from mail_outbox order by id desc limit ${MAIL_ROWS_LOOKED_AT}) newest
      where sent_at is null`,
  );
  return {
    webhooksPending: Number(webhooks.rows[0]?.pending ?? 0),
    webhooksDue: Number(webhooks.rows[0]?.due ?? 0),
    mailFailed: Number(mail.rows[0]?.failed ?? 0),
    mailKept: Number(mail.rows[0]?.kept ?? 0),
  };
}

function queueMetrics(registry: Registry, database: DatabaseHandle, sources: MetricSources) {
  // One read per scrape, shared by the gauges that show it.
  let reading: Promise<QueueCounts | undefined> | undefined;
  const counts = () => {
    reading ??= readQueues(database)
      .catch((error: unknown) => {
        sources.log?.debug({ err: error }, "metrics: the queues could not be read");
        return undefined;
      })
      .finally(() => setImmediate(() => (reading = undefined)));
    return reading;
  };
  new client.Gauge({
    name: `${PREFIX}webhook_deliveries_pending`,
    help: "Lead webhook deliveries waiting to be delivered (first attempt or a retry), in the whole database.",
    labelNames: ["state"] as const,
    registers: [registry],
    aggregator: "max",
    async collect() {
      const read = await counts();
      if (!read) return;
      this.set({ state: "due" }, read.webhooksDue);
      this.set({ state: "scheduled" }, read.webhooksPending - read.webhooksDue);
    },
  });
  new client.Gauge({
    name: `${PREFIX}mail_outbox_unsent`,
    help: `Unsent messages among the newest ${MAIL_ROWS_LOOKED_AT} of the mail outbox, by reason: failed (SMTP refused) or kept (no SMTP_URL).`,
    labelNames: ["reason"] as const,
    registers: [registry],
    aggregator: "max",
    async collect() {
      const read = await counts();
      if (!read) return;
      this.set({ reason: "failed" }, read.mailFailed);
      this.set({ reason: "kept" }, read.mailKept);
    },
  });
}

/** What a scrape reads from the process, registered once its parts exist (`Metrics.watch`). */
function watch(registry: Registry, sources: MetricSources): void {
  if (sources.overload) overloadMetrics(registry, sources.overload);
  if (sources.database) databaseMetrics(registry, sources.database);
  const { finderIndex, chatSockets } = sources;
  if (finderIndex) finderIndexMetrics(registry, finderIndex);
  if (chatSockets) {
    new client.Gauge({
      name: `${PREFIX}chat_sockets`,
      help: "Live chat sockets open on this process.",
      registers: [registry],
      collect() {
        this.set(chatSockets());
      },
    });
  }
  if (sources.database && sources.queues) queueMetrics(registry, sources.database, sources);
}

/**
 * A registry with the process's default metrics and the request and job series; `watch` adds
 * the series of the parts a process holds.
 */
export function createMetrics(): Metrics {
  const registry = new client.Registry();
  const whole = () => client.Registry.merge([defaultMetrics(), registry]);
  const requests = requestMetrics(registry);
  return {
    registry,
    observeRequest(labels, seconds) {
      requests.requests.inc(labels);
      requests.duration.observe(labels, seconds);
    },
    observeError(labels) {
      requests.errors.inc(labels);
    },
    jobs: jobMetrics(registry),
    watch: (sources) => watch(registry, sources),
    whole,
    source: { contentType: registry.contentType, render: () => whole().metrics() },
    pageRoutes: undefined,
  };
}
