// The one place that reads process.env: parsed once at boot by a zod schema. A bad value stops the
// server with one line naming the variable (README "Configuration").
import { isIP } from "node:net";
import { availableParallelism } from "node:os";

import { z } from "zod";

import {
  DatabaseEnvShape,
  databaseConfigOf,
  type DatabaseConfig,
} from "@studyatlas/db/database-config.ts";

import { DEFAULT_SITE_LINKS, type SiteLinks } from "../app/site-links.ts";

/** The support inbox and postal address of /contact-us when SUPPORT_EMAIL / POSTAL_ADDRESS are unset. */
export const DEFAULT_SUPPORT = {
  email: "support@studyatlas.local",
  postalAddress: "StudyAtlas, 1 Campus Way, Cambridge CB1 1AA, United Kingdom",
};

const port = z
  .string()
  .trim()
  .regex(/^\d+$/, "must be a whole number from 1 to 65535")
  .transform(Number)
  .pipe(z.number().int().min(1, "must be from 1 to 65535").max(65535, "must be from 1 to 65535"));

/** A footer link: one of our paths (/terms) or an http(s) address. Empty means unset. */
const siteLink = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === "" ? undefined : value))
  .pipe(
    z
      .string()
      .regex(
        /^(\/(?!\/)\S*|https?:\/\/[^/\s]+\S*)$/,
        "must be a path such as /terms or an http(s) URL",
      )
      .optional(),
  );

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split("/");
  if (rest.length > 0 || !address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell us the client's address (X-Forwarded-For). Off by default: the socket's
 * address is the client's, whatever a header claims. A number trusts that many hops; a list
 * trusts those addresses, CIDR ranges or the names loopback, linklocal, uniquelocal.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = value?.trim() ?? "";
    if (text === "" || text === "false") return false;
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops >= 1 && hops <= 10) return hops;
    } else {
      const entries = text.split(",").map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries;
    }
    ctx.addIssue({
      code: "custom",
      message:
        "must be a number of proxy hops (1-10) or a comma-separated list of proxy addresses or CIDR ranges (true is refused: it would trust any client's claim)",
    });
    return z.NEVER;
  });

/** The most app processes WEB_CONCURRENCY may ask for (each holds its own finder index). */
export const MAX_WEB_CONCURRENCY = 64;

/**
 * App processes on this machine (server/index.ts, ADR 020): a whole number, or `auto` for one per
 * core this process may use. Empty means unset (1).
 */
const webConcurrency = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value, ctx): number | "auto" => {
    if (value === "") return 1;
    if (value === "auto") return "auto";
    if (/^\d+$/.test(value)) {
      const processes = Number(value);
      if (processes >= 1 && processes <= MAX_WEB_CONCURRENCY) return processes;
    }
    ctx.addIssue({
      code: "custom",
      message: `must be a whole number of processes from 1 to ${MAX_WEB_CONCURRENCY}, or auto (one per core)`,
    });
    return z.NEVER;
  });

const positiveCount = z.string().trim().regex(/^\d+$/, "must be a whole number").transform(Number);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port.default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  WEB_CONCURRENCY: webConcurrency.default(1),
  ...DatabaseEnvShape,
  PUBLIC_BASE_URL: z
    .string()
    .trim()
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined || value === "") return;
      if (!/^https?:\/\/[^/]+/.test(value)) {
        ctx.addIssue({
          code: "custom",
          message: "must be an http(s) URL such as https://example.com",
        });
      }
    }),
  SEED_COURSES: positiveCount.default(6000),
  SEED_SCHOOLS: positiveCount.default(450),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * How long a client may take to send a whole request, and its headers, in milliseconds; a
   * connection idle between requests is closed after KEEP_ALIVE_TIMEOUT_MS. A client that trickles
   * its headers or body never holds a socket beyond these.
   */
  REQUEST_TIMEOUT_MS: positiveCount
    .pipe(
      z
        .number()
        .min(1000, "must be from 1000 to 600000")
        .max(600_000, "must be from 1000 to 600000"),
    )
    .default(30_000),
  HEADERS_TIMEOUT_MS: positiveCount
    .pipe(
      z
        .number()
        .min(1000, "must be from 1000 to 600000")
        .max(600_000, "must be from 1000 to 600000"),
    )
    .default(10_000),
  KEEP_ALIVE_TIMEOUT_MS: positiveCount
    .pipe(
      z
        .number()
        .min(1000, "must be from 1000 to 600000")
        .max(600_000, "must be from 1000 to 600000"),
    )
    .default(5000),
  /** Memory for cached catalogue answers, in MiB; 0 turns the cache off (to measure without it). */
  CATALOGUE_CACHE_MB: positiveCount.default(64),
  /**
   * Memory for rendered anonymous pages reused until the catalogue changes, in MiB
   * (plugins/page-reuse.ts, ADR 018); 0 turns reuse off (to measure without it).
   */
  PAGE_REUSE_MB: positiveCount.default(32),
  /**
   * Requests a process works on at once; past it, 503 with Retry-After (plugins/overload.ts).
   */
  MAX_CONCURRENT_REQUESTS: positiveCount.default(256),
  /** The finder's in-process index (ADR 011); false answers every finder request from SQL. */
  FINDER_INDEX: z.enum(["true", "false"], { error: "must be true or false" }).default("true"),
  // Accounts (docs/decisions/006-sessions-and-tokens.md).
  AUTH_SECRET: z
    .string()
    .optional()
    .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined))
    .pipe(
      z
        .string()
        .min(32, "must be at least 32 characters (for example: openssl rand -base64 48)")
        .optional(),
    ),
  /**
   * Where the auth service (/auth/v1) may send a user after an e-mailed link or a Google sign-in
   * (redirect_to): comma-separated http(s) URLs, `*` matching within a path segment and `**`
   * across segments. PUBLIC_BASE_URL's own origin is always allowed; any other address falls back
   * to PUBLIC_BASE_URL, as GoTrue's URI allow list does.
   */
  AUTH_REDIRECT_URLS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ""),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^https?:\/\/[^/\s,]+\S*$/,
            "must be a comma-separated list of http(s) URLs such as https://app.example.com/**",
          ),
      ),
    ),
  /** With GOOGLE_CLIENT_ID, turns on the auth service's Google redirect flow (GET /authorize). */
  GOOGLE_CLIENT_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value)),
  ACCESS_TOKEN_TTL_SECONDS: positiveCount
    .pipe(z.number().min(60, "must be from 60 to 86400").max(86_400, "must be from 60 to 86400"))
    .default(900),
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(
      z
        .string()
        .regex(
          /^smtps?:\/\/[^/]+/,
          "must be an smtp:// or smtps:// URL such as smtp://user:pass@host:587",
        )
        .optional(),
    ),
  MAIL_FROM: z.string().trim().min(3).default("StudyAtlas <no-reply@studyatlas.local>"),
  GOOGLE_CLIENT_ID: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value)),
  DEV_MAILBOX: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  GOOGLE_JWKS_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^/]+/, "must be an http(s) URL")
    .default("https://www.googleapis.com/oauth2/v3/certs"),
  /** Where the auth service exchanges Google's authorization code (tests point it at a stub). */
  GOOGLE_TOKEN_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^/]+/, "must be an http(s) URL")
    .default("https://oauth2.googleapis.com/token"),
  // Issue 11: the advisor every new chat is opened with, the demo accounts, live delivery.
  ADVISOR_USER_ID: positiveCount
    .pipe(z.number().int().min(1, "must be a user id from 1 to 2147483647").max(2_147_483_647))
    .default(316),
  DEMO_ACCOUNTS: z.enum(["true", "false"], { error: "must be true or false" }).default("true"),
  // Issue 13: lead webhooks may post to private addresses only when this says so (tests, a
  // deployment whose CRM is on its own network); otherwise they are refused (SSRF).
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(["true", "false"], { error: "must be true or false" })
    .default("false"),
  // Issue 13: the largest school logo or banner a partner may upload, in MB (1 to 20).
  SCHOOL_IMAGE_MAX_MB: positiveCount
    .pipe(z.number().min(1, "must be from 1 to 20").max(20, "must be from 1 to 20"))
    .default(5),
  CHAT_HEARTBEAT_MS: positiveCount
    .pipe(
      z
        .number()
        .min(1000, "must be from 1000 to 300000")
        .max(300_000, "must be from 1000 to 300000"),
    )
    .default(30_000),
  /**
   * Issue 13 (ADR 015): a request header that a trusted CDN or proxy sets to the visitor's country
   * (ISO 3166-1 alpha-2, e.g. cf-ipcountry). Unset: no header is believed, since a client could
   * write any value.
   */
  VISITOR_COUNTRY_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(
      z
        .string()
        .regex(/^[a-z0-9-]{1,64}$/, "must be a header name such as cf-ipcountry")
        .optional(),
    ),
  // Issue 5: the support inbox of /contact-us and the footer's links.
  SUPPORT_EMAIL: z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "must be an e-mail address such as support@example.com")
    .default(DEFAULT_SUPPORT.email),
  POSTAL_ADDRESS: z.string().trim().min(1).default(DEFAULT_SUPPORT.postalAddress),
  NEWS_BLOG_URL: siteLink,
  PRIVACY_POLICY_URL: siteLink,
  TERMS_OF_USE_URL: siteLink,
  DISCLAIMER_URL: siteLink,
  SOCIAL_FACEBOOK_URL: siteLink,
  SOCIAL_TWITTER_URL: siteLink,
  SOCIAL_INSTAGRAM_URL: siteLink,
  SOCIAL_YOUTUBE_URL: siteLink,
  SOCIAL_TIKTOK_URL: siteLink,
  SOCIAL_LINKEDIN_URL: siteLink,
});

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
  auth: AuthConfig;
  mail: MailConfig;
  google: GoogleConfig;
  /** /dev/mailbox: on by default outside production; DEV_MAILBOX=true turns it on for test servers. */
  devMailbox: boolean;
  /** Where /contact-us messages go, and the address and inbox the contact page shows. */
  support: SupportConfig;
  /** The footer's configurable links (app/site-links.ts). */
  siteLinks: SiteLinks;
  chat: ChatConfig;
  /** Whether seeding the demo catalogue also creates the demo accounts (DEMO_ACCOUNTS). */
  demoAccounts: boolean;
  /** Whether lead webhooks may post to private addresses (WEBHOOKS_ALLOW_PRIVATE). */
  webhooksAllowPrivate: boolean;
  /** The largest school logo or banner upload, in bytes (SCHOOL_IMAGE_MAX_MB). */
  schoolImageMaxBytes: number;
  /** The trusted header naming a visitor's country (VISITOR_COUNTRY_HEADER); unset: none. */
  visitorCountryHeader?: string;
}

export interface ChatConfig {
  /** The advisor every application's chat is opened with (ADVISOR_USER_ID, the spec's 316). */
  advisorUserId: number;
  /** How often live sockets are pinged; one that missed a ping by the next is closed. */
  heartbeatMs: number;
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
  const database = databaseConfigOf(value);
  const webConcurrency = processesOf(value.WEB_CONCURRENCY, database);
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
    auth: {
      ...(value.AUTH_SECRET ? { secret: value.AUTH_SECRET } : {}),
      accessTokenTtlSeconds: value.ACCESS_TOKEN_TTL_SECONDS,
      secureCookies: publicBaseUrl.startsWith("https:"),
      redirectUrls: value.AUTH_REDIRECT_URLS,
    },
    mail: { ...(value.SMTP_URL ? { smtpUrl: value.SMTP_URL } : {}), from: value.MAIL_FROM },
    devMailbox: value.DEV_MAILBOX ? value.DEV_MAILBOX === "true" : value.NODE_ENV !== "production",
    google: {
      ...(value.GOOGLE_CLIENT_ID ? { clientId: value.GOOGLE_CLIENT_ID } : {}),
      jwksUrl: value.GOOGLE_JWKS_URL,
      tokenUrl: value.GOOGLE_TOKEN_URL,
      ...(value.GOOGLE_CLIENT_SECRET ? { clientSecret: value.GOOGLE_CLIENT_SECRET } : {}),
    },
    support: { email: value.SUPPORT_EMAIL, postalAddress: value.POSTAL_ADDRESS },
    chat: { advisorUserId: value.ADVISOR_USER_ID, heartbeatMs: value.CHAT_HEARTBEAT_MS },
    demoAccounts: value.DEMO_ACCOUNTS === "true",
    webhooksAllowPrivate: value.WEBHOOKS_ALLOW_PRIVATE === "true",
    schoolImageMaxBytes: value.SCHOOL_IMAGE_MAX_MB * 1024 * 1024,
    ...(value.VISITOR_COUNTRY_HEADER ? { visitorCountryHeader: value.VISITOR_COUNTRY_HEADER } : {}),
    siteLinks: {
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
    },
  };
}
