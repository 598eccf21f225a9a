// Everything a process builds once, before any route: the database's services for routes and
// loaders, the catalogue caches and the finder index with the one catalogue-change event they
// follow, the mailer, the lead webhooks worker, the live chat hub, the database watchdog, the
// scheduler that owns every timer, the auth settings and the metrics that watch them all
// (docs/metrics.md). Each long-lived part is stopped when the app closes (Fastify's onClose; the
// chat hub on preClose, before the sockets' server closes).
import { cachedCatalogue } from "@studyatlas/core/catalogue/cached-catalogue.ts";
import {
  createCatalogueChanges,
  type CatalogueChanges,
} from "@studyatlas/core/catalogue/catalogue-changes.ts";
import { loadOrCreateAuthSecret } from "@studyatlas/core/accounts/auth-secret.ts";
import { openKeyring } from "@studyatlas/core/auth-service/signing-keys.ts";
import type { Mailer } from "@studyatlas/core/accounts/mail-messages.ts";
import { createFinderIndex, type FinderIndex } from "@studyatlas/core/finder/finder-index.ts";
import type { DatabaseHandle } from "@studyatlas/db/client.ts";
import type { FastifyInstance } from "fastify";

import type { AppServices, PageRenderCounts } from "../app/context.ts";
import type { AppConfig } from "./config.ts";
import { createScheduler, type Scheduler } from "./jobs.ts";
import { sessionCookieNames, type AuthSettings } from "./plugins/auth.ts";
import { createOverloadGuard, type OverloadGuard } from "./plugins/overload.ts";
import { createPageReuse, type PageReuse } from "./plugins/page-reuse.ts";
import { createChatHub, type ChatHub } from "./routes/api/chat/chat-hub.ts";
import {
  FORGET_PAST_VISITORS_EVERY_MS,
  FORGET_PAST_VISITORS_JOB,
  forgetPastVisitorsNow,
} from "./routes/api/dashboards/programme-view.ts";
import { createWebhookWorker, type WebhookWorker } from "./routes/api/dashboards/webhook-worker.ts";
import {
  createCatalogueCaches,
  followCatalogueChanges,
  followSynonymChanges,
  type CatalogueCaches,
} from "./services/catalogue-caches.ts";
import { createMetrics, type Metrics } from "./metrics/metrics.ts";
import { createDatabaseWatchdog, type DatabaseWatchdog } from "./services/database-watchdog.ts";
import { scheduleAlerts } from "./services/alert-job.ts";
import { createMailer } from "./services/mail.ts";
import { scheduleNotifications } from "./services/notifications.ts";

export interface ServerServices {
  config: AppConfig;
  database: DatabaseHandle;
  /** What routes and page loaders read (app/context.ts). */
  app: AppServices;
  caches: CatalogueCaches;
  finderIndex: FinderIndex;
  catalogueChanges: CatalogueChanges;
  authSettings: AuthSettings;
  mailer: Mailer;
  webhooks: WebhookWorker;
  chatHub: ChatHub;
  watchdog: DatabaseWatchdog;
  /** Every timer of the process; stopped first when the app closes. */
  scheduler: Scheduler;
  /** The one count of requests in progress, guarded in each context that does work. */
  overload: OverloadGuard;
  /** Signed-out pages kept and answered again (ADR 018); the pages context adds its hooks. */
  pageReuse: PageReuse;
  /** How this process's pages were rendered (ADR 018). */
  pageRenders: PageRenderCounts;
  /** The process's metrics (docs/metrics.md). */
  metrics: Metrics;
}

export interface ServiceOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** After repeated failed database probes; the process exits by default. */
  onDatabaseFatal?: (error: unknown) => void;
}

/** The catalogue's caches, index and change event, listening to other processes' changes. */
async function catalogueServices(app: FastifyInstance, { config, database }: ServiceOptions) {
  const caches = createCatalogueCaches(config, app.log);
  // Built now and again after every catalogue change (ADR 011); until it is, the finder asks SQL.
  // The catalogue's reads go to the read replica when there is one (ADR 048).
  const finderIndex = createFinderIndex(database.read, {
    enabled: config.finderIndex,
    onError: (error) => app.log.error({ err: error }, "The finder index could not be built"),
  });
  await finderIndex.settled();
  app.addHook("onClose", async () => finderIndex.settled());
  const catalogueChanges = createCatalogueChanges(app.log);
  followCatalogueChanges(catalogueChanges, caches, finderIndex);
  followSynonymChanges(catalogueChanges, database.db, app.log);
  const stopListening = await catalogueChanges.listen(database);
  app.addHook("onClose", async () => stopListening());
  return { caches, finderIndex, catalogueChanges };
}

/** How often a process reads the signing keys again, to follow a rotation made elsewhere (ADR 062). */
const SIGNING_KEYS_RELOAD_EVERY_MS = 60_000;

async function authSettingsOf(
  { config, database }: ServiceOptions,
  scheduler: Scheduler,
): Promise<AuthSettings> {
  // Without AUTH_SECRET, every process shares a key kept in the database.
  const secret = config.auth.secret ?? (await loadOrCreateAuthSecret(database.db));
  const { signing } = config.auth;
  // Opened under HS256 too: tokens of keys used before stay valid for their grace period.
  const keyring = await openKeyring(database.db, {
    secret,
    algorithm: signing.algorithm,
    graceMs: signing.graceMs,
    configured: signing.jwtKeys,
  });
  if (!signing.jwtKeys) {
    scheduler.schedule("signing-keys-reload", { everyMs: SIGNING_KEYS_RELOAD_EVERY_MS }, () =>
      keyring.reload(),
    );
  }
  return {
    secret,
    keyring,
    accessTokenTtlSeconds: config.auth.accessTokenTtlSeconds,
    secureCookies: config.auth.secureCookies,
    cookieNames: sessionCookieNames(config.auth.secureCookies),
  };
}

function appServicesOf(
  { config, database }: ServiceOptions,
  catalogue: Awaited<ReturnType<typeof catalogueServices>>,
): AppServices {
  const { caches, finderIndex, catalogueChanges } = catalogue;
  return {
    db: database.db,
    catalogueDb: database.read,
    catalogueCache: caches.answers,
    catalogue: cachedCatalogue(database.read, caches.answers, finderIndex, caches.references),
    finderIndex,
    catalogueChanges,
    databaseKind: database.kind,
    publicBaseUrl: config.publicBaseUrl,
    googleClientId: config.google.clientId ?? null,
    devMailbox: config.devMailbox !== "off",
    siteLinks: config.siteLinks,
    support: config.support,
    schoolImageMaxBytes: config.schoolImageMaxBytes,
  };
}

/** The workers that run beside the requests, each on the scheduler. */
async function workers(app: FastifyInstance, options: ServiceOptions, scheduler: Scheduler) {
  const { config, database } = options;
  // Lead webhooks leave from every process (packages/core/src/dashboards/webhooks.ts).
  const webhooks = createWebhookWorker({
    db: database.db,
    log: app.log,
    allowPrivate: config.webhooksAllowPrivate,
    scheduler,
  });
  app.addHook("onClose", async () => webhooks.stop());
  scheduler.schedule(FORGET_PAST_VISITORS_JOB, { everyMs: FORGET_PAST_VISITORS_EVERY_MS }, () =>
    forgetPastVisitorsNow(database.db),
  );
  const chatHub = createChatHub({
    database,
    log: app.log,
    heartbeatMs: config.chat.heartbeatMs,
    sessionCheckMs: config.chat.sessionCheckMs,
    caps: {
      perUser: config.chat.socketsPerUser,
      perAddress: config.chat.socketsPerAddress,
      total: config.chat.socketsMax,
    },
    scheduler,
  });
  await chatHub.start();
  app.addHook("preClose", async () => chatHub.stop());
  return { webhooks, chatHub };
}

export async function buildServices(
  app: FastifyInstance,
  options: ServiceOptions,
): Promise<ServerServices> {
  const { config, database } = options;
  const metrics = createMetrics();
  const scheduler = createScheduler(app.log, metrics.jobs);
  const catalogue = await catalogueServices(app, options);
  const watchdog = createDatabaseWatchdog({
    db: database.db,
    log: app.log,
    outageLimitMs: config.databaseOutageLimitMs,
    ...(options.onDatabaseFatal ? { onFatal: options.onDatabaseFatal } : {}),
  });
  const running = await workers(app, options, scheduler);
  scheduleAlerts({
    db: database.db,
    config,
    log: app.log,
    scheduler,
    finderIndex: catalogue.finderIndex,
  });
  const authSettings = await authSettingsOf(options, scheduler);
  const overload = createOverloadGuard({ maxConcurrentRequests: config.maxConcurrentRequests });
  metrics.watch({
    database,
    finderIndex: catalogue.finderIndex,
    chatSockets: () => running.chatHub.size(),
    overload,
    queues: true,
    log: app.log,
  });
  const mailer = createMailer(database.db, config.mail, app.log);
  scheduleNotifications(scheduler, {
    db: database.db,
    mailer,
    config: config.notifications,
    publicBaseUrl: config.publicBaseUrl,
    log: app.log,
  });
  // onClose hooks run last registered first: every job stops before the services it uses close.
  app.addHook("onClose", async () => scheduler.stop());
  return {
    config,
    database,
    app: appServicesOf(options, catalogue),
    ...catalogue,
    authSettings,
    mailer,
    ...running,
    watchdog,
    scheduler,
    overload,
    pageReuse: createPageReuse({
      cache: catalogue.caches.pages,
      cookieNames: authSettings.cookieNames,
      enabled: config.pageReuseBytes > 0,
    }),
    pageRenders: { onePass: 0, streamed: 0 },
    metrics,
  };
}
