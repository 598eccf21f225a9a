// The auth service's API keys, as Supabase issues them: HS256 JWTs signed with the project's JWT
// secret (our AUTH_SECRET) whose `role` is `anon` (the public key clients send as `apikey`) or
// `service_role` (the admin key, for servers only). GoTrue lets `service_role` and
// `supabase_admin` use the admin API (its conf ApplyDefaults: JWT.AdminRoles).
import { SignJWT, jwtVerify } from "jose";

import { VERIFIED_ALGORITHMS, verificationKeyOf, type TokenKeys } from "./signing-keys.ts";

export const ADMIN_ROLES = ["service_role", "supabase_admin"] as const;
export const API_KEY_ISSUER = "supabase";
/** Supabase's keys last ten years; rotating AUTH_SECRET is how they are revoked. */
const API_KEY_LIFETIME_SECONDS = 10 * 365 * 24 * 60 * 60;

export async function signApiKey(
  secret: string,
  role: "anon" | "service_role",
  now = Date.now(),
): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ role })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(API_KEY_ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + API_KEY_LIFETIME_SECONDS)
    .sign(new TextEncoder().encode(secret));
}

/**
 * "ok" for an admin key; "not_admin" for a genuine token of another role; "invalid" otherwise. A key
 * signed by the keyring's set (GOTRUE_JWT_KEYS's, as the Supabase CLI signs its keys) is accepted too.
 */
export async function verifyServiceRoleKey(
  keys: TokenKeys,
  token: string,
  now = Date.now(),
): Promise<"ok" | "not_admin" | "invalid"> {
  try {
    const { payload } = await jwtVerify(token, verificationKeyOf(keys), {
      algorithms: VERIFIED_ALGORITHMS,
      currentDate: new Date(now),
    });
    return typeof payload.role === "string" &&
      (ADMIN_ROLES as readonly string[]).includes(payload.role)
      ? "ok"
      : "not_admin";
  } catch {
    return "invalid";
  }
}
