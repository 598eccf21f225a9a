// Two-factor authentication payloads and answers (docs/decisions/014-two-factor.md),
// shared by the settings and sign-in forms and the account API. Shapes follow GoTrue's
// (internal/api/mfa.go) so the /auth/v1 service can answer with the same objects.
import { z } from "zod";

import { RefreshedSchema, TokenPairSchema, VerifiedSchema } from "./accounts.ts";

export const MFA_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app.",
  codeFormat: "The code is 6 digits.",
  /** Shown for mfa_verification_failed (the API's message is GoTrue's, for its clients). */
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  /** A right code already accepted once (a code counts once, ADR 014). */
  codeAlreadyUsed: "That code has already been used. Wait for the next one.",
  enrolled: "Two-factor authentication is on.",
  recoveryCodeRequired: "Enter one of your recovery codes.",
  wrongRecoveryCode: "That recovery code is not right, or it was already used.",
  removed: "The authenticator app was removed.",
  friendlyNameTooLong: "The name must be at most 60 characters.",
} as const;

export const TOTP_CODE_LENGTH = 6;
/** Recovery codes issued at a time (ADR 050). */
export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit code; spaces typed between groups ("123 456") are ignored. */
export const TotpCodeSchema = z
  .string({ error: MFA_MESSAGES.codeRequired })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .min(1, MFA_MESSAGES.codeRequired)
      .regex(/^\d{6}$/, MFA_MESSAGES.codeFormat),
  );

export const FACTOR_TYPE_VALUES = ["totp", "phone", "webauthn"] as const;

/** POST account/factors (GoTrue's EnrollFactorParams). */
export const EnrollFactorSchema = z.object({
  factor_type: z.enum(FACTOR_TYPE_VALUES, {
    error: "factor_type needs to be totp, phone, or webauthn",
  }),
  friendly_name: z.string().trim().max(60, MFA_MESSAGES.friendlyNameTooLong).optional(),
  issuer: z.string().trim().max(100).optional(),
  phone: z.string().trim().max(20).optional(),
});

export const FactorParamsSchema = z.object({
  id: z.string().min(1).max(64),
});

/** POST account/factors/{id}/verify (GoTrue's VerifyFactorParams). */
export const VerifyFactorSchema = z.object({
  challenge_id: z.string({ error: "challenge_id is required" }).min(1).max(64),
  code: TotpCodeSchema,
});

/**
 * POST /auth/v1/factors/{id}/verify: a code, or a WebAuthn answer (auth-js's `webauthn`, whose
 * rpId and rpOrigins the server ignores: its own relying party decides, ADR 063).
 */
export const GoTrueVerifyFactorSchema = z.object({
  challenge_id: z.string({ error: "challenge_id is required" }).min(1).max(64),
  code: TotpCodeSchema.optional(),
  webauthn: z
    .object({
      type: z.enum(["create", "request"], { error: "WebAuthn type must be create or request" }),
      credential_response: z.record(z.string(), z.unknown(), {
        error: "credential_response required",
      }),
    })
    .optional(),
});

/** The code forms (sign-in second step, enrolment confirmation). */
export const TotpCodeFormSchema = z.object({ code: TotpCodeSchema });

/** The settings form that starts an enrolment: an optional name for the app. */
export const EnrollFormSchema = z.object({
  friendly_name: z.string().trim().max(60, MFA_MESSAGES.friendlyNameTooLong),
});

export const AalSchema = z.enum(["aal1", "aal2"]);

export const FactorSchema = z.object({
  id: z.string(),
  friendly_name: z.string(),
  factor_type: z.enum(FACTOR_TYPE_VALUES),
  status: z.enum(["unverified", "verified"]),
  created_at: z.string(),
  updated_at: z.string(),
  last_challenged_at: z.string().nullable(),
});
export type Factor = z.output<typeof FactorSchema>;

/** GET account/factors: the factors and where the caller's session stands. */
export const FactorListSchema = z.object({
  factors: z.array(FactorSchema),
  current_level: AalSchema,
  next_level: AalSchema,
});
export type FactorList = z.output<typeof FactorListSchema>;

export const EnrolledFactorSchema = z.object({
  id: z.string(),
  type: z.literal("totp"),
  friendly_name: z.string(),
  totp: z.object({
    qr_code: z.string().describe("SVG markup"),
    secret: z.string().describe("base32, for typing into the app; shown only now"),
    uri: z.string().describe("otpauth:// URI"),
  }),
});
export type EnrolledFactor = z.output<typeof EnrolledFactorSchema>;

export const ChallengeSchema = z.object({
  id: z.string(),
  type: z.enum(FACTOR_TYPE_VALUES),
  expires_at: z.number(),
});

export const AmrEntrySchema = z.object({ method: z.string(), timestamp: z.number() });

/** A verified code: the session, now aal2 (tokens in the body for API clients only). */
export const FactorVerifiedSchema = RefreshedSchema.extend({
  aal: z.literal("aal2"),
  amr: z.array(AmrEntrySchema),
  factor: FactorSchema,
});

export const UnenrolledSchema = z.object({ id: z.string() });

/**
 * Added to a sign-in answer (account/token, google_login, a verification link) when the account
 * has a verified factor: the session is aal1 and owes a code; `factors` are the ones to challenge.
 * Absent for accounts without factors, so older clients see the answer they always did.
 */
export const MfaRequiredSchema = z.object({
  required: z.literal(true),
  current_level: z.literal("aal1"),
  next_level: z.literal("aal2"),
  factors: z.array(FactorSchema.pick({ id: true, friendly_name: true, factor_type: true })),
});
export type MfaRequired = z.output<typeof MfaRequiredSchema>;

/** account/token and google_login: the session, plus `mfa` when a code is still owed. */
export const SignInAnswerSchema = TokenPairSchema.extend({ mfa: MfaRequiredSchema.optional() });

/** A verification link that signed in (recovery.ts), with `mfa` as above. */
export const VerifiedLinkAnswerSchema = VerifiedSchema.extend({
  mfa: MfaRequiredSchema.optional(),
  /**
   * Where the verified visitor goes next: a student to the interests (signed in) or the welcome
   * page, a partner to the partner dashboard (signed in) or its sign-in.
   */
  redirect_to: z.string().optional(),
});

/** POST account/recovery-codes/verify: a code as typed ("k3m9q-7xw2d"; case and spaces ignored). */
export const RecoveryCodeSchema = z.object({
  code: z
    .string({ error: MFA_MESSAGES.recoveryCodeRequired })
    .trim()
    .min(1, MFA_MESSAGES.recoveryCodeRequired)
    .max(40, MFA_MESSAGES.wrongRecoveryCode),
});

/** POST account/recovery-codes: a fresh authenticator code, needed to renew the codes. */
export const IssueRecoveryCodesSchema = z.object({ code: TotpCodeSchema.optional() });

/** The new codes, shown once. */
export const RecoveryCodesSchema = z.object({ codes: z.array(z.string()), remaining: z.number() });

/** GET account/recovery-codes: how many are left, and whether any were issued. */
export const RecoveryCodeStatusSchema = z.object({ issued: z.boolean(), remaining: z.number() });

/** A recovery code accepted: the session, now aal2, and how many codes are left. */
export const RecoveryVerifiedSchema = RefreshedSchema.extend({
  aal: z.literal("aal2"),
  amr: z.array(AmrEntrySchema),
  remaining: z.number(),
});
