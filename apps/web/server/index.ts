// Entry point: read config, open and migrate the database, seed the demo catalogue on the first
// run only, build the app and listen. `--dev` serves the app through Vite with hot reload.
// WEB_CONCURRENCY > 1 (PostgreSQL only; ADR 020): this process prepares the database once, runs
// the hourly housekeeping and forks that many workers (cluster-primary.ts), each of which runs this
// file again, builds the app and listens on the same port. Every line goes through the one logger
// (logger.ts): the app's once it exists, the process's before and where there is none.
import cluster from "node:cluster";
import { fileURLToPath } from "node:url";

import { demoAccountsLine, ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { advisorExists } from "@studyatlas/core/applications/applications.ts";
import { seedDemoDashboards } from "@studyatlas/core/dashboards/demo-organisations.ts";
import { purgeExpiredAccountRows } from "@studyatlas/core/accounts/housekeeping.ts";
import { openDatabase, type DatabaseHandle } from "@studyatlas/db/client.ts";
import { isCatalogueSeeded, seedCatalogue } from "@studyatlas/db/seed/seed-catalogue.ts";
import { seedSynonyms } from "@studyatlas/db/seed/seed-synonyms.ts";

import type { FrontendMode } from "./contexts/pages-context.ts";
import { runClusterPrimary } from "./cluster-primary.ts";
import { ConfigError, loadProcessConfig, type AppConfig } from "./config.ts";
import { createScheduler, type Scheduler } from "./jobs.ts";
import { createProcessLogger, prettyWanted, type Logger } from "./logger.ts";
import { mailboxStartLine } from "./policies/mailbox-access.ts";
import { clusterMetricsSource } from "./metrics/cluster-metrics.ts";
import { createMetrics } from "./metrics/metrics.ts";
import {
  startMetricsServer,
  type MetricsServer,
  type MetricsSource,
} from "./metrics/metrics-server.ts";
import { startTracing, type Tracing } from "./metrics/tracing.ts";
import { scheduleRatesImport } from "./rates-job.ts";
import { scheduleAnonymousUsersCleanup } from "./anonymous-users-job.ts";
import { PROBE_INTERVAL_MS } from "./services/database-watchdog.ts";

const DEMO_SEED = 42;
const HOUSEKEEPING_JOB = "account-housekeeping";
const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;
/**
 * A shutdown still waiting after this ends the process anyway, before the primary of several
 * (cluster-primary.ts, STOP_TIMEOUT_MS) or a supervisor kills it without a word in the log.
 */
const SHUTDOWN_GRACE_MS = 25_000;

async function seedFirstRun(config: AppConfig, database: DatabaseHandle, log: Logger) {
  log.info(
    `First run: seeding the demo catalogue (${config.seed.courses} programmes, ${config.seed.schools} schools)...`,
  );
  const started = performance.now();
  await seedCatalogue(database, {
    courses: config.seed.courses,
    schools: config.seed.schools,
    seed: DEMO_SEED,
  });
  log.info(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

async function prepareDatabase(config: AppConfig, log: Logger): Promise<DatabaseHandle> {
  const database = await openDatabase(config.database, log);
  await database.migrate();
  const firstRun = !(await isCatalogueSeeded(database));
  if (firstRun) await seedFirstRun(config, database, log);
  // The curated synonyms, into a table no one has edited yet: a database that predates them gets
  // them at its first start (docs/decisions/044-synonyms-as-data.md "Seeding").
  else await seedSynonyms(database);
  // The demo catalogue comes with its demo accounts (README "Demo accounts"): on the first run,
  // and on every development start. DEMO_ACCOUNTS=false leaves them out.
  if (
    config.demoAccounts &&
    (firstRun || config.env === "development") &&
    (await ensureDemoAccounts(database.db)) > 0
  ) {
    log.info(demoAccountsLine());
  }
  // Demo numbers and leads for the demo partner's dashboard, with the demo catalogue.
  if (config.demoAccounts && firstRun) await seedDemoDashboards(database.db);
  if (!(await advisorExists(database.db, config.chat.advisorUserId))) {
    log.warn(
      `No advisor account with user id ${config.chat.advisorUserId} (ADVISOR_USER_ID): applications answer 503 until it exists.`,
    );
  }
  return database;
}

/**
 * Expired rate-limit events, tokens and ended sessions' refresh tokens, now and hourly: by the one
 * process, or by the primary of several (plain deletes, safe anywhere, but once is enough).
 */
function scheduleHousekeeping(scheduler: Scheduler, database: DatabaseHandle): void {
  scheduler.schedule(HOUSEKEEPING_JOB, { everyMs: HOUSEKEEPING_EVERY_MS, runAtStart: true }, () =>
    purgeExpiredAccountRows(database.db),
  );
}

/**
 * Builds the app on the open database, makes SIGTERM and SIGINT close it (Fastify, whose in-flight
 * requests finish and whose scheduled jobs stop, then the database) and listens. The one process,
 * or each worker of several.
 */
async function serve(
  config: AppConfig,
  database: DatabaseHandle,
  frontend: FrontendMode,
  options: { housekeeping: boolean; tracing: Tracing | undefined },
) {
  // Loaded here, not above: the primary of several processes never serves, and does not hold
  // Fastify, React Router and the server build in its memory; and tracing, when configured, is
  // started before node:http's server is.
  const { buildApp } = await import("./app.ts");
  const clusterWorker = cluster.isWorker;
  const app = await buildApp({
    config,
    database,
    frontend,
    clusterWorker,
    ...(options.tracing ? { tracing: options.tracing } : {}),
  });
  let metricsServer: MetricsServer | undefined;
  let closing: Promise<void> | undefined;
  // Once, however many signals come: a worker hears the terminal's SIGINT and its primary's
  // SIGTERM, and a process `npm start` runs as its child (scripts/start.ts) hears the terminal's
  // and its parent's SIGINT. A signal after the first must not end the process before it closes.
  const shutdown = (signal: string) => {
    closing ??= (async () => {
      app.log.info(`${signal}: shutting down`);
      setTimeout(() => {
        app.log.error(`Not closed within ${SHUTDOWN_GRACE_MS / 1000} s of ${signal}; exiting.`);
        process.exit(1);
      }, SHUTDOWN_GRACE_MS).unref();
      await app.close();
      app.log.info(`Closed; scheduled jobs still running: ${app.scheduler.running().length}`);
      await metricsServer?.close();
      await options.tracing?.shutdown().catch(() => undefined);
      await database.close();
      process.exit(0);
    })();
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  if (options.housekeeping) {
    scheduleHousekeeping(app.scheduler, database);
    scheduleRatesImport(app.scheduler, database, config.ratesUrl, app.log);
    scheduleAnonymousUsersCleanup(
      app.scheduler,
      database,
      config.auth.anonymousUsersRetentionMs,
      app.log,
    );
  }
  app.scheduler.schedule("database-probe", { everyMs: PROBE_INTERVAL_MS }, () =>
    app.databaseWatchdog.probe(),
  );
  await app.listen({ port: config.port, host: config.host });
  // One process: its own metrics on METRICS_PORT. Of several, the primary serves their sum.
  if (!clusterWorker) metricsServer = await serveMetrics(config, app.metrics.source, app.log);
  return app;
}

/** Where the e-mails kept in the outbox can be read, after the serving line (ADR 046). */
function logMailbox(config: AppConfig, log: { info: (message: string) => void }): void {
  const line = mailboxStartLine(config.devMailbox, {
    smtpUrl: config.mail.smtpUrl,
    trustProxy: config.trustProxy,
    publicBaseUrl: config.publicBaseUrl,
  });
  if (line) log.info(line);
}

/** METRICS_PORT's listener, when set (docs/decisions/047-metrics-and-traces.md). */
async function serveMetrics(
  config: AppConfig,
  source: MetricsSource,
  log: Pick<Logger, "info" | "error">,
) {
  const { port, host } = config.metrics;
  if (port === undefined) return undefined;
  const server = await startMetricsServer({ port, host, source, log });
  log.info(`Metrics at http://${host.includes(":") ? `[${host}]` : host}:${server.port}/metrics`);
  return server;
}

/** The primary of several processes: housekeeping once, and the workers that serve. */
async function runPrimary(config: AppConfig, database: DatabaseHandle, log: Logger, where: string) {
  const metrics = createMetrics();
  metrics.watch({ database, queues: true, log });
  const scheduler = createScheduler(log, metrics.jobs);
  scheduleHousekeeping(scheduler, database);
  scheduleRatesImport(scheduler, database, config.ratesUrl, log);
  scheduleAnonymousUsersCleanup(scheduler, database, config.auth.anonymousUsersRetentionMs, log);
  // Every worker's metrics and the primary's own, added up (metrics/cluster-metrics.ts).
  const metricsServer = await serveMetrics(config, clusterMetricsSource(metrics.whole), log);
  runClusterPrimary({
    workers: config.webConcurrency,
    exec: fileURLToPath(import.meta.url),
    args: process.argv.slice(2),
    onServing: () => {
      log.info(
        `StudyAtlas is serving ${config.publicBaseUrl} (database: ${where}; ${config.webConcurrency} processes)`,
      );
      logMailbox(config, log);
    },
    onStop: async () => {
      scheduler.stop();
      await metricsServer?.close();
      await database.close();
    },
    log,
  });
}

/** The configuration, or the process ends with one line naming the bad variable. */
function configOrExit(dev: boolean): AppConfig {
  try {
    return loadProcessConfig(dev ? "development" : "production");
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // No LOG_LEVEL to go by: the variable at fault may be that one.
    createProcessLogger("info", { pretty: process.stdout.isTTY === true }).fatal(error.message);
    process.exit(1);
  }
}

async function openOrExit(open: () => Promise<DatabaseHandle>, log: Logger, where: string) {
  try {
    return await open();
  } catch (error) {
    log.fatal(
      { err: error },
      `Could not open the database (${where}): ${(error as Error).message}`,
    );
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const dev = process.argv.includes("--dev");
  const config = configOrExit(dev);
  const log = createProcessLogger(config.logLevel, {
    pretty: prettyWanted(config.logFormat, process.stdout.isTTY === true),
  });
  const where =
    config.database.kind === "postgres"
      ? "PostgreSQL"
      : `embedded PGlite at ${config.database.dataDir}`;

  if (cluster.isWorker) {
    // A worker of several: the primary has migrated and seeded the database already.
    const tracing = await startTracing(config.tracing);
    const database = await openOrExit(() => openDatabase(config.database, log), log, where);
    await serve(config, database, { kind: "production" }, { housekeeping: false, tracing });
    return;
  }
  if (dev && config.webConcurrency > 1) {
    log.info(
      `WEB_CONCURRENCY=${config.webConcurrency} does not apply to the development server: it runs one process.`,
    );
  }
  const database = await openOrExit(() => prepareDatabase(config, log), log, where);
  if (!dev && config.webConcurrency > 1) return runPrimary(config, database, log, where);
  // The primary of several serves nothing: its workers trace their own requests.
  const tracing = await startTracing(config.tracing);

  let frontend: FrontendMode = { kind: "production" };
  if (dev) {
    const { createServer } = await import("vite");
    const { WEB_ROOT } = await import("./app.ts");
    const vite = await createServer({ root: WEB_ROOT, server: { middlewareMode: true } });
    frontend = { kind: "development", vite };
  }
  const app = await serve(config, database, frontend, { housekeeping: true, tracing });
  app.log.info(`StudyAtlas is serving ${config.publicBaseUrl} (database: ${where})`);
  logMailbox(config, app.log);
}

await main();
