// Phones and texted codes by GoTrue's names (docs/decisions/064-phones-and-sms-codes.md), part of
// the server's environment (config-schema.ts). Off by default: every phone request answers
// phone_provider_disabled. GOTRUE_SMS_PROVIDER=twilio needs its account SID, auth token and
// message service SID (GoTrue refuses to start without them too); SMS_TWILIO_BASE_URL is ours, for
// a Twilio-compatible gateway or a test server.
import { z } from "zod";

import {
  DEFAULT_SMS_TEMPLATE,
  parseTestOtps,
  type SmsSettings,
} from "@studyatlas/core/auth-service/sms-settings.ts";

import { positiveCount } from "./config-fields.ts";
import { parseGoDuration } from "./config-schema-gotrue.ts";

const gotrueBoolean = z.enum(["true", "false"], { error: "must be true or false" });

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

/** A Go duration ("60s", "1m"); `fallback` when unset, as GoTrue defaults a zero to a minute. */
const goDuration = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((value, ctx) => {
      const ms = parseGoDuration(value);
      if (ms === undefined) {
        ctx.addIssue({ code: "custom", message: "must be a duration such as 60s, 1m or 0" });
        return z.NEVER;
      }
      return ms;
    });

/** A code's length: GoTrue takes 6 to 10 digits. */
const otpLength = positiveCount
  .pipe(z.number().min(6, "must be from 6 to 10 digits").max(10, "must be from 6 to 10 digits"))
  .default(6);

/** GoTrue's RATE_LIMIT_SMS_SENT: "N" texts an hour, or "N/duration" such as "10/5m". */
const smsRate = z
  .string()
  .trim()
  .default("30")
  .transform((value, ctx) => {
    const [events, over, ...rest] = value.split("/");
    const windowMs = over === undefined ? 3_600_000 : parseGoDuration(over);
    if (rest.length > 0 || !/^\d+(\.\d+)?$/.test(events ?? "") || !windowMs) {
      ctx.addIssue({
        code: "custom",
        message: "must be a number of texts an hour (30) or events/duration (10/5m)",
      });
      return z.NEVER;
    }
    return { events: Math.max(1, Math.floor(Number(events))), windowMs };
  });

export const SmsEnvShape = {
  /** Sign-up and sign-in with a phone number and texted codes. */
  GOTRUE_EXTERNAL_PHONE_ENABLED: gotrueBoolean.default("false"),
  /** A phone sign-up is confirmed at once and answers a session. */
  GOTRUE_SMS_AUTOCONFIRM: gotrueBoolean.default("false"),
  GOTRUE_SMS_PROVIDER: optionalText.pipe(
    z.enum(["twilio"], { error: "must be twilio (the only provider built)" }).optional(),
  ),
  GOTRUE_SMS_TWILIO_ACCOUNT_SID: optionalText,
  GOTRUE_SMS_TWILIO_AUTH_TOKEN: optionalText,
  GOTRUE_SMS_TWILIO_MESSAGE_SERVICE_SID: optionalText,
  /** The Twilio-compatible API's origin (ours, not GoTrue's). */
  SMS_TWILIO_BASE_URL: z
    .string()
    .trim()
    .default("https://api.twilio.com")
    .pipe(
      z.url({
        protocol: /^https?$/,
        error: "must be an http(s) URL such as https://api.twilio.com",
      }),
    ),
  /** How long a texted code works, in seconds (GoTrue's default 60). */
  GOTRUE_SMS_OTP_EXP: positiveCount
    .pipe(
      z
        .number()
        .min(1, "must be from 1 to 86400 seconds")
        .max(86_400, "must be from 1 to 86400 seconds"),
    )
    .default(60),
  GOTRUE_SMS_OTP_LENGTH: otpLength,
  /** One text of a kind per number per this Go duration (GoTrue's 1m; "0" means 1m, as GoTrue). */
  GOTRUE_SMS_MAX_FREQUENCY: goDuration("1m"),
  GOTRUE_SMS_TEMPLATE: optionalText,
  /** Numbers with a fixed code and no text: "14155550100:123456,447700900123:654321". */
  GOTRUE_SMS_TEST_OTP: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTestOtps(value ?? "");
      if (typeof parsed === "string") {
        ctx.addIssue({ code: "custom", message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  /** The test codes stop working at this time (RFC 3339, such as 2030-01-01T00:00:00Z). */
  GOTRUE_SMS_TEST_OTP_VALID_UNTIL: optionalText.transform((value, ctx) => {
    if (value === undefined) return undefined;
    const at = Date.parse(value);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(at)) {
      ctx.addIssue({ code: "custom", message: "must be a time such as 2030-01-01T00:00:00Z" });
      return z.NEVER;
    }
    return at;
  }),
  GOTRUE_RATE_LIMIT_SMS_SENT: smsRate,
  GOTRUE_MFA_PHONE_ENROLL_ENABLED: gotrueBoolean.default("false"),
  GOTRUE_MFA_PHONE_VERIFY_ENABLED: gotrueBoolean.default("false"),
  GOTRUE_MFA_PHONE_OTP_LENGTH: otpLength,
  GOTRUE_MFA_PHONE_TEMPLATE: optionalText,
  GOTRUE_MFA_PHONE_MAX_FREQUENCY: goDuration("1m"),
};

type SmsEnv = z.output<z.ZodObject<typeof SmsEnvShape>>;

/** The phone settings, or the message naming the Twilio variable the provider lacks. */
export function smsSettingsOf(value: SmsEnv): SmsSettings | string {
  let twilio: SmsSettings["twilio"];
  if (value.GOTRUE_SMS_PROVIDER === "twilio") {
    const required = "is required when GOTRUE_SMS_PROVIDER is twilio";
    if (!value.GOTRUE_SMS_TWILIO_ACCOUNT_SID)
      return `Invalid GOTRUE_SMS_TWILIO_ACCOUNT_SID: ${required}`;
    if (!value.GOTRUE_SMS_TWILIO_AUTH_TOKEN)
      return `Invalid GOTRUE_SMS_TWILIO_AUTH_TOKEN: ${required}`;
    if (!value.GOTRUE_SMS_TWILIO_MESSAGE_SERVICE_SID) {
      return `Invalid GOTRUE_SMS_TWILIO_MESSAGE_SERVICE_SID: ${required}`;
    }
    twilio = {
      accountSid: value.GOTRUE_SMS_TWILIO_ACCOUNT_SID,
      authToken: value.GOTRUE_SMS_TWILIO_AUTH_TOKEN,
      messageServiceSid: value.GOTRUE_SMS_TWILIO_MESSAGE_SERVICE_SID,
      baseUrl: value.SMS_TWILIO_BASE_URL,
    };
  }
  return {
    enabled: value.GOTRUE_EXTERNAL_PHONE_ENABLED === "true",
    autoconfirm: value.GOTRUE_SMS_AUTOCONFIRM === "true",
    ...(twilio ? { twilio } : {}),
    otpExpMs: value.GOTRUE_SMS_OTP_EXP * 1000,
    otpLength: value.GOTRUE_SMS_OTP_LENGTH,
    // GoTrue reads a zero frequency as its default of a minute.
    maxFrequencyMs: value.GOTRUE_SMS_MAX_FREQUENCY || 60_000,
    template: value.GOTRUE_SMS_TEMPLATE ?? DEFAULT_SMS_TEMPLATE,
    testOtp: value.GOTRUE_SMS_TEST_OTP,
    ...(value.GOTRUE_SMS_TEST_OTP_VALID_UNTIL !== undefined
      ? { testOtpValidUntil: value.GOTRUE_SMS_TEST_OTP_VALID_UNTIL }
      : {}),
    rateLimitSmsSent: value.GOTRUE_RATE_LIMIT_SMS_SENT,
    mfa: {
      enrollEnabled: value.GOTRUE_MFA_PHONE_ENROLL_ENABLED === "true",
      verifyEnabled: value.GOTRUE_MFA_PHONE_VERIFY_ENABLED === "true",
      otpLength: value.GOTRUE_MFA_PHONE_OTP_LENGTH,
      template: value.GOTRUE_MFA_PHONE_TEMPLATE ?? DEFAULT_SMS_TEMPLATE,
      maxFrequencyMs: value.GOTRUE_MFA_PHONE_MAX_FREQUENCY || 60_000,
    },
  };
}
