// buildApp: the whole HTTP server as a plugin tree, read top to bottom (docs/decisions/
// 022-one-home-per-feature.md): the Fastify instance, the services built once, what every
// response gets, then one context per part of the site, each with the hooks that guard it. The
// pages come last: React Router answers whatever no other context serves. index.ts only builds
// and listens; tests call buildApp() and app.inject() with no port.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import cookie from "@fastify/cookie";
import swagger from "@fastify/swagger";
import websocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { ServerBuild } from "react-router";

import type { CatalogueCache } from "@studyatlas/core/catalogue/catalogue-cache.ts";
import type { CatalogueChanges } from "@studyatlas/core/catalogue/catalogue-changes.ts";
import type { FinderIndex } from "@studyatlas/core/finder/finder-index.ts";
import type { DatabaseHandle } from "@studyatlas/db/client.ts";

import type { PageRenderCounts } from "../app/context.ts";
import type { AppConfig } from "./config.ts";
import { apiContext } from "./contexts/api-context.ts";
import { authServiceContext } from "./contexts/auth-service-context.ts";
import { clientBuildContext } from "./contexts/client-build-context.ts";
import { mediaContext } from "./contexts/media-context.ts";
import { referenceContext } from "./contexts/reference-context.ts";
import { pagesContext, type FrontendMode } from "./contexts/pages-context.ts";
import { metricsContext } from "./contexts/metrics-context.ts";
import { createFastify } from "./fastify-instance.ts";
import type { Scheduler } from "./jobs.ts";
import { workerMetricsSource } from "./metrics/cluster-metrics.ts";
import type { Metrics } from "./metrics/metrics.ts";
import { createPageRouteMatcher } from "./metrics/route-label.ts";
import type { RequestSpans } from "./metrics/tracing.ts";
import { registerPlainErrors } from "./plugins/bad-input.ts";
import type { PageReuse } from "./plugins/page-reuse.ts";
import { registerRequestMetrics } from "./plugins/request-metrics.ts";
import { registerPermissionsPolicy } from "./plugins/response-headers.ts";
import { registerSecurityHeaders } from "./plugins/security-headers.ts";
import type { WebhookWorker } from "./routes/api/dashboards/webhook-worker.ts";
import { buildServices, type ServerServices } from "./services.ts";
import type { CatalogueCaches } from "./services/catalogue-caches.ts";
import type { DatabaseWatchdog } from "./services/database-watchdog.ts";

export const WEB_ROOT = fileURLToPath(new URL("..", import.meta.url));

export interface BuildAppOptions {
  /** The whole configuration (config.ts; tests build it with testConfig()). */
  config: AppConfig;
  database: DatabaseHandle;
  frontend?: FrontendMode;
  logger?: boolean;
  /** After repeated failed database probes; the process exits by default (tests observe it). */
  onDatabaseFatal?: (error: unknown) => void;
  /** Where the log goes (tests read it); standard output otherwise. */
  logStream?: { write(line: string): void };
  /** URLs per sitemap file; 50,000 (the sitemaps.org limit) unless a test wants small files. */
  sitemapUrlsPerFile?: number;
  /** A worker of several (WEB_CONCURRENCY): /metrics answers the primary's sum of every process. */
  clusterWorker?: boolean;
  /** OpenTelemetry, when on (metrics/tracing.ts): each request's span is named by its route. */
  tracing?: RequestSpans;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Cached catalogue answers (services/catalogue-caches.ts). */
    catalogueCache: CatalogueCache;
    /** Every in-process cache of catalogue answers (services/catalogue-caches.ts). */
    catalogueCaches: CatalogueCaches;
    /** The one "catalogue changed" event of this process (core's catalogue/catalogue-changes.ts). */
    catalogueChanges: CatalogueChanges;
    /** The finder's in-process index (ADR 011). */
    finderIndex: FinderIndex;
    /** Rendered anonymous pages kept until the catalogue changes (plugins/page-reuse.ts). */
    pageReuse: PageReuse;
    /** Probes the database; index.ts schedules it (services/database-watchdog.ts). */
    databaseWatchdog: DatabaseWatchdog;
    /** Lead webhook deliveries of this process (routes/api/dashboards/webhook-worker.ts). */
    webhooks: WebhookWorker;
    /** How this process's pages were rendered: one pass or the streaming fallback (ADR 018). */
    pageRenders: PageRenderCounts;
    /** Every timer of this process (jobs.ts); stopped when the app closes. */
    scheduler: Scheduler;
    /** The process's metrics (docs/metrics.md); index.ts serves them on METRICS_PORT. */
    metrics: Metrics;
  }
}

/** What the process's own code (index.ts, tests, benchmarks) reads from the app. */
function decorateWithServices(app: FastifyInstance, s: ServerServices): void {
  app.decorate("catalogueCache", s.caches.answers);
  app.decorate("catalogueCaches", s.caches);
  app.decorate("catalogueChanges", s.catalogueChanges);
  app.decorate("finderIndex", s.finderIndex);
  app.decorate("pageReuse", s.pageReuse);
  app.decorate("databaseWatchdog", s.watchdog);
  app.decorate("webhooks", s.webhooks);
  app.decorate("pageRenders", s.pageRenders);
  app.decorate("scheduler", s.scheduler);
  app.decorate("metrics", s.metrics);
}

/** What every response gets, whichever context answers it. */
async function registerEverywhere(
  app: FastifyInstance,
  s: ServerServices,
  frontend: FrontendMode,
  tracing: RequestSpans | undefined,
) {
  registerRequestMetrics(app, s.metrics, tracing);
  registerPlainErrors(app);
  if (frontend.kind === "development") {
    // Vite serves the app's modules and hot updates in development.
    const { default: middie } = await import("@fastify/middie");
    await app.register(middie);
    app.use(frontend.vite.middlewares);
  }
  await registerSecurityHeaders(app, {
    development: frontend.kind === "development",
    googleClientId: s.config.google.clientId,
  });
  registerPermissionsPolicy(app);
  await app.register(cookie);
  // Live chat's upgrades (routes/api/chat/live.ts) and the API's OpenAPI document. A client that
  // breaks the WebSocket protocol (a bad frame, invalid UTF-8, an oversized message) is its own
  // fault, not ours: noted at debug without a stack, and `ws` closes that socket with the code the
  // fault calls for (1002, 1007, 1009).
  await app.register(websocket, {
    options: { maxPayload: 4096 },
    errorHandler: (error, _socket, request) => {
      const { code } = error as { code?: unknown };
      request.log.debug({ reason: error.message, code }, "live socket: client protocol error");
    },
  });
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "StudyAtlas API",
        description: "Catalogue, accounts and discovery API of the StudyAtlas platform.",
        version: "1.0.0",
      },
    },
    transform: jsonSchemaTransform,
  });
}

/** The production build: its client files' context, and the server module itself, loaded once. */
async function productionBuild(app: FastifyInstance, frontend: FrontendMode) {
  if (frontend.kind !== "production") return undefined;
  const buildDirectory = frontend.buildDirectory ?? path.join(WEB_ROOT, "build");
  await app.register(clientBuildContext, { directory: path.join(buildDirectory, "client") });
  // The module, not a loader of it: given a function, React Router derives its request handler
  // again on every request (its routes flattened, ranked and compiled, its static handler made).
  const serverBuild = path.join(buildDirectory, "server/index.js");
  return (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const frontend = options.frontend ?? { kind: "none" };
  const app = createFastify(options);
  const services = await buildServices(app, options);
  decorateWithServices(app, services);
  await registerEverywhere(app, services, frontend, options.tracing);
  await app.register(apiContext, { prefix: "/api", services });
  await app.register(authServiceContext, { prefix: "/auth/v1", services });
  await app.register(mediaContext, { prefix: "/media", services });
  await app.register(referenceContext, { prefix: "/reference", services });
  await app.register(metricsContext, {
    token: options.config.metrics.token,
    source: options.clusterWorker
      ? workerMetricsSource(services.metrics.whole)
      : services.metrics.source,
  });
  const serverBuild = await productionBuild(app, frontend);
  // Pages are counted by their React Router route (metrics/route-label.ts).
  if (serverBuild) services.metrics.pageRoutes = createPageRouteMatcher(serverBuild.routes);
  await app.register(pagesContext, {
    services,
    frontend,
    ...(serverBuild ? { serverBuild } : {}),
    ...(options.sitemapUrlsPerFile ? { sitemapUrlsPerFile: options.sitemapUrlsPerFile } : {}),
  });
  return app;
}
