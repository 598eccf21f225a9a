// Servers for the phone tests (docs/decisions/064-phones-and-sms-codes.md): the product's profile
// (phones off) and GoTrue's phone settings pointed at a local fake Twilio.
import {
  PRODUCT_GOTRUE_SETTINGS,
  type GoTrueSettings,
} from "@studyatlas/core/auth-service/gotrue-settings.ts";
import { SMS_OFF, type SmsSettings } from "@studyatlas/core/auth-service/sms-settings.ts";

import { testConfig } from "../../server/test-config.ts";
import { AUTH_SECRET } from "./auth-service-client.ts";
import type { FakeTwilio } from "./fake-twilio.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

export interface PhoneServer {
  t: TestApp;
  baseUrl: string;
}

export const TEST_NUMBER = "15005550999";
export const TEST_CODE = "246810";

/** GoTrue's phone settings with the fake as the provider; `sms` overrides any of them. */
export function phoneSettings(twilio: FakeTwilio, sms: Partial<SmsSettings> = {}): SmsSettings {
  return {
    ...SMS_OFF,
    enabled: true,
    twilio: {
      accountSid: "AC00000000000000000000000000000000",
      authToken: "twilio-test-token",
      messageServiceSid: "MG00000000000000000000000000000000",
      baseUrl: twilio.baseUrl,
    },
    testOtp: { [TEST_NUMBER]: TEST_CODE },
    mfa: {
      ...SMS_OFF.mfa,
      enrollEnabled: true,
      verifyEnabled: true,
      template: "Your StudyAtlas sign-in code: {{ .Code }}",
    },
    ...sms,
  };
}

export async function startPhoneServer(gotrue: Partial<GoTrueSettings>): Promise<PhoneServer> {
  const base = testConfig();
  const t = await createTestApp({
    config: {
      auth: {
        ...base.auth,
        secret: AUTH_SECRET,
        gotrue: { ...PRODUCT_GOTRUE_SETTINGS, ...gotrue },
      },
    },
  });
  const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  return { t, baseUrl };
}

let counter = 0;
/** A number no other test uses (E.164 digits without +). */
export function uniquePhone(): string {
  counter += 1;
  return `1415${String(process.pid % 1000).padStart(3, "0")}${String(counter).padStart(4, "0")}`;
}
