// The error path of the auth service (/auth/v1), in GoTrue's shapes rather than the API's
// (docs/decisions/013-auth-service.md; GoTrue internal/api/errors.go, apierrors/):
// - a request with `X-Supabase-Api-Version: 2024-01-01` (or later) gets `{code, message}` and the
//   header echoed back; any other gets the legacy `{code: <status>, error_code, msg}`;
// - both set `x-sb-error-code`; a weak password adds `weak_password: {reasons}`;
// - OAuth-style errors of /token are `{error, error_description}`.
// Domain errors keep their kind; their code decides GoTrue's status through one table, and the
// account codes shared with account/* are translated to GoTrue's.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

import { DomainError } from "@studyatlas/core/errors.ts";
import { WeakPasswordError } from "@studyatlas/core/auth-service/input-rules.ts";

import { isDataError, isUnavailableError } from "../../plugins/errors.ts";

export const API_VERSION_HEADER = "x-supabase-api-version";
export const API_VERSION_2024_01_01 = "2024-01-01";

/** An error only HTTP knows (a missing header, an unknown path), in GoTrue's terms. */
export class GoTrueHttpError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "GoTrueHttpError";
    this.status = status;
    this.code = code;
  }
}

/** OAuth-style errors (RFC 6749 §5.2): always 400 `{error, error_description}`. */
export class OAuthError extends Error {
  readonly error: string;
  constructor(error: string, description: string) {
    super(description);
    this.name = "OAuthError";
    this.error = error;
  }
}

/** GoTrue's status for each of its codes that we raise. */
const STATUS_OF_CODE: Record<string, number> = {
  bad_json: 400,
  validation_failed: 400,
  invalid_credentials: 400,
  email_not_confirmed: 400,
  user_banned: 400,
  refresh_token_not_found: 400,
  refresh_token_already_used: 400,
  session_expired: 400,
  bad_code_verifier: 400,
  email_address_invalid: 400,
  phone_provider_disabled: 400,
  provider_disabled: 400,
  sso_provider_not_found: 404,
  saml_provider_disabled: 404,
  current_password_mismatch: 422,
  reauthentication_needed: 400,
  reauthentication_not_valid: 400,
  no_authorization: 401,
  insufficient_aal: 401,
  bad_jwt: 403,
  not_admin: 403,
  session_not_found: 403,
  otp_expired: 403,
  user_not_found: 404,
  flow_state_not_found: 404,
  mfa_factor_not_found: 404,
  not_found: 404,
  conflict: 409,
  request_entity_too_large: 413,
  user_already_exists: 422,
  email_exists: 422,
  weak_password: 422,
  same_password: 422,
  identity_already_exists: 422,
  identity_not_found: 422,
  single_identity_not_deletable: 422,
  manual_linking_disabled: 404,
  flow_state_expired: 422,
  signup_disabled: 422,
  otp_disabled: 422,
  mfa_verification_failed: 422,
  web3_provider_disabled: 422,
  anonymous_provider_disabled: 422,
  // Passkeys and WebAuthn factors (ADR 063); the other webauthn_* codes are 400s.
  mfa_webauthn_enroll_not_enabled: 422,
  mfa_webauthn_verify_not_enabled: 422,
  too_many_passkeys: 422,
  webauthn_credential_exists: 422,
  passkey_disabled: 404,
  over_request_rate_limit: 429,
  over_email_send_rate_limit: 429,
  // Phones and texted codes (ADR 064).
  phone_exists: 422,
  phone_not_confirmed: 400,
  sms_send_failed: 422,
  over_sms_send_rate_limit: 429,
  mfa_phone_enroll_not_enabled: 422,
  mfa_phone_verify_not_enabled: 422,
  mfa_verified_factor_exists: 422,
  // GoTrue's 422s for a used or foreign challenge and an expired one (ADR 014 said so; the table
  // had left them to their kind's 409).
  mfa_ip_address_mismatch: 422,
  mfa_challenge_expired: 422,
  request_timeout: 504,
  unexpected_failure: 500,
};

/** Codes raised by the account code that both doors share, in GoTrue's words. */
const GOTRUE_OF_ACCOUNT_CODE: Record<string, { code: string; message?: string; status?: number }> =
  {
    invalid_credentials: { code: "invalid_credentials", message: "Invalid login credentials" },
    email_not_verified: { code: "email_not_confirmed", message: "Email not confirmed" },
    invalid_refresh_token: {
      code: "refresh_token_not_found",
      message: "Invalid Refresh Token: Refresh Token Not Found",
    },
    refresh_token_already_used: {
      code: "refresh_token_already_used",
      message: "Invalid Refresh Token: Already Used",
    },
    password_too_common: { code: "weak_password" },
    password_too_predictable: { code: "weak_password" },
    email_taken: {
      code: "email_exists",
      message: "A user with this email address has already been registered",
    },
    rate_limited: { code: "over_request_rate_limit" },
    invalid_google_token: { code: "validation_failed", message: "Bad ID token" },
    // Google could not be reached: a 503 auth-js may retry, not the caller's mistake.
    google_unavailable: { code: "unexpected_failure", status: 503 },
    no_account: { code: "user_not_found", message: "User not found" },
    // An anonymous user without an address (ADR 062): GoTrue's 422s.
    anonymous_password_without_address: { code: "validation_failed", status: 422 },
    reauthentication_without_address: { code: "validation_failed", status: 422 },
  };

const STATUS_OF_KIND: Record<string, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

export interface GoTrueErrorBody {
  status: number;
  code: string;
  message: string;
  weakPasswordReasons?: string[];
}

export function goTrueErrorOf(error: unknown): GoTrueErrorBody | { oauth: OAuthError } {
  if (error instanceof OAuthError) return { oauth: error };
  if (error instanceof GoTrueHttpError) {
    return { status: error.status, code: error.code, message: error.message };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const field = issue?.instancePath.replace(/^\//, "") || error.validationContext || "request";
    return {
      status: 400,
      code: "validation_failed",
      message: `Invalid ${field}: ${issue?.message ?? "is invalid"}`,
    };
  }
  if (error instanceof DomainError) {
    const translated = GOTRUE_OF_ACCOUNT_CODE[error.code];
    const code = translated?.code ?? error.code;
    const status = translated?.status ?? STATUS_OF_CODE[code] ?? STATUS_OF_KIND[error.kind] ?? 400;
    const body: GoTrueErrorBody = { status, code, message: translated?.message ?? error.message };
    if (error instanceof WeakPasswordError) body.weakPasswordReasons = error.reasons;
    else if (code === "weak_password") body.weakPasswordReasons = ["pwned"];
    return body;
  }
  if (isUnavailableError(error)) {
    return { status: 503, code: "unexpected_failure", message: "Service temporarily unavailable" };
  }
  if (isDataError(error)) {
    return { status: 400, code: "validation_failed", message: "Invalid input" };
  }
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.statusCode === 413 || fastifyError.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    return {
      status: 413,
      code: "request_entity_too_large",
      message: "Request body too large",
    };
  }
  if (fastifyError.code === "FST_ERR_CTP_INVALID_JSON_BODY") {
    return { status: 400, code: "bad_json", message: "Could not parse request body as JSON" };
  }
  if (fastifyError.statusCode === 415 || fastifyError.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
    return { status: 400, code: "bad_json", message: "Could not parse request body as JSON" };
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, code: "validation_failed", message: fastifyError.message ?? "Bad request" };
  }
  return { status: 500, code: "unexpected_failure", message: "Internal Server Error" };
}

/** Whether the caller speaks the 2024-01-01 error shape (auth-js always does). */
export function apiVersionOf(request: FastifyRequest): string | undefined {
  const header = request.headers[API_VERSION_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  return value >= API_VERSION_2024_01_01 ? API_VERSION_2024_01_01 : undefined;
}

export function sendGoTrueError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const mapped = goTrueErrorOf(error);
  reply.header("cache-control", "no-store");
  if ("oauth" in mapped) {
    return reply
      .code(400)
      .send({ error: mapped.oauth.error, error_description: mapped.oauth.message });
  }
  if (mapped.status >= 500) request.log.error({ err: error }, "auth service request failed");
  const version = apiVersionOf(request);
  const weak = mapped.weakPasswordReasons
    ? { weak_password: { reasons: mapped.weakPasswordReasons } }
    : {};
  reply.code(mapped.status).header("x-sb-error-code", mapped.code);
  if (version) {
    reply.header(API_VERSION_HEADER, version);
    return reply.send({ code: mapped.code, message: mapped.message, ...weak });
  }
  return reply.send({
    code: mapped.status,
    error_code: mapped.code,
    msg: mapped.message,
    ...(mapped.status >= 500 ? { error_id: request.id } : {}),
    ...weak,
  });
}

export function registerGoTrueErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) =>
    sendGoTrueError(error, request, reply),
  );
  app.setNotFoundHandler((request, reply) =>
    sendGoTrueError(new GoTrueHttpError(404, "not_found", "Not Found"), request, reply),
  );
}
