// The auth service's settings (ADR 013, ADR 049): the redirect allow list and GoTrue's names.
import { describe, expect, it } from "vitest";

import { configError } from "./config-error.testing.ts";
import { loadConfig } from "./config.ts";

describe("loadConfig: the auth service", () => {
  it("reads the auth service's redirect allow list and Google secret", () => {
    const config = loadConfig({
      AUTH_REDIRECT_URLS: " https://app.example.com/** , http://localhost:5173/callback",
      GOOGLE_CLIENT_SECRET: "secret",
    });
    expect(config.auth.redirectUrls).toEqual([
      "https://app.example.com/**",
      "http://localhost:5173/callback",
    ]);
    expect(config.google.clientSecret).toBe("secret");
    expect(loadConfig({}).auth.redirectUrls).toEqual([]);
    expect(
      loadConfig({ GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED: "false" }).auth.secureEmailChange,
    ).toBe(false);
    expect(configError({ GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED: "yes" }).message).toMatch(
      /^Invalid GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED/,
    );
    expect(configError({ AUTH_REDIRECT_URLS: "javascript:alert(1)" }).message).toMatch(
      /^Invalid AUTH_REDIRECT_URLS/,
    );
  });

  it("reads GoTrue's settings by GoTrue's names (ADR 049)", () => {
    expect(
      loadConfig({
        GOTRUE_MAILER_AUTOCONFIRM: "true",
        GOTRUE_DISABLE_SIGNUP: "true",
        GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED: "true",
        GOTRUE_RATE_LIMIT_ANONYMOUS_USERS: "12.5",
        GOTRUE_SECURITY_MANUAL_LINKING_ENABLED: "false",
        GOTRUE_PASSWORD_MIN_LENGTH: "12",
        GOTRUE_RATE_LIMIT_VERIFY: "1000",
        GOTRUE_RATE_LIMIT_TOKEN_REFRESH: "1800.5",
        GOTRUE_RATE_LIMIT_SSO: "40",
        GOTRUE_RATE_LIMIT_OTP: "5000",
        GOTRUE_RATE_LIMIT_EMAIL_SENT: "10/5m",
        GOTRUE_RATE_LIMIT_HEADER: "X-Real-IP",
        GOTRUE_SMTP_MAX_FREQUENCY: "1m30s",
      }).auth.gotrue,
    ).toEqual({
      autoconfirm: true,
      disableSignup: true,
      passwordMinLength: 12,
      rateLimitVerify: 1000,
      rateLimitTokenRefresh: 1800,
      rateLimitSso: 40,
      rateLimitOtp: 5000,
      rateLimitEmailSent: { events: 10, windowMs: 300_000 },
      rateLimitHeader: "X-Real-IP",
      smtpMaxFrequencyMs: 90_000,
      manualLinking: false,
      anonymousUsers: true,
      rateLimitAnonymousUsers: 12,
    });
    // A bare number is e-mails an hour, as GoTrue's Rate; a shorter minimum means the account rule's 8.
    const gotrue = loadConfig({
      GOTRUE_RATE_LIMIT_EMAIL_SENT: "30",
      GOTRUE_PASSWORD_MIN_LENGTH: "6",
      GOTRUE_SMTP_MAX_FREQUENCY: "0",
    }).auth.gotrue;
    expect(gotrue.rateLimitEmailSent).toEqual({ events: 30, windowMs: 3_600_000 });
    expect(gotrue.passwordMinLength).toBe(8);
    expect(gotrue.smtpMaxFrequencyMs).toBe(0);
  });

  it("reads the signing keys' and anonymous users' settings (ADR 062)", () => {
    const jwk = { kty: "EC", crv: "P-256", x: "x", y: "y", kid: "k1", alg: "ES256" };
    const config = loadConfig({
      AUTH_SIGNING_ALGORITHM: "ES256",
      AUTH_SIGNING_KEY_GRACE_SECONDS: "7200",
      GOTRUE_JWT_KEYS: JSON.stringify([jwk]),
      AUTH_ANONYMOUS_USERS_RETENTION_DAYS: "7",
    }).auth;
    expect(config.signing).toEqual({ algorithm: "ES256", graceMs: 7_200_000, jwtKeys: [jwk] });
    expect(config.anonymousUsersRetentionMs).toBe(7 * 24 * 60 * 60 * 1000);
    // A grace shorter than a token's lifetime would end tokens early: it is the lifetime then.
    expect(
      loadConfig({ AUTH_SIGNING_KEY_GRACE_SECONDS: "60", ACCESS_TOKEN_TTL_SECONDS: "900" }).auth
        .signing.graceMs,
    ).toBe(900_000);
  });
});
