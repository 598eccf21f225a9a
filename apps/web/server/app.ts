// buildApp: the whole HTTP server as a plugin tree (engineering guide §3.3). External plugins,
// then our services, then the API, then React Router last. index.ts only builds and listens;
// tests call buildApp() and app.inject() with no port.
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import { constants as zlibConstants, type ZlibOptions, type ZstdOptions } from "node:zlib";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import swagger from "@fastify/swagger";
import websocket from "@fastify/websocket";
import Fastify, {
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyRequest,
} from "fastify";
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";

import { cachedCatalogue } from "@studyatlas/core/catalogue/cached-catalogue.ts";
import {
  createCatalogueCache,
  type CatalogueCache,
} from "@studyatlas/core/catalogue/catalogue-cache.ts";
import { loadOrCreateAuthSecret } from "@studyatlas/core/accounts/auth-secret.ts";
import type { DatabaseHandle } from "@studyatlas/db/client.ts";

import {
  appServicesContext,
  requestInfoContext,
  requestSessionContext,
  type AppServices,
  type PageRenderCounts,
} from "../app/context.ts";
import type { AppConfig } from "./config.ts";
import { serializeError, serializeRequest } from "./log-redaction.ts";
import { registerCatalogueCache } from "./plugins/catalogue-cache.ts";
import { registerOverloadGuard } from "./plugins/overload.ts";
import { registerPageReuse, type PageReuse } from "./plugins/page-reuse.ts";
import { reactRouter } from "./plugins/react-router.ts";
import { createFinderIndex, type FinderIndex } from "@studyatlas/core/finder/finder-index.ts";
import {
  registerSessionAuth,
  sessionCookieNames,
  signedInUser,
  type AuthSettings,
} from "./plugins/auth.ts";
import { partnerScope } from "@studyatlas/core/dashboards/organisations.ts";
import { createAnalyticsOverviewCache } from "@studyatlas/core/dashboards/analytics/overview-cache.ts";
import { registerXsrfProtection } from "./plugins/csrf.ts";
import { createMailer } from "./plugins/mail.ts";
import { createDatabaseWatchdog, type DatabaseWatchdog } from "./plugins/database-watchdog.ts";
import { registerApiErrorHandling } from "./plugins/errors.ts";
import { registerJsonBodyParser } from "./plugins/json-body.ts";
import { registerBadInputGuards } from "./plugins/bad-input.ts";
import { registerResponseHeaders } from "./plugins/response-headers.ts";
import { registerAssetHeaders } from "./plugins/asset-headers.ts";
import { registerAfterResponse } from "./plugins/after-response.ts";
import { createWebhookWorker, type WebhookWorker } from "./routes/api/dashboards/webhook-worker.ts";
import { createChatHub } from "./routes/api/chat/chat-hub.ts";
import { createInterestRoutes } from "./routes/api/applications/create-interest.ts";
import { programmeViewRoutes } from "./routes/api/dashboards/programme-view.ts";
import { chatRoutes } from "./routes/api/chat/chats.ts";
import { chatLiveRoutes } from "./routes/api/chat/live.ts";
import { factorRoutes } from "./routes/api/accounts/factors.ts";
import { dashboardDoorRoutes } from "./routes/api/dashboards/sign-in-and-register.ts";
import { partnerDashboardRoutes } from "./routes/api/dashboards/partner.ts";
import { salesDashboardRoutes } from "./routes/api/dashboards/sales.ts";
import { programmeDashboardRoutes } from "./routes/api/dashboards/programmes.ts";
import { schoolProfileRoutes } from "./routes/api/dashboards/school-profile.ts";
import { requireRole } from "./routes/api/dashboards/dashboard-guards.ts";
import { analyticsOverviewRoutes } from "./routes/api/dashboards/analytics-overview.ts";
import { googleRoutes } from "./routes/api/accounts/google.ts";
import { interestRoutes } from "./routes/api/accounts/interests.ts";
import { profileRoutes } from "./routes/api/accounts/profile.ts";
import { recoveryRoutes } from "./routes/api/accounts/recovery.ts";
import { registrationRoutes } from "./routes/api/accounts/registration.ts";
import { tokenRoutes } from "./routes/api/accounts/tokens.ts";
import { contactRoutes } from "./routes/api/contact/contact.ts";
import { catalogueRoutes } from "./routes/api/catalogue/catalogue.ts";
import { finderRoutes } from "./routes/api/finder/finder.ts";
import { healthRoutes } from "./routes/api/health.ts";
import { subscriptionRoutes } from "./routes/api/newsletter/subscription.ts";
import { wishlistRoutes } from "./routes/api/wishlist/wishlists.ts";
import { devMailboxRoutes } from "./routes/dev-mailbox.ts";
import { authServiceRoutes } from "./routes/auth-service/auth-service.ts";
import { mediaRoutes } from "./routes/media.ts";
import { seoRoutes } from "./routes/seo.ts";

/** gzip's and deflate's level, and zstd's (@fastify/compress hands the same options to both). */
const ZLIB_AND_ZSTD_OPTIONS: ZlibOptions & ZstdOptions = {
  level: 4,
  params: { [zlibConstants.ZSTD_c_compressionLevel]: 1 },
};

/** How long a reused page may be answered at most (ADR 018); the catalogue's notice empties it sooner. */
export const PAGE_REUSE_TTL_MS = 60_000;

export const WEB_ROOT = fileURLToPath(new URL("..", import.meta.url));

export type FrontendMode =
  | { kind: "none" }
  | { kind: "production"; buildDirectory?: string }
  | { kind: "development"; vite: ViteDevServer };

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
}

declare module "fastify" {
  interface FastifyRequest {
    cspNonce: string;
  }
  interface FastifyInstance {
    /** Cached catalogue answers (plugins/catalogue-cache.ts). */
    catalogueCache: CatalogueCache;
    /** The finder's in-process index (ADR 011). */
    finderIndex: FinderIndex;
    /** Rendered anonymous pages kept until the catalogue changes (plugins/page-reuse.ts). */
    pageReuse: PageReuse;
    /** Probes the database; index.ts starts its timer (plugins/database-watchdog.ts). */
    databaseWatchdog: DatabaseWatchdog;
    /** Lead webhook deliveries of this process (routes/api/dashboards/webhook-worker.ts). */
    webhooks: WebhookWorker;
    /** How this process's pages were rendered: one pass or the streaming fallback (ADR 018). */
    pageRenders: PageRenderCounts;
  }
}

/** The raw request carries the nonce too, because helmet's directive callbacks see only raw objects. */
type NoncedRequest = { cspNonce?: string };

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const frontend = options.frontend ?? { kind: "none" };
  // The client's address comes from the socket unless TRUST_PROXY names the proxies in front
  // (engineering guide §5): a header any client can write never chooses its rate-limit bucket.
  // A hop count trusts the nearest n proxies, as proxy-addr counts hops.
  const trustProxy: FastifyHttpOptions<Server>["trustProxy"] =
    typeof config.trustProxy === "number"
      ? (
          (hops: number) => (_address: string, hop: number) =>
            hop < hops
        )(config.trustProxy)
      : config.trustProxy;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: serializeRequest, err: serializeError },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy,
    // Slow clients never hold a socket (docs/security.md): the whole request within
    // REQUEST_TIMEOUT_MS, its headers within HEADERS_TIMEOUT_MS (Node checks both every
    // second here rather than every 30 s), an idle keep-alive connection closed after
    // KEEP_ALIVE_TIMEOUT_MS, and a socket silent for longer than a whole request closed too.
    requestTimeout: config.timeouts.request,
    connectionTimeout: config.timeouts.request + config.timeouts.headers,
    keepAliveTimeout: config.timeouts.keepAlive,
    http: { headersTimeout: config.timeouts.headers, connectionsCheckingInterval: 1000 },
    // Query strings: repeated keys become arrays (country=a&country=b).
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Responses are plain JSON.stringify: the zod response schemas document the API (OpenAPI) and
  // the integration tests check every response against them, without paying for it per request.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const catalogueCache = createCatalogueCache({ maxBytes: config.catalogueCacheBytes });
  // The reference lists every page reads, kept until the catalogue changes whatever
  // CATALOGUE_CACHE_MB says (issue 14 item 3): a few small lists.
  const referenceCache = createCatalogueCache({ maxEntries: 64, maxBytes: 4 * 1024 * 1024 });
  // Rendered anonymous pages (issue 14 item 3, ADR 018): PAGE_REUSE_MB, emptied with the others;
  // a minute at most, so the home page's random mix still changes.
  const pageCache = createCatalogueCache({
    maxEntries: 2000,
    maxBytes: config.pageReuseBytes,
    ttlMs: PAGE_REUSE_TTL_MS,
  });
  // Built now and again after every catalogue change (ADR 011); until it is, the finder asks SQL.
  const finderIndex = createFinderIndex(database.db, {
    enabled: config.finderIndex,
    onError: (error) => app.log.error({ err: error }, "The finder index could not be built"),
  });
  await finderIndex.settled();
  app.addHook("onClose", async () => finderIndex.settled());
  const { google } = config;
  const services: AppServices = {
    db: database.db,
    catalogueCache,
    catalogue: cachedCatalogue(database.db, catalogueCache, finderIndex, referenceCache),
    finderIndex,
    databaseKind: database.kind,
    publicBaseUrl: config.publicBaseUrl,
    googleClientId: google.clientId ?? null,
    devMailbox: config.devMailbox,
    siteLinks: config.siteLinks,
    support: config.support,
    schoolImageMaxBytes: config.schoolImageMaxBytes,
  };
  const authSettings: AuthSettings = {
    // Without AUTH_SECRET, every process shares a key kept in the database.
    secret: config.auth.secret ?? (await loadOrCreateAuthSecret(database.db)),
    accessTokenTtlSeconds: config.auth.accessTokenTtlSeconds,
    secureCookies: config.auth.secureCookies,
    cookieNames: sessionCookieNames(config.auth.secureCookies),
  };
  const mailer = createMailer(database.db, config.mail, app.log);
  // Lead webhooks leave from every process (issue 13; packages/core/src/dashboards/webhooks.ts).
  const webhooks = createWebhookWorker({
    db: database.db,
    log: app.log,
    allowPrivate: config.webhooksAllowPrivate,
  });
  app.decorate("webhooks", webhooks);
  app.addHook("onClose", async () => webhooks.stop());
  const watchdog = createDatabaseWatchdog({
    db: database.db,
    log: app.log,
    ...(options.onDatabaseFatal ? { onFatal: options.onDatabaseFatal } : {}),
  });
  app.decorate("databaseWatchdog", watchdog);
  app.addHook("onClose", async () => watchdog.stop());

  // First, so that a shed request costs nothing more (issue 14 item 3).
  registerOverloadGuard(app, { maxConcurrentRequests: config.maxConcurrentRequests });
  registerBadInputGuards(app);
  app.decorate("catalogueCache", catalogueCache);
  app.decorate("finderIndex", finderIndex);
  app.decorateRequest("cspNonce", "");
  app.addHook("onRequest", async (request) => {
    request.cspNonce = randomBytes(16).toString("base64");
    (request.raw as NoncedRequest).cspNonce = request.cspNonce;
  });

  const development = frontend.kind === "development";
  if (frontend.kind === "development") {
    // Vite serves the app's modules and hot updates in development.
    const { default: middie } = await import("@fastify/middie");
    await app.register(middie);
    app.use(frontend.vite.middlewares);
  }
  await app.register(helmet, {
    // Vite's dev client injects inline scripts and opens a WebSocket; the CSP applies in production.
    contentSecurityPolicy: development
      ? false
      : {
          useDefaults: true,
          directives: {
            "script-src": [
              "'self'",
              (request) => `'nonce-${(request as NoncedRequest).cspNonce ?? ""}'`,
              // Google Identity Services, only when Google sign-in is configured.
              ...(google.clientId ? ["https://accounts.google.com/gsi/client"] : []),
            ],
            "img-src": ["'self'", "data:"],
            "frame-src": [
              "https://www.youtube.com",
              "https://www.youtube-nocookie.com",
              ...(google.clientId ? ["https://accounts.google.com/gsi/"] : []),
            ],
            ...(google.clientId
              ? {
                  "connect-src": ["'self'", "https://accounts.google.com/gsi/"],
                  "style-src": [
                    "'self'",
                    "'unsafe-inline'",
                    "https://accounts.google.com/gsi/style",
                  ],
                }
              : {}),
            "frame-ancestors": ["'none'"],
            "upgrade-insecure-requests": null,
          },
        },
    crossOriginEmbedderPolicy: false,
  });
  // Before compression, so that the cache sees (and keeps) the uncompressed JSON.
  await registerCatalogueCache(
    app,
    catalogueCache,
    database,
    () => {
      referenceCache.invalidate();
      pageCache.invalidate();
      finderIndex.invalidate();
    },
    () => finderIndex.vocabularyChanged(),
  );
  // Also before compression: a kept page is the uncompressed body, compressed per request.
  app.decorate(
    "pageReuse",
    registerPageReuse(app, {
      cache: pageCache,
      cookieNames: authSettings.cookieNames,
      enabled: config.pageReuseBytes > 0,
    }),
  );
  // Dynamic answers are compressed per request, so the levels favour speed (bench/RESULTS.md
  // 2026-11-25, later session): on the 209 KB home page brotli 3 takes 0.67 ms for 22.0 KB against
  // brotli 4's 1.00 ms for 20.8 KB, gzip 4 1.02 ms for 25.6 KB against gzip 6's 1.63 ms for 24.3 KB,
  // zstd 1 (preferred when offered) 0.33 ms for 23.4 KB against its default 3's 0.57 ms for 22.3 KB.
  // Built assets are served from their prebuilt, fully compressed copies (ADR 019).
  await app.register(compress, {
    threshold: 1024,
    brotliOptions: {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: 3,
      },
    },
    zlibOptions: ZLIB_AND_ZSTD_OPTIONS,
    // Every answer up to 512 KiB is compressed in one synchronous call (well under a millisecond
    // at these levels) rather than through a zlib stream on the thread pool: on a machine whose
    // cores the server already keeps busy, the stream's set-up cost more than it overlapped.
    // Pages arrive whole (plugins/react-router.ts), so they take this path too.
    syncThreshold: 512 * 1024,
  });
  // Sessions and the XSRF check apply to every route (docs/decisions/006-sessions-and-tokens.md):
  // the XSRF check first, so a forged request never reaches a refresh-token rotation.
  await app.register(cookie);
  registerXsrfProtection(app, {
    secureCookies: authSettings.secureCookies,
    publicBaseUrl: config.publicBaseUrl,
    cookieNames: authSettings.cookieNames,
  });
  registerSessionAuth(app, { db: database.db, settings: authSettings });
  registerResponseHeaders(app, { cookieNames: authSettings.cookieNames });
  registerAssetHeaders(app);
  registerAfterResponse(app);

  // Live chat (issue 11 item 5): before the routes, so it can take their upgrades.
  await app.register(websocket, { options: { maxPayload: 4096 } });
  const chatHub = createChatHub({
    database,
    log: app.log,
    heartbeatMs: config.chat.heartbeatMs,
  });
  await chatHub.start();
  app.addHook("preClose", async () => chatHub.stop());

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

  await app.register(
    async (api) => {
      registerJsonBodyParser(api);
      registerApiErrorHandling(api);
      // A POST without a body validates as an empty object, so its schema names the missing
      // fields (the spec's "This field is required.") instead of "expected object".
      api.addHook("preValidation", async (request) => {
        request.body ??= {};
      });
      await api.register(healthRoutes, { services, watchdog });
      await api.register(catalogueRoutes, { services });
      await api.register(finderRoutes, { services });
      await api.register(programmeViewRoutes, {
        services,
        visitorCountryHeader: config.visitorCountryHeader,
      });
      const accountOptions = { services, auth: authSettings, mailer, google };
      await api.register(tokenRoutes, accountOptions);
      await api.register(registrationRoutes, accountOptions);
      await api.register(recoveryRoutes, accountOptions);
      await api.register(googleRoutes, accountOptions);
      await api.register(interestRoutes, accountOptions);
      await api.register(profileRoutes, accountOptions);
      await api.register(factorRoutes, accountOptions);
      await api.register(wishlistRoutes, { services });
      await api.register(subscriptionRoutes, { services, mailer });
      await api.register(contactRoutes, { services, mailer });
      await api.register(createInterestRoutes, {
        services,
        advisorUserId: config.chat.advisorUserId,
        mailer,
        webhooks,
      });
      await api.register(chatRoutes, { services });
      await api.register(chatLiveRoutes, { hub: chatHub, publicBaseUrl: config.publicBaseUrl });
      await api.register(dashboardDoorRoutes, accountOptions);
      await api.register(partnerDashboardRoutes, {
        services,
        webhooks,
        webhooksAllowPrivate: config.webhooksAllowPrivate,
      });
      await api.register(salesDashboardRoutes, { services, mailer });
      await api.register(programmeDashboardRoutes, { services });
      await api.register(schoolProfileRoutes, {
        services,
        imageMaxBytes: config.schoolImageMaxBytes,
      });
      // The Overview numbers (ADR 015): a partner's organisation's schools, or every school for
      // sales (kept a minute: about 2 s to compute at 100,000 programmes).
      await api.register(analyticsOverviewRoutes, {
        services,
        path: "/dashboard/partner/analytics/overview",
        guard: requireRole("partner"),
        schoolIdsOf: async (request) =>
          (await partnerScope(database.db, signedInUser(request).user.id)).schoolIds,
      });
      await api.register(analyticsOverviewRoutes, {
        services,
        path: "/dashboard/sales/analytics/overview",
        guard: requireRole("sales"),
        schoolIdsOf: async () => null,
        cache: createAnalyticsOverviewCache(),
      });
      api.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
      // Unknown API paths answer JSON 404 here instead of falling through to the web pages.
      api.all("/*", { schema: { hide: true } }, async (request, reply) => {
        return reply.callNotFound();
      });
    },
    { prefix: "/api" },
  );

  // The authentication service (docs/decisions/013-auth-service.md): its own JSON errors and 404s.
  await app.register(authServiceRoutes, {
    prefix: "/auth/v1",
    services,
    auth: authSettings,
    mailer,
    google,
    redirectUrls: config.auth.redirectUrls,
  });

  await app.register(mediaRoutes, { services, prefix: "/media" });
  await app.register(seoRoutes, {
    services,
    ...(options.sitemapUrlsPerFile ? { sitemapUrlsPerFile: options.sitemapUrlsPerFile } : {}),
  });
  if (services.devMailbox) await app.register(devMailboxRoutes, { services, prefix: "/dev" });

  const pageRenders: PageRenderCounts = { onePass: 0, streamed: 0 };
  app.decorate("pageRenders", pageRenders);
  /** What every loader receives: the services, the request's nonce and its session. */
  const getLoadContext = (request: FastifyRequest) => {
    const context = new RouterContextProvider();
    context.set(appServicesContext, services);
    context.set(requestInfoContext, { nonce: request.cspNonce, renders: pageRenders });
    context.set(requestSessionContext, {
      user: request.auth?.user ?? null,
      sessionId: request.auth?.sessionId ?? null,
      pendingSecondFactor: request.pendingSecondFactor
        ? { userId: request.pendingSecondFactor.user.id }
        : null,
    });
    return context;
  };
  if (frontend.kind === "development") {
    const { vite } = frontend;
    await app.register(reactRouter, {
      // Vite compiles the app on demand and serves its files; the build is asked for each request.
      build: () => loadDevelopmentBuild(vite),
      mode: config.env === "production" ? "production" : "development",
      routeOptions: { schema: { hide: true } },
      getLoadContext,
    });
  } else if (frontend.kind === "production") {
    const buildDirectory = frontend.buildDirectory ?? path.join(WEB_ROOT, "build");
    const serverBuild = path.join(buildDirectory, "server/index.js");
    await app.register(reactRouter, {
      // The built server module itself, not a loader of it: given a function, React Router
      // derives its request handler again on every request (its routes flattened, ranked and
      // compiled, its static handler made), about a fifth of a small page's CPU.
      build: (await import(pathToFileURL(serverBuild).href)) as ServerBuild,
      mode: config.env === "production" ? "production" : "development",
      routeOptions: { schema: { hide: true } },
      clientBuildDirectory: path.join(buildDirectory, "client"),
      // The build writes .br and .gz copies of the assets (vite.config.ts, ADR 019).
      staticOptions: { preCompressed: true },
      getLoadContext,
    });
  }

  return app;
}

/** The server build as Vite compiles it in development (its module runner, else ssrLoadModule). */
async function loadDevelopmentBuild(vite: ViteDevServer): Promise<ServerBuild> {
  const id = "virtual:react-router/server-build";
  const ssr = vite.environments.ssr as { runner?: { import(id: string): Promise<unknown> } };
  return (await (ssr.runner ? ssr.runner.import(id) : vite.ssrLoadModule(id))) as ServerBuild;
}
