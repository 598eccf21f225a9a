// The environment's schema: one zod field per variable, each with its default and the message a
// bad value stops the server with (README "Configuration"). config.ts parses the process's
// environment with it, once, into the whole AppConfig.
import { isIP } from "node:net";

import { z } from "zod";

import { DatabaseEnvShape, optionalPostgresUrl } from "@studyatlas/db/database-config.ts";

import { positiveCount } from "./config-fields.ts";
import { SigningEnvShape } from "./config-schema-signing.ts";
import { GoTrueEnvShape } from "./config-schema-gotrue.ts";
import { SmsEnvShape } from "./config-schema-sms.ts";
import { WebAuthnEnvShape } from "./config-schema-webauthn.ts";
import { NotificationEnvShape } from "./config-schema-notifications.ts";

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

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port.default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  WEB_CONCURRENCY: webConcurrency.default(1),
  ...DatabaseEnvShape,
  /**
   * A read replica of DATABASE_URL for the catalogue's public reads (the finder, the detail pages,
   * the finder index's loading); writes and every other read stay on DATABASE_URL (ADR 048).
   */
  DATABASE_READ_URL: optionalPostgresUrl(),
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
  /** `auto`: readable lines (pino-pretty) when standard output is a terminal, JSON otherwise. */
  LOG_FORMAT: z
    .enum(["auto", "json", "pretty"], { error: "must be auto, json or pretty" })
    .default("auto"),
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
  /**
   * How long the database may stay unreachable (or out of disk, memory or connections) before
   * the process ends so that its supervisor starts a fresh one (services/database-watchdog.ts);
   * shorter outages are ridden out with 503s.
   */
  DATABASE_OUTAGE_LIMIT_SECONDS: positiveCount
    .pipe(z.number().min(1, "must be from 1 to 3600").max(3600, "must be from 1 to 3600"))
    .default(60),
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
  /**
   * GoTrue's secure e-mail change: a change of address waits for the links sent to both the
   * current and the new address (default, as GoTrue's); false confirms the new address alone, and
   * the current one is told of the request (docs/security.md V6).
   */
  GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED: z
    .enum(["true", "false"], { error: "must be true or false" })
    .default("true"),
  ...GoTrueEnvShape,
  ...SigningEnvShape,
  ...WebAuthnEnvShape,
  ...SmsEnvShape,
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
  // The ECB's daily reference rates, imported daily when set (docs/decisions/051-total-cost-and-rates.md).
  RATES_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(
      z
        .string()
        .regex(
          /^(https?:\/\/\S+|\/\S*)$/,
          "must be an http(s) URL such as https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml, or an absolute file path",
        )
        .optional(),
    ),
  MAIL_FROM: z.string().trim().min(3).default("StudyAtlas <no-reply@studyatlas.local>"),
  GOOGLE_CLIENT_ID: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value)),
  DEV_MAILBOX: z
    .enum(["true", "false", "loopback"], { error: "must be true, false or loopback" })
    .optional(),
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
  // The advisor every new chat is opened with (the spec's 316) and the demo accounts.
  ADVISOR_USER_ID: positiveCount
    .pipe(z.number().int().min(1, "must be a user id from 1 to 2147483647").max(2_147_483_647))
    .default(316),
  DEMO_ACCOUNTS: z.enum(["true", "false"], { error: "must be true or false" }).default("true"),
  // Lead webhooks may post to private addresses only when this says so (tests, a deployment whose
  // CRM is on its own network); otherwise they are refused (SSRF; docs/security.md).
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(["true", "false"], { error: "must be true or false" })
    .default("false"),
  // How often each process offers to run the alerts; the lease lets one of them (ADR 053).
  ALERTS_INTERVAL_SECONDS: positiveCount
    .pipe(z.number().int().min(1, "must be from 1 to 86400").max(86_400, "must be from 1 to 86400"))
    .default(60),
  // The largest file (PDF, JPEG, PNG) sent in a chat, in MB (1 to 25; ADR 058).
  CHAT_ATTACHMENT_MAX_MB: positiveCount
    .pipe(z.number().min(1, "must be from 1 to 25").max(25, "must be from 1 to 25"))
    .default(10),
  // The largest school logo or banner a partner may upload, in MB (1 to 20; ADR 037).
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
  // Live chat sockets are counted apart from MAX_CONCURRENT_REQUESTS and capped per signed-in
  // user, per client address (the socket's, or TRUST_PROXY's) and per process (docs/security.md).
  CHAT_SOCKETS_PER_USER: positiveCount
    .pipe(z.number().min(1, "must be from 1 to 1000").max(1000, "must be from 1 to 1000"))
    .default(10),
  CHAT_SOCKETS_PER_ADDRESS: positiveCount
    .pipe(z.number().min(1, "must be from 1 to 100000").max(100_000, "must be from 1 to 100000"))
    .default(50),
  /** Unset: 8 per request slot (MAX_CONCURRENT_REQUESTS), 2048 by default. */
  CHAT_SOCKETS_MAX: positiveCount
    .pipe(
      z.number().min(1, "must be from 1 to 1000000").max(1_000_000, "must be from 1 to 1000000"),
    )
    .optional(),
  /** How often a live socket's session is checked again, besides the notice of its end. */
  CHAT_SESSION_CHECK_MS: positiveCount
    .pipe(
      z
        .number()
        .min(1000, "must be from 1000 to 3600000")
        .max(3_600_000, "must be from 1000 to 3600000"),
    )
    .default(60_000),
  /**
   * A request header that a trusted CDN or proxy sets to the visitor's country (ADR 015)
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
  // The support inbox of /contact-us and the footer's links.
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
  // Metrics and traces (docs/metrics.md, docs/decisions/047-metrics-and-traces.md). /metrics is
  // never public by default: METRICS_PORT serves it on a port of its own, bound to METRICS_HOST
  // (loopback unless set); METRICS_TOKEN serves it on the public port to a Bearer of that token.
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined))
    .pipe(
      z
        .string()
        .min(32, "must be at least 32 characters (for example: openssl rand -hex 32)")
        .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
        .optional(),
    ),
  /** Traces go to this OTLP/HTTP collector (its /v1/traces) when set; unset, tracing never loads. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(
      z
        .string()
        .regex(/^https?:\/\/[^/\s]+\S*$/, "must be an http(s) URL such as http://localhost:4318")
        .optional(),
    ),
  OTEL_SERVICE_NAME: z.string().trim().min(1).default("studyatlas"),
  ...NotificationEnvShape,
});

export type Env = z.output<typeof EnvSchema>;
