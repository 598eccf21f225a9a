// XSRF double-submit (engineering guide §5; the spec's HTTP defaults): every API response (and
// every response to a visitor with a session) gives the browser an `XSRF-TOKEN` cookie it can
// read; a signed-out visitor's page loads set no cookie, so a CDN may keep them
// (page-cache-policy.ts), and the web app fetches `GET /api/xsrf` before its first call; a mutating request (POST, PUT, PATCH, DELETE) that
// carries our session cookies must echo it in the `X-XSRF-TOKEN` header, or it answers 403.
// A cross-site page can make the browser send our cookies but cannot read them to set the header.
// A request that carries a Bearer token is authenticated by it alone (plugins/auth.ts never reads
// its cookies), so it needs no XSRF token; any other Authorization header does not exempt it.
// As a second line, a cookie-carrying mutation the browser marks as cross-site
// (`Sec-Fetch-Site: cross-site` or `same-site`), or whose `Origin` is neither PUBLIC_BASE_URL's
// nor the request's own, answers 403 even with a matching token.
// Applies to every path (API and pages), so any later mutation is covered; the auth service
// (/auth/v1) is exempt because it authenticates by Bearer token only and never reads cookies.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

import { safeEqual, randomToken } from "@studyatlas/core/accounts/secrets.ts";
import { XSRF_COOKIE, XSRF_HEADER } from "@studyatlas/schemas/account-rules.ts";
import { isProgrammeViewBeaconPath } from "@studyatlas/schemas/analytics-beacon.ts";

import {
  bearerToken,
  isAuthServicePath,
  STATIC_PREFIXES,
  type SessionCookieNames,
} from "./auth.ts";
import { apiError } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const XSRF_FAILED_MESSAGE =
  "This request is missing its security token (X-XSRF-TOKEN). Please reload the page and try again.";

export const CROSS_SITE_MESSAGE =
  "This request came from another site, so it was refused. Please use StudyAtlas directly.";

/** Whether a browser says the request came from a page of another origin. */
export function crossOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site") return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`;
}

function refuse(reply: FastifyReply, code: string, message: string) {
  return reply
    .code(403)
    .type("application/json; charset=utf-8")
    .send(JSON.stringify(apiError(code, message)));
}

export function registerXsrfProtection(
  app: FastifyInstance,
  options: { secureCookies: boolean; publicBaseUrl: string; cookieNames: SessionCookieNames },
): void {
  const publicOrigin = new URL(options.publicBaseUrl).origin;
  // Hands out the XSRF cookie (the hook below sets it) to a page that was served without one.
  app.get("/api/xsrf", { schema: { hide: true } }, async (_request, reply) => {
    return reply.header("cache-control", "no-store").code(204).send();
  });
  app.addHook("onRequest", async (request, reply) => {
    // Static files stay cookie-free, so shared caches keep them.
    if (STATIC_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    // The programme view beacon cannot send the header; it changes no session and sets no
    // cookie, and refuses other sites itself (routes/api/dashboards/programme-view.ts, ADR 015).
    if (request.method === "POST" && isProgrammeViewBeaconPath(request.url)) return;
    // The auth service never reads cookies (plugins/auth.ts): nothing there for a forged request
    // to ride on, and Supabase clients send no XSRF header (docs/decisions/013-auth-service.md).
    if (isAuthServicePath(request.url)) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const cookieAuthenticated =
      request.cookies[options.cookieNames.access] !== undefined ||
      request.cookies[options.cookieNames.refresh] !== undefined;
    const anonymousPageLoad =
      SAFE_METHODS.has(request.method) && !cookieAuthenticated && !request.url.startsWith("/api/");
    if (!cookie && !anonymousPageLoad) {
      reply.setCookie(XSRF_COOKIE, randomToken(24), {
        path: "/",
        httpOnly: false,
        sameSite: "lax",
        secure: options.secureCookies,
      });
    }
    if (SAFE_METHODS.has(request.method)) return;
    if (bearerToken(request)) return;
    if (!cookieAuthenticated) return;
    if (crossOrigin(request, publicOrigin)) {
      return refuse(reply, "cross_site_request", CROSS_SITE_MESSAGE);
    }
    const header = request.headers[XSRF_HEADER.toLowerCase()];
    const sent = Array.isArray(header) ? header[0] : header;
    if (!cookie || !sent || !safeEqual(cookie, sent)) {
      return refuse(reply, "xsrf_failed", XSRF_FAILED_MESSAGE);
    }
  });
}
