// WebAuthn second factors and passkeys by GoTrue's names (docs/decisions/063-webauthn-and-passkeys.md),
// part of the server's environment (config-schema.ts). Off by default; turning either on needs
// the relying party: GOTRUE_WEBAUTHN_RP_ID, _RP_DISPLAY_NAME and _RP_ORIGINS (GoTrue only warns
// when they are missing; this server refuses to start, naming the variable).
import { z } from "zod";

import type { WebAuthnSettings } from "@studyatlas/core/accounts/webauthn.ts";

import { positiveCount } from "./config-fields.ts";
import { parseGoDuration } from "./config-schema-gotrue.ts";

const gotrueBoolean = z.enum(["true", "false"], { error: "must be true or false" });

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

export const WebAuthnEnvShape = {
  /** Passkey sign-in and registration at /auth/v1/passkeys (GoTrue's PASSKEY_ENABLED). */
  GOTRUE_PASSKEY_ENABLED: gotrueBoolean.default("false"),
  GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER: positiveCount
    .pipe(z.number().min(1, "must be from 1 to 100").max(100, "must be from 1 to 100"))
    .default(10),
  /** WebAuthn (security keys, platform authenticators) as a second factor at /auth/v1/factors. */
  GOTRUE_MFA_WEB_AUTHN_ENROLL_ENABLED: gotrueBoolean.default("false"),
  GOTRUE_MFA_WEB_AUTHN_VERIFY_ENABLED: gotrueBoolean.default("false"),
  /** The relying party's id: a domain, the page's host or a parent of it ("example.com"). */
  GOTRUE_WEBAUTHN_RP_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i, "must be a domain such as example.com")
      .optional(),
  ),
  GOTRUE_WEBAUTHN_RP_DISPLAY_NAME: optionalText,
  /** The pages allowed to run a ceremony: comma-separated origins such as https://example.com. */
  GOTRUE_WEBAUTHN_RP_ORIGINS: z
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
            /^https?:\/\/[^/\s,]+$/,
            "must be comma-separated origins (scheme, host and port, no path) such as https://example.com",
          ),
      ),
    ),
  /** How long a ceremony's challenge may be answered: a Go duration (GoTrue's 5m). */
  GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION: z
    .string()
    .trim()
    .default("5m")
    .transform((value, ctx) => {
      const ms = parseGoDuration(value);
      if (ms === undefined || ms < 30_000 || ms > 3_600_000) {
        ctx.addIssue({ code: "custom", message: "must be a duration from 30s to 1h, such as 5m" });
        return z.NEVER;
      }
      return ms;
    }),
  /** Passkey sign-in starts per client address per 5 minutes (GoTrue's RATE_LIMIT_PASSKEY). */
  GOTRUE_RATE_LIMIT_PASSKEY: positiveCount
    .pipe(z.number().min(1, "must be at least 1 request per 5 minutes"))
    .default(30),
};

type WebAuthnEnv = z.output<z.ZodObject<typeof WebAuthnEnvShape>>;

/**
 * The settings when passkeys or WebAuthn factors are on (undefined when both are off), or the
 * message naming the relying-party variable they lack.
 */
export function webauthnSettingsOf(value: WebAuthnEnv): WebAuthnSettings | undefined | string {
  const passkeyEnabled = value.GOTRUE_PASSKEY_ENABLED === "true";
  const mfaEnrollEnabled = value.GOTRUE_MFA_WEB_AUTHN_ENROLL_ENABLED === "true";
  const mfaVerifyEnabled = value.GOTRUE_MFA_WEB_AUTHN_VERIFY_ENABLED === "true";
  if (!passkeyEnabled && !mfaEnrollEnabled && !mfaVerifyEnabled) return undefined;
  const required = "is required when passkeys or WebAuthn factors are on";
  if (!value.GOTRUE_WEBAUTHN_RP_ID) return `Invalid GOTRUE_WEBAUTHN_RP_ID: ${required}`;
  if (!value.GOTRUE_WEBAUTHN_RP_DISPLAY_NAME) {
    return `Invalid GOTRUE_WEBAUTHN_RP_DISPLAY_NAME: ${required}`;
  }
  if (value.GOTRUE_WEBAUTHN_RP_ORIGINS.length === 0) {
    return `Invalid GOTRUE_WEBAUTHN_RP_ORIGINS: ${required}`;
  }
  return {
    rpId: value.GOTRUE_WEBAUTHN_RP_ID,
    rpDisplayName: value.GOTRUE_WEBAUTHN_RP_DISPLAY_NAME,
    rpOrigins: value.GOTRUE_WEBAUTHN_RP_ORIGINS,
    challengeExpiryMs: value.GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION,
    passkeyEnabled,
    maxPasskeysPerUser: value.GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER,
    mfaEnrollEnabled,
    mfaVerifyEnabled,
    rateLimitPasskey: value.GOTRUE_RATE_LIMIT_PASSKEY,
  };
}
