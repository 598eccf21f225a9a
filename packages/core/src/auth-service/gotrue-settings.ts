// GoTrue's configuration by GoTrue's names (docs/decisions/049-gotrue-configuration-and-profiles.md):
// the settings the auth service (/auth/v1) reads, the product's defaults, and the rate-limit rules
// they make. GoTrue counts RATE_LIMIT_VERIFY, _TOKEN_REFRESH, _SSO and _OTP per 5 minutes and
// RATE_LIMIT_EMAIL_SENT per hour (or `N/duration`); ours are sliding windows of the same sizes.
import { RATE_LIMITS, type RateLimitRule } from "../accounts/rate-limit.ts";
import type { WebAuthnSettings } from "../accounts/webauthn.ts";
import type { SmsSettings } from "./sms-settings.ts";

export interface GoTrueSettings {
  /** GOTRUE_MAILER_AUTOCONFIRM: sign-up confirms the address and answers a session at once. */
  autoconfirm: boolean;
  /** GOTRUE_DISABLE_SIGNUP: new users only through the admin API (422 signup_disabled). */
  disableSignup: boolean;
  /** GOTRUE_PASSWORD_MIN_LENGTH: never below the account rule's 8 (ADR 006). */
  passwordMinLength: number;
  /** Requests per client address per 5 minutes. */
  rateLimitVerify: number;
  rateLimitTokenRefresh: number;
  rateLimitSso: number;
  rateLimitOtp: number;
  /** GOTRUE_RATE_LIMIT_EMAIL_SENT: e-mails the whole service sends in a window; unset: no such cap. */
  rateLimitEmailSent?: { events: number; windowMs: number } | undefined;
  /**
   * GOTRUE_RATE_LIMIT_HEADER: the header whose value is the client address the per-address limits
   * count (as GoTrue reads it, for a trusted proxy that sets it); unset: the socket's address, or
   * X-Forwarded-For through TRUST_PROXY.
   */
  rateLimitHeader?: string | undefined;
  /**
   * GOTRUE_SECURITY_MANUAL_LINKING_ENABLED: false is GoTrue's rule (unlinking answers 404
   * manual_linking_disabled too); unset keeps the product's (unlinking a second identity works).
   */
  manualLinking?: false | undefined;
  /** GOTRUE_SMTP_MAX_FREQUENCY: one e-mail of a kind per address per this many ms (0: no wait). */
  smtpMaxFrequencyMs: number;
  /** GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED: signInAnonymously() (ADR 062). */
  anonymousUsers: boolean;
  /** GOTRUE_RATE_LIMIT_ANONYMOUS_USERS: anonymous sign-ins per client address per hour. */
  rateLimitAnonymousUsers: number;
  /** Passkeys and WebAuthn factors (GOTRUE_PASSKEY_*, GOTRUE_MFA_WEB_AUTHN_*, ADR 063); off when absent. */
  webauthn?: WebAuthnSettings | undefined;
  /** Phones and texted codes (GOTRUE_EXTERNAL_PHONE_*, GOTRUE_SMS_*, GOTRUE_MFA_PHONE_*, ADR 064); off when absent. */
  sms?: SmsSettings | undefined;
}

/** The product's defaults: GoTrue's defaults for the limits, confirmations on, sign-ups open. */
export const PRODUCT_GOTRUE_SETTINGS: GoTrueSettings = {
  autoconfirm: false,
  disableSignup: false,
  passwordMinLength: 8,
  rateLimitVerify: RATE_LIMITS.authVerifyIp.max,
  rateLimitTokenRefresh: RATE_LIMITS.authTokenIp.max,
  rateLimitSso: 30,
  rateLimitOtp: RATE_LIMITS.authOtpIp.max,
  smtpMaxFrequencyMs: RATE_LIMITS.authEmailPerAddress.windowMs,
  anonymousUsers: false,
  rateLimitAnonymousUsers: 30,
};

const FIVE_MINUTES = 5 * 60_000;

interface GoTrueLimits {
  token: RateLimitRule;
  verify: RateLimitRule;
  otp: RateLimitRule;
  sso: RateLimitRule;
  emailPerAddress: RateLimitRule;
  emailSent?: RateLimitRule | undefined;
}

/** The rules the settings make; the product's are exactly RATE_LIMITS' auth rules. */
export function limitsOf(settings: GoTrueSettings | undefined): GoTrueLimits {
  const s = settings ?? PRODUCT_GOTRUE_SETTINGS;
  return {
    token: { ...RATE_LIMITS.authTokenIp, max: s.rateLimitTokenRefresh, windowMs: FIVE_MINUTES },
    verify: { ...RATE_LIMITS.authVerifyIp, max: s.rateLimitVerify, windowMs: FIVE_MINUTES },
    otp: { ...RATE_LIMITS.authOtpIp, max: s.rateLimitOtp, windowMs: FIVE_MINUTES },
    sso: { ...RATE_LIMITS.authOtpIp, name: "auth-sso-ip", max: s.rateLimitSso },
    emailPerAddress: {
      ...RATE_LIMITS.authEmailPerAddress,
      max: s.smtpMaxFrequencyMs > 0 ? 1 : Number.MAX_SAFE_INTEGER,
      windowMs: Math.max(s.smtpMaxFrequencyMs, 1),
      message: `For security purposes, you can only request this after ${Math.ceil(s.smtpMaxFrequencyMs / 1000)} seconds.`,
    },
    ...(s.rateLimitEmailSent
      ? {
          emailSent: {
            name: "auth-email-sent",
            max: s.rateLimitEmailSent.events,
            windowMs: s.rateLimitEmailSent.windowMs,
            message: "Email rate limit exceeded",
            code: "over_email_send_rate_limit",
          },
        }
      : {}),
  };
}
