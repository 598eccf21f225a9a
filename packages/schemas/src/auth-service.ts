// Request schemas of the auth service (/auth/v1), as GoTrue reads them (its internal/api/*.go
// params structs) and @supabase/auth-js sends them. Unknown fields are ignored, as GoTrue ignores
// them; lengths are bounded so that no field can make the server work hard.
import { z } from "zod";

const text = (max: number) => z.string().max(max);
const metadata = z.record(z.string().max(200), z.unknown());

const codeChallenge = {
  code_challenge: text(200).optional(),
  code_challenge_method: text(20).optional(),
};

/** Captcha and other client meta auth-js may send; accepted and ignored (no captcha configured). */
const security = { gotrue_meta_security: z.object({}).passthrough().optional() };

export const AuthSignUpSchema = z.object({
  email: text(320).optional(),
  phone: text(64).optional(),
  password: text(1000).optional(),
  data: metadata.optional(),
  channel: text(20).optional(),
  ...codeChallenge,
  ...security,
});

export const GRANT_TYPES = ["password", "refresh_token", "pkce", "id_token"] as const;

export const AuthTokenQuerySchema = z.object({ grant_type: text(40).optional() });

export const AuthPasswordGrantSchema = z.object({
  email: text(320).optional(),
  phone: text(64).optional(),
  password: text(1000).optional(),
  ...security,
});

export const AuthRefreshGrantSchema = z.object({ refresh_token: text(1000).optional() });

export const AuthPkceGrantSchema = z.object({
  auth_code: text(200).optional(),
  code_verifier: text(200).optional(),
});

export const AuthIdTokenGrantSchema = z.object({
  provider: text(40).optional(),
  id_token: text(8000).optional(),
  access_token: text(8000).optional(),
  nonce: text(500).optional(),
  client_id: text(500).optional(),
  ...security,
});

/** The /token body: each grant reads its own fields from it. */
export const AuthTokenBodySchema = z.object({
  ...AuthPasswordGrantSchema.shape,
  ...AuthRefreshGrantSchema.shape,
  ...AuthPkceGrantSchema.shape,
  ...AuthIdTokenGrantSchema.shape,
});

export const AuthOtpSchema = z.object({
  email: text(320).optional(),
  phone: text(64).optional(),
  create_user: z.boolean().optional(),
  data: metadata.optional(),
  channel: text(20).optional(),
  ...codeChallenge,
  ...security,
});

export const VERIFY_TYPES = [
  "signup",
  "invite",
  "magiclink",
  "recovery",
  "email_change",
  "email",
  "sms",
  "phone_change",
] as const;

export const AuthVerifySchema = z.object({
  type: text(40).optional(),
  token: text(1000).optional(),
  token_hash: text(1000).optional(),
  email: text(320).optional(),
  phone: text(64).optional(),
  redirect_to: text(2000).optional(),
});

export const AuthVerifyQuerySchema = z.object({
  type: text(40).optional(),
  token: text(1000).optional(),
  redirect_to: text(2000).optional(),
});

export const AuthResendSchema = z.object({
  type: text(40).optional(),
  email: text(320).optional(),
  phone: text(64).optional(),
  ...codeChallenge,
  ...security,
});

export const AuthRecoverSchema = z.object({
  email: text(320).optional(),
  ...codeChallenge,
  ...security,
});

export const AuthRedirectQuerySchema = z.object({ redirect_to: text(2000).optional() });

export const AuthUserUpdateSchema = z.object({
  email: text(320).optional(),
  phone: text(64).optional(),
  password: text(1000).optional(),
  current_password: text(1000).optional(),
  nonce: text(100).optional(),
  data: metadata.optional(),
  app_metadata: metadata.optional(),
  channel: text(20).optional(),
  ...codeChallenge,
});

export const AuthLogoutQuerySchema = z.object({ scope: text(20).optional() });

export const AuthAuthorizeQuerySchema = z.object({
  provider: text(40).optional(),
  redirect_to: text(2000).optional(),
  scopes: text(1000).optional(),
  code_challenge: text(200).optional(),
  code_challenge_method: text(20).optional(),
  skip_http_redirect: text(10).optional(),
});

export const AuthSsoSchema = z.object({
  provider_id: text(100).optional(),
  domain: text(300).optional(),
  redirect_to: text(2000).optional(),
  skip_http_redirect: z.boolean().optional(),
  ...codeChallenge,
  ...security,
});

export const AuthIdParamsSchema = z.object({ id: text(100) });
export const AuthFactorParamsSchema = z.object({ id: text(100), factorId: text(100) });

// Admin (GoTrue admin.go adminUserParams, invite.go, mail.go GenerateLinkParams).
export const AdminUserSchema = z.object({
  email: text(320).optional(),
  phone: text(64).optional(),
  password: text(1000).optional(),
  password_hash: text(1000).optional(),
  email_confirm: z.boolean().optional(),
  phone_confirm: z.boolean().optional(),
  user_metadata: metadata.optional(),
  app_metadata: metadata.optional(),
  role: text(100).optional(),
  ban_duration: text(40).optional(),
});

export const AdminListQuerySchema = z.object({
  page: text(12).optional(),
  per_page: text(12).optional(),
  filter: text(200).optional(),
  sort: text(100).optional(),
});

export const AdminDeleteSchema = z.object({ should_soft_delete: z.boolean().optional() });

export const AdminInviteSchema = z.object({
  email: text(320).optional(),
  data: metadata.optional(),
});

export const AdminGenerateLinkSchema = z.object({
  type: text(40).optional(),
  email: text(320).optional(),
  new_email: text(320).optional(),
  password: text(1000).optional(),
  data: metadata.optional(),
  redirect_to: text(2000).optional(),
});
