// What every auth-service route is given, and the pieces they share: the Bearer guards (GoTrue's
// requireAuthentication and requireAdmin), starting a session in GoTrue's answer shape, and the
// redirect_to allow list (docs/decisions/013-auth-service.md).
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from "fastify";

import { verifyAccessToken } from "@studyatlas/core/accounts/access-token.ts";
import type { TokenKeys } from "@studyatlas/core/auth-service/signing-keys.ts";
import type { Mailer } from "@studyatlas/core/accounts/mail-messages.ts";
import {
  createSession,
  getActiveSession,
  type AuthenticationMethod,
} from "@studyatlas/core/accounts/sessions.ts";
import type { UserRow } from "@studyatlas/core/accounts/users.ts";
import { getUser } from "@studyatlas/core/accounts/users.ts";
import { verifyServiceRoleKey } from "@studyatlas/core/auth-service/api-keys.ts";
import { renewAuthCode } from "@studyatlas/core/auth-service/flow-state.ts";
import type { AuthMailContext } from "@studyatlas/core/auth-service/emailed-tokens.ts";
import { authUserOf } from "@studyatlas/core/auth-service/auth-user.ts";
import type { GoTrueSettings } from "@studyatlas/core/auth-service/gotrue-settings.ts";
import type { Database } from "@studyatlas/db/client.ts";

import type { AppServices } from "../../../app/context.ts";
import type { GoogleConfig } from "../../config.ts";
import {
  AUTH_SERVICE_PREFIX,
  bearerToken,
  issueAccessToken,
  type AuthSettings,
  type RequestAuth,
} from "../../plugins/auth.ts";
import { runAfterResponse } from "../../plugins/after-response.ts";
import { GoTrueHttpError } from "./gotrue-errors.ts";
import { listFactors } from "@studyatlas/core/accounts/mfa.ts";

export interface AuthServiceOptions {
  services: AppServices;
  auth: AuthSettings;
  mailer: Mailer;
  google: GoogleConfig;
  /** AUTH_REDIRECT_URLS. */
  redirectUrls: string[];
  /** GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED; on unless false. */
  secureEmailChange?: boolean | undefined;
  /** GoTrue's settings by GoTrue's names (ADR 049); the product's defaults when absent. */
  gotrue?: GoTrueSettings | undefined;
}

export const AUTH_SERVICE_TAGS = ["auth service"];

/**
 * GoTrue's requireAuthentication: 401 without a Bearer token, 403 for a bad one, a deleted user
 * (user_not_found, checked first as GoTrue does) or a gone session.
 */
export function requireBearerUser(keys: TokenKeys, db?: Database): preValidationAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token) {
      throw new GoTrueHttpError(
        401,
        "no_authorization",
        "This endpoint requires a valid Bearer token",
      );
    }
    // GoTrue serves an aal1 session whose user has a verified factor (the site itself holds it as
    // `pendingSecondFactor` until the code, ADR 014): auth-js needs /user and /factors then.
    if (request.auth ?? request.pendingSecondFactor) return;
    const check = await verifyAccessToken(keys, token);
    if (!check.ok) {
      throw new GoTrueHttpError(
        403,
        "bad_jwt",
        check.reason === "expired"
          ? "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired"
          : "invalid JWT: unable to parse or verify signature",
      );
    }
    if (db && !(await getUser(db, check.claims.userId))) {
      throw new GoTrueHttpError(403, "user_not_found", "User from sub claim in JWT does not exist");
    }
    // A genuine token whose session row is revoked or gone: auth-js drops its session on this code.
    throw new GoTrueHttpError(
      403,
      "session_not_found",
      "Session from session_id claim in JWT does not exist",
    );
  };
}

export function bearerAuth(request: FastifyRequest): RequestAuth {
  const auth = request.auth ?? request.pendingSecondFactor;
  if (!auth) {
    throw new GoTrueHttpError(
      401,
      "no_authorization",
      "This endpoint requires a valid Bearer token",
    );
  }
  return auth;
}

/** GoTrue's requireAdmin: a service-role (or supabase_admin) key signed with AUTH_SECRET. */
export function requireAdmin(keys: TokenKeys): preValidationAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token) {
      throw new GoTrueHttpError(
        401,
        "no_authorization",
        "This endpoint requires a valid Bearer token",
      );
    }
    const check = await verifyServiceRoleKey(keys, token);
    if (check === "invalid") {
      throw new GoTrueHttpError(403, "bad_jwt", "invalid JWT: unable to parse or verify signature");
    }
    if (check === "not_admin") throw new GoTrueHttpError(403, "not_admin", "User not allowed");
  };
}

/** The signed-in user's row (the session check already ran). */
export async function currentUser(db: Database, request: FastifyRequest): Promise<UserRow> {
  const auth = bearerAuth(request);
  const user = await getUser(db, auth.user.id);
  if (!user) {
    throw new GoTrueHttpError(403, "user_not_found", "User from sub claim in JWT does not exist");
  }
  return user;
}

/** GoTrue's AccessTokenResponse. */
export interface AuthSessionBody {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Awaited<ReturnType<typeof authUserWithFactors>>;
}

/**
 * GoTrue's user object with its factors (loaded with the user, omitted when there are none):
 * auth-js reads `user.factors` for listFactors and the next assurance level.
 */
export async function authUserWithFactors(db: Database, user: UserRow) {
  const factors = await listFactors(db, user.id);
  return { ...authUserOf(user), ...(factors.length > 0 ? { factors } : {}) };
}

export async function sessionBody(
  settings: AuthSettings,
  db: Database,
  sessionId: string,
  refreshToken: string,
): Promise<AuthSessionBody> {
  const session = await getActiveSession(db, sessionId);
  if (!session) {
    throw new GoTrueHttpError(403, "session_not_found", "Session not found");
  }
  const user = await getUser(db, session.user.id);
  if (!user) throw new GoTrueHttpError(404, "user_not_found", "User not found");
  const access = await issueAccessToken(settings, session);
  return {
    access_token: access.token,
    token_type: "bearer",
    expires_in: access.expiresIn,
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user: await authUserWithFactors(db, user),
  };
}

/** Starts a session row shared with account/* and answers it as GoTrue does. */
export async function startAuthSession(
  options: AuthServiceOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  method: AuthenticationMethod,
): Promise<AuthSessionBody> {
  const { db } = options.services;
  const { sessionId, refreshToken } = await createSession(db, {
    userId: user.id,
    ip: request.ip,
    userAgent: request.headers["user-agent"],
    method,
  });
  reply.header("cache-control", "no-store");
  return sessionBody(options.auth, db, sessionId, refreshToken);
}

/**
 * The end of a flow the browser followed (an e-mailed link, Google's callback), as GoTrue ends it:
 * to `redirectTo` with `?code=` when the flow was started with PKCE (the client that holds the
 * verifier exchanges it), else with the session in the fragment (implicit flow; a fragment never
 * reaches a server's logs).
 */
export async function redirectWithSession(
  options: AuthServiceOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  finished: {
    user: UserRow;
    method: AuthenticationMethod;
    flowStateId: string | null;
    redirectTo: string;
    /** Extra fragment fields: `type` of the link, `provider_type`. */
    extra: Record<string, string>;
  },
) {
  const { db } = options.services;
  reply.header("cache-control", "no-store");
  if (finished.flowStateId) {
    const code = await renewAuthCode(db, finished.flowStateId, finished.user.id);
    const url = new URL(finished.redirectTo);
    url.searchParams.set("code", code);
    return reply.redirect(url.toString(), 303);
  }
  const { sessionId, refreshToken } = await createSession(db, {
    userId: finished.user.id,
    ip: request.ip,
    userAgent: request.headers["user-agent"],
    method: finished.method,
  });
  const session = await sessionBody(options.auth, db, sessionId, refreshToken);
  const fragment = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: "bearer",
    ...finished.extra,
  });
  return reply.redirect(`${finished.redirectTo.split("#")[0]}#${fragment.toString()}`, 303);
}

function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .split("**")
    .map((part) =>
      part
        .split("*")
        .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^/?#.]*"),
    )
    .join(".*");
  return new RegExp(`^${escaped}$`);
}

/**
 * redirect_to if the allow list permits it, else the site (GoTrue's getRedirectURLOrReferrer;
 * like its globs, `*` stops at `.` and `/`, `**` does not):
 * PUBLIC_BASE_URL's origin always, AUTH_REDIRECT_URLS' patterns, nothing else. A pattern without
 * a wildcard also allows the paths below it.
 */
export function allowedRedirect(
  options: Pick<AuthServiceOptions, "services" | "redirectUrls">,
  requested: string | undefined,
): string {
  const site = options.services.publicBaseUrl;
  if (!requested) return site;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return site;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return site;
  if (url.username || url.password) return site;
  if (url.origin === new URL(site).origin) return url.toString();
  const target = url.toString();
  for (const pattern of options.redirectUrls) {
    if (pattern.includes("*")) {
      if (patternToRegExp(pattern).test(target)) return target;
      continue;
    }
    const base = pattern.replace(/\/+$/, "");
    if (
      target === pattern ||
      target === `${base}/` ||
      target.startsWith(`${base}/`) ||
      target.startsWith(`${base}?`) ||
      target === base
    ) {
      return target;
    }
  }
  return site;
}

export function mailContext(
  options: AuthServiceOptions,
  request: FastifyRequest,
  redirectTo: string | undefined,
): AuthMailContext {
  return {
    mailer: options.mailer,
    authBaseUrl: `${options.services.publicBaseUrl}${AUTH_SERVICE_PREFIX}`,
    redirectTo: allowedRedirect(options, redirectTo),
    ip: clientAddress(options, request),
    secureEmailChange: options.secureEmailChange ?? true,
    gotrue: options.gotrue,
  };
}

/**
 * The address the per-address limits count: GOTRUE_RATE_LIMIT_HEADER's value when that is set
 * and sent (its first entry, as GoTrue reads X-Forwarded-For), else Fastify's request.ip, which
 * follows TRUST_PROXY (ADR 049).
 */
export function clientAddress(
  options: Pick<AuthServiceOptions, "gotrue">,
  request: FastifyRequest,
): string {
  const header = options.gotrue?.rateLimitHeader;
  if (header) {
    const raw = request.headers[header.toLowerCase()];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.split(",")[0]?.trim();
    if (value) return value;
  }
  return request.ip;
}

/** The redirect_to of a request: GoTrue reads it from the query (auth-js puts it there). */
export function redirectToOf(request: FastifyRequest): string | undefined {
  const query = request.query as { redirect_to?: unknown } | undefined;
  const value = query?.redirect_to;
  return typeof value === "string" ? value : undefined;
}

export function afterAnswer(request: FastifyRequest, work: () => Promise<void>): void {
  runAfterResponse(request, work);
}
