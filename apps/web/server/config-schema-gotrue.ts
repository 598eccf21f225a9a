// The auth service's settings by GoTrue's names (docs/decisions/049-gotrue-configuration-and-profiles.md),
// part of the server's environment (config-schema.ts). The defaults are the product's;
// config/gotrue-defaults.env is what upstream's test servers use.
import { z } from "zod";

import { positiveCount } from "./config-fields.ts";

/** A Go duration as GoTrue's settings take it: "60s", "1m30s", "500ms", "0". */
const GO_DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

export function parseGoDuration(value: string): number | undefined {
  if (value === "0") return 0;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join("") !== value) return undefined;
  return parts.reduce(
    (ms, part) => ms + Number(part[1]) * (GO_DURATION_UNITS[part[2] ?? ""] ?? 0),
    0,
  );
}

const gotrueBoolean = z.enum(["true", "false"], { error: "must be true or false" });

/** GoTrue's per-5-minutes request limits: a positive number (GoTrue's are floats; ours round down). */
const gotrueRequestRate = (fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, "must be a number of requests per 5 minutes, such as 30")
    .transform((value) => Math.floor(Number(value)))
    .pipe(z.number().min(1, "must be at least 1 request per 5 minutes"))
    .default(fallback);

/** GoTrue's RATE_LIMIT_EMAIL_SENT: "N" e-mails an hour, or "N/duration" such as "10/5m". */
const gotrueEmailRate = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === "") return undefined;
    const [events, over, ...rest] = value.split("/");
    const windowMs = over === undefined ? 3_600_000 : parseGoDuration(over);
    if (rest.length > 0 || !/^\d+(\.\d+)?$/.test(events ?? "") || !windowMs) {
      ctx.addIssue({
        code: "custom",
        message: "must be a number of e-mails an hour (30) or events/duration (10/5m)",
      });
      return z.NEVER;
    }
    return { events: Math.max(1, Math.floor(Number(events))), windowMs };
  });

export const GoTrueEnvShape = {
  /** Sign-up confirms the address at once and answers a session (GoTrue's MAILER_AUTOCONFIRM). */
  GOTRUE_MAILER_AUTOCONFIRM: gotrueBoolean.default("false"),
  /** New users only through the admin API; /signup answers 422 signup_disabled. */
  GOTRUE_DISABLE_SIGNUP: gotrueBoolean.default("false"),
  /** Anonymous sign-ins: signInAnonymously() (ADR 062). */
  GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED: gotrueBoolean.default("false"),
  /** Anonymous sign-ins per client address per hour (GoTrue's default 30). */
  GOTRUE_RATE_LIMIT_ANONYMOUS_USERS: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, "must be a number of sign-ins per hour, such as 30")
    .transform((value) => Math.floor(Number(value)))
    .pipe(z.number().min(1, "must be at least 1 sign-in per hour"))
    .default(30),
  /**
   * Unset: the product's rule (linking by hand off, unlinking a second identity allowed). false:
   * GoTrue's default, unlinking too answers 404 manual_linking_disabled. Linking by hand is not
   * available yet (ADR 049), so true is refused.
   */
  GOTRUE_SECURITY_MANUAL_LINKING_ENABLED: z
    .enum(["false"], {
      error: "linking identities by hand is not available yet; leave it unset or false",
    })
    .optional(),
  /** The least password length; below the account rule's 8 means 8 (GoTrue clamps the same way). */
  GOTRUE_PASSWORD_MIN_LENGTH: positiveCount
    .pipe(z.number().max(128, "must be at most 128 (the longest password allowed)"))
    .default(8),
  GOTRUE_RATE_LIMIT_VERIFY: gotrueRequestRate(30),
  GOTRUE_RATE_LIMIT_TOKEN_REFRESH: gotrueRequestRate(150),
  GOTRUE_RATE_LIMIT_SSO: gotrueRequestRate(30),
  GOTRUE_RATE_LIMIT_OTP: gotrueRequestRate(30),
  GOTRUE_RATE_LIMIT_EMAIL_SENT: gotrueEmailRate,
  /** The header whose value is the client address the per-address limits count. */
  GOTRUE_RATE_LIMIT_HEADER: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9-]+$/, "must be a header name such as X-Real-IP")
        .optional(),
    ),
  /** One e-mail of a kind per address per this Go duration ("60s"; "0" for no wait). */
  GOTRUE_SMTP_MAX_FREQUENCY: z
    .string()
    .trim()
    .default("60s")
    .transform((value, ctx) => {
      const ms = parseGoDuration(value);
      if (ms === undefined) {
        ctx.addIssue({ code: "custom", message: "must be a duration such as 60s, 1m or 0" });
        return z.NEVER;
      }
      return ms;
    }),
};
