// Metrics of several app processes on one machine (WEB_CONCURRENCY, ADR 020;
// docs/decisions/047-metrics-and-traces.md): one scrape answers for the whole machine. The primary
// asks every worker for its registry over the cluster's IPC channel and adds them up with its own
// (prom-client's `AggregatorRegistry.aggregate`: counters and histograms summed, the series of the
// whole database by their `max`). The primary serves METRICS_PORT with that sum; a worker asked on
// the public port (METRICS_TOKEN) asks the primary for it, so every worker answers the same.
import cluster, { type Worker } from "node:cluster";

import {
  AggregatorRegistry,
  type MetricObjectWithValues,
  type MetricValue,
  type Registry,
} from "prom-client";

import type { MetricsSource } from "./metrics-server.ts";

type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

const ASK_WORKER = "studyatlas:metrics:worker-request";
const WORKER_ANSWER = "studyatlas:metrics:worker-answer";
const ASK_PRIMARY = "studyatlas:metrics:cluster-request";
const PRIMARY_ANSWER = "studyatlas:metrics:cluster-answer";

/** How long a scrape waits for a worker; one that does not answer is left out of that scrape. */
export const WORKER_ANSWER_MS = 3000;

interface Message {
  type?: unknown;
  id?: unknown;
  metrics?: MetricsJson;
  text?: string;
  error?: string;
}

function isMessage(value: unknown): value is Message {
  return typeof value === "object" && value !== null && "type" in value;
}

let nextId = 0;

/** The registries of the live workers, each within WORKER_ANSWER_MS. */
async function workersMetrics(): Promise<MetricsJson[]> {
  const workers = Object.values(cluster.workers ?? {}).filter(
    (worker): worker is Worker => worker !== undefined && worker.isConnected(),
  );
  const id = `${process.pid}-${(nextId += 1)}`;
  const answers = workers.map(
    (worker) =>
      new Promise<MetricsJson | undefined>((resolve) => {
        const timer = setTimeout(() => finish(undefined), WORKER_ANSWER_MS);
        const onMessage = (message: unknown) => {
          if (isMessage(message) && message.type === WORKER_ANSWER && message.id === id) {
            finish(message.metrics);
          }
        };
        const finish = (metrics: MetricsJson | undefined) => {
          clearTimeout(timer);
          worker.off("message", onMessage);
          worker.off("exit", onExit);
          resolve(metrics);
        };
        const onExit = () => finish(undefined);
        worker.on("message", onMessage);
        worker.once("exit", onExit);
        worker.send({ type: ASK_WORKER, id });
      }),
  );
  return (await Promise.all(answers)).filter((json): json is MetricsJson => json !== undefined);
}

/**
 * The primary's source: every worker's registry and its own, added up. It also answers the
 * workers that are asked on the public port.
 */
export function clusterMetricsSource(primary: () => Registry): MetricsSource {
  const render = async () => {
    const all = [...(await workersMetrics()), await primary().getMetricsAsJSON()];
    return AggregatorRegistry.aggregate(all).metrics();
  };
  cluster.on("message", (worker, message: unknown) => {
    if (!isMessage(message) || message.type !== ASK_PRIMARY) return;
    render().then(
      (text) => worker.send({ type: PRIMARY_ANSWER, id: message.id, text }),
      (error: unknown) =>
        worker.send({ type: PRIMARY_ANSWER, id: message.id, error: (error as Error).message }),
    );
  });
  return { contentType: primary().contentType, render };
}

/**
 * A worker's part: it answers the primary's requests with its registry, and its source (for
 * /metrics on the public port) is the primary's sum.
 */
export function workerMetricsSource(own: () => Registry): MetricsSource {
  process.on("message", (message: unknown) => {
    if (!isMessage(message) || message.type !== ASK_WORKER) return;
    void own()
      .getMetricsAsJSON()
      .then((metrics) => {
        process.send?.({ type: WORKER_ANSWER, id: message.id, metrics });
      });
  });
  const render = () =>
    new Promise<string>((resolve, reject) => {
      const id = `${process.pid}-${(nextId += 1)}`;
      const timer = setTimeout(() => {
        process.off("message", onMessage);
        reject(new Error("The primary process did not answer with the metrics."));
      }, WORKER_ANSWER_MS * 2);
      const onMessage = (message: unknown) => {
        if (!isMessage(message) || message.type !== PRIMARY_ANSWER || message.id !== id) return;
        clearTimeout(timer);
        process.off("message", onMessage);
        if (message.error !== undefined) reject(new Error(message.error));
        else resolve(message.text ?? "");
      };
      process.on("message", onMessage);
      process.send?.({ type: ASK_PRIMARY, id });
    });
  return { contentType: own().contentType, render };
}
