// The one place that reads process.env: parsed once at boot by a zod schema. A bad value stops the
// server with one line naming the variable (README "Configuration").
import path from "node:path";

import { z } from "zod";

const postgresUrl = z.string().superRefine((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: "custom", message: "must be a URL such as postgres://user@host:5432/db" });
    return;
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    ctx.addIssue({ code: "custom", message: "must start with postgres:// or postgresql://" });
  } else if (!url.hostname) {
    ctx.addIssue({
      code: "custom",
      message: "must name a host, as in postgres://user@host:5432/db",
    });
  }
});

const port = z
  .string()
  .trim()
  .regex(/^\d+$/, "must be a whole number from 1 to 65535")
  .transform(Number)
  .pipe(z.number().int().min(1, "must be from 1 to 65535").max(65535, "must be from 1 to 65535"));

const positiveCount = z.string().trim().regex(/^\d+$/, "must be a whole number").transform(Number);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port.default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined))
    .pipe(postgresUrl.optional()),
  DATA_DIR: z.string().trim().min(1).default("./data"),
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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Memory for cached catalogue answers, in MiB; 0 turns the cache off (to measure without it). */
  CATALOGUE_CACHE_MB: positiveCount.default(64),
});

export interface AppConfig {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  database: { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };
  publicBaseUrl: string;
  seed: { courses: number; schools: number };
  logLevel: string;
  /** Bytes of cached catalogue answers per process; 0 = no cache. */
  catalogueCacheBytes: number;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** Parses the environment; throws ConfigError whose message names the first bad variable. */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? "environment");
    throw new ConfigError(`Invalid ${variable}: ${issue?.message ?? "invalid value"}`);
  }
  const value = parsed.data;
  return {
    env: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    database: value.DATABASE_URL
      ? { kind: "postgres", url: value.DATABASE_URL }
      : { kind: "pglite", dataDir: path.resolve(value.DATA_DIR) },
    publicBaseUrl: (value.PUBLIC_BASE_URL || `http://localhost:${value.PORT}`).replace(/\/+$/, ""),
    seed: { courses: value.SEED_COURSES, schools: value.SEED_SCHOOLS },
    logLevel: value.LOG_LEVEL,
    catalogueCacheBytes: value.CATALOGUE_CACHE_MB * 1024 * 1024,
  };
}
