// Request schemas of the auth service (/auth/v1), as GoTrue reads them (its internal/api/*.go
// params structs) and @supabase/auth-js sends them. Unknown fields are ignored, as GoTrue ignores
// them; lengths are bounded so that no field can make the server work hard.
import { z } from "zod";

const text = (max: number) => z.string().max(max);

/** auth-js sends null for what it was not given (code_challenge: null): read as absent. */
function orUndefined<T>(value: T | null | undefined): T | undefined {
  return value ?? undefined;
}
/**
 * Metadata travels in every access token, and the site keeps its token in a cookie (at most about
 * 4 KB), so it is kept small: 2 KB of JSON for user_metadata, 1 KB for app_metadata.
 */
export const USER_METADATA_MAX_BYTES = 2048;
export const APP_METADATA_MAX_BYTES = 1024;

/** Objects and arrays inside one another in metadata (the JSON body parser allows 32 in all). */
export const METADATA_MAX_DEPTH = 16;

/** The bytes of `value` as JSON; Infinity for a value JSON cannot say (too deep, a cycle). */
export function jsonBytes(value: unknown): number {
  try {
    return new TextEncoder().encode(JSON.stringify(value)).length;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** The nesting of objects and arrays in `value`, walked without recursion. */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== "object") continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}

function metadataOf(maxBytes: number) {
  return z
    .record(z.string().max(200), z.unknown())
    .refine((value) => jsonDepth(value) <= METADATA_MAX_DEPTH, {
      message: `must be at most ${METADATA_MAX_DEPTH} levels deep`,
    })
    .refine((value) => jsonBytes(value) <= maxBytes, {
      message: `must be at most ${maxBytes} bytes of JSON`,
    });
}
const metadata = metadataOf(USER_METADATA_MAX_BYTES);
const appMetadata = metadataOf(APP_METADATA_MAX_BYTES);

const codeChallenge = {
  code_challenge: text(200).nullish().transform(orUndefined),
  code_challenge_method: text(20).nullish().transform(orUndefined),
};

/** Captcha and other client meta auth-js may send; accepted and ignored (no captcha configured). */
const security = {
  gotrue_meta_security: z.object({}).passthrough().nullish().transform(orUndefined),
};

export const AuthSignUpSchema = z.object({
  email: text(320).nullish().transform(orUndefined),
  phone: text(64).nullish().transform(orUndefined),
  password: text(1000).nullish().transform(orUndefined),
  data: metadata.nullish().transform(orUndefined),
  channel: text(20).nullish().transform(orUndefined),
  ...codeChallenge,
  ...security,
});

export const GRANT_TYPES = ["password", "refresh_token", "pkce", "id_token"] as const;

export const AuthTokenQuerySchema = z.object({
  grant_type: text(40).nullish().transform(orUndefined),
});

export const AuthPasswordGrantSchema = z.object({
  email: text(320).nullish().transform(orUndefined),
  phone: text(64).nullish().transform(orUndefined),
  password: text(1000).nullish().transform(orUndefined),
  ...security,
});

export const AuthRefreshGrantSchema = z.object({
  refresh_token: text(1000).nullish().transform(orUndefined),
});

export const AuthPkceGrantSchema = z.object({
  auth_code: text(200).nullish().transform(orUndefined),
  code_verifier: text(200).nullish().transform(orUndefined),
});

export const AuthIdTokenGrantSchema = z.object({
  provider: text(40).nullish().transform(orUndefined),
  id_token: text(8000).nullish().transform(orUndefined),
  access_token: text(8000).nullish().transform(orUndefined),
  nonce: text(500).nullish().transform(orUndefined),
  client_id: text(500).nullish().transform(orUndefined),
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
  email: text(320).nullish().transform(orUndefined),
  phone: text(64).nullish().transform(orUndefined),
  create_user: z.boolean().nullish().transform(orUndefined),
  data: metadata.nullish().transform(orUndefined),
  channel: text(20).nullish().transform(orUndefined),
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
  type: text(40).nullish().transform(orUndefined),
  token: text(1000).nullish().transform(orUndefined),
  token_hash: text(1000).nullish().transform(orUndefined),
  email: text(320).nullish().transform(orUndefined),
  phone: text(64).nullish().transform(orUndefined),
  redirect_to: text(2000).nullish().transform(orUndefined),
});

export const AuthVerifyQuerySchema = z.object({
  type: text(40).nullish().transform(orUndefined),
  token: text(1000).nullish().transform(orUndefined),
  redirect_to: text(2000).nullish().transform(orUndefined),
});

export const AuthResendSchema = z.object({
  type: text(40).nullish().transform(orUndefined),
  email: text(320).nullish().transform(orUndefined),
  phone: text(64).nullish().transform(orUndefined),
  ...codeChallenge,
  ...security,
});

export const AuthRecoverSchema = z.object({
  email: text(320).nullish().transform(orUndefined),
  ...codeChallenge,
  ...security,
});

export const AuthRedirectQuerySchema = z.object({
  redirect_to: text(2000).nullish().transform(orUndefined),
});

export const AuthUserUpdateSchema = z.object({
  email: text(320).nullish().transform(orUndefined),
  phone: text(64).nullish().transform(orUndefined),
  password: text(1000).nullish().transform(orUndefined),
  current_password: text(1000).nullish().transform(orUndefined),
  nonce: text(100).nullish().transform(orUndefined),
  data: metadata.nullish().transform(orUndefined),
  app_metadata: metadata.nullish().transform(orUndefined),
  channel: text(20).nullish().transform(orUndefined),
  ...codeChallenge,
});

export const AuthLogoutQuerySchema = z.object({ scope: text(20).nullish().transform(orUndefined) });

export const AuthAuthorizeQuerySchema = z.object({
  provider: text(40).nullish().transform(orUndefined),
  redirect_to: text(2000).nullish().transform(orUndefined),
  scopes: text(1000).nullish().transform(orUndefined),
  code_challenge: text(200).nullish().transform(orUndefined),
  code_challenge_method: text(20).nullish().transform(orUndefined),
  skip_http_redirect: text(10).nullish().transform(orUndefined),
});

export const AuthSsoSchema = z.object({
  provider_id: text(100).nullish().transform(orUndefined),
  domain: text(300).nullish().transform(orUndefined),
  redirect_to: text(2000).nullish().transform(orUndefined),
  skip_http_redirect: z.boolean().nullish().transform(orUndefined),
  ...codeChallenge,
  ...security,
});

export const AuthIdParamsSchema = z.object({ id: text(100) });
export const AuthFactorParamsSchema = z.object({ id: text(100), factorId: text(100) });

// Admin (GoTrue admin.go adminUserParams, invite.go, mail.go GenerateLinkParams).
export const AdminUserSchema = z.object({
  email: text(320).nullish().transform(orUndefined),
  phone: text(64).nullish().transform(orUndefined),
  password: text(1000).nullish().transform(orUndefined),
  password_hash: text(1000).nullish().transform(orUndefined),
  email_confirm: z.boolean().nullish().transform(orUndefined),
  phone_confirm: z.boolean().nullish().transform(orUndefined),
  user_metadata: metadata.nullish().transform(orUndefined),
  app_metadata: appMetadata.nullish().transform(orUndefined),
  role: text(100).nullish().transform(orUndefined),
  ban_duration: text(40).nullish().transform(orUndefined),
});

export const AdminListQuerySchema = z.object({
  page: text(12).nullish().transform(orUndefined),
  per_page: text(12).nullish().transform(orUndefined),
  filter: text(200).nullish().transform(orUndefined),
  sort: text(100).nullish().transform(orUndefined),
});

export const AdminDeleteSchema = z.object({
  should_soft_delete: z.boolean().nullish().transform(orUndefined),
});

export const AdminInviteSchema = z.object({
  email: text(320).nullish().transform(orUndefined),
  data: metadata.nullish().transform(orUndefined),
});

export const AdminGenerateLinkSchema = z.object({
  type: text(40).nullish().transform(orUndefined),
  email: text(320).nullish().transform(orUndefined),
  new_email: text(320).nullish().transform(orUndefined),
  password: text(1000).nullish().transform(orUndefined),
  data: metadata.nullish().transform(orUndefined),
  redirect_to: text(2000).nullish().transform(orUndefined),
});
