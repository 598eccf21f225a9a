// The primary of several app processes on one machine (WEB_CONCURRENCY, ADR 020): it forks the
// workers, which build the app and listen on the same port (node:cluster hands each new
// connection to one of them in turn), replaces a worker that dies, backing off when they keep
// dying, and on SIGTERM or SIGINT stops every worker through its own close path before exiting.
// It serves no request itself. server/index.ts and bench/bench-server.ts run it.
import cluster, { type Worker } from "node:cluster";

import { createProcessLogger } from "./logger.ts";

/** A worker that served this long before it died was not part of a crash loop. */
export const STABLE_MS = 60_000;
/** The longest wait before a replacement, however often workers die. */
export const MAX_RESTART_DELAY_MS = 30_000;
/** How long workers may take to close (in-flight requests, the database) before they are killed. */
export const STOP_TIMEOUT_MS = 30_000;

/**
 * How long to wait before replacing a worker, the `streak`-th to die in a row without one having
 * served STABLE_MS in between: the first at once, then 1 s, 2 s, 4 s ... up to 30 s, so that a
 * crash loop (a database that refuses connections, a broken build) does not spin.
 */
export function restartDelayMs(streak: number): number {
  if (streak <= 1) return 0;
  return Math.min(1000 * 2 ** (streak - 2), MAX_RESTART_DELAY_MS);
}

export interface ClusterPrimaryOptions {
  /** How many workers to keep running. */
  workers: number;
  /** The module every worker runs (it sees `cluster.isWorker`), and its arguments. */
  exec: string;
  args?: string[];
  /** Called once, when every first worker is listening. */
  onServing: () => void;
  /** Called after every worker has exited on a stop signal, before the primary exits. */
  onStop?: () => Promise<void>;
  /** The primary's lines about its workers; the process logger (logger.ts) by default. */
  log?: PrimaryLog;
  stopTimeoutMs?: number;
}

export interface ClusterPrimary {
  /** The workers' process ids now. */
  pids(): number[];
  /** Stops every worker (SIGTERM, then SIGKILL after the time-out), then runs onStop. */
  stop(reason: string): Promise<void>;
}

interface PrimaryLog {
  info(line: string): void;
  error(line: string): void;
}

/** The options with the log chosen. */
type PrimarySettings = ClusterPrimaryOptions & { log: PrimaryLog };

/** What the primary knows of its workers. */
interface Workers {
  live: Set<Worker>;
  /** When each worker first listened. */
  listeningSince: Map<number, number>;
  pendingRestarts: Set<NodeJS.Timeout>;
  /** Every first worker has listened. */
  serving: boolean;
  /** Workers that died in a row, none serving STABLE_MS in between. */
  streak: number;
  stopping: Promise<void> | undefined;
}

function describeExit(code: number | null, signal: string | null): string {
  return signal ? `killed by ${signal}` : `exit code ${code ?? "unknown"}`;
}

function onListening(workers: Workers, options: PrimarySettings) {
  return (worker: Worker) => {
    if (workers.listeningSince.has(worker.id)) return; // another address of the same worker
    workers.listeningSince.set(worker.id, Date.now());
    if (!workers.serving) {
      if (workers.listeningSince.size >= options.workers) {
        workers.serving = true;
        options.onServing();
      }
      return;
    }
    options.log.info(`Worker process ${worker.process.pid} is serving.`);
  };
}

function onExit(
  workers: Workers,
  options: PrimarySettings,
  fork: () => void,
  stop: (reason: string) => Promise<void>,
) {
  return (worker: Worker, code: number | null, signal: string | null) => {
    workers.live.delete(worker);
    const since = workers.listeningSince.get(worker.id);
    workers.listeningSince.delete(worker.id);
    if (workers.stopping) return;
    const how = describeExit(code, signal);
    if (!workers.serving) {
      // A worker that cannot start (the build missing, the port taken, the database refusing)
      // will not start the next time either: say so and stop, rather than loop at boot.
      options.log.error(
        `A worker process (pid ${worker.process.pid}) exited during start-up (${how}); its error is above. Stopping.`,
      );
      void stop("start-up failed").then(() => process.exit(1));
      return;
    }
    if (since !== undefined && Date.now() - since >= STABLE_MS) workers.streak = 0;
    workers.streak += 1;
    const delay = restartDelayMs(workers.streak);
    options.log.error(
      `Worker process ${worker.process.pid} exited unexpectedly (${how}); starting another${delay > 0 ? ` in ${delay / 1000} s (${workers.streak} in a row)` : ""}.`,
    );
    // A restart waits on a timer of its own: a one-off delay, not a repeating job.
    const timer = setTimeout(() => {
      workers.pendingRestarts.delete(timer);
      if (!workers.stopping) fork();
    }, delay);
    workers.pendingRestarts.add(timer);
  };
}

/** Ends every worker through its own close path (SIGTERM), killing the ones that take too long. */
async function stopWorkers(workers: Workers, options: PrimarySettings, reason: string) {
  const { log } = options;
  const stopTimeoutMs = options.stopTimeoutMs ?? STOP_TIMEOUT_MS;
  for (const timer of workers.pendingRestarts) clearTimeout(timer);
  workers.pendingRestarts.clear();
  const { live } = workers;
  if (live.size > 0) {
    log.info(`${reason}: stopping ${live.size} worker process${live.size === 1 ? "" : "es"}.`);
  }
  const exited = [...live].map(
    (worker) =>
      new Promise<void>((resolve) => {
        if (worker.isDead()) return resolve();
        worker.once("exit", () => resolve());
        // The worker's own handler closes Fastify (in-flight requests finish) and the
        // database, then exits.
        worker.process.kill("SIGTERM");
      }),
  );
  const timer = setTimeout(() => {
    for (const worker of live) {
      log.error(
        `Worker process ${worker.process.pid} did not stop within ${stopTimeoutMs / 1000} s; killing it.`,
      );
      worker.process.kill("SIGKILL");
    }
  }, stopTimeoutMs);
  await Promise.all(exited);
  clearTimeout(timer);
  await options.onStop?.();
}

export function runClusterPrimary(given: ClusterPrimaryOptions): ClusterPrimary {
  const options: PrimarySettings = { ...given, log: given.log ?? createProcessLogger("info") };
  const workers: Workers = {
    live: new Set(),
    listeningSince: new Map(),
    pendingRestarts: new Set(),
    serving: false,
    streak: 0,
    stopping: undefined,
  };
  cluster.setupPrimary({ exec: options.exec, args: options.args ?? [] });
  const fork = () => {
    workers.live.add(cluster.fork());
  };
  const stop = (reason: string): Promise<void> => {
    workers.stopping ??= stopWorkers(workers, options, reason);
    return workers.stopping;
  };
  cluster.on("listening", onListening(workers, options));
  cluster.on("exit", onExit(workers, options, fork, stop));

  const onSignal = (signal: NodeJS.Signals) => {
    void stop(signal).then(() => process.exit(0));
  };
  // Every signal: the stop runs once, and a second signal (the terminal's and `npm start`'s parent's
  // SIGINT, scripts/start.ts) must not end the primary before its workers have closed.
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  for (let count = 0; count < options.workers; count += 1) fork();

  return {
    pids: () =>
      [...workers.live].flatMap((worker) => (worker.process.pid ? [worker.process.pid] : [])),
    stop,
  };
}
