// Access tokens: short-lived HS256 JWTs signed with jose. The claims are Supabase Auth's (iss, sub,
// aud, iat, exp, email, phone, app_metadata, user_metadata, role, aal, amr, session_id,
// is_anonymous) plus our `user_role`, so a token from account/token and one from /auth/v1/token are
// the same kind of token, and each door accepts the other's (docs/decisions/006-sessions-and-tokens.md,
// docs/decisions/013-auth-service.md).
import { SignJWT, errors, jwtVerify } from "jose";

import { authUserId, parseAuthUserId } from "../auth-service/auth-user.ts";
import {
  VERIFIED_ALGORITHMS,
  signingKeyOf,
  verificationKeyOf,
  type TokenKeys,
} from "../auth-service/signing-keys.ts";

export const ACCESS_TOKEN_ISSUER = "studyatlas";
export const ACCESS_TOKEN_AUDIENCE = "authenticated";

export interface AccessClaims {
  userId: number;
  sessionId: string;
  aal: string;
  role: string;
  email: string;
  /** GoTrue's `phone` claim: E.164 digits without `+`, '' without one (ADR 064). */
  phone?: string | undefined;
}

/** What GoTrue puts in a token beyond the session: read by Supabase clients, not by our server. */
export interface AccessTokenProfile {
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  /** Newest first ({method, timestamp}); derived from the session row. */
  amr: { method: string; timestamp: number }[];
  /** Signed in without an address (docs/decisions/062-signing-keys-and-anonymous-users.md). */
  isAnonymous?: boolean | undefined;
}

export interface SignedAccessToken {
  token: string;
  /** Seconds since the epoch. */
  expiresAt: number;
  expiresIn: number;
}

/**
 * Signs with the keyring's current key (ES256/RS256, its `kid` in the header) or HS256 with the
 * secret (docs/decisions/062-signing-keys-and-anonymous-users.md).
 */
export async function signAccessToken(
  keys: TokenKeys,
  claims: AccessClaims,
  ttlSeconds: number,
  now = Date.now(),
  profile?: AccessTokenProfile,
): Promise<SignedAccessToken> {
  const issuedAt = Math.floor(now / 1000);
  const expiresAt = issuedAt + ttlSeconds;
  const signing = signingKeyOf(keys);
  const token = await new SignJWT({
    email: claims.email,
    phone: claims.phone ?? "",
    app_metadata: profile?.appMetadata ?? {},
    user_metadata: profile?.userMetadata ?? {},
    role: ACCESS_TOKEN_AUDIENCE,
    aal: claims.aal,
    amr: profile?.amr ?? [],
    session_id: claims.sessionId,
    is_anonymous: profile?.isAnonymous ?? false,
    user_role: claims.role,
  })
    .setProtectedHeader(signing.header)
    // GoTrue's user id (a UUID encoding ours), so Supabase clients see one id everywhere.
    .setSubject(authUserId(claims.userId))
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(signing.key);
  return { token, expiresAt, expiresIn: ttlSeconds };
}

export type AccessTokenCheck =
  { ok: true; claims: AccessClaims } | { ok: false; reason: "expired" | "invalid" };

/** Accepts HS256 with the secret and, with a keyring, ES256/RS256 by a key of its set. */
export async function verifyAccessToken(
  keys: TokenKeys,
  token: string,
  now = Date.now(),
): Promise<AccessTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, verificationKeyOf(keys), {
      algorithms: VERIFIED_ALGORITHMS,
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      // A token without an expiry would be good for ever: refused (docs/security.md V9).
      requiredClaims: ["exp", "iat", "sub"],
      currentDate: new Date(now),
    });
    const userId = parseAuthUserId(payload.sub ?? "");
    if (
      userId === undefined ||
      typeof payload.session_id !== "string" ||
      typeof payload.email !== "string"
    ) {
      return { ok: false, reason: "invalid" };
    }
    return {
      ok: true,
      claims: {
        userId,
        sessionId: payload.session_id,
        aal: typeof payload.aal === "string" ? payload.aal : "aal1",
        role: typeof payload.user_role === "string" ? payload.user_role : "student",
        email: payload.email,
      },
    };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
}
