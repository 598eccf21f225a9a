// The one place that reads process.env: parsed once at boot by a zod schema. A bad value stops the
// server with one line naming the variable (README "Configuration").
import { availableParallelism } from "node:os";

import { databaseConfigOf, type DatabaseConfig } from "@studyatlas/db/database-config.ts";

import { DEFAULT_SITE_LINKS, type SiteLinks } from "../app/site-links.ts";
import type { GoTrueSettings } from "@studyatlas/core/auth-service/gotrue-settings.ts";
import type { SmsSettings } from "@studyatlas/core/auth-service/sms-settings.ts";
import type { SigningAlgorithm } from "@studyatlas/core/auth-service/signing-keys.ts";
import type { JWK } from "jose";

import { EnvSchema, MAX_WEB_CONCURRENCY, type Env } from "./config-schema.ts";
import { notificationConfigOf, type NotificationConfig } from "./config-schema-notifications.ts";
import { smsSettingsOf } from "./config-schema-sms.ts";
import { webauthnSettingsOf } from "./config-schema-webauthn.ts";
import type { LogFormatSetting } from "./logger.ts";
import { mailboxAccessOf, type MailboxAccess } from "./policies/mailbox-access.ts";

export interface AppConfig {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  /**
   * App processes serving PORT on this machine (WEB_CONCURRENCY, `auto` resolved; ADR 020): more
   * than one only on PostgreSQL. server/index.ts forks them; `--dev` is always one.
   */
  webConcurrency: number;
  database: DatabaseConfig;
  publicBaseUrl: string;
  seed: { courses: number; schools: number };
  logLevel: string;
  /** LOG_FORMAT: pretty lines on a terminal (`auto`), or always JSON, or always pretty. */
  logFormat: LogFormatSetting;
  /** The proxies whose X-Forwarded-For Fastify believes (TRUST_PROXY); false: none. */
  trustProxy: false | number | string[];
  /** Socket limits (REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS), in ms. */
  timeouts: TimeoutConfig;
  /** Bytes of cached catalogue answers per process; 0 = no cache. */
  catalogueCacheBytes: number;
  /** Bytes of reused anonymous pages per process (PAGE_REUSE_MB); 0 = no reuse. */
  pageReuseBytes: number;
  /** The finder's in-process index (FINDER_INDEX, default on). */
  finderIndex: boolean;
  /** Requests in progress past which the process sheds load (MAX_CONCURRENT_REQUESTS). */
  maxConcurrentRequests: number;
  /** How long the database may be away before the process ends (DATABASE_OUTAGE_LIMIT_SECONDS), in ms. */
  databaseOutageLimitMs: number;
  auth: AuthConfig;
  mail: MailConfig;
  google: GoogleConfig;
  /**
   * Who may read /dev/mailbox (DEV_MAILBOX; ADR 046): everyone outside production, this machine
   * only on production's default without SMTP_URL, nobody where the server looks public.
   */
  devMailbox: MailboxAccess;
  /** Where /contact-us messages go, and the address and inbox the contact page shows. */
  support: SupportConfig;
  /** The footer's configurable links (app/site-links.ts). */
  siteLinks: SiteLinks;
  chat: ChatConfig;
  /** The student's notification e-mails and Web Push (ADR 057). */
  notifications: NotificationConfig;
  /** Whether seeding the demo catalogue also creates the demo accounts (DEMO_ACCOUNTS). */
  demoAccounts: boolean;
  /** Whether lead webhooks may post to private addresses (WEBHOOKS_ALLOW_PRIVATE). */
  webhooksAllowPrivate: boolean;
  /** The largest school logo or banner upload, in bytes (SCHOOL_IMAGE_MAX_MB). */
  schoolImageMaxBytes: number;
  /** How often the alert run is offered to this process (ALERTS_INTERVAL_SECONDS), in ms (ADR 053). */
  alertsIntervalMs: number;
  /** The trusted header naming a visitor's country (VISITOR_COUNTRY_HEADER); unset: none. */
  visitorCountryHeader?: string;
  metrics: MetricsConfig;
  tracing: TracingConfig;
  /** Where the daily exchange-rate import reads the ECB's rates (RATES_URL); unset: no import. */
  ratesUrl?: string;
}

/** Where /metrics is served (docs/decisions/047-metrics-and-traces.md); neither: nowhere. */
export interface MetricsConfig {
  /** A port of its own (METRICS_PORT), bound to `host` (METRICS_HOST, loopback by default). */
  port?: number;
  host: string;
  /** On the public port, to `Authorization: Bearer <token>` only (METRICS_TOKEN). */
  token?: string;
}

/** OpenTelemetry traces (docs/decisions/047-metrics-and-traces.md); no endpoint: none. */
export interface TracingConfig {
  /** The OTLP/HTTP collector (OTEL_EXPORTER_OTLP_ENDPOINT); traces go to its /v1/traces. */
  endpoint?: string;
  serviceName: string;
}

export interface ChatConfig {
  /** The advisor every application's chat is opened with (ADVISOR_USER_ID, the spec's 316). */
  advisorUserId: number;
  /** How often live sockets are pinged; one that missed a ping by the next is closed. */
  heartbeatMs: number;
  /** Live sockets one user may hold in one process (CHAT_SOCKETS_PER_USER). */
  socketsPerUser: number;
  /** Live sockets one client address may hold in one process (CHAT_SOCKETS_PER_ADDRESS). */
  socketsPerAddress: number;
  /** Live sockets of one process (CHAT_SOCKETS_MAX; 8 per request slot unless set). */
  socketsMax: number;
  /** How often a live socket's session is checked again (CHAT_SESSION_CHECK_MS). */
  sessionCheckMs: number;
  /** The largest file sent in a chat, in bytes (CHAT_ATTACHMENT_MAX_MB; ADR 058). */
  attachmentMaxBytes: number;
}

export interface TimeoutConfig {
  request: number;
  headers: number;
  keepAlive: number;
}

export interface SupportConfig {
  email: string;
  postalAddress: string;
}

export interface AuthConfig {
  /**
   * HMAC key of the access tokens; the same on every app process. Unset: a random key is created
   * once and kept in the database (auth_secrets), which every process shares.
   */
  secret?: string;
  accessTokenTtlSeconds: number;
  /** Cookies carry Secure when the site is served over https (PUBLIC_BASE_URL). */
  secureCookies: boolean;
  /** The auth service's redirect_to allow list (AUTH_REDIRECT_URLS), besides PUBLIC_BASE_URL. */
  redirectUrls: string[];
  /** Whether an e-mail change needs both addresses' links (GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED). */
  secureEmailChange: boolean;
  /** GoTrue's settings by GoTrue's names (ADR 049). */
  gotrue: GoTrueSettings;
  /** The access tokens' signing keys (ADR 062). */
  signing: SigningConfig;
  /** AUTH_ANONYMOUS_USERS_RETENTION_DAYS, in milliseconds. */
  anonymousUsersRetentionMs: number;
}

export interface SigningConfig {
  algorithm: SigningAlgorithm;
  /** AUTH_SIGNING_KEY_GRACE_SECONDS, at least the access tokens' lifetime. */
  graceMs: number;
  /** GOTRUE_JWT_KEYS: a fixed set instead of the database's. */
  jwtKeys?: JWK[] | undefined;
}

export interface MailConfig {
  /** Unset: messages stay in the outbox table (and the log, and /dev/mailbox outside production). */
  smtpUrl?: string;
  from: string;
}

export interface GoogleConfig {
  /** Unset: Google sign-in is off (its button explains why; the API answers 503). */
  clientId?: string;
  jwksUrl: string;
  /** Google's token endpoint (GOOGLE_TOKEN_URL), for the auth service's redirect sign-in. */
  tokenUrl: string;
  /** Unset: GET /auth/v1/authorize?provider=google answers provider_disabled. */
  clientSecret?: string;
}

/** Unset variables are left out, so a default given here is not overwritten by `undefined`. */
function withoutUnset(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** The configuration of this process, from its own environment (server/index.ts). */
export function loadProcessConfig(defaultNodeEnv: AppConfig["env"]): AppConfig {
  return loadConfig(process.env, defaultNodeEnv);
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/**
 * WEB_CONCURRENCY as a number of processes. Embedded PGlite is one process's database (its files
 * are opened by one process; catalogue and chat notices do not cross processes), so more than one
 * process is refused there, and `auto` means one.
 */
function processesOf(setting: number | "auto", database: DatabaseConfig): number {
  if (setting === "auto") {
    return database.kind === "pglite" ? 1 : Math.min(availableParallelism(), MAX_WEB_CONCURRENCY);
  }
  if (setting > 1 && database.kind === "pglite") {
    throw new ConfigError(
      `Invalid WEB_CONCURRENCY: ${setting} processes need a PostgreSQL server (set DATABASE_URL); the embedded PGlite database serves one process`,
    );
  }
  return setting;
}

/** DATABASE_READ_URL beside DATABASE_URL; a replica of the embedded PGlite cannot be (ADR 048). */
function withReadReplica(database: DatabaseConfig, readUrl: string | undefined): DatabaseConfig {
  if (!readUrl) return database;
  if (database.kind === "pglite") {
    throw new ConfigError(
      "Invalid DATABASE_READ_URL: a read replica needs a PostgreSQL primary (set DATABASE_URL); the embedded PGlite database has no replicas",
    );
  }
  return { ...database, readUrl };
}

/**
 * Parses the environment (the process's own unless given); throws ConfigError whose message names
 * the first bad variable. `defaultNodeEnv` applies when NODE_ENV is unset (`npm start` runs in
 * production, `--dev` in development).
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  defaultNodeEnv?: AppConfig["env"],
): AppConfig {
  const parsed = EnvSchema.safeParse({ NODE_ENV: defaultNodeEnv, ...withoutUnset(env) });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? "environment");
    throw new ConfigError(`Invalid ${variable}: ${issue?.message ?? "invalid value"}`);
  }
  const value = parsed.data;
  const webauthn = webauthnSettingsOf(value);
  if (typeof webauthn === "string") throw new ConfigError(webauthn);
  const sms = smsSettingsOf(value);
  if (typeof sms === "string") throw new ConfigError(sms);
  const database = withReadReplica(databaseConfigOf(value), value.DATABASE_READ_URL);
  const webConcurrency = processesOf(value.WEB_CONCURRENCY, database);
  if (value.METRICS_PORT !== undefined && value.METRICS_PORT === value.PORT) {
    throw new ConfigError(
      "Invalid METRICS_PORT: must differ from PORT (set METRICS_TOKEN to serve /metrics on the public port)",
    );
  }
  const publicBaseUrl = (value.PUBLIC_BASE_URL || `http://localhost:${value.PORT}`).replace(
    /\/+$/,
    "",
  );
  return {
    env: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    webConcurrency,
    database,
    publicBaseUrl,
    seed: { courses: value.SEED_COURSES, schools: value.SEED_SCHOOLS },
    logLevel: value.LOG_LEVEL,
    logFormat: value.LOG_FORMAT,
    trustProxy: value.TRUST_PROXY,
    timeouts: {
      request: value.REQUEST_TIMEOUT_MS,
      // Node requires the header limit to be no longer than the whole request's.
      headers: Math.min(value.HEADERS_TIMEOUT_MS, value.REQUEST_TIMEOUT_MS),
      keepAlive: value.KEEP_ALIVE_TIMEOUT_MS,
    },
    catalogueCacheBytes: value.CATALOGUE_CACHE_MB * 1024 * 1024,
    pageReuseBytes: value.PAGE_REUSE_MB * 1024 * 1024,
    finderIndex: value.FINDER_INDEX === "true",
    maxConcurrentRequests: value.MAX_CONCURRENT_REQUESTS,
    databaseOutageLimitMs: value.DATABASE_OUTAGE_LIMIT_SECONDS * 1000,
    auth: {
      ...(value.AUTH_SECRET ? { secret: value.AUTH_SECRET } : {}),
      accessTokenTtlSeconds: value.ACCESS_TOKEN_TTL_SECONDS,
      secureCookies: publicBaseUrl.startsWith("https:"),
      redirectUrls: value.AUTH_REDIRECT_URLS,
      secureEmailChange: value.GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED === "true",
      signing: {
        algorithm: value.AUTH_SIGNING_ALGORITHM,
        graceMs:
          Math.max(value.AUTH_SIGNING_KEY_GRACE_SECONDS, value.ACCESS_TOKEN_TTL_SECONDS) * 1000,
        ...(value.GOTRUE_JWT_KEYS ? { jwtKeys: value.GOTRUE_JWT_KEYS } : {}),
      },
      anonymousUsersRetentionMs: value.AUTH_ANONYMOUS_USERS_RETENTION_DAYS * 24 * 60 * 60 * 1000,
      gotrue: { ...gotrueSettingsOf(value), ...phonesOf(sms), ...(webauthn ? { webauthn } : {}) },
    },
    mail: { ...(value.SMTP_URL ? { smtpUrl: value.SMTP_URL } : {}), from: value.MAIL_FROM },
    ...(value.RATES_URL ? { ratesUrl: value.RATES_URL } : {}),
    devMailbox: mailboxAccessOf({
      setting: value.DEV_MAILBOX,
      env: value.NODE_ENV,
      smtpUrl: value.SMTP_URL,
      trustProxy: value.TRUST_PROXY,
      publicBaseUrl,
    }),
    google: {
      ...(value.GOOGLE_CLIENT_ID ? { clientId: value.GOOGLE_CLIENT_ID } : {}),
      jwksUrl: value.GOOGLE_JWKS_URL,
      tokenUrl: value.GOOGLE_TOKEN_URL,
      ...(value.GOOGLE_CLIENT_SECRET ? { clientSecret: value.GOOGLE_CLIENT_SECRET } : {}),
    },
    support: { email: value.SUPPORT_EMAIL, postalAddress: value.POSTAL_ADDRESS },
    chat: {
      advisorUserId: value.ADVISOR_USER_ID,
      heartbeatMs: value.CHAT_HEARTBEAT_MS,
      socketsPerUser: value.CHAT_SOCKETS_PER_USER,
      socketsPerAddress: value.CHAT_SOCKETS_PER_ADDRESS,
      socketsMax: value.CHAT_SOCKETS_MAX ?? Math.max(1, 8 * value.MAX_CONCURRENT_REQUESTS),
      sessionCheckMs: value.CHAT_SESSION_CHECK_MS,
      attachmentMaxBytes: value.CHAT_ATTACHMENT_MAX_MB * 1024 * 1024,
    },
    notifications: notificationConfigOf(value, (message) => {
      throw new ConfigError(message);
    }),
    demoAccounts: value.DEMO_ACCOUNTS === "true",
    webhooksAllowPrivate: value.WEBHOOKS_ALLOW_PRIVATE === "true",
    schoolImageMaxBytes: value.SCHOOL_IMAGE_MAX_MB * 1024 * 1024,
    alertsIntervalMs: value.ALERTS_INTERVAL_SECONDS * 1000,
    ...(value.VISITOR_COUNTRY_HEADER ? { visitorCountryHeader: value.VISITOR_COUNTRY_HEADER } : {}),
    ...observabilityOf(value),
    siteLinks: siteLinksOf(value),
  };
}

/** The links of the footer and the pages that link out (the spec's defaults unless set). */
function siteLinksOf(value: Env): AppConfig["siteLinks"] {
  return {
    newsBlog: value.NEWS_BLOG_URL ?? DEFAULT_SITE_LINKS.newsBlog,
    privacyPolicy: value.PRIVACY_POLICY_URL ?? DEFAULT_SITE_LINKS.privacyPolicy,
    termsOfUse: value.TERMS_OF_USE_URL ?? DEFAULT_SITE_LINKS.termsOfUse,
    disclaimer: value.DISCLAIMER_URL ?? DEFAULT_SITE_LINKS.disclaimer,
    social: Object.fromEntries(
      (
        [
          ["facebook", value.SOCIAL_FACEBOOK_URL],
          ["twitter", value.SOCIAL_TWITTER_URL],
          ["instagram", value.SOCIAL_INSTAGRAM_URL],
          ["youtube", value.SOCIAL_YOUTUBE_URL],
          ["tiktok", value.SOCIAL_TIKTOK_URL],
          ["linkedin", value.SOCIAL_LINKEDIN_URL],
        ] as const
      ).filter((entry): entry is readonly [(typeof entry)[0], string] => entry[1] !== undefined),
    ),
  };
}

/** /metrics and the traces (docs/decisions/047-metrics-and-traces.md). */
function observabilityOf(value: Env): Pick<AppConfig, "metrics" | "tracing"> {
  return {
    metrics: {
      ...(value.METRICS_PORT !== undefined ? { port: value.METRICS_PORT } : {}),
      host: value.METRICS_HOST,
      ...(value.METRICS_TOKEN ? { token: value.METRICS_TOKEN } : {}),
    },
    tracing: {
      ...(value.OTEL_EXPORTER_OTLP_ENDPOINT ? { endpoint: value.OTEL_EXPORTER_OTLP_ENDPOINT } : {}),
      serviceName: value.OTEL_SERVICE_NAME,
    },
  };
}

/** The phone settings, absent while phones and the phone factor are off (ADR 064). */
function phonesOf(sms: SmsSettings): Pick<GoTrueSettings, "sms"> {
  return sms.enabled || sms.mfa.enrollEnabled || sms.mfa.verifyEnabled ? { sms } : {};
}

/** GoTrue's settings by GoTrue's names (docs/decisions/049-gotrue-configuration-and-profiles.md). */
function gotrueSettingsOf(value: Env): GoTrueSettings {
  return {
    autoconfirm: value.GOTRUE_MAILER_AUTOCONFIRM === "true",
    disableSignup: value.GOTRUE_DISABLE_SIGNUP === "true",
    passwordMinLength: Math.max(8, value.GOTRUE_PASSWORD_MIN_LENGTH),
    rateLimitVerify: value.GOTRUE_RATE_LIMIT_VERIFY,
    rateLimitTokenRefresh: value.GOTRUE_RATE_LIMIT_TOKEN_REFRESH,
    rateLimitSso: value.GOTRUE_RATE_LIMIT_SSO,
    rateLimitOtp: value.GOTRUE_RATE_LIMIT_OTP,
    smtpMaxFrequencyMs: value.GOTRUE_SMTP_MAX_FREQUENCY,
    anonymousUsers: value.GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED === "true",
    rateLimitAnonymousUsers: value.GOTRUE_RATE_LIMIT_ANONYMOUS_USERS,
    ...(value.GOTRUE_SECURITY_MANUAL_LINKING_ENABLED ? { manualLinking: false } : {}),
    ...(value.GOTRUE_RATE_LIMIT_EMAIL_SENT
      ? { rateLimitEmailSent: value.GOTRUE_RATE_LIMIT_EMAIL_SENT }
      : {}),
    ...(value.GOTRUE_RATE_LIMIT_HEADER ? { rateLimitHeader: value.GOTRUE_RATE_LIMIT_HEADER } : {}),
  };
}
