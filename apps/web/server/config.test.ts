import { availableParallelism } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { PRODUCT_GOTRUE_SETTINGS } from "@studyatlas/core/auth-service/gotrue-settings.ts";

import { DEFAULT_SITE_LINKS } from "../app/site-links.ts";

import { DEFAULT_SUPPORT } from "./config-schema.ts";
import { configError } from "./config-error.testing.ts";
import { loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("has defaults for an empty environment: PGlite in ./data on port 3000", () => {
    expect(loadConfig({})).toEqual({
      env: "development",
      port: 3000,
      host: "0.0.0.0",
      webConcurrency: 1,
      database: { kind: "pglite", dataDir: path.resolve("./data") },
      databaseOutageLimitMs: 60_000,
      publicBaseUrl: "http://localhost:3000",
      seed: { courses: 6000, schools: 450 },
      logLevel: "info",
      logFormat: "auto",
      trustProxy: false,
      timeouts: { request: 30_000, headers: 10_000, keepAlive: 5000 },
      catalogueCacheBytes: 64 * 1024 * 1024,
      pageReuseBytes: 32 * 1024 * 1024,
      finderIndex: true,
      maxConcurrentRequests: 256,
      auth: {
        accessTokenTtlSeconds: 900,
        secureCookies: false,
        redirectUrls: [],
        secureEmailChange: true,
        gotrue: PRODUCT_GOTRUE_SETTINGS,
        signing: { algorithm: "HS256", graceMs: 3_600_000 },
        anonymousUsersRetentionMs: 30 * 24 * 60 * 60 * 1000,
      },
      mail: { from: "StudyAtlas <no-reply@studyatlas.local>" },
      google: {
        jwksUrl: "https://www.googleapis.com/oauth2/v3/certs",
        tokenUrl: "https://oauth2.googleapis.com/token",
      },
      devMailbox: "everyone",
      support: DEFAULT_SUPPORT,
      siteLinks: DEFAULT_SITE_LINKS,
      chat: {
        advisorUserId: 316,
        heartbeatMs: 30_000,
        socketsPerUser: 10,
        socketsPerAddress: 50,
        socketsMax: 2048,
        sessionCheckMs: 60_000,
        attachmentMaxBytes: 10 * 1024 * 1024,
      },
      notifications: { replyQuietMs: 600_000, everyMs: 30_000 },
      demoAccounts: true,
      webhooksAllowPrivate: false,
      schoolImageMaxBytes: 5 * 1024 * 1024,
      alertsIntervalMs: 60_000,
      metrics: { host: "127.0.0.1" },
      tracing: { serviceName: "studyatlas" },
    });
  });

  it("reads every variable", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/var/lib/studyatlas",
      PUBLIC_BASE_URL: "https://studyatlas.example/",
      SEED_COURSES: "100",
      SEED_SCHOOLS: "10",
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
      CATALOGUE_CACHE_MB: "0",
      PAGE_REUSE_MB: "0",
      FINDER_INDEX: "false",
      MAX_CONCURRENT_REQUESTS: "32",
      REQUEST_TIMEOUT_MS: "20000",
      HEADERS_TIMEOUT_MS: "4000",
      KEEP_ALIVE_TIMEOUT_MS: "65000",
      ADVISOR_USER_ID: "42",
      CHAT_HEARTBEAT_MS: "15000",
      CHAT_SOCKETS_PER_USER: "5",
      CHAT_SOCKETS_PER_ADDRESS: "30",
      CHAT_SESSION_CHECK_MS: "20000",
      DATABASE_OUTAGE_LIMIT_SECONDS: "30",
      DEMO_ACCOUNTS: "false",
      WEBHOOKS_ALLOW_PRIVATE: "true",
      SCHOOL_IMAGE_MAX_MB: "2",
      ALERTS_INTERVAL_SECONDS: "300",
      CHAT_ATTACHMENT_MAX_MB: "3",
      METRICS_PORT: "9464",
      METRICS_HOST: "10.0.0.5",
      METRICS_TOKEN: "m".repeat(40),
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://otel-collector:4318",
      OTEL_SERVICE_NAME: "studyatlas-eu",
      NOTIFY_REPLY_QUIET_MS: "300000",
      NOTIFY_EVERY_MS: "5000",
    });
    expect(config).toEqual({
      env: "production",
      port: 8080,
      host: "127.0.0.1",
      webConcurrency: 1,
      database: { kind: "pglite", dataDir: "/var/lib/studyatlas" },
      databaseOutageLimitMs: 30_000,
      publicBaseUrl: "https://studyatlas.example",
      seed: { courses: 100, schools: 10 },
      logLevel: "warn",
      logFormat: "json",
      trustProxy: false,
      timeouts: { request: 20_000, headers: 4000, keepAlive: 65_000 },
      catalogueCacheBytes: 0,
      pageReuseBytes: 0,
      finderIndex: false,
      maxConcurrentRequests: 32,
      auth: {
        accessTokenTtlSeconds: 900,
        secureCookies: true,
        redirectUrls: [],
        secureEmailChange: true,
        gotrue: PRODUCT_GOTRUE_SETTINGS,
        signing: { algorithm: "HS256", graceMs: 3_600_000 },
        anonymousUsersRetentionMs: 30 * 24 * 60 * 60 * 1000,
      },
      mail: { from: "StudyAtlas <no-reply@studyatlas.local>" },
      google: {
        jwksUrl: "https://www.googleapis.com/oauth2/v3/certs",
        tokenUrl: "https://oauth2.googleapis.com/token",
      },
      devMailbox: "off",
      support: DEFAULT_SUPPORT,
      siteLinks: DEFAULT_SITE_LINKS,
      chat: {
        advisorUserId: 42,
        heartbeatMs: 15_000,
        socketsPerUser: 5,
        socketsPerAddress: 30,
        // 8 per request slot when CHAT_SOCKETS_MAX is unset.
        socketsMax: 256,
        sessionCheckMs: 20_000,
        attachmentMaxBytes: 3 * 1024 * 1024,
      },
      notifications: { replyQuietMs: 300_000, everyMs: 5000 },
      demoAccounts: false,
      webhooksAllowPrivate: true,
      schoolImageMaxBytes: 2 * 1024 * 1024,
      alertsIntervalMs: 300_000,
      metrics: { port: 9464, host: "10.0.0.5", token: "m".repeat(40) },
      tracing: { endpoint: "http://otel-collector:4318", serviceName: "studyatlas-eu" },
    });
  });

  it("reads the support inbox and the footer links", () => {
    const config = loadConfig({
      SUPPORT_EMAIL: "help@studyatlas.example",
      POSTAL_ADDRESS: "1 Main Street, Utrecht",
      NEWS_BLOG_URL: "https://blog.studyatlas.example",
      PRIVACY_POLICY_URL: "https://legal.studyatlas.example/privacy",
      TERMS_OF_USE_URL: "/legal/terms",
      DISCLAIMER_URL: "",
      SOCIAL_FACEBOOK_URL: "https://www.facebook.com/studyatlas",
      SOCIAL_LINKEDIN_URL: "https://www.linkedin.com/company/studyatlas",
    });
    expect(config.support).toEqual({
      email: "help@studyatlas.example",
      postalAddress: "1 Main Street, Utrecht",
    });
    expect(config.siteLinks).toEqual({
      newsBlog: "https://blog.studyatlas.example",
      privacyPolicy: "https://legal.studyatlas.example/privacy",
      termsOfUse: "/legal/terms",
      disclaimer: "/disclaimer",
      social: {
        facebook: "https://www.facebook.com/studyatlas",
        linkedin: "https://www.linkedin.com/company/studyatlas",
      },
    });
  });

  it.each([
    ["ADVISOR_USER_ID", "0"],
    ["CHAT_HEARTBEAT_MS", "10"],
    ["CHAT_SOCKETS_PER_USER", "0"],
    ["CHAT_SOCKETS_MAX", "lots"],
    ["DATABASE_OUTAGE_LIMIT_SECONDS", "0"],
    ["GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED", "maybe"],
    ["GOTRUE_MAILER_AUTOCONFIRM", "yes"],
    ["GOTRUE_DISABLE_SIGNUP", "1"],
    ["GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED", "yes"],
    ["GOTRUE_RATE_LIMIT_ANONYMOUS_USERS", "0"],
    ["AUTH_SIGNING_ALGORITHM", "PS256"],
    ["AUTH_SIGNING_KEY_GRACE_SECONDS", "an hour"],
    ["GOTRUE_JWT_KEYS", "{not json"],
    ["GOTRUE_JWT_KEYS", '[{"kty":"OKP"}]'],
    ["AUTH_ANONYMOUS_USERS_RETENTION_DAYS", "-3"],
    ["GOTRUE_SECURITY_MANUAL_LINKING_ENABLED", "true"],
    ["GOTRUE_PASSWORD_MIN_LENGTH", "200"],
    ["GOTRUE_PASSWORD_MIN_LENGTH", "six"],
    ["GOTRUE_RATE_LIMIT_VERIFY", "0"],
    ["GOTRUE_RATE_LIMIT_TOKEN_REFRESH", "lots"],
    ["GOTRUE_RATE_LIMIT_SSO", "-1"],
    ["GOTRUE_RATE_LIMIT_OTP", "0.5"],
    ["GOTRUE_RATE_LIMIT_EMAIL_SENT", "10/fortnight"],
    ["GOTRUE_RATE_LIMIT_HEADER", "X Real IP"],
    ["GOTRUE_SMTP_MAX_FREQUENCY", "a minute"],
    ["DEMO_ACCOUNTS", "maybe"],
    ["WEBHOOKS_ALLOW_PRIVATE", "yes"],
    ["ALERTS_INTERVAL_SECONDS", "0"],
    ["ALERTS_INTERVAL_SECONDS", "100000"],
    ["CHAT_ATTACHMENT_MAX_MB", "26"],
    ["CHAT_ATTACHMENT_MAX_MB", "big"],
    ["SUPPORT_EMAIL", "not-an-address"],
    ["NEWS_BLOG_URL", "blog.example.com"],
    ["TERMS_OF_USE_URL", "//evil.example/terms"],
    ["SOCIAL_TWITTER_URL", "javascript:alert(1)"],
    ["METRICS_PORT", "70000"],
    ["METRICS_TOKEN", "short"],
    ["METRICS_TOKEN", `${"a".repeat(20)} ${"b".repeat(20)}`],
    ["OTEL_EXPORTER_OTLP_ENDPOINT", "otel-collector:4318"],
  ])("rejects %s=%j naming the variable", (variable, value) => {
    expect(configError({ [variable]: value }).message).toMatch(new RegExp(`^Invalid ${variable}`));
  });

  it("refuses METRICS_PORT on the public port, and leaves /metrics unserved without a port or token", () => {
    expect(configError({ PORT: "8080", METRICS_PORT: "8080" }).message).toMatch(
      /^Invalid METRICS_PORT: must differ from PORT/,
    );
    expect(loadConfig({ METRICS_TOKEN: "  " }).metrics).toEqual({ host: "127.0.0.1" });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "" }).tracing).toEqual({
      serviceName: "studyatlas",
    });
  });

  it("reads RATES_URL, a URL or an absolute file path; unset or empty means no rates import", () => {
    const url = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml";
    expect(loadConfig({ RATES_URL: url }).ratesUrl).toBe(url);
    expect(loadConfig({ RATES_URL: " /srv/rates/eurofxref.csv " }).ratesUrl).toBe(
      "/srv/rates/eurofxref.csv",
    );
    expect(loadConfig({ RATES_URL: "" }).ratesUrl).toBeUndefined();
    expect(loadConfig({}).ratesUrl).toBeUndefined();
  });

  it("reads the account variables", () => {
    const config = loadConfig({
      AUTH_SECRET: "s".repeat(40),
      ACCESS_TOKEN_TTL_SECONDS: "300",
      SMTP_URL: "smtp://user:pass@mail.example:587",
      MAIL_FROM: "Team <team@example.com>",
      GOOGLE_CLIENT_ID: "abc.apps.googleusercontent.com",
      GOOGLE_JWKS_URL: "http://127.0.0.1:9999/certs",
      DEV_MAILBOX: "false",
    });
    expect(config.auth).toEqual({
      secret: "s".repeat(40),
      accessTokenTtlSeconds: 300,
      secureCookies: false,
      redirectUrls: [],
      secureEmailChange: true,
      gotrue: PRODUCT_GOTRUE_SETTINGS,
      signing: { algorithm: "HS256", graceMs: 3_600_000 },
      anonymousUsersRetentionMs: 30 * 24 * 60 * 60 * 1000,
    });
    expect(config.mail).toEqual({
      smtpUrl: "smtp://user:pass@mail.example:587",
      from: "Team <team@example.com>",
    });
    expect(config.google).toEqual({
      clientId: "abc.apps.googleusercontent.com",
      jwksUrl: "http://127.0.0.1:9999/certs",
      tokenUrl: "https://oauth2.googleapis.com/token",
    });
    expect(config.devMailbox).toBe("off");
  });

  it.each(["abc", "70000", "0", "-1", "80.5", "65536"])("rejects PORT=%j naming PORT", (value) => {
    expect(configError({ PORT: value }).message).toMatch(/^Invalid PORT/);
  });

  it("refuses socket timeouts of none or of hours, and keeps the header limit within the request's", () => {
    expect(configError({ REQUEST_TIMEOUT_MS: "0" }).message).toContain(
      "REQUEST_TIMEOUT_MS: must be from 1000 to 600000",
    );
    expect(configError({ KEEP_ALIVE_TIMEOUT_MS: "7200000" }).message).toContain(
      "KEEP_ALIVE_TIMEOUT_MS: must be from 1000 to 600000",
    );
    expect(
      loadConfig({ REQUEST_TIMEOUT_MS: "5000", HEADERS_TIMEOUT_MS: "60000" }).timeouts,
    ).toEqual({ request: 5000, headers: 5000, keepAlive: 5000 });
  });

  it("accepts PORT 1 and 65535", () => {
    expect(loadConfig({ PORT: "1" }).port).toBe(1);
    expect(loadConfig({ PORT: "65535" }).port).toBe(65535);
  });

  it.each(["mysql://x", "not a url", "http://db.example/studyatlas", "postgres://"])(
    "rejects DATABASE_URL=%j naming DATABASE_URL",
    (value) => {
      expect(configError({ DATABASE_URL: value }).message).toMatch(/^Invalid DATABASE_URL/);
    },
  );

  it.each([
    "postgres://studyatlas:secret@db.internal:5432/studyatlas",
    "postgresql://postgres@127.0.0.1/test",
  ])("selects PostgreSQL for DATABASE_URL=%j", (url) => {
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: "postgres", url });
  });

  it("treats an empty DATABASE_URL as unset", () => {
    expect(loadConfig({ DATABASE_URL: "  " }).database.kind).toBe("pglite");
  });

  it("sends the catalogue's reads to DATABASE_READ_URL beside DATABASE_URL (ADR 048)", () => {
    const url = "postgres://studyatlas@primary.internal:5432/studyatlas";
    const readUrl = "postgres://studyatlas@replica.internal:5432/studyatlas";
    expect(loadConfig({ DATABASE_URL: url, DATABASE_READ_URL: readUrl }).database).toEqual({
      kind: "postgres",
      url,
      readUrl,
    });
    expect(loadConfig({ DATABASE_URL: url, DATABASE_READ_URL: " " }).database).toEqual({
      kind: "postgres",
      url,
    });
  });

  it("refuses DATABASE_READ_URL that is not a PostgreSQL URL, or without DATABASE_URL", () => {
    expect(
      configError({ DATABASE_URL: "postgres://p@h/db", DATABASE_READ_URL: "mysql://x" }).message,
    ).toMatch(/^Invalid DATABASE_READ_URL: must start with postgres:\/\//);
    expect(configError({ DATABASE_READ_URL: "postgres://r@replica/db" }).message).toBe(
      "Invalid DATABASE_READ_URL: a read replica needs a PostgreSQL primary (set DATABASE_URL); the embedded PGlite database has no replicas",
    );
  });

  it.each([
    [{ NODE_ENV: "staging" }, /^Invalid NODE_ENV/],
    [{ LOG_LEVEL: "loud" }, /^Invalid LOG_LEVEL/],
    [{ LOG_FORMAT: "colour" }, /^Invalid LOG_FORMAT: must be auto, json or pretty/],
    [{ PUBLIC_BASE_URL: "studyatlas.example" }, /^Invalid PUBLIC_BASE_URL/],
    [{ SEED_COURSES: "many" }, /^Invalid SEED_COURSES/],
    [{ AUTH_SECRET: "too-short" }, /^Invalid AUTH_SECRET/],
    [{ ACCESS_TOKEN_TTL_SECONDS: "10" }, /^Invalid ACCESS_TOKEN_TTL_SECONDS/],
    [{ SMTP_URL: "mail.example:25" }, /^Invalid SMTP_URL/],
    [{ RATES_URL: "ftp://rates.example/daily.xml" }, /^Invalid RATES_URL/],
    [{ RATES_URL: "rates.xml" }, /^Invalid RATES_URL/],
    [{ GOOGLE_JWKS_URL: "ftp://x" }, /^Invalid GOOGLE_JWKS_URL/],
    [{ DEV_MAILBOX: "yes" }, /^Invalid DEV_MAILBOX/],
  ] as const)("rejects %j naming the variable", (env, message) => {
    expect(configError(env).message).toMatch(message);
  });

  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["1", 1],
    ["2", 2],
    ["10.0.0.1", ["10.0.0.1"]],
    ["10.0.0.0/8, 192.168.1.7", ["10.0.0.0/8", "192.168.1.7"]],
    ["loopback,::1,fd00::/8", ["loopback", "::1", "fd00::/8"]],
  ])("reads TRUST_PROXY=%j as %j", (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(
      expected,
    );
  });

  it.each(["true", "0", "11", "proxy.internal", "10.0.0.1/33", "10.0.0.1,", "1.2.3"])(
    "refuses TRUST_PROXY=%j, which would trust clients' claims or names no proxy",
    (value) => {
      expect(configError({ TRUST_PROXY: value }).message).toMatch(/^Invalid TRUST_PROXY/);
    },
  );

  it("reads VISITOR_COUNTRY_HEADER as a lower-case header name, and none when unset or empty", () => {
    expect(loadConfig({}).visitorCountryHeader).toBeUndefined();
    expect(loadConfig({ VISITOR_COUNTRY_HEADER: " " }).visitorCountryHeader).toBeUndefined();
    expect(loadConfig({ VISITOR_COUNTRY_HEADER: "CF-IPCountry" }).visitorCountryHeader).toBe(
      "cf-ipcountry",
    );
    expect(configError({ VISITOR_COUNTRY_HEADER: "x country" }).message).toMatch(
      /^Invalid VISITOR_COUNTRY_HEADER: must be a header name/,
    );
  });

  describe("WEB_CONCURRENCY (ADR 020)", () => {
    const postgres = { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/studyatlas" };

    it.each([
      [undefined, 1],
      ["", 1],
      ["1", 1],
      [" 2 ", 2],
      ["64", 64],
    ])("reads WEB_CONCURRENCY=%j on PostgreSQL as %j processes", (value, expected) => {
      const env = value === undefined ? postgres : { ...postgres, WEB_CONCURRENCY: value };
      expect(loadConfig(env).webConcurrency).toBe(expected);
    });

    it("reads auto as one process per core this process may use, on PostgreSQL", () => {
      expect(loadConfig({ ...postgres, WEB_CONCURRENCY: "auto" }).webConcurrency).toBe(
        Math.min(availableParallelism(), 64),
      );
      expect(loadConfig({ ...postgres, WEB_CONCURRENCY: "AUTO" }).webConcurrency).toBe(
        Math.min(availableParallelism(), 64),
      );
    });

    it.each(["0", "-1", "1.5", "65", "two", "auto,2", "1e2"])(
      "refuses WEB_CONCURRENCY=%j naming the variable and what it accepts",
      (value) => {
        expect(configError({ ...postgres, WEB_CONCURRENCY: value }).message).toBe(
          "Invalid WEB_CONCURRENCY: must be a whole number of processes from 1 to 64, or auto (one per core)",
        );
      },
    );

    it("refuses more than one process on embedded PGlite, saying what to set", () => {
      expect(configError({ WEB_CONCURRENCY: "2" }).message).toBe(
        "Invalid WEB_CONCURRENCY: 2 processes need a PostgreSQL server (set DATABASE_URL); the embedded PGlite database serves one process",
      );
      expect(configError({ WEB_CONCURRENCY: "2", DATA_DIR: "/srv/data" }).message).toMatch(
        /^Invalid WEB_CONCURRENCY/,
      );
    });

    it("reads one process on PGlite, and auto as one there", () => {
      expect(loadConfig({ WEB_CONCURRENCY: "1" }).webConcurrency).toBe(1);
      expect(loadConfig({ WEB_CONCURRENCY: "auto" }).webConcurrency).toBe(1);
    });
  });
});
