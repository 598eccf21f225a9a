// Texting a code (GoTrue's sendPhoneConfirmation; docs/decisions/064-phones-and-sms-codes.md): one
// text of a kind per number per GOTRUE_SMS_MAX_FREQUENCY, a number of GOTRUE_SMS_TEST_OTP gets its
// fixed code and no text, every other text counts against GOTRUE_RATE_LIMIT_SMS_SENT, and the code
// is stored (hashed, one_time_tokens) only once the provider took the message: a refused text
// answers 422 sms_send_failed and leaves nothing behind, its limit slots given back.
import { eq } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { users } from "@studyatlas/db/schema/accounts.ts";

import { ValidationError } from "../errors.ts";
import { issueOneTimeToken } from "../accounts/one-time-tokens.ts";
import { consumeLimit, releaseEvent, type RateLimitRule } from "../accounts/rate-limit.ts";
import type { GoTrueSettings } from "./gotrue-settings.ts";
import { SmsSendError, twilioSender, type SmsSender } from "./sms-sender.ts";
import {
  SMS_OFF,
  generateOtp,
  renderSmsTemplate,
  testOtpFor,
  type SmsChannel,
  type SmsSettings,
  type TwilioSettings,
} from "./sms-settings.ts";

/** The phone settings in force: the product's (all off) when none are configured. */
export function smsSettingsOf(gotrue: GoTrueSettings | undefined): SmsSettings {
  return gotrue?.sms ?? SMS_OFF;
}

/** GoTrue's phone_provider_disabled (400), with the message of the flow that refuses. */
export const PHONE_PROVIDER_DISABLED = (message = "Unsupported phone provider") =>
  new ValidationError(message, { code: "phone_provider_disabled" });

/** Phone sign-in must be on (GOTRUE_EXTERNAL_PHONE_ENABLED). */
export function assertPhonesEnabled(
  gotrue: GoTrueSettings | undefined,
  message?: string,
): SmsSettings {
  const settings = smsSettingsOf(gotrue);
  if (!settings.enabled) throw PHONE_PROVIDER_DISABLED(message);
  return settings;
}

const senders = new WeakMap<TwilioSettings, SmsSender>();

/** The configured sender (one per settings object), or undefined without a provider. */
export function senderOf(settings: Pick<SmsSettings, "twilio">): SmsSender | undefined {
  if (!settings.twilio) return undefined;
  let sender = senders.get(settings.twilio);
  if (!sender) {
    sender = twilioSender(settings.twilio);
    senders.set(settings.twilio, sender);
  }
  return sender;
}

/** GoTrue's generateFrequencyLimitErrorMessage, for a window of `ms`. */
export function frequencyRule(name: string, ms: number): RateLimitRule {
  return {
    name,
    max: 1,
    windowMs: Math.max(ms, 1),
    message: `For security purposes, you can only request this after ${Math.ceil(ms / 1000)} seconds.`,
    code: "over_sms_send_rate_limit",
  };
}

export function smsSentRule(settings: SmsSettings): RateLimitRule {
  return {
    name: "auth-sms-sent",
    max: settings.rateLimitSmsSent.events,
    windowMs: settings.rateLimitSmsSent.windowMs,
    message: "SMS rate limit exceeded",
    code: "over_sms_send_rate_limit",
  };
}

const SMS_SEND_FAILED = (kind: string, error: SmsSendError) =>
  new ValidationError(`Error sending ${kind} OTP to provider: ${error.message}`, {
    code: "sms_send_failed",
  });

export interface TextedCode {
  /** What the code is for: the message the provider's refusal is reported with. */
  kind: string;
  phone: string;
  channel: SmsChannel;
  /** Limit subject of the one-text-per-window rule (the number and the kind). */
  frequencyKey: string;
  frequencyMs: number;
  otpLength: number;
  template: string;
  /** Whether GOTRUE_SMS_TEST_OTP applies (sign-in codes; GoTrue's phone factor ignores it). */
  useTestOtp?: boolean | undefined;
}

/**
 * Texts a code (or takes the number's test code) under the limits; answers the code and the
 * provider's message id. Nothing is stored here: the caller stores the code once this returns.
 */
export async function textCode(
  db: Database,
  settings: SmsSettings,
  text: TextedCode,
  now = Date.now(),
): Promise<{ code: string; messageId: string }> {
  // Before the test code, so a test number waits as a real one does (GoTrue's order).
  const frequency = await consumeLimit(
    db,
    frequencyRule("auth-sms-number", text.frequencyMs),
    text.frequencyKey,
  );
  const testCode = text.useTestOtp === false ? undefined : testOtpFor(settings, text.phone, now);
  if (testCode !== undefined) return { code: testCode, messageId: "test-otp" };
  const sender = senderOf(settings);
  if (!sender) {
    await releaseEvent(db, frequency);
    throw PHONE_PROVIDER_DISABLED();
  }
  // GoTrue counts the service's texts only without autoconfirm; so do we.
  let sent: number | undefined;
  try {
    if (!settings.autoconfirm) sent = await consumeLimit(db, smsSentRule(settings), "all");
  } catch (error) {
    await releaseEvent(db, frequency);
    throw error;
  }
  const code = generateOtp(text.otpLength);
  try {
    const { messageId } = await sender.send({
      to: text.phone,
      body: renderSmsTemplate(text.template, code),
      channel: text.channel,
    });
    return { code, messageId };
  } catch (error) {
    await releaseEvent(db, frequency);
    if (sent !== undefined) await releaseEvent(db, sent);
    if (error instanceof SmsSendError) throw SMS_SEND_FAILED(text.kind, error);
    throw error;
  }
}

export type PhoneCodeType = "phone_confirmation" | "phone_change";

/**
 * A sign-in or confirmation code (phone_confirmation) to the user's number, or a phone-change
 * code to the new one: texted, then stored hashed for GOTRUE_SMS_OTP_EXP, retiring the user's
 * older codes of that type; the user's *_sent_at (and phone_change) recorded.
 */
export async function sendPhoneCode(
  db: Database,
  settings: SmsSettings,
  input: { userId: number; phone: string; type: PhoneCodeType; channel: SmsChannel },
  now = Date.now(),
): Promise<{ messageId: string }> {
  const { code, messageId } = await textCode(
    db,
    settings,
    {
      kind: input.type === "phone_change" ? "phone_change" : "confirmation",
      phone: input.phone,
      channel: input.channel,
      frequencyKey: `${input.type}:${input.phone}`,
      frequencyMs: settings.maxFrequencyMs,
      otpLength: settings.otpLength,
      template: settings.template,
    },
    now,
  );
  await issueOneTimeToken(
    db,
    {
      userId: input.userId,
      type: input.type,
      address: input.phone,
      ttlMs: settings.otpExpMs,
      withCode: true,
      code,
    },
    now,
  );
  const at = new Date(now);
  await db
    .update(users)
    .set(
      input.type === "phone_change"
        ? { phoneChange: input.phone, phoneChangeSentAt: at }
        : { confirmationSentAt: at },
    )
    .where(eq(users.id, input.userId));
  return { messageId };
}
