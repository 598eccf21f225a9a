// Access tokens: short-lived HS256 JWTs signed with jose. The claims follow Supabase Auth's
// (sub, session_id, aal, role, email), so a later /auth/v1 service can issue and read the same
// tokens (docs/decisions/006-sessions-and-tokens.md).
import { SignJWT, errors, jwtVerify } from "jose";

export const ACCESS_TOKEN_ISSUER = "studyatlas";
export const ACCESS_TOKEN_AUDIENCE = "authenticated";

export interface AccessClaims {
  userId: number;
  sessionId: string;
  aal: string;
  role: string;
  email: string;
}

export interface SignedAccessToken {
  token: string;
  /** Seconds since the epoch. */
  expiresAt: number;
  expiresIn: number;
}

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  ttlSeconds: number,
  now = Date.now(),
): Promise<SignedAccessToken> {
  const issuedAt = Math.floor(now / 1000);
  const expiresAt = issuedAt + ttlSeconds;
  const token = await new SignJWT({
    session_id: claims.sessionId,
    aal: claims.aal,
    user_role: claims.role,
    role: ACCESS_TOKEN_AUDIENCE,
    email: claims.email,
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.userId))
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(keyOf(secret));
  return { token, expiresAt, expiresIn: ttlSeconds };
}

export type AccessTokenCheck =
  { ok: true; claims: AccessClaims } | { ok: false; reason: "expired" | "invalid" };

export async function verifyAccessToken(
  secret: string,
  token: string,
  now = Date.now(),
): Promise<AccessTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ["HS256"],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      // A token without an expiry would be good for ever: refused (issue 15 item 16).
      requiredClaims: ["exp", "iat", "sub"],
      currentDate: new Date(now),
    });
    const userId = Number(payload.sub);
    if (
      !Number.isInteger(userId) ||
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
