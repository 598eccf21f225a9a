// Phones and texted codes by GoTrue's settings (docs/decisions/064-phones-and-sms-codes.md;
// GoTrue's conf SmsProviderConfiguration, PhoneFactorTypeConfiguration and api/phone.go): the
// settings the phone flows read, and the pure rules they apply — a number's form, the test-OTP
// map, the message template, a code's digits.
import { randomInt } from "node:crypto";

import { ValidationError } from "../errors.ts";

/** The Twilio-compatible API a texted code is sent through (sms-sender.ts). */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A Messaging Service SID (MG…) or a sending number. */
  messageServiceSid: string;
  /** The API's origin: https://api.twilio.com, or a compatible gateway's (SMS_TWILIO_BASE_URL). */
  baseUrl: string;
}

export interface PhoneFactorSettings {
  /** GOTRUE_MFA_PHONE_ENROLL_ENABLED / _VERIFY_ENABLED. */
  enrollEnabled: boolean;
  verifyEnabled: boolean;
  /** GOTRUE_MFA_PHONE_OTP_LENGTH: 6 to 10 digits. */
  otpLength: number;
  /** GOTRUE_MFA_PHONE_TEMPLATE. */
  template: string;
  /** GOTRUE_MFA_PHONE_MAX_FREQUENCY: one challenge text per factor per this many ms. */
  maxFrequencyMs: number;
}

export interface SmsSettings {
  /** GOTRUE_EXTERNAL_PHONE_ENABLED: sign-up and sign-in with a phone number. */
  enabled: boolean;
  /** GOTRUE_SMS_AUTOCONFIRM: a phone sign-up is confirmed at once and answers a session. */
  autoconfirm: boolean;
  /** GOTRUE_SMS_PROVIDER=twilio and its GOTRUE_SMS_TWILIO_* settings; absent: no sender. */
  twilio?: TwilioSettings | undefined;
  /** GOTRUE_SMS_OTP_EXP: how long a texted code works. */
  otpExpMs: number;
  /** GOTRUE_SMS_OTP_LENGTH: 6 to 10 digits. */
  otpLength: number;
  /** GOTRUE_SMS_MAX_FREQUENCY: one text of a kind per number per this many ms. */
  maxFrequencyMs: number;
  /** GOTRUE_SMS_TEMPLATE: `{{ .Code }}` is the code. */
  template: string;
  /** GOTRUE_SMS_TEST_OTP: numbers (digits) that get a fixed code and no text. */
  testOtp: Record<string, string>;
  /** GOTRUE_SMS_TEST_OTP_VALID_UNTIL (ms since the epoch); absent: always. */
  testOtpValidUntil?: number | undefined;
  /** GOTRUE_RATE_LIMIT_SMS_SENT: texts the whole service sends in a window. */
  rateLimitSmsSent: { events: number; windowMs: number };
  /** The phone factor (GOTRUE_MFA_PHONE_*). */
  mfa: PhoneFactorSettings;
}

export const DEFAULT_SMS_TEMPLATE = "Your code is {{ .Code }}";

/** GoTrue's defaults, everything off: the product's profile. */
export const SMS_OFF: SmsSettings = {
  enabled: false,
  autoconfirm: false,
  otpExpMs: 60_000,
  otpLength: 6,
  maxFrequencyMs: 60_000,
  template: DEFAULT_SMS_TEMPLATE,
  testOtp: {},
  rateLimitSmsSent: { events: 30, windowMs: 3_600_000 },
  mfa: {
    enrollEnabled: false,
    verifyEnabled: false,
    otpLength: 6,
    template: DEFAULT_SMS_TEMPLATE,
    maxFrequencyMs: 60_000,
  },
};

/** E.164 without the `+`: a first digit 1-9, at most 15 digits (GoTrue's e164Format). */
const E164_DIGITS = /^[1-9][0-9]{1,14}$/;

/** GoTrue's formatPhoneNumber: the leading `+` and every space dropped ("+1 415 555" → "1415555"). */
export function formatPhoneNumber(phone: string): string {
  return phone.trim().replace(/^\+/, "").replaceAll(" ", "");
}

/** The number as stored, or undefined when it is not E.164. */
export function normalisePhone(phone: string): string | undefined {
  const digits = formatPhoneNumber(phone);
  return E164_DIGITS.test(digits) ? digits : undefined;
}

export const INVALID_PHONE_MESSAGE = "Invalid phone number format (E.164 required)";

/** GoTrue's validatePhone: the stored form, or 400 validation_failed. */
export function assertPhone(phone: string): string {
  const digits = normalisePhone(phone);
  if (!digits) throw new ValidationError(INVALID_PHONE_MESSAGE, { code: "validation_failed" });
  return digits;
}

/**
 * GOTRUE_SMS_TEST_OTP: `phone:code,phone:code` (numbers in any E.164 spelling); a message naming
 * the first entry that is not a number and a code of digits.
 */
export function parseTestOtps(value: string): Record<string, string> | string {
  const map: Record<string, string> = {};
  for (const entry of value.split(",")) {
    const trimmed = entry.trim();
    if (trimmed === "") continue;
    const [phone, code, ...rest] = trimmed.split(":");
    const digits = normalisePhone(phone ?? "");
    if (!digits || rest.length > 0 || !/^\d{4,10}$/.test(code?.trim() ?? "")) {
      return `"${trimmed}" must be a phone number and a code of 4 to 10 digits, such as 14155550100:123456`;
    }
    map[digits] = code!.trim();
  }
  return map;
}

/** GoTrue's GetTestOTP: the number's fixed code while the map is valid. */
export function testOtpFor(
  settings: Pick<SmsSettings, "testOtp" | "testOtpValidUntil">,
  phone: string,
  now = Date.now(),
): string | undefined {
  if (settings.testOtpValidUntil !== undefined && now >= settings.testOtpValidUntil) {
    return undefined;
  }
  return Object.hasOwn(settings.testOtp, phone) ? settings.testOtp[phone] : undefined;
}

/** GoTrue's templates are Go templates with one field: `{{ .Code }}`. */
export function renderSmsTemplate(template: string, code: string): string {
  return template.replace(/\{\{-?\s*\.Code\s*-?\}\}/g, () => code);
}

/** A code of `length` digits (GoTrue's crypto.GenerateOtp). */
export function generateOtp(length: number): string {
  let code = "";
  for (let index = 0; index < length; index += 1) code += String(randomInt(0, 10));
  return code;
}

/** The channels GoTrue's Twilio provider sends on. */
export const SMS_CHANNELS = ["sms", "whatsapp"] as const;
export type SmsChannel = (typeof SMS_CHANNELS)[number];

export const INVALID_CHANNEL_MESSAGE =
  "Invalid channel, supported values are 'sms' or 'whatsapp'. 'whatsapp' is only supported if Twilio or Twilio Verify is used as the provider.";

/** The channel of a request (sms when absent), or 400 validation_failed. */
export function channelOf(channel: string | undefined): SmsChannel {
  if (channel === undefined || channel === "") return "sms";
  if ((SMS_CHANNELS as readonly string[]).includes(channel)) return channel as SmsChannel;
  throw new ValidationError(INVALID_CHANNEL_MESSAGE, { code: "validation_failed" });
}
