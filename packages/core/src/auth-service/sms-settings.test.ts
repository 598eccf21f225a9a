// The pure rules of phones and texted codes (docs/decisions/064-phones-and-sms-codes.md).
import { describe, expect, it } from "vitest";

import {
  DEFAULT_SMS_TEMPLATE,
  assertPhone,
  channelOf,
  generateOtp,
  normalisePhone,
  parseTestOtps,
  renderSmsTemplate,
  testOtpFor,
} from "./sms-settings.ts";

describe("phone numbers", () => {
  it("stores E.164 digits without + or spaces, as GoTrue does", () => {
    expect(normalisePhone("+1 415 555 0100")).toBe("14155550100");
    expect(normalisePhone("14155550100")).toBe("14155550100");
    expect(normalisePhone(" +447700900123 ")).toBe("447700900123");
  });

  it("refuses what is not E.164", () => {
    for (const bad of ["", "+", "0123456", "+1-415-555-0100", "1234567890123456", "abc", "1"]) {
      expect(normalisePhone(bad), bad).toBeUndefined();
    }
    expect(() => assertPhone("+0 12")).toThrowError(
      expect.objectContaining({
        code: "validation_failed",
        message: "Invalid phone number format (E.164 required)",
      }),
    );
  });
});

describe("GOTRUE_SMS_TEST_OTP", () => {
  it("parses phone:code pairs in any E.164 spelling", () => {
    expect(parseTestOtps("+1 415 555 0100:123456, 447700900123:654321")).toEqual({
      "14155550100": "123456",
      "447700900123": "654321",
    });
    expect(parseTestOtps("")).toEqual({});
  });

  it("names an entry that is not a number and a code", () => {
    expect(parseTestOtps("14155550100")).toMatch(/14155550100/);
    expect(parseTestOtps("abc:123456")).toMatch(/abc:123456/);
    expect(parseTestOtps("14155550100:12ab")).toMatch(/must be a phone number/);
    expect(parseTestOtps("14155550100:1:2")).toMatch(/must be a phone number/);
  });

  it("gives a listed number its code until GOTRUE_SMS_TEST_OTP_VALID_UNTIL", () => {
    const settings = { testOtp: { "14155550100": "123456" }, testOtpValidUntil: 2_000 };
    expect(testOtpFor(settings, "14155550100", 1_999)).toBe("123456");
    expect(testOtpFor(settings, "14155550100", 2_000)).toBeUndefined();
    expect(testOtpFor(settings, "14155550101", 1_000)).toBeUndefined();
    expect(testOtpFor({ testOtp: { "1415": "1" } }, "constructor")).toBeUndefined();
    expect(testOtpFor({ testOtp: { "14155550100": "123456" } }, "14155550100")).toBe("123456");
  });
});

describe("the message and the code", () => {
  it("fills GoTrue's {{ .Code }} wherever it appears", () => {
    expect(renderSmsTemplate(DEFAULT_SMS_TEMPLATE, "123456")).toBe("Your code is 123456");
    expect(renderSmsTemplate("{{.Code}} is your StudyAtlas code ({{ .Code }})", "$&1")).toBe(
      "$&1 is your StudyAtlas code ($&1)",
    );
  });

  it("draws codes of the configured length, digits only", () => {
    for (const length of [6, 8, 10]) {
      const code = generateOtp(length);
      expect(code).toMatch(new RegExp(`^\\d{${length}}$`));
    }
    expect(new Set(Array.from({ length: 50 }, () => generateOtp(6))).size).toBeGreaterThan(40);
  });

  it("knows GoTrue's channels", () => {
    expect(channelOf(undefined)).toBe("sms");
    expect(channelOf("whatsapp")).toBe("whatsapp");
    expect(() => channelOf("email")).toThrowError(
      expect.objectContaining({ code: "validation_failed" }),
    );
  });
});
