// Who is calling (docs/decisions/006-sessions-and-tokens.md). On every request except static
// files: an `Authorization: Bearer` access token, else the access-token cookie; when the cookie's
// token has expired but a refresh cookie is present, the refresh token is rotated and both cookies
// renewed on the same response. The session row is checked on every request, so logout and
// revocation take effect at once. Routes that need a user use `requireUser`.
import { createHmac } from "node:crypto";

import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationAsyncHookHandler,
} from "fastify";

import { UnauthenticatedError } from "@studyatlas/core/errors.ts";
import { insufficientAal } from "@studyatlas/core/accounts/mfa.ts";
import { signAccessToken, verifyAccessToken } from "@studyatlas/core/accounts/access-token.ts";
import type { Keyring, TokenKeys } from "@studyatlas/core/auth-service/signing-keys.ts";
import {
  getActiveSession,
  rotateRefreshToken,
  SESSION_LIFETIME_MS,
  type ActiveSession,
  type SessionUser,
} from "@studyatlas/core/accounts/sessions.ts";
import type { Database } from "@studyatlas/db/client.ts";
import { randomToken, safeEqual } from "@studyatlas/core/accounts/secrets.ts";
import { XSRF_COOKIE, XSRF_HEADER } from "@studyatlas/schemas/account-rules.ts";

export interface SessionCookieNames {
  access: string;
  refresh: string;
  /** Marks a browser an account has signed in from (see `trustedUserId`). */
  device: string;
  /** Marks the browser that signed up with an address (see `signedUpHere`). */
  signup: string;
}

/**
 * The session cookies' names. Under https they carry the `__Host-` prefix, which browsers accept
 * only with Secure, Path=/ and no Domain: no subdomain or plain-http page can plant or shadow them.
 */
export function sessionCookieNames(secure: boolean): SessionCookieNames {
  const prefix = secure ? "__Host-" : "";
  return {
    access: `${prefix}sa_access`,
    refresh: `${prefix}sa_refresh`,
    device: `${prefix}sa_device`,
    signup: `${prefix}sa_signup`,
  };
}
const DEVICE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;

export interface AuthSettings {
  /** HS256 (AUTH_SECRET or the database's); also keys the cookies' and devices' HMACs. */
  secret: string;
  /** The signing keys when asymmetric signing is configured (ADR 062); HS256 alone otherwise. */
  keyring?: Keyring | undefined;
  accessTokenTtlSeconds: number;
  secureCookies: boolean;
  cookieNames: SessionCookieNames;
}

export interface RequestAuth {
  user: SessionUser;
  sessionId: string;
  aal: string;
  /** aal2 once the user has a verified factor (docs/decisions/014-two-factor.md). */
  nextAal: "aal1" | "aal2";
  /** How the caller proved who it is; cookie callers are subject to the XSRF check. */
  via: "bearer" | "cookie";
}

declare module "fastify" {
  interface FastifyRequest {
    /** A signed-in caller at the level its account needs; null otherwise. */
    auth: RequestAuth | null;
    /**
     * A session whose user has a verified factor but which has not given a code yet (aal1 below
     * aal2). It is not signed in anywhere (`auth` stays null): it may only finish the second step
     * (the factor routes, `requireSession`) or sign out (docs/decisions/014-two-factor.md).
     */
    pendingSecondFactor: RequestAuth | null;
  }
}

export interface IssuedTokens {
  accessToken: string;
  expiresIn: number;
  expiresAt: number;
  refreshToken?: string;
}

/** Cookie attributes; without `maxAgeSeconds` a browser-session cookie (no expiry). */
export function cookieOptions(settings: AuthSettings, maxAgeSeconds?: number) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: settings.secureCookies,
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

/**
 * The one signer of access tokens, for account/* and /auth/v1 alike: GoTrue's claims, with aal and
 * amr read from the session row (so a second factor recorded there shows in the next token).
 */
export async function issueAccessToken(settings: AuthSettings, session: ActiveSession) {
  return signAccessToken(
    tokenKeysOf(settings),
    {
      userId: session.user.id,
      sessionId: session.sessionId,
      aal: session.aal,
      role: session.user.role,
      email: session.user.email,
      phone: session.user.phone ?? "",
    },
    settings.accessTokenTtlSeconds,
    Date.now(),
    {
      appMetadata: session.appMetadata,
      userMetadata: session.userMetadata,
      amr: [...session.amr].sort((a, b) => b.timestamp - a.timestamp),
      isAnonymous: session.user.isAnonymous,
    },
  );
}

/** What access tokens are signed and verified with: the keyring, or the HS256 secret alone. */
export function tokenKeysOf(settings: AuthSettings): TokenKeys {
  return settings.keyring ?? settings.secret;
}

/** The auth service's paths (ADR 013). */
export const AUTH_SERVICE_PREFIX = "/auth/v1";

/** Puts the session's tokens in the cookies (the refresh cookie only when a new one was issued). */
export function setSessionCookies(
  reply: FastifyReply,
  settings: AuthSettings,
  tokens: { accessToken: string; refreshToken?: string; persistent?: boolean },
): void {
  // A browser session's cookies end with the browser (the dashboards' sign-in without 'remember
  // me').
  const persistent = tokens.persistent ?? true;
  reply.setCookie(
    settings.cookieNames.access,
    tokens.accessToken,
    cookieOptions(settings, persistent ? settings.accessTokenTtlSeconds : undefined),
  );
  if (tokens.refreshToken) {
    reply.setCookie(
      settings.cookieNames.refresh,
      tokens.refreshToken,
      cookieOptions(settings, persistent ? SESSION_LIFETIME_MS / 1000 : undefined),
    );
  }
}

/**
 * Whether the caller is our web app: it echoes the XSRF cookie in the X-XSRF-TOKEN header, which
 * only a script running on our origin can read. Such a client keeps its session in httpOnly
 * cookies and never sees a token; any other caller is an API client and keeps the tokens itself.
 */
export function isCookieClient(request: FastifyRequest): boolean {
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[XSRF_HEADER.toLowerCase()];
  const sent = Array.isArray(header) ? header[0] : header;
  return Boolean(cookie && sent && safeEqual(cookie, sent));
}

/**
 * Hands a new or renewed session to the caller the way it keeps it (docs/security.md V7): our web
 * app gets httpOnly cookies and a body without tokens, so no script in the page can take a
 * 30-day refresh token; an API client gets the tokens in the body and no cookies.
 */
export function deliverSession(
  request: FastifyRequest,
  reply: FastifyReply,
  settings: AuthSettings,
  tokens: {
    accessToken: string;
    refreshToken: string;
    expiresIn: number;
    expiresAt: number;
    persistent?: boolean;
  },
) {
  const timing = {
    token_type: "bearer" as const,
    expires_in: tokens.expiresIn,
    expires_at: tokens.expiresAt,
  };
  // Token answers are never cached, by the browser or on the way.
  reply.header("cache-control", "no-store");
  if (isCookieClient(request)) {
    setSessionCookies(reply, settings, tokens);
    return timing;
  }
  return {
    access: tokens.accessToken,
    refresh: tokens.refreshToken,
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    ...timing,
  };
}

function deviceSignature(settings: AuthSettings, payload: string): string {
  return createHmac("sha256", settings.secret).update(`device:${payload}`).digest("base64url");
}

/**
 * Remembers, for a year, that this browser signed in to `userId` with the right password: a
 * random device id and the user id, signed with the server's key (OWASP's "device cookies").
 */
export function setDeviceCookie(reply: FastifyReply, settings: AuthSettings, userId: number): void {
  const payload = `${userId}.${randomToken(16)}`;
  reply.setCookie(
    settings.cookieNames.device,
    `${payload}.${deviceSignature(settings, payload)}`,
    cookieOptions(settings, DEVICE_LIFETIME_SECONDS),
  );
}

/** The account this browser has signed in to before, from a genuine device cookie. */
export function trustedUserId(request: FastifyRequest, settings: AuthSettings): number | undefined {
  const value = request.cookies[settings.cookieNames.device];
  const match = value ? /^(\d{1,10})\.([\w-]{10,40})\.([\w-]{43})$/.exec(value) : null;
  if (!match) return undefined;
  const payload = `${match[1]}.${match[2]}`;
  if (!safeEqual(match[3]!, deviceSignature(settings, payload))) return undefined;
  return Number(match[1]);
}

const SIGN_UP_LIFETIME_SECONDS = 3 * 24 * 60 * 60;

function signUpSignature(settings: AuthSettings, email: string, nonce: string): string {
  return createHmac("sha256", settings.secret)
    .update(`signup:${email.trim().toLowerCase()}.${nonce}`)
    .digest("base64url");
}

/**
 * Remembers, for as long as a verification link lasts, that this browser signed up with `email`:
 * opening the link here signs in, anywhere else it only verifies (docs/security.md V3, CSRF). The
 * value is opaque (a nonce and a signature), and set alike whether or not the address was new.
 */
export function setSignUpCookie(reply: FastifyReply, settings: AuthSettings, email: string): void {
  const nonce = randomToken(16);
  reply.setCookie(
    settings.cookieNames.signup,
    `${nonce}.${signUpSignature(settings, email, nonce)}`,
    cookieOptions(settings, SIGN_UP_LIFETIME_SECONDS),
  );
}

/** Whether this browser signed up with `email` (a genuine sign-up cookie for that address). */
export function signedUpHere(
  request: FastifyRequest,
  settings: AuthSettings,
  email: string,
): boolean {
  const match = /^([\w-]{10,40})\.([\w-]{43})$/.exec(
    request.cookies[settings.cookieNames.signup] ?? "",
  );
  return match !== null && safeEqual(match[2]!, signUpSignature(settings, email, match[1]!));
}

export function clearSignUpCookie(reply: FastifyReply, settings: AuthSettings): void {
  reply.clearCookie(settings.cookieNames.signup, cookieOptions(settings, 0));
}

export function clearSessionCookies(reply: FastifyReply, settings: AuthSettings): void {
  reply.clearCookie(settings.cookieNames.access, cookieOptions(settings, 0));
  reply.clearCookie(settings.cookieNames.refresh, cookieOptions(settings, 0));
}

/** The token of an `Authorization: Bearer` header; any other scheme is not a credential here. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

async function sessionFromAccessToken(
  db: Database,
  settings: AuthSettings,
  token: string,
): Promise<{ session?: ActiveSession; expired: boolean }> {
  const check = await verifyAccessToken(tokenKeysOf(settings), token);
  if (!check.ok) return { expired: check.reason === "expired" };
  const session = await getActiveSession(db, check.claims.sessionId);
  if (!session || session.user.id !== check.claims.userId) return { expired: false };
  return { session, expired: false };
}

/** Whether the session still owes its second factor (aal1 while its user's level is aal2). */
export function isSecondFactorPending(session: { aal: string; nextAal: string }): boolean {
  return session.aal !== "aal2" && session.nextAal === "aal2";
}

/** Sets `auth`, or `pendingSecondFactor` for a session that has not given its code yet. */
function attachAnySession(
  request: FastifyRequest,
  session: ActiveSession,
  via: RequestAuth["via"],
): void {
  const auth: RequestAuth = {
    user: session.user,
    sessionId: session.sessionId,
    aal: session.aal,
    nextAal: session.nextAal,
    via,
  };
  if (isSecondFactorPending(session)) request.pendingSecondFactor = auth;
  else request.auth = auth;
}

/**
 * Which session cookies a context reads (each context registers its own session hook, so no hook
 * tests the address): `renew` reads the access cookie and renews or clears the session from the
 * refresh cookie (pages and the API); `access-only` reads a valid access cookie and never renews
 * or clears a session, for the view beacon, which the XSRF check exempts (ADR 015); `ignore`
 * reads Bearer tokens only, for the auth service, where Supabase clients never send cookies and a
 * page's cookie must not act (ADR 013).
 */
export type SessionCookies = "renew" | "access-only" | "ignore";

export function registerSessionAuth(
  app: FastifyInstance,
  options: {
    db: Database;
    settings: AuthSettings;
    cookies?: SessionCookies;
    /**
     * Whether an anonymous user's session signs its caller in (the auth service only). The site's
     * doors treat it as signed out: what they offer a signed-in user needs a real account (ADR 062).
     */
    anonymousUsers?: boolean;
  },
): void {
  const { db, settings } = options;
  const cookies = options.cookies ?? "renew";
  const attachSession: typeof attachAnySession = (request, session, via) => {
    // A phone-only user (email '', ADR 064) is treated as an anonymous one: the site's doors need
    // an address to mail (applications, alerts, notices), so only the auth service signs it in.
    const withoutAddress = session.user.isAnonymous || session.user.email === "";
    if (withoutAddress && !options.anonymousUsers) return;
    attachAnySession(request, session, via);
  };
  app.decorateRequest("auth", null);
  app.decorateRequest("pendingSecondFactor", null);
  app.addHook("onRequest", async (request, reply) => {
    const bearer = bearerToken(request);
    if (bearer) {
      const { session } = await sessionFromAccessToken(db, settings, bearer);
      if (session) attachSession(request, session, "bearer");
      return;
    }
    if (cookies === "ignore") return;
    const accessCookie = request.cookies[settings.cookieNames.access];
    if (accessCookie) {
      const { session } = await sessionFromAccessToken(db, settings, accessCookie);
      if (session) {
        attachSession(request, session, "cookie");
        return;
      }
    }
    if (cookies === "access-only") return;
    const refreshCookie = request.cookies[settings.cookieNames.refresh];
    if (!refreshCookie) {
      if (accessCookie) reply.clearCookie(settings.cookieNames.access, cookieOptions(settings, 0));
      return;
    }
    try {
      const outcome = await rotateRefreshToken(db, refreshCookie);
      const access = await issueAccessToken(settings, outcome.session);
      setSessionCookies(reply, settings, {
        accessToken: access.token,
        persistent: outcome.session.persistent,
        ...(outcome.kind === "rotated" ? { refreshToken: outcome.refreshToken } : {}),
      });
      attachSession(request, outcome.session, "cookie");
    } catch (error) {
      if (!(error instanceof UnauthenticatedError)) throw error;
      clearSessionCookies(reply, settings);
    }
  });
}

export const NOT_AUTHENTICATED_MESSAGE =
  "Authentication credentials were not provided. Please sign in.";

/**
 * preValidation guard for routes that need a signed-in user: 401 JSON otherwise, before the
 * request's schema is checked (a signed-out caller learns nothing about the body). Read the user
 * with `signedInUser(request)` in the handler.
 */
export const requireUser: preValidationAsyncHookHandler = async (request) => {
  signedInUser(request);
};

export const SECOND_FACTOR_NEEDED_MESSAGE =
  "Enter the code from your authenticator app to finish signing in.";

/** The caller's auth in a route guarded by `requireUser`. */
export function signedInUser(request: FastifyRequest): RequestAuth {
  if (request.auth) return request.auth;
  // Signed in with the password only, while the account has a verified factor: GoTrue's
  // insufficient_aal, so the client knows a code (not a password) is what is missing.
  if (request.pendingSecondFactor) throw insufficientAal(SECOND_FACTOR_NEEDED_MESSAGE);
  throw new UnauthenticatedError(NOT_AUTHENTICATED_MESSAGE);
}

/**
 * preValidation guard for what a session may do before its second factor: list, challenge and
 * verify factors (and what an aal2 caller does with them). 401 without any session.
 */
export const requireSession: preValidationAsyncHookHandler = async (request) => {
  anySession(request);
};

/** The caller's session at whatever level, signed in or owing its code (`requireSession`). */
export function anySession(request: FastifyRequest): RequestAuth {
  const auth = request.auth ?? request.pendingSecondFactor;
  if (!auth) throw new UnauthenticatedError(NOT_AUTHENTICATED_MESSAGE);
  return auth;
}

/**
 * For an action that needs a proven second factor whenever the account has one (GoTrue's
 * `insufficient_aal`): an aal1 session of a user with a verified factor is refused. Users
 * without factors pass at aal1.
 */
export function requireAssurance(auth: RequestAuth, message: string): void {
  if (isSecondFactorPending(auth)) throw insufficientAal(message);
}
