// Passkeys and WebAuthn factors by GoTrue's names (ADR 063): off by default, and on only with a
// relying party (GOTRUE_WEBAUTHN_RP_ID, _RP_DISPLAY_NAME, _RP_ORIGINS).
import { describe, expect, it } from "vitest";

import { configError } from "./config-error.testing.ts";
import { loadConfig } from "./config.ts";

const RELYING_PARTY = {
  GOTRUE_WEBAUTHN_RP_ID: "studyatlas.example",
  GOTRUE_WEBAUTHN_RP_DISPLAY_NAME: "StudyAtlas",
  GOTRUE_WEBAUTHN_RP_ORIGINS: " https://studyatlas.example , https://www.studyatlas.example",
};

describe("loadConfig: passkeys and WebAuthn factors", () => {
  it("leaves both off by default, even with a relying party", () => {
    expect(loadConfig({}).auth.gotrue.webauthn).toBeUndefined();
    expect(loadConfig(RELYING_PARTY).auth.gotrue.webauthn).toBeUndefined();
  });

  it("reads every setting by GoTrue's name", () => {
    const config = loadConfig({
      ...RELYING_PARTY,
      GOTRUE_PASSKEY_ENABLED: "true",
      GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER: "5",
      GOTRUE_MFA_WEB_AUTHN_ENROLL_ENABLED: "true",
      GOTRUE_MFA_WEB_AUTHN_VERIFY_ENABLED: "false",
      GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION: "2m30s",
      GOTRUE_RATE_LIMIT_PASSKEY: "12",
    });
    expect(config.auth.gotrue.webauthn).toEqual({
      rpId: "studyatlas.example",
      rpDisplayName: "StudyAtlas",
      rpOrigins: ["https://studyatlas.example", "https://www.studyatlas.example"],
      challengeExpiryMs: 150_000,
      passkeyEnabled: true,
      maxPasskeysPerUser: 5,
      mfaEnrollEnabled: true,
      mfaVerifyEnabled: false,
      rateLimitPasskey: 12,
    });
    const defaults = loadConfig({ ...RELYING_PARTY, GOTRUE_MFA_WEB_AUTHN_VERIFY_ENABLED: "true" });
    expect(defaults.auth.gotrue.webauthn).toMatchObject({
      challengeExpiryMs: 300_000,
      maxPasskeysPerUser: 10,
      rateLimitPasskey: 30,
      passkeyEnabled: false,
    });
  });

  it.each([
    ["GOTRUE_WEBAUTHN_RP_ID", {}],
    ["GOTRUE_WEBAUTHN_RP_DISPLAY_NAME", { GOTRUE_WEBAUTHN_RP_ID: "studyatlas.example" }],
    [
      "GOTRUE_WEBAUTHN_RP_ORIGINS",
      {
        GOTRUE_WEBAUTHN_RP_ID: "studyatlas.example",
        GOTRUE_WEBAUTHN_RP_DISPLAY_NAME: "StudyAtlas",
      },
    ],
  ])("refuses to turn passkeys on without %s", (variable, partial) => {
    expect(configError({ ...partial, GOTRUE_PASSKEY_ENABLED: "true" }).message).toBe(
      `Invalid ${variable}: is required when passkeys or WebAuthn factors are on`,
    );
  });

  it.each([
    ["GOTRUE_PASSKEY_ENABLED", "yes"],
    ["GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER", "0"],
    ["GOTRUE_MFA_WEB_AUTHN_ENROLL_ENABLED", "1"],
    ["GOTRUE_MFA_WEB_AUTHN_VERIFY_ENABLED", "on"],
    ["GOTRUE_WEBAUTHN_RP_ID", "https://studyatlas.example"],
    ["GOTRUE_WEBAUTHN_RP_ORIGINS", "https://studyatlas.example/login"],
    ["GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION", "5 minutes"],
    ["GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION", "2h"],
    ["GOTRUE_RATE_LIMIT_PASSKEY", "0"],
  ])("rejects %s=%j naming the variable", (variable, value) => {
    expect(configError({ ...RELYING_PARTY, [variable]: value }).message).toMatch(
      new RegExp(`^Invalid ${variable}`),
    );
  });
});
