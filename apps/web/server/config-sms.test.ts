// Phones and texted codes by GoTrue's names (docs/decisions/064-phones-and-sms-codes.md).
import { describe, expect, it } from "vitest";

import { SMS_OFF } from "@studyatlas/core/auth-service/sms-settings.ts";

import { configError } from "./config-error.testing.ts";
import { loadConfig } from "./config.ts";

const TWILIO = {
  GOTRUE_SMS_PROVIDER: "twilio",
  GOTRUE_SMS_TWILIO_ACCOUNT_SID: "AC0123",
  GOTRUE_SMS_TWILIO_AUTH_TOKEN: "token",
  GOTRUE_SMS_TWILIO_MESSAGE_SERVICE_SID: "MG0123",
};

describe("loadConfig: phones and SMS", () => {
  it("keeps phones off by default", () => {
    expect(loadConfig({}).auth.gotrue?.sms).toBeUndefined();
    expect(loadConfig(TWILIO).auth.gotrue?.sms).toBeUndefined();
  });

  it("reads every GoTrue SMS and phone-factor setting", () => {
    const sms = loadConfig({
      GOTRUE_EXTERNAL_PHONE_ENABLED: "true",
      GOTRUE_SMS_AUTOCONFIRM: "true",
      ...TWILIO,
      SMS_TWILIO_BASE_URL: "http://127.0.0.1:9999",
      GOTRUE_SMS_OTP_EXP: "120",
      GOTRUE_SMS_OTP_LENGTH: "8",
      GOTRUE_SMS_MAX_FREQUENCY: "5s",
      GOTRUE_SMS_TEMPLATE: "Code: {{ .Code }}",
      GOTRUE_SMS_TEST_OTP: "+1 415 555 0100:123456",
      GOTRUE_SMS_TEST_OTP_VALID_UNTIL: "2040-01-01T00:00:00Z",
      GOTRUE_RATE_LIMIT_SMS_SENT: "10/5m",
      GOTRUE_MFA_PHONE_ENROLL_ENABLED: "true",
      GOTRUE_MFA_PHONE_VERIFY_ENABLED: "true",
      GOTRUE_MFA_PHONE_OTP_LENGTH: "10",
      GOTRUE_MFA_PHONE_TEMPLATE: "MFA {{ .Code }}",
      GOTRUE_MFA_PHONE_MAX_FREQUENCY: "0",
    }).auth.gotrue?.sms;
    expect(sms).toEqual({
      enabled: true,
      autoconfirm: true,
      twilio: {
        accountSid: "AC0123",
        authToken: "token",
        messageServiceSid: "MG0123",
        baseUrl: "http://127.0.0.1:9999",
      },
      otpExpMs: 120_000,
      otpLength: 8,
      maxFrequencyMs: 5_000,
      template: "Code: {{ .Code }}",
      testOtp: { "14155550100": "123456" },
      testOtpValidUntil: Date.parse("2040-01-01T00:00:00Z"),
      rateLimitSmsSent: { events: 10, windowMs: 300_000 },
      mfa: {
        enrollEnabled: true,
        verifyEnabled: true,
        otpLength: 10,
        template: "MFA {{ .Code }}",
        maxFrequencyMs: 60_000,
      },
    });
    const defaults = loadConfig({ ...TWILIO, GOTRUE_EXTERNAL_PHONE_ENABLED: "true" }).auth.gotrue
      ?.sms;
    expect(defaults).toEqual({
      ...SMS_OFF,
      enabled: true,
      twilio: { ...defaults?.twilio, baseUrl: "https://api.twilio.com" },
    });
  });

  it("refuses a bad value, naming the variable", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ GOTRUE_SMS_PROVIDER: "vonage" }, /^Invalid GOTRUE_SMS_PROVIDER/],
      [{ GOTRUE_SMS_PROVIDER: "twilio" }, /^Invalid GOTRUE_SMS_TWILIO_ACCOUNT_SID/],
      [{ ...TWILIO, GOTRUE_SMS_TWILIO_AUTH_TOKEN: "" }, /^Invalid GOTRUE_SMS_TWILIO_AUTH_TOKEN/],
      [{ GOTRUE_SMS_OTP_LENGTH: "5" }, /^Invalid GOTRUE_SMS_OTP_LENGTH/],
      [{ GOTRUE_SMS_OTP_EXP: "soon" }, /^Invalid GOTRUE_SMS_OTP_EXP/],
      [{ GOTRUE_SMS_MAX_FREQUENCY: "1 minute" }, /^Invalid GOTRUE_SMS_MAX_FREQUENCY/],
      [{ GOTRUE_SMS_TEST_OTP: "12:ab" }, /^Invalid GOTRUE_SMS_TEST_OTP/],
      [{ GOTRUE_SMS_TEST_OTP_VALID_UNTIL: "tomorrow" }, /^Invalid GOTRUE_SMS_TEST_OTP_VALID_UNTIL/],
      [{ GOTRUE_RATE_LIMIT_SMS_SENT: "lots" }, /^Invalid GOTRUE_RATE_LIMIT_SMS_SENT/],
      [{ SMS_TWILIO_BASE_URL: "ftp://x" }, /^Invalid SMS_TWILIO_BASE_URL/],
      [{ GOTRUE_MFA_PHONE_ENROLL_ENABLED: "yes" }, /^Invalid GOTRUE_MFA_PHONE_ENROLL_ENABLED/],
    ];
    for (const [env, message] of cases) expect(configError(env).message).toMatch(message);
  });
});
